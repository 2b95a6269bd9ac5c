// test_gemm_sm90_sched.cu — the Hopper GEMM's work schedule (kernels/gemm/gemm_sm90_sched.cuh) on
// the host, as every CTA of a launch would walk it (cluster units c, c + G, ...), over tile grids
// of 1..40 x 1..40 tiles, 1..16 splits of 1..70 K tiles, GROUP_M 1..16, 1..132 CTAs and clusters
// of 1 CTA, 2 along M and 2 along N, plus a few large grids; and with a tile's splits as one cluster (sc: one CTA a
// unit, clusters of `splits` CTAs). Checked against the definitions, not against numbers the code
// computes:
//   every (tile row, tile column, split) is computed once, by exactly one CTA; a CTA given a tile
//     row (column) past the last is a cluster's second rank on an odd count of tile rows (columns);
//   the CTAs of a cluster along M compute the same tile column, split and K range, on adjacent
//     tile rows (they share B's copies); along N the same tile row, on adjacent tile columns
//     (they share A's);
//   the K ranges of a tile's splits are disjoint, in order, and cover [0, k_tiles) (empty ones
//     only where there are more splits than K tiles);
//   a group of GROUP_M tile rows is finished before the next group starts (rasterisation);
//   sc: each CTA computes one unit, CTA c the split c % splits of the tile its whole cluster
//     (CTAs c - c % splits ..) computes.
// Host-only (no GPU): nvcc compiles the header's __host__ __device__ functions for the CPU.
#include <stdio.h>

#include <vector>

#include "check.h"
#include "gemm_sm90_sched.cuh"

using namespace g90;

static const int BMT = 128, BNT = 256;  // tile sizes: coordinates are multiples of them

// Walks one launch of ctas CTAs in clusters of cm along M or cn along N; returns the number of
// failed invariants (and says which, once).
static int walk(int tm, int tn, int k_tiles, int splits, int group, int ctas, int cm = 1, int sc = 0,
                int cn = 1) {
  const Sched s = make_sched(tm, tn, k_tiles, splits, group, cm, sc, cn);
  const int cs = cm * cn;
  if (sc) ctas = s.units();  // one CTA a unit
  std::vector<int> seen((size_t)tm * tn * splits, 0);
  std::vector<int> next_k((size_t)tm * tn, 0);  // per tile: where the next split must start
  int bad = 0;
  auto fail = [&](const char *what, int u) {
    if (!bad)
      printf("# tiles=%dx%d k_tiles=%d splits=%d group=%d ctas=%d cm=%d cn=%d sc=%d: unit %d: %s\n", tm,
             tn, k_tiles, splits, group, ctas, cm, cn, sc, u, what);
    ++bad;
  };
  const int clusters = ctas / cs;
  for (int c = 0; c < clusters * cs; ++c)
    for (int q = unit_first(s, c); q < s.units(); q += unit_step(s, clusters * cs)) {
      const int rank = c % cs, rm = rank % cm, rn = rank / cm;
      const Unit r = unit_at(s, q, rank, BMT, BNT);
      if (sc) {
        const Unit lead = unit_at(s, unit_first(s, c - c % splits), 0, BMT, BNT);
        if (q + unit_step(s, ctas) < s.units()) fail("sc: a CTA with a second unit", q);
        if (r.z != c % splits) fail("sc: the split is not the CTA's cluster rank", q);
        if (r.m0 != lead.m0 || r.n0 != lead.n0) fail("sc: the CTAs of a cluster on different tiles", q);
      }
      const Unit r0 = unit_at(s, q, 0, BMT, BNT);  // rank 0 of the same cluster unit
      if (r.n0 != r0.n0 + rn * BNT || r.z != r0.z || r.kt0 != r0.kt0 || r.kt1 != r0.kt1 ||
          r.m0 != r0.m0 + rm * BMT)
        fail("the CTAs of a cluster disagree", q);
      if (r.m0 % BMT || r.n0 % BNT || r.m0 < 0 || r.n0 < 0) {
        fail("tile out of range", q);
        continue;
      }
      if (r.m0 / BMT >= tm) {  // past the last tile row: only a second rank, odd tile rows
        if (rm == 0 || tm % cm == 0 || r.m0 / BMT != tm) fail("a phantom tile row", q);
        continue;
      }
      if (r.n0 / BNT >= tn) {  // past the last tile column: only a second rank, odd tile columns
        if (rn == 0 || tn % cn == 0 || r.n0 / BNT != tn) fail("a phantom tile column", q);
        continue;
      }
      if (r.z < 0 || r.z >= splits) fail("split out of range", q);
      const int t = r.m0 / BMT * tn + r.n0 / BNT;
      const size_t key = (size_t)r.z * tm * tn + t;
      if (key >= seen.size() || seen[key]++) fail("a unit computed twice", q);
      if (r.kt0 > r.kt1 || r.kt0 < 0 || r.kt1 > k_tiles) fail("K range out of order", q);
      if (r.kt1 == r.kt0 && k_tiles >= splits) fail("an empty split with enough K tiles", q);
    }
  for (size_t i = 0; i < seen.size(); ++i)
    if (seen[i] != 1) { fail("a unit never computed", (int)i); break; }
  // the splits of each tile, in order z = 0, 1, ...: contiguous and covering every K tile
  for (int q = 0; q < s.units(); ++q)
    for (int rank = 0; rank < cs; ++rank) {
      const Unit r = unit_at(s, q, rank, BMT, BNT);
      if (r.m0 / BMT >= tm || r.n0 / BNT >= tn) continue;
      const int t = r.m0 / BMT * tn + r.n0 / BNT;
      if (r.kt0 != next_k[(size_t)t]) fail("splits not contiguous", q);
      next_k[(size_t)t] = r.kt1;
    }
  for (int t = 0; t < tm * tn; ++t)
    if (next_k[(size_t)t] != k_tiles) { fail("the splits miss K tiles", t); break; }
  // rasterisation: within a split, unit order never returns to an earlier group of tile rows
  int last_group = 0;
  for (int q = 0; q < s.ctiles(); ++q) {
    const int g = unit_at(s, q, 0, BMT, BNT).m0 / BMT / cm / group;
    if (g < last_group) { fail("a group of tile rows revisited", q); break; }
    last_group = g;
  }
  return bad;
}

