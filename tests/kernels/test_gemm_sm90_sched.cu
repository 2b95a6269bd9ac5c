// test_gemm_sm90_sched.cu — the Hopper GEMM's work schedule (kernels/gemm/gemm_sm90_sched.cuh) on
// the host, as every CTA of a launch would walk it (units c, c + G, ...), over tile grids of 1..40
// x 1..40 tiles, 1..16 splits of 1..70 K tiles, GROUP_M 1..16 and 1..132 CTAs, plus a few large
// grids. Checked against the definitions, not against numbers the code computes:
//   every (tile row, tile column, split) is computed once, by exactly one CTA;
//   the K ranges of a tile's splits are disjoint, in order, and cover [0, k_tiles) (empty ones
//     only where there are more splits than K tiles);
//   a group of GROUP_M tile rows is finished before the next group starts (rasterisation).
// Host-only (no GPU): nvcc compiles the header's __host__ __device__ functions for the CPU.
#include <stdio.h>

#include <vector>

#include "check.h"
#include "gemm_sm90_sched.cuh"

using namespace g90;

static const int BMT = 128, BNT = 256;  // tile sizes: coordinates are multiples of them

// Walks one launch; returns the number of failed invariants (and says which, once).
static int walk(int tm, int tn, int k_tiles, int splits, int group, int ctas) {
  Sched s = {tm, tn, tm * tn, k_tiles, splits, group};
  std::vector<int> seen((size_t)s.units(), 0);
  std::vector<int> next_k((size_t)s.tiles, 0);  // per tile: where the next split must start
  int bad = 0;
  auto fail = [&](const char *what, int u) {
    if (!bad)
      printf("# tiles=%dx%d k_tiles=%d splits=%d group=%d ctas=%d: unit %d: %s\n", tm, tn, k_tiles,
             splits, group, ctas, u, what);
    ++bad;
  };
  for (int c = 0; c < ctas; ++c)
    for (int u = c; u < s.units(); u += ctas) {
      const Unit r = unit_at(s, u, BMT, BNT);
      if (r.m0 % BMT || r.n0 % BNT || r.m0 < 0 || r.n0 < 0 || r.m0 / BMT >= tm || r.n0 / BNT >= tn) {
        fail("tile out of range", u);
        continue;
      }
      if (r.z < 0 || r.z >= splits) fail("split out of range", u);
      const int t = r.m0 / BMT * tn + r.n0 / BNT;
      const size_t key = (size_t)r.z * s.tiles + t;
      if (key >= seen.size() || seen[key]++) fail("a unit computed twice", u);
      if (r.kt0 > r.kt1 || r.kt0 < 0 || r.kt1 > k_tiles) fail("K range out of order", u);
      if (r.kt1 == r.kt0 && k_tiles >= splits) fail("an empty split with enough K tiles", u);
    }
  for (size_t i = 0; i < seen.size(); ++i)
    if (seen[i] != 1) { fail("a unit never computed", (int)i); break; }
  // the splits of each tile, in order z = 0, 1, ...: contiguous and covering every K tile
  for (int z = 0; z < splits; ++z)
    for (int u = z * s.tiles; u < (z + 1) * s.tiles; ++u) {
      const Unit r = unit_at(s, u, BMT, BNT);
      const int t = r.m0 / BMT * tn + r.n0 / BNT;
      if (r.kt0 != next_k[(size_t)t]) fail("splits not contiguous", u);
      next_k[(size_t)t] = r.kt1;
    }
  for (int t = 0; t < s.tiles; ++t)
    if (next_k[(size_t)t] != k_tiles) { fail("the splits miss K tiles", t); break; }
  // rasterisation: within a split, unit order never returns to an earlier group of tile rows
  int last_group = 0;
  for (int u = 0; u < s.tiles; ++u) {
    const int g = unit_at(s, u, BMT, BNT).m0 / BMT / group;
    if (g < last_group) { fail("a group of tile rows revisited", u); break; }
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
          for (int ctas : {1, 7, 132}) {
            const int k_tiles = 1 + (tm * 7 + tn * 3 + splits) % 70;
            bad += walk(tm, tn, k_tiles, splits, group, ctas) != 0;
            ++runs;
          }
  CHECK(bad == 0, "every unit once, splits covering K in order, groups in order (small grids)");
  printf("# %d launches walked\n", runs);
  CHECK(walk(32, 16, 64, 1, 8, 132) == 0, "4096 x 4096 at 128 x 256 on 132 CTAs");
  CHECK(walk(1, 16, 64, 8, 8, 132) == 0, "M = 16 N = 4096 K = 4096: 16 tiles x 8 splits");
  CHECK(walk(33, 17, 6, 1, 8, 132) == 0, "4095 x 4097 x 333: 33 x 17 tiles");
  CHECK(walk(1, 1, 1, 16, 8, 16) == 0, "more splits than K tiles: empty splits");
  CHECK(walk(3, 257, 1, 1, 16, 132) == 0, "a wide grid, GROUP_M larger than the tile rows");
  CHECK_DONE();
}
