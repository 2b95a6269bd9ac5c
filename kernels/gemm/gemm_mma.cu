// gemm_mma.cu — tunable tensor-core GEMM: C = A·B, A [M, K], B [K, N], C [M, N], all row-major
// and contiguous, fp16 in, fp32 accumulation, fp16 out, any M, N, K >= 1. Implements
// kernels/gemm/gemm.h.
//
// Build (with the harness):
//   nvcc -O3 -std=c++17 -lineinfo -gencode=arch=compute_90,code=sm_90 -Xptxas -v \
//        -Ikernels/harness -Ikernels/gemm -DBLOCK_M=128 ... <harness sources> \
//        kernels/gemm/gemm_mma.cu
//
// Structure: CTA (tm, tn, split) computes the BLOCK_M x BLOCK_N tile (tm, tn) of C over the K tiles
// of its split. Warp (wm, wn) owns the (BLOCK_M/WARPS_M) x (BLOCK_N/WARPS_N) warp tile; per k16
// step it loads A fragments with ldmatrix.x4 (A is [m][k] in shared memory: the row-major operand
// as it is) and B fragments with ldmatrix.x4.trans (B is [k][n]: .trans turns 8x8 blocks of
// k-rows into the col-major operand), then issues mma.sync.m16n8k16.row.col.f32.f16.f16.f32.
// Pipeline (STAGES >= 2): a STAGES-slot shared-memory ring of A and B tiles filled by cp.async.cg,
// one commit group per K tile; fragments are double-buffered in registers, so step kk's MMAs run
// while step kk + 1's ldmatrix loads are in flight. Per K tile t: at its first k16 step the copy
// of tile t + STAGES - 1 starts (into the slot tile t - 1 used); at its last step the thread
// waits for tile t + 1's group, one __syncthreads makes it visible and frees tile t's slot, and
// tile t + 1's first fragments load while tile t's last MMAs run. STAGES=1: copy, wait, barrier,
// compute, barrier.
//
// Tunables (-D macros, default in brackets; values in gemm_mma.tunables):
//   BLOCK_M  [128]  rows of C per CTA: 16, 32, 64, 128, 256
//   BLOCK_N  [128]  columns of C per CTA: 16, 32, 64, 128, 256
//   BLOCK_K  [32]   K per pipeline stage: 16, 32, 64
//   WARPS_M  [2]    warps along M: 1, 2, 4, 8 (warp tile rows BLOCK_M/WARPS_M, a multiple of 16)
//   WARPS_N  [2]    warps along N: 1, 2, 4, 8 (warp tile columns BLOCK_N/WARPS_N, multiple of 16)
//   STAGES   [3]    shared-memory ring depth, 1..5; 1: load, wait, compute (no overlap)
//   SWIZZLE  [1]    1: dense rows, 16-byte chunk index XORed with row bits; 0: rows padded by 16 B
//   SPLIT_K  [0]    1: no split; n in 2..16: K split n ways (balanced K tiles per split; a split
//                   with no K tile writes a zero partial); 0: auto (below)
//   GROUP_M  [8]    tile rasterization: CTAs walk GROUP_M tile rows column by column so that
//                   neighbouring CTAs share A and B tiles in L2; 1 = row-major order
//
// SPLIT_K=0 rule: tiles = ceil(M/BLOCK_M)·ceil(N/BLOCK_N), slots = SMs x CTAs per SM (estimated at
// compile time from threads, ~registers and shared memory: CTAS_PER_SM_EST). When tiles < slots
// (the tile grid is under one wave), splits = floor(slots / tiles) — the most that still run in
// one wave — at most K / 256, the K tiles, and 16; otherwise 1. E.g. the defaults (2 CTAs/SM) on
// 132 SMs: M=16 N=4096 K=4096 -> 32 tiles, 8 splits; M=N=1024 K=16384 -> 64 tiles, 4 splits;
// M=N=K=2048 -> 256 tiles, no split.
// Split-K is deterministic: split z writes its fp32 partial tile to workspace slice z
// ([splits][M][ldw] fp32, ldw = N rounded up to 4) with plain stores, and gemm_splitk_reduce sums
// the slices in order z = 0, 1, ... and writes fp16 C (two launches, no atomics).
//
// Ragged shapes: M and N tile edges are zero-filled on load and masked on store; the K tail is
// zero-filled. cp.async needs 16-byte aligned sources, so the row alignment picks the kernel at
// run time (the plan's kernel name says which):
//   gemm_mma_kernel            K % 8 == 0 and N % 8 == 0: cp.async for A and B, and C staged
//                              through shared memory into 16-byte coalesced stores
//   gemm_mma_kernel_ragged_k   K % 8 != 0: A gathered element-wise (2-byte loads), B by cp.async
//   gemm_mma_kernel_ragged_n   N % 8 != 0: B gathered element-wise; C stored from the fragments
//                              (half2 stores where N is even, else per element)
//   gemm_mma_kernel_ragged_kn  both
// With splits > 1 every variant writes fp32 partials (float2 stores, ldw keeps them aligned).
// The element-wise gather is synchronous (8 two-byte loads per 16-byte chunk, loaded into
// registers and stored to shared memory before this warp's MMAs), so ragged shapes run slower:
// on an H100 with the defaults, M=N=4096 K=4095 0.85 ms, M=N=4095 K=4096 1.0 ms, M=N=K=4095
// 1.5 ms, against 0.33 ms aligned (cuBLAS: 0.91-0.97 ms on all three).
//
// Refused at compile time (static_assert naming the tunables, gemm_config.cuh): values outside the
// sets above; warp tile rows or columns not a multiple of 16; more than 1024 threads; accumulator
// + double-buffered fragment registers over 208 per thread (64x64, 128x32, 32x128 warp tiles fit;
// 128x64 or 256x16 do not); threads x estimated registers (those + 40) over the 64K register file
// (e.g. 512 threads with 32x64 warp tiles, which spilled); shared memory over 227 KB (e.g.
// BLOCK_M=128 BLOCK_N=256 BLOCK_K=64 STAGES=5).
//
// Measured on an H100 SXM (nvcc 13.0, cudaEvent median of 20, L2 warm; cuBLAS = cublasGemmEx
// default algorithm; H200 not measured yet):
//   M=N=K=4096   cuBLAS 0.188 ms (730 TFLOP/s); defaults 0.327 ms (0.58x); BLOCK_M=256 BLOCK_N=128
//                BLOCK_K=64 WARPS_M=4 WARPS_N=2 STAGES=3 0.293 ms (0.64x, 470 TFLOP/s). The
//                ceiling of mma.sync m16n8k16 from registers alone measured 643 TFLOP/s (0.88x).
//   M=16 N=K=4096 cuBLAS 17-21 us; BLOCK_M=16 BLOCK_N=128 BLOCK_K=64 WARPS_M=1 WARPS_N=4 STAGES=5
//                (auto split: 8) 14.9 us; BLOCK_M=32 BLOCK_N=128 BLOCK_K=64 WARPS_M=1
//                WARPS_N=4 STAGES=4 SPLIT_K=4 15.5 us; defaults (8 splits) 20.7 us.
#include <stdio.h>
#include <string.h>

