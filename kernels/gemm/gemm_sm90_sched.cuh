// gemm_sm90_sched.cuh — which work a CTA of gemm_sm90.cu computes. A unit is one split (z) of one
// output tile (tm, tn): the BLOCK_M x BLOCK_N tile of C over the K tiles [kt0, kt1) of split z
// (balanced: split z starts at floor(z·k_tiles / splits)). With clusters of CM CTAs along M
// (CLUSTER_M), a cluster unit is CM vertically adjacent tiles of one tile column, the same split:
// CTA rank r of the cluster computes tile row tmc·CM + r, and the CTAs share B's tiles (one
// multicast copy each); a rank past the last tile row (odd tile rows) still loads its share of B
// for the others and stores nothing. With clusters of CN CTAs along N (CLUSTER_N; CM or CN is 1),
// a cluster unit is CN horizontally adjacent tiles of one tile row: rank r computes tile column
// tnc·CN + r, and the CTAs share A's tiles; a rank past the last tile column loads its share of A
// and stores nothing. Cluster units are numbered split-major, q = z·ctiles + t, so
// that the CTAs running at one time read the same K range; tiles t (of cluster rows) are walked in
// groups of GROUP_M rows, column by column within a group (grouped rasterisation), so that
// neighbouring CTAs share A's row panels and B's column panels in L2.
//   persistent (PERSISTENT=1): G = min(units, SMs / (CM·CN)) clusters, cluster c computes units c,
//     c + G, c + 2G, ... in a row, so the producer loads the next unit's first tiles while the
//     consumers store the last one's C
//   one cluster per unit (PERSISTENT=0): unit = blockIdx.x / (CM·CN); with SPLIT_CLUSTER=1 a cluster of
//     SPLIT_K CTAs per tile, CTA b computing split b % SPLIT_K of tile b / SPLIT_K (unit_first)
// Every role of a CTA derives the same sequence, so nothing is handed over but the tiles. Host and
// device (tests/kernels/test_gemm_sm90_sched.cu walks it on the CPU).
#pragma once

namespace g90 {

#define G90_HD __host__ __device__ __forceinline__

struct Sched {
  int tiles_m, tiles_n;  // output tiles
  int k_tiles;           // ceil(K / 64)
  int splits;            // K splits per tile, 1..16
  int group_m;           // GROUP_M
  int cm;                // CTAs per cluster along M, 1 or 2
  int cn;                // CTAs per cluster along N, 1 or 2 (cm or cn is 1)
  int tiles_mc;          // cluster rows of tiles, ceil(tiles_m / cm)
  int tiles_nc;          // cluster columns of tiles, ceil(tiles_n / cn)
  int sc;                // 1: a tile's splits as one cluster of CTAs, one unit a CTA (SPLIT_CLUSTER)

  G90_HD int ctiles() const { return tiles_mc * tiles_nc; }
  G90_HD int csize() const { return cm * cn; }  // CTAs per cluster unit
  G90_HD int units() const { return ctiles() * splits; }
};

G90_HD Sched make_sched(int tiles_m, int tiles_n, int k_tiles, int splits, int group_m, int cm, int sc = 0,
                        int cn = 1) {
  Sched s;
  s.tiles_m = tiles_m;
  s.tiles_n = tiles_n;
  s.k_tiles = k_tiles;
  s.splits = splits;
  s.group_m = group_m;
  s.cm = cm;
  s.cn = cn;
  s.tiles_mc = (tiles_m + cm - 1) / cm;
  s.tiles_nc = (tiles_n + cn - 1) / cn;
  s.sc = sc;
  return s;
}

// The first cluster unit of CTA b and the step to its next (a grid of `grid` CTAs): every role of
// the CTA walks the same sequence. sc: one CTA per unit, the cluster of CTAs b .. b + splits - 1
// computing the splits 0 .. splits - 1 (its ranks) of tile b / splits.
G90_HD int unit_first(const Sched &s, int b) { return s.sc ? (b % s.splits) * s.ctiles() + b / s.splits : b / s.csize(); }
G90_HD int unit_step(const Sched &s, int grid) { return s.sc ? s.units() : grid / s.csize(); }

struct Unit {
  int m0, n0;    // first row and column of the tile (m0 >= M or n0 >= N: a cluster rank past the
                 // last tile row or column)
  int z;         // split
  int kt0, kt1;  // K tiles [kt0, kt1); empty when splits > k_tiles
};

G90_HD int g90_min(int a, int b) { return a < b ? a : b; }

// Rank `rank`'s tile of cluster unit q (< units) of s (rank % cm along M, rank / cm along N). The
// arithmetic stays in 32 bits: the host plans at most 2^30 units (so q + the grid's stride never
// overflows) and GROUP_M·tiles_n < 2^31 (kernel_describe).
G90_HD Unit unit_at(const Sched &s, int q, int rank, int bm, int bn) {
  Unit r;
  const int ct = s.ctiles();
  r.z = q / ct;
  const int t = q - r.z * ct;
  const int per_group = s.group_m * s.tiles_nc;
  const int first_m = t / per_group * s.group_m;
  const int gsize = g90_min(s.tiles_mc - first_m, s.group_m);
  const int in_group = t - (t / per_group) * per_group;
  r.m0 = ((first_m + in_group % gsize) * s.cm + rank % s.cm) * bm;
  r.n0 = (in_group / gsize * s.cn + rank / s.cm) * bn;
  r.kt0 = (int)((long long)r.z * s.k_tiles / s.splits);
  r.kt1 = (int)((long long)(r.z + 1) * s.k_tiles / s.splits);
  return r;
}

#undef G90_HD

}  // namespace g90