int main(void) {
  int bad = 0, runs = 0;
  for (int tm = 1; tm <= 40; tm += 3)
    for (int tn = 1; tn <= 40; tn += 4)
      for (int splits = 1; splits <= 16; splits += 5)
        for (int group = 1; group <= 16; group += 7)
          for (int ctas : {2, 8, 132})
            for (int cl : {1, 2, -2}) {  // cl < 0: clusters along N
              const int k_tiles = 1 + (tm * 7 + tn * 3 + splits) % 70;
              bad += walk(tm, tn, k_tiles, splits, group, ctas, cl > 0 ? cl : 1, 0, cl < 0 ? -cl : 1) != 0;
              ++runs;
            }
  CHECK(bad == 0, "every unit once, clusters agreeing, splits covering K in order, groups in order (small grids)");
  printf("# %d launches walked\n", runs);
  CHECK(walk(32, 16, 64, 1, 8, 132) == 0, "4096 x 4096 at 128 x 256 on 132 CTAs");
  CHECK(walk(1, 16, 64, 8, 8, 132) == 0, "M = 16 N = 4096 K = 4096: 16 tiles x 8 splits");
  CHECK(walk(33, 17, 6, 1, 8, 132) == 0, "4095 x 4097 x 333: 33 x 17 tiles");
  CHECK(walk(1, 1, 1, 16, 8, 16) == 0, "more splits than K tiles: empty splits");
  CHECK(walk(3, 257, 1, 1, 16, 132) == 0, "a wide grid, GROUP_M larger than the tile rows");
  CHECK(walk(32, 16, 64, 1, 8, 132, 2) == 0, "4096 x 4096 in clusters of 2 on 66 clusters");
  CHECK(walk(33, 17, 6, 1, 8, 132, 2) == 0, "4095 x 4097 x 333 in clusters of 2: odd tile rows");
  CHECK(walk(1, 16, 64, 8, 8, 132, 2) == 0, "M = 16 in clusters of 2: every second rank a phantom");
  CHECK(walk(1, 128, 64, 1, 8, 132, 1, 0, 2) == 0, "M = 64 N = 4096 at 64 x 32 in clusters of 2 along N");
  CHECK(walk(33, 17, 6, 1, 8, 132, 1, 0, 2) == 0, "4095 x 4097 x 333 in clusters along N: odd tile columns");
  int bad_sc = 0, runs_sc = 0;
  for (int tm = 1; tm <= 40; tm += 3)
    for (int tn = 1; tn <= 40; tn += 4)
      for (int splits : {2, 4, 8})
        for (int group = 1; group <= 16; group += 7) {
          const int k_tiles = 1 + (tm * 5 + tn * 3 + splits) % 70;
          bad_sc += walk(tm, tn, k_tiles, splits, group, 0, 1, 1) != 0;
          ++runs_sc;
        }
  CHECK(bad_sc == 0, "sc: one unit a CTA, a cluster's CTAs the splits of one tile in rank order (small grids)");
  printf("# %d launches walked with the splits as clusters\n", runs_sc);
  CHECK(walk(1, 32, 64, 4, 8, 0, 1, 1) == 0, "sc: M = 64 N = 4096 at 64 x 128, 4 splits: 32 clusters of 4");
  CHECK(walk(1, 1, 1, 8, 8, 0, 1, 1) == 0, "sc: more splits than K tiles: empty splits");
  CHECK_DONE();
}