#include "gemm.h"
#include "gemm_check.h"
#include "gemm_config.cuh"
#include "gemm_load.cuh"
#include "gemm_ptx.cuh"
#include "gemm_splitk.cuh"

namespace gm {

constexpr int SPLIT_MIN_K = 256;  // auto split-K: fewest K elements a split is given
// Resident CTAs per SM, estimated at compile time (describe makes no CUDA call) from the sm_90
// limits: 2048 threads, 64K registers at REG_ESTIMATE per thread (allocated per warp in units of
// 256), 228 KB of shared memory with 1 KB reserved per CTA, 32 CTAs.
constexpr int ctas_per_sm_est() {
  const int by_threads = 2048 / NT;
  const int warp_regs = (REG_ESTIMATE * 32 + 255) / 256 * 256;
  const int by_regs = 65536 / (warp_regs * NWARPS);
  const int by_smem = (int)(233472 / (SMEM_BYTES + 1024));
  int n = by_threads < by_regs ? by_threads : by_regs;
  n = n < by_smem ? n : by_smem;
  n = n < 32 ? n : 32;
  return n < 1 ? 1 : n;
}
constexpr int CTAS_PER_SM_EST = ctas_per_sm_est();
constexpr int REDUCE_THREADS = splitk::REDUCE_THREADS;

struct Params {
  const __half *a, *b;  // [M, K], [K, N]
  __half *c;            // [M, N]
  float *ws;            // splits > 1: fp32 partials, [splits][M][ldw]
  int M, N, K;
  int ldw;              // row stride of a partial slice, N rounded up to 4
  int tiles_m, tiles_n;
  int k_tiles;          // ceil(K / BLOCK_K)
  int splits;
};

// Warp fragments of one k16 step: MT A fragments (ldmatrix.x4) and NP pairs of B n8 fragments
// (ldmatrix.x4.trans). a_off[kk]: this lane's ldmatrix offset for k16 step kk of m-tile 0 (m-tile
// mt adds 16·mt rows, an immediate). b_off[j]: offset of B load j (n-tiles 2j, 2j + 1) at k-row 0;
// loads j >= 4 reuse b_off[j % 4] + 128·(j / 4) bytes (then WTN >= 128: 8 chunks further along a
// row of >= 16 chunks, whose swizzle only permutes within aligned 8-chunk groups).
constexpr int NPRE = NP < 4 ? NP : 4;

struct Frags {
  uint32_t a[MT][4];
  uint32_t b[NP][4];
};

__device__ __forceinline__ void load_frags(Frags &f, uint32_t sA, uint32_t sB, int kk,
                                           const uint32_t (&a_off)[KK],
                                           const uint32_t (&b_off)[NPRE]) {
#pragma unroll
  for (int mt = 0; mt < MT; ++mt) ldsm_x4(f.a[mt], sA + a_off[kk] + mt * 16 * A_ROW);
#pragma unroll
  for (int np = 0; np < NP; ++np)
    ldsm_x4_trans(f.b[np], sB + b_off[np & 3] + (np >> 2) * 128 + kk * 16 * B_ROW);
}

__device__ __forceinline__ void mma_frags(float (&acc)[MT][NT8][4], const Frags &f) {
#pragma unroll
  for (int mt = 0; mt < MT; ++mt)
#pragma unroll
    for (int np = 0; np < NP; ++np) {
      mma_16816(acc[mt][2 * np], f.a[mt], f.b[np][0], f.b[np][1]);
      mma_16816(acc[mt][2 * np + 1], f.a[mt], f.b[np][2], f.b[np][3]);
    }
}

// VA: rows of A 16-byte aligned (K % 8 == 0); VB: rows of B and C 16-byte aligned (N % 8 == 0).
template <bool VA, bool VB>
__device__ __forceinline__ void gemm_body(const Params &p) {
  extern __shared__ __align__(128) unsigned char smem[];
  const int tid = threadIdx.x;
  const int lane = tid & 31, warp = tid >> 5;
  const int wm = warp / WARPS_N, wn = warp % WARPS_N;

  // Tile of this CTA: GROUP_M tile rows are walked column by column (tiles_m * tiles_n CTAs in x).
  // (64-bit: GROUP_M * tiles_n may pass 2^31 for absurdly wide C.)
  const long long id = blockIdx.x;
  const long long per_group = (long long)GROUP_M * p.tiles_n;
  const int first_m = (int)(id / per_group) * GROUP_M;
  const int gsize = min(p.tiles_m - first_m, GROUP_M);
  const int in_group = (int)(id % per_group);
  const int tm = first_m + in_group % gsize;
  const int tn = in_group / gsize;
  const int m0 = tm * BM, n0 = tn * BN;

  // K tiles [kt0, kt1) of this split: balanced, split z starts at floor(z·k_tiles / splits).
  const int z = blockIdx.z;
  const int kt0 = (int)((long long)z * p.k_tiles / p.splits);
  const int kt1 = (int)((long long)(z + 1) * p.k_tiles / p.splits);
  const int n_tiles = kt1 - kt0;

  const int M = p.M, N = p.N, K = p.K;
  const uint32_t sA0 = smem_addr(smem);
  const uint32_t sB0 = sA0 + STAGES * A_STAGE;
  // Copies of A tiles [m0, +BM) x [k0, +BK) and B tiles [k0, +BK) x [n0, +BN), from K tile kt0 on.
  TileCopy<BM, A_CPR, A_ROW, VA> copy_a;
  TileCopy<BK, B_CPR, B_ROW, VB> copy_b;
  copy_a.init(p.a + (size_t)m0 * K + (size_t)kt0 * BK, K, BK, tid);
  copy_b.init(p.b + (size_t)kt0 * BK * N + n0, N, (size_t)BK * N, tid);
  // Copies the next K tile (tile kt: calls come in order kt0, kt0 + 1, ...) into ring slot `slot`.
  auto load = [&](int slot, int kt) {
    const int k0 = kt * BK;
    copy_a.copy(sA0 + slot * A_STAGE, p.a, M - m0, K - k0);
    copy_b.copy(sB0 + slot * B_STAGE, p.b, K - k0, N - n0);
  };

  // Per-lane ldmatrix offsets. A: lanes 0-15 address rows 0-15 of chunk 2kk, lanes 16-31 rows 0-15
  // of chunk 2kk + 1 (matrices a0..a3 of the fragment). B (.trans): lanes 0-15 address k-rows 0-15
  // of the chunk holding n-tile 2j, lanes 16-31 those of n-tile 2j + 1 (b0, b1 of each).
  uint32_t a_off[KK], b_off[NPRE];
#pragma unroll
  for (int kk = 0; kk < KK; ++kk)
    a_off[kk] = tile_off<A_CPR, A_ROW>(wm * WTM + (lane & 15), 2 * kk + (lane >> 4));
#pragma unroll
  for (int j = 0; j < NPRE; ++j)
    b_off[j] = tile_off<B_CPR, B_ROW>(lane & 15, wn * (WTN / 8) + 2 * j + (lane >> 4));

  float acc[MT][NT8][4];
#pragma unroll
  for (int mt = 0; mt < MT; ++mt)
#pragma unroll
    for (int nt = 0; nt < NT8; ++nt)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[mt][nt][e] = 0.f;

  Frags fr[2];  // double-buffered: step kk's MMAs run while step kk + 1's fragments load
  if constexpr (STAGES == 1) {
    for (int t = 0; t < n_tiles; ++t) {
      load(0, kt0 + t);
      cp_async_commit();
      cp_async_wait<0>();
      __syncthreads();  // the tile has landed for everyone
#pragma unroll
      for (int kk = 0; kk < KK; ++kk) {
        load_frags(fr[0], sA0, sB0, kk, a_off, b_off);
        mma_frags(acc, fr[0]);
      }
      __syncthreads();  // everyone is done with it before the next copy
    }
  } else {
    // Prologue: tiles 0 .. STAGES-2 in flight, one commit group each (empty past the end), then
    // the first fragments of tile 0.
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
      if (s < n_tiles) load(s, kt0 + s);
      cp_async_commit();
    }
    int rd = 0, wr = STAGES - 1;  // ring slots of tile t and of tile t + STAGES - 1
    if (n_tiles > 0) {
      cp_async_wait<STAGES - 2>();
      __syncthreads();
      load_frags(fr[0], sA0, sB0, 0, a_off, b_off);
    }
    // Step kk of tile t: at kk = 0 start the copy of tile t + STAGES - 1 into slot wr (freed by the
    // barrier of tile t - 1); load the fragments of the next step — at the last step, those of
    // tile t + 1, after waiting for it and a barrier (which also frees slot rd of tile t: every
    // warp has loaded its last fragments of tile t) — then run this step's MMAs. The barrier and
    // the first ldmatrix of the next tile overlap the MMAs already issued.
    for (int t = 0; t < n_tiles; ++t) {
#pragma unroll
      for (int kk = 0; kk < KK; ++kk) {
        if (kk == 0) {
          if (t + STAGES - 1 < n_tiles) load(wr, kt0 + t + STAGES - 1);
          cp_async_commit();  // one group per tile, even when empty, so the wait count holds
          wr = wr == STAGES - 1 ? 0 : wr + 1;
        }
        if (kk == KK - 1) {
          cp_async_wait<STAGES - 2>();  // groups 0..t+1 complete: this thread's copies of tile t+1
          __syncthreads();
          rd = rd == STAGES - 1 ? 0 : rd + 1;
          if (t + 1 < n_tiles)
            load_frags(fr[(kk + 1) & 1], sA0 + rd * A_STAGE, sB0 + rd * B_STAGE, 0, a_off, b_off);
        } else {
          load_frags(fr[(kk + 1) & 1], sA0 + rd * A_STAGE, sB0 + rd * B_STAGE, kk + 1, a_off,
                     b_off);
        }
        mma_frags(acc, fr[kk & 1]);
        if (KK == 1) fr[0] = fr[1];  // odd step count: the next tile starts from buffer 0 again
      }
    }
  }

