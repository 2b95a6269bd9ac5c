// gemm_sm90_sched.cuh — which work a CTA of gemm_sm90.cu computes. A unit is one split (z) of one
// output tile (tm, tn): the BLOCK_M x BLOCK_N tile of C over the K tiles [kt0, kt1) of split z
// (balanced: split z starts at floor(z·k_tiles / splits)). Units are numbered split-major, u =
// z·tiles + t, so that the CTAs running at one time read the same K range; tiles t are walked in
// groups of GROUP_M tile rows, column by column within a group (grouped rasterisation), so that
// neighbouring CTAs share A's row panels and B's column panels in L2.
//   persistent (PERSISTENT=1): G = min(units, SMs) CTAs, CTA c computes units c, c + G, c + 2G, ...
//     in a row, so the producer loads the next unit's first tiles while the consumers store the
//     last one's C
//   one CTA per unit (PERSISTENT=0): unit = blockIdx.x
// Every role of a CTA derives the same sequence, so nothing is handed over but the tiles. Host and
// device (tests/kernels/test_gemm_sm90_sched.cu walks it on the CPU).
#pragma once

namespace g90 {

#define G90_HD __host__ __device__ __forceinline__

struct Sched {
  int tiles_m, tiles_n, tiles;  // output tiles
  int k_tiles;                  // ceil(K / 64)
  int splits;                   // K splits per tile, 1..16
  int group_m;                  // GROUP_M

  G90_HD int units() const { return tiles * splits; }
};

struct Unit {
  int m0, n0;    // first row and column of the tile
  int z;         // split
  int kt0, kt1;  // K tiles [kt0, kt1); empty when splits > k_tiles
};

G90_HD int g90_min(int a, int b) { return a < b ? a : b; }

// Unit u (< units) of s. The arithmetic stays in 32 bits: the host plans at most 2^31 - 1 units
// and GROUP_M·tiles_n < 2^31 (kernel_describe).
G90_HD Unit unit_at(const Sched &s, int u, int bm, int bn) {
  Unit r;
  r.z = u / s.tiles;
  const int t = u - r.z * s.tiles;
  const int per_group = s.group_m * s.tiles_n;
  const int first_m = t / per_group * s.group_m;
  const int gsize = g90_min(s.tiles_m - first_m, s.group_m);
  const int in_group = t - (t / per_group) * per_group;
  r.m0 = (first_m + in_group % gsize) * bm;
  r.n0 = in_group / gsize * bn;
  r.kt0 = (int)((long long)r.z * s.k_tiles / s.splits);
  r.kt1 = (int)((long long)(r.z + 1) * s.k_tiles / s.splits);
  return r;
}

#undef G90_HD

}  // namespace g90