  // ---- epilogue ----
  // Thread holds rows g, g + 8 of each m16 tile and columns 2·t4, 2·t4 + 1 of each n8 tile.
  const int g = lane >> 2, t4 = lane & 3;
  const int wr0 = wm * WTM + g;       // tile row of acc[0][*][0]
  const int wc0 = wn * WTN + 2 * t4;  // tile column of acc[*][0][0]

  if (p.splits > 1) {  // fp32 partial of split z; columns up to ldw (zeros past N) are written
    float *w = p.ws + (size_t)z * M * p.ldw;
#pragma unroll
    for (int mt = 0; mt < MT; ++mt)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int row = m0 + wr0 + mt * 16 + 8 * h;
        if (row >= M) continue;
        float *wrow = w + (size_t)row * p.ldw;
#pragma unroll
        for (int nt = 0; nt < NT8; ++nt) {
          const int col = n0 + wc0 + nt * 8;
          if (col < p.ldw)  // col even, ldw % 4 == 0: col + 1 < ldw and 8-byte aligned
            *reinterpret_cast<float2 *>(wrow + col) =
                make_float2(acc[mt][nt][2 * h], acc[mt][nt][2 * h + 1]);
        }
      }
    return;
  }

  if constexpr (VB && STAGE_C) {
    // Stage the fp16 tile in shared memory (the drained ring), then 16-byte row-contiguous stores.
    cp_async_wait<0>();
    __syncthreads();  // every warp is done reading the ring
#pragma unroll
    for (int mt = 0; mt < MT; ++mt)
#pragma unroll
      for (int h = 0; h < 2; ++h)
#pragma unroll
        for (int nt = 0; nt < NT8; ++nt) {
          const int r = wr0 + mt * 16 + 8 * h, cc = wc0 + nt * 8;
          *reinterpret_cast<uint32_t *>(smem + r * C_ROW + cc * 2) =
              pack_half2(acc[mt][nt][2 * h], acc[mt][nt][2 * h + 1]);
        }
    __syncthreads();
    constexpr int CPR = BN / 8, CHUNKS = BM * CPR;
#pragma unroll
    for (int it = 0; it < (CHUNKS + NT - 1) / NT; ++it) {
      const int i = tid + it * NT;
      if (CHUNKS % NT != 0 && i >= CHUNKS) break;
      const int r = i / CPR, c = i % CPR;
      const int row = m0 + r, col = n0 + c * 8;
      if (row < M && col < N)  // N % 8 == 0: the chunk is wholly inside
        *reinterpret_cast<uint4 *>(p.c + (size_t)row * N + col) =
            *reinterpret_cast<const uint4 *>(smem + r * C_ROW + c * 16);
    }
  } else {
    // Straight from the fragments: half2 stores where N is even (4-byte aligned), else per element.
    const bool even_n = (N & 1) == 0;
#pragma unroll
    for (int mt = 0; mt < MT; ++mt)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int row = m0 + wr0 + mt * 16 + 8 * h;
        if (row >= M) continue;
        __half *crow = p.c + (size_t)row * N;
#pragma unroll
        for (int nt = 0; nt < NT8; ++nt) {
          const int col = n0 + wc0 + nt * 8;
          const float v0 = acc[mt][nt][2 * h], v1 = acc[mt][nt][2 * h + 1];
          if (VB || even_n) {
            if (col < N)
              *reinterpret_cast<__half2 *>(crow + col) = __floats2half2_rn(v0, v1);
          } else {
            if (col < N) crow[col] = __float2half_rn(v0);
            if (col + 1 < N) crow[col + 1] = __float2half_rn(v1);
          }
        }
      }
  }
}

}  // namespace gm

using namespace gm;

// One entry point per load path, so a plan names exactly the kernel it launches (see the header).
// __launch_bounds__(NT, 1): with the plain form ptxas settled on fewer registers than it needed
// for some small tiles and spilled a few bytes (nvcc 13.0: BLOCK_M=32 BLOCK_N=128 BLOCK_K=64
// WARPS_N=4 STAGES=4 at 96 registers); occupancy follows from the registers it does use.
#define GM_BOUNDS __launch_bounds__(NT, 1)
__global__ void GM_BOUNDS gemm_mma_kernel(const Params p) { gemm_body<true, true>(p); }
__global__ void GM_BOUNDS gemm_mma_kernel_ragged_k(const Params p) {
  gemm_body<false, true>(p);
}
__global__ void GM_BOUNDS gemm_mma_kernel_ragged_n(const Params p) {
  gemm_body<true, false>(p);
}
__global__ void GM_BOUNDS gemm_mma_kernel_ragged_kn(const Params p) {
  gemm_body<false, false>(p);
}

// C = Σ_z partial_z, in the order z = 0, 1, ... (gemm_splitk.cuh).
__global__ void __launch_bounds__(REDUCE_THREADS) gemm_splitk_reduce(const Params p) {
  splitk::reduce(p.ws, p.c, p.M, p.N, p.ldw, p.splits);
}

// ---- host side -------------------------------------------------------------------------------

namespace {

struct Variant {
  const char *name;
  void (*fn)(const Params);
};
// Index: (K % 8 != 0) + 2 * (N % 8 != 0).
const Variant kVariants[4] = {{"gemm_mma_kernel", gemm_mma_kernel},
                              {"gemm_mma_kernel_ragged_k", gemm_mma_kernel_ragged_k},
                              {"gemm_mma_kernel_ragged_n", gemm_mma_kernel_ragged_n},
                              {"gemm_mma_kernel_ragged_kn", gemm_mma_kernel_ragged_kn}};

int variant_of(const gemm_shape *s) { return (s->K % 8 != 0) + 2 * (s->N % 8 != 0); }

long ceil_div(long a, long b) { return (a + b - 1) / b; }

// Resolved K splits (see the header's SPLIT_K=0 rule).
int split_count(const gemm_shape *s, int sm_count, long tiles) {
  if (SPLIT_K >= 1) return SPLIT_K;
  const long slots = (long)sm_count * CTAS_PER_SM_EST;  // CTAs one wave holds
  if (tiles >= slots) return 1;
  long want = slots / tiles;  // the most splits that still fit in one wave
  if (want > s->K / SPLIT_MIN_K) want = s->K / SPLIT_MIN_K;
  if (want > ceil_div(s->K, BK)) want = ceil_div(s->K, BK);
  if (want > MAX_SPLITS) want = MAX_SPLITS;
  return want < 1 ? 1 : (int)want;
}

int ldw_of(const gemm_shape *s) { return (int)ceil_div(s->N, 4) * 4; }

Params make_params(const gemm_shape *s, const kernel_plan *plan, const gemm_args *a, void *ws) {
  Params p;
  p.a = a->a;
  p.b = a->b;
  p.c = a->c;
  p.ws = plan->splits > 1 ? static_cast<float *>(ws) : nullptr;
  p.M = s->M;
  p.N = s->N;
  p.K = s->K;
  p.ldw = ldw_of(s);
  p.tiles_m = (int)ceil_div(s->M, BM);
  p.tiles_n = (int)ceil_div(s->N, BN);
  p.k_tiles = (int)ceil_div(s->K, BK);
  p.splits = plan->splits;
  return p;
}

}  // namespace

extern "C" int kernel_describe(const problem_shape *shape, int sm_count, kernel_plan *plan, char *msg,
                               size_t msglen) {
  const gemm_shape s_ = gemm_shape_of(shape), *s = &s_;
  if (gemm_check_shape(s, sm_count, msg, msglen) != 0) return -1;
  const long tiles_m = ceil_div(s->M, BM), tiles_n = ceil_div(s->N, BN);
  const long tiles = tiles_m * tiles_n;
  if (tiles > 0x7fffffffL) {  // grid.x limit (2^31 - 1); y = 1, z = splits <= 16
    snprintf(msg, msglen, "shape M=%d N=%d needs %ld tiles of %dx%d, over the grid limit 2^31-1",
             s->M, s->N, tiles, BM, BN);
    return -1;
  }
  const int splits = split_count(s, sm_count, tiles);
  memset(plan, 0, sizeof *plan);
  snprintf(plan->kernel, sizeof plan->kernel, "%s", kVariants[variant_of(s)].name);
  plan->grid[0] = (unsigned)tiles;
  plan->grid[1] = 1;
  plan->grid[2] = (unsigned)splits;
  plan->block[0] = NT;
  plan->block[1] = plan->block[2] = 1;
  plan->dyn_smem = SMEM_BYTES;
  plan->ctas = tiles * splits;
  plan->splits = splits;
  plan->persistent = 0;
  plan->work_items = tiles * splits;
  plan->workspace_bytes = splits > 1 ? (size_t)splits * s->M * ldw_of(s) * sizeof(float) : 0;
  plan->launches = splits > 1 ? 2 : 1;
  return 0;
}

extern "C" cudaError_t kernel_prepare(const problem_shape *shape, const kernel_plan *plan) {
  (void)shape;
  (void)plan;
  if constexpr (SMEM_BYTES > 48 * 1024) {  // above the default limit: opt in, every variant
    for (const Variant &v : kVariants) {
      cudaError_t e =
          cudaFuncSetAttribute(v.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)SMEM_BYTES);
      if (e != cudaSuccess) return e;
    }
  }
  return cudaSuccess;
}

extern "C" cudaError_t kernel_run(const problem_shape *shape, const kernel_plan *plan, const problem_io *io,
                                  void *workspace, cudaStream_t stream) {
  const gemm_shape s_ = gemm_shape_of(shape), *s = &s_;
  const gemm_args a_ = gemm_args_of(shape, io), *a = &a_;
  const Params p = make_params(s, plan, a, workspace);
  const dim3 grid(plan->grid[0], plan->grid[1], plan->grid[2]);
  kVariants[variant_of(s)].fn<<<grid, NT, SMEM_BYTES, stream>>>(p);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess || plan->splits == 1) return e;
  const long long quads = (long long)p.M * (p.ldw / 4);
  const unsigned blocks = (unsigned)((quads + REDUCE_THREADS - 1) / REDUCE_THREADS);
  gemm_splitk_reduce<<<blocks, REDUCE_THREADS, 0, stream>>>(p);
  return cudaGetLastError();
}

extern "C" void kernel_release(void) {}

extern "C" const void *kernel_main(const kernel_plan *plan) {
  for (const Variant &v : kVariants)
    if (!strcmp(plan->kernel, v.name)) return reinterpret_cast<const void *>(v.fn);
  return nullptr;
}

#define GM_STR2(x) #x
#define GM_STR(x) GM_STR2(x)
extern "C" const char *kernel_config(void) {
  return "BLOCK_M=" GM_STR(BLOCK_M) " BLOCK_N=" GM_STR(BLOCK_N) " BLOCK_K=" GM_STR(
      BLOCK_K) " WARPS_M=" GM_STR(WARPS_M) " WARPS_N=" GM_STR(WARPS_N) " STAGES=" GM_STR(STAGES)
      " SWIZZLE=" GM_STR(SWIZZLE) " SPLIT_K=" GM_STR(SPLIT_K) " GROUP_M=" GM_STR(GROUP_M);
}
