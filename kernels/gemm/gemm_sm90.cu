// gemm_sm90.cu — Hopper-native GEMM (sm_90a): C = A·B, A [M, K], B [K, N], C [M, N], all row-major
// and contiguous, fp16 in, fp32 accumulation, fp16 out, any M, N, K >= 1. Implements
// kernels/gemm/gemm.h. Built only for sm_90a (wgmma and setmaxnreg): experiments set ARCH := sm_90a.
//
// Structure (a CTA computes units: one K split of one BLOCK_M x BLOCK_N output tile,
// gemm_sm90_sched.cuh; persistent by default, one CTA per SM walking units c, c + G, ...; with
// CLUSTER_M=2 pairs of CTAs walk pairs of tiles and share B's copies):
//   warpgroup 0     producer: one thread streams each unit's A tiles (BLOCK_M x 64, K-major) and B
//                   tiles (64 x BLOCK_N, as BLOCK_N/64 panels of 64 columns: MN-major) with the
//                   bulk tensor copy engine (TMA, 128-byte swizzle, out-of-bounds rows and columns
//                   zero-filled) into a ring of STAGES slots; a slot's full barrier completes on
//                   its bytes, its empty barrier when every consumer warpgroup's wgmmas reading it
//                   have completed (sm90/mbarrier.cuh, sm90/ring.cuh). The ring runs on across
//                   units, so the next unit's tiles load while the consumers store C.
//   warpgroups 1..  consumers (cooperative: both on the same tile, BLOCK_M/CONSUMER_WGS rows each;
//                   PINGPONG=1: alternate tiles, taking turns):
//                   wgmma m64nBLOCK_Nk16 from shared memory (A K-major, B MN-major, no transpose
//                   in software), fp32 accumulators in registers, one tile's wgmmas in flight while
//                   the next tile is waited for; then the epilogue (gemm_sm90_consumer.cuh): fp16
//                   C by the threads' stores, or with TMA_STORE=1 through a swizzled shared tile
//                   by the copy engine; with split-K an fp32 partial into the workspace, summed
//                   in the order z = 0, 1, ... by a second kernel (gemm_splitk.cuh) or, with
//                   SPLIT_SUM=1, by the warps of the tile's split that finishes last (an arrival
//                   counter per tile and warp in the plan's zeroed workspace,
//                   WgConsumer::fold_splits), bit-identical either way and from run to run; or with
//                   SPLIT_CLUSTER=1 summed inside the cluster of the tile's splits
//                   (gemm_sm90_dsum.cuh: distributed shared memory, no workspace, one launch).
// With SETMAXNREG=1 the producer gives registers to the consumers (sm90/regs.cuh).
//
// Ragged shapes: TMA zero-fills the M, N and K edges of every tile and clips the stores, but a
// tensor map needs 16-byte row strides: K % 8 != 0 (A's rows) or N % 8 != 0 (B's rows) are served
// by a padded copy in the workspace (gemm_sm90_pad: rows of K or N rounded up to 64, zeros after),
// one extra launch for both. C (N % 8 != 0 has no tensor map of C): with TMA_STORE=1 and no split,
// the copy engine stores the tiles into a padded copy of C in the workspace (rows of N rounded up to
// 64) and a last launch copies it into C in 16-byte stores (gemm_sm90_unpad.cuh); otherwise the
// threads store it from the accumulators (two elements, or with N odd one, a store).
//
// Tunables (-D macros, default in brackets; gemm_sm90.tunables lists the values):
//   BLOCK_M       [128] rows of C per tile: 64, 128, 256 (64 or 128 per consumer warpgroup); 16,
//                       32 (and 64) with SWAP_AB=1
//   BLOCK_N       [256] columns of C per tile: 32, 64, 128, 256 (the N of the wgmma; 32: B in the
//                       64-byte swizzle, the threads store C)
//   CONSUMER_WGS  [2]   consumer warpgroups: 1, 2
//   STAGES        [4]   depth of the A/B ring, 2..16 (BLOCK_K is 64: one 128-byte swizzled row;
//                       past 8 only the narrow tiles fit, e.g. 12 of 64 x 64)
//   SETMAXNREG    [1]   1: producer 40 registers, consumers 232 (two consumer warpgroups only)
//   PERSISTENT    [1]   1: min(units, SMs) CTAs walk the units; 0: one CTA per unit
//   SPLIT_K       [0]   1: no split; 2..16: K split n ways; 0: auto (below)
//   GROUP_M       [8]   grouped rasterisation: tiles walked GROUP_M tile rows at a time, column by
//                       column; 1 = row-major order
//   TMA_STORE     [0]   1: C staged in shared memory (BLOCK_M x BLOCK_N fp16 beside the ring) and
//                       stored by the copy engine where K is not split (into C's padded copy
//                       where N % 8 != 0)
//   CLUSTER_M     [1]   2: clusters of two CTAs on vertically adjacent tiles, each B tile loaded
//                       once for both (each CTA multicasts half of its 64-column panels) and
//                       the slot given back by the consumers of both (sm90/cluster.cuh)
//   CLUSTER_N     [1]   2: clusters of two CTAs on horizontally adjacent tiles, each A tile loaded
//                       once for both (each CTA multicasts half of its rows), the slot given back
//                       as with CLUSTER_M=2; not with CLUSTER_M=2 (cuBLAS's form at M = 64:
//                       64 x 32 tiles, clusters of two along N, no split)
//   PINGPONG      [0]   1: the two consumer warpgroups compute alternate units, each a whole
//                       BLOCK_M x BLOCK_N tile, and take turns on the tensor cores, so that one's
//                       epilogue runs under the other's mainloop (gemm_sm90_pingpong.cuh)
//   SPLIT_CLUSTER [0]   1: the SPLIT_K (2, 4 or 8) splits of a tile run as one cluster, one CTA
//                       each, and sum their partials through distributed shared memory, each CTA
//                       BLOCK_M/SPLIT_K rows of the tile (gemm_sm90_dsum.cuh); with CLUSTER_M=1,
//                       PINGPONG=0, PERSISTENT=0
//   SPLIT_SUM     [0]   split-K's partials in the workspace summed: 0 by a second kernel; 1 in
//                       the kernel, by the tile's last split to finish (no second launch, but a
//                       serial tail of fence, atomic and loads: slower than the second launch at
//                       the skinny shapes on the H200, NOTES-sm90 v5); 1 is refused with
//                       SPLIT_CLUSTER=1 (no such partials)
//   PDL           [1]   1: a call's launches after its first (the main kernel after the padded
//                       copies, the split-K sum or C's copy-out after the main kernel) are
//                       programmatic dependent launches, started under the tail of the one before
//                       (gemm_sm90_pdl.cuh); 0: ordinary launches
//   SWAP_AB       [0]   1: the skinny form, each tile computed as its transpose C^T = B^T·A^T
//                       (gemm_sm90_swap.cuh): the wgmma's 64 rows along a 64-column panel of B,
//                       its N the tile's BLOCK_M = 16, 32 or 64 rows, so a skinny M wastes none of
//                       the m64 atom; the same copies and ring, C and split-K's partials stored
//                       by the threads transposed (TMA_STORE=1: C staged transposed, then the
//                       copy engine); with BLOCK_N 64 or 128, one consumer warpgroup, no
//                       ping-pong, cluster along N, cluster sum or in-kernel sum (CLUSTER_M=2:
//                       two CTAs on adjacent row blocks share B, cuBLAS's form at M = 64)
//   L2_HINT       [0]   L2 eviction priorities on the copies (gemm_sm90_l2hint.cuh): 0 none; 1 B
//                       evict-first and A evict-last (a skinny M: B streams through L2 once, A is
//                       read by every CTA); 2 the same with A and B exchanged (a skinny N)
// SPLIT_K=0 rule: tiles = ceil(M/BLOCK_M)·ceil(N/BLOCK_N); when tiles < SMs (one CTA per SM, the
// tile grid under one wave), splits = floor(SMs / tiles), at most ceil(K/64) / 4 (four K tiles a
// split, so the ring fills) and 16; otherwise 1. E.g. the defaults on 132 SMs: M=16 N=K=4096 ->
// 16 tiles, 8 splits; M=N=K=4096 -> 512 tiles, no split.
// Refused at compile time (static_assert with a message, gemm_sm90_config.cuh): values outside
// those sets; BLOCK_M/CONSUMER_WGS other than 64 or 128 (cooperative); PINGPONG=1 with one
// consumer warpgroup; more than 128 accumulators a thread; SETMAXNREG=1 with one consumer
// warpgroup; two consumer warpgroups of more than 64 accumulators without SETMAXNREG; shared
// memory above 227 KB (e.g. BLOCK_N=256 STAGES=5, or TMA_STORE=1 with BLOCK_M=128 BLOCK_N=256
// STAGES=4); CLUSTER_M=2 with CLUSTER_N=2; SPLIT_CLUSTER=1 with SPLIT_K other than 2, 4, 8,
// with CLUSTER_M=2 or CLUSTER_N=2, PINGPONG=1 or PERSISTENT=1, or with a ring smaller than the
// fp32 tile it stages; SPLIT_SUM=1 with SPLIT_CLUSTER=1; BLOCK_M 16 or 32 without SWAP_AB=1;
// SWAP_AB=1 with BLOCK_M above 64, BLOCK_N 32 or 256, two consumer warpgroups, PINGPONG=1,
// CLUSTER_N=2, SPLIT_CLUSTER=1 or SPLIT_SUM=1.
// Not built (yet): stream-K's uneven shares of K, clusters along both M and N (kernels/gemm/NOTES-sm90.md).
#include <stdio.h>
#include <string.h>

#include "gemm.h"
#include "gemm_check.h"
#include "gemm_sm90_config.cuh"
#include "gemm_sm90_consumer.cuh"
#include "gemm_sm90_dsum.cuh"
#include "gemm_sm90_l2hint.cuh"
#include "gemm_sm90_params.cuh"
#include "gemm_sm90_pdl.cuh"
#include "gemm_sm90_pingpong.cuh"
#include "gemm_sm90_sched.cuh"
#include "gemm_sm90_unpad.cuh"
#include "gemm_splitk.cuh"
#include "mma_ptx.cuh"
#include "sm90/cluster.cuh"
#include "sm90/mbarrier.cuh"
#include "sm90/regs.cuh"
#include "sm90/ring.cuh"
#include "sm90/tma.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "gemm_sm90.cu needs the sm_90a target (-gencode=arch=compute_90a,code=sm_90a): wgmma and setmaxnreg"
#endif

namespace g90 {

// Producer (one thread): every K tile of every unit of this CTA into the next ring slot once it
// is free: A's box (64 x BLOCK_M) and B's BLOCK_N/64 boxes (64 x 64; BLOCK_N=32: one box of
// 32 x 64), one full barrier for all.
// With CLUSTER_M=2 the two CTAs of a cluster compute vertically adjacent tiles of the same K
// range: each loads its own A and multicasts every other 64-column panel of B to both (the full
// barrier of each CTA counts all the stage's bytes, whichever CTA's copy delivers them; a copy
// of the other CTA may land before this producer's expect_tx, which the barrier's pending arrival
// keeps from completing the phase early), and a slot is refilled only once the consumers of both
// CTAs have given it back (the empty barrier counts both).
// With CLUSTER_N=2 the two CTAs compute horizontally adjacent tiles of the same K range: each
// loads its own B and multicasts one half of A's rows (BLOCK_M/2, the tensor map's box) to both,
// and the slot is given back as with CLUSTER_M=2.
// Boxes wholly out of bounds are not requested (a cluster rank past the last tile row skips A, one
// past the last tile column B; A's half past M and B's panels past the mapped columns are skipped
// by both ranks alike) and not counted: their
// rows or columns of the accumulators are never stored, so whatever the slot held is harmless,
// and no barrier depends on how the copy engine treats a box with nothing inside the tensor.
__device__ __forceinline__ void produce(const Params &p, uint32_t smem, int rank) {
  const uint32_t full = smem + (uint32_t)OFF_FULL, empty = smem + (uint32_t)OFF_EMPTY;
  const uint64_t pol_a = l2hint::policy(true), pol_b = l2hint::policy(false);  // (L2_HINT)
  sm90::Ring<STAGES> r;
  const int units = p.sched.units();
  for (int q = unit_first(p.sched, (int)blockIdx.x); q < units; q += unit_step(p.sched, (int)gridDim.x)) {
    const Unit un = unit_at(p.sched, q, rank, BM, BN);
    const bool a_live = un.m0 < p.M;
    const int panels = un.n0 < p.b_cols ? min(B_PANELS, (p.b_cols - un.n0 + BP - 1) / BP) : 0;
    // A's bytes: the tile, or (CLUSTER_N=2) each half whose first row is inside A
    const uint32_t a_bytes = CN == 1 ? (a_live ? (uint32_t)A_TILE : 0u)
                                     : (a_live ? (uint32_t)(A_TILE / 2) : 0u) +
                                           (un.m0 + BM / 2 < p.M ? (uint32_t)(A_TILE / 2) : 0u);
    const uint32_t bytes = a_bytes + (uint32_t)(panels * B_PANEL);
    for (int kt = un.kt0; kt < un.kt1; ++kt) {
      const uint32_t f = full + 8 * r.slot;
      sm90::mbar_wait(empty + 8 * r.slot, r.phase ^ 1u);
      sm90::mbar_arrive_expect_tx(f, bytes);
      if constexpr (CN == 1) {
        if (a_live)
          l2hint::copy(smem + (uint32_t)(OFF_A + r.slot * A_TILE), &p.tm_a, f, kt * BK, un.m0, 0, pol_a);
      } else if (un.m0 + rank * (BM / 2) < p.M) {
        l2hint::copy(smem + (uint32_t)(OFF_A + r.slot * A_TILE + rank * (A_TILE / 2)), &p.tm_a, f, kt * BK,
                     un.m0 + rank * (BM / 2), (uint16_t)3u, pol_a);
      }
#pragma unroll
      for (int pn = 0; pn < B_PANELS; ++pn) {
        if (pn >= panels) break;
        const uint32_t dst = smem + (uint32_t)(OFF_B + r.slot * B_TILE + pn * B_PANEL);
        if constexpr (CM == 1)
          l2hint::copy(dst, &p.tm_b, f, un.n0 + BP * pn, kt * BK, 0, pol_b);
        else if (pn % CM == rank)
          l2hint::copy(dst, &p.tm_b, f, un.n0 + BP * pn, kt * BK, (uint16_t)((1u << CM) - 1u), pol_b);
      }
      r.next();
    }
  }
  // With a cluster the other CTA's consumers arrive on this CTA's empty barriers, so its shared
  // memory must outlive their last arrival: the producer waits until every slot's last use has
  // been given back by the consumers of both CTAs, then the CTA may leave. (This CTA's copies
  // into the other's slots have landed by then: its consumers give a slot back only once they
  // have waited for its bytes.) This counts on both CTAs walking the same units over the same K
  // tiles (unit_first, unit_at: the cluster's units, one K range a split), so that each slot's
  // last use is the same in both. A barrier of the whole cluster before the exit did the same, but
  // its wait, taken at once by the warps with nothing to do, cost ~2.5 us of the mainloop at the
  // skinny shapes (kernels/gemm/NOTES-sm90.md, v8).
  if constexpr (CS > 1)
    for (int i = 0; i < STAGES; ++i) {
      sm90::mbar_wait(empty + 8 * r.slot, r.phase ^ 1u);
      r.next();
    }
}

// Consumer warpgroup w: its rows of every unit, then the unit's store.
// (A cluster rank past the last tile row computes on whatever the slots hold and stores nothing.)
// Ping-pong (PINGPONG=1): warpgroup w computes the units j = w, w + 2, ... of the CTA's sequence
// whole, stepping its ring position past the other's K tiles, and takes its turn on the tensor
// cores for each mainloop (gemm_sm90_pingpong.cuh). The turn also keeps the parity waits sound: a
// wait on a slot's full barrier by parity cannot tell its use k from use k - 2, so a consumer may
// wait for use k only once use k - 1 has completed. Here the turn comes to a warpgroup only after
// the other has issued (so waited for) every tile of the unit before, so every use before this
// unit's first tile has completed when it starts waiting.
__device__ __forceinline__ void consume(const Params &p, uint32_t smem, int w, int rank) {
  const uint32_t full = smem + (uint32_t)OFF_FULL, empty = smem + (uint32_t)OFF_EMPTY;
  WgConsumer c;
  c.init(smem, w, rank);
  Turn turn;
  if constexpr (PP) turn.init(w);
  const int units = p.sched.units();
  int j = 0;  // the CTA's units so far
  for (int q = unit_first(p.sched, (int)blockIdx.x); q < units; q += unit_step(p.sched, (int)gridDim.x), ++j) {
    const Unit un = unit_at(p.sched, q, rank, BM, BN);
    if (PP && (j & 1) != w) {
      c.ring.advance(un.kt1 - un.kt0);
      continue;
    }
    if constexpr (PP) turn.begin();
    c.mainloop(full, empty, un.kt0, un.kt1, [&] {
      if constexpr (PP) turn.end();
    });
    if constexpr (SC) {
      dsum::stage(c, smem);  // summed by the cluster once every split has staged (the kernel's end)
      continue;
    }
    if (un.m0 >= p.M || un.n0 >= p.N) continue;
    if (p.sched.splits > 1) {
      c.store_partial(p, un.m0, un.n0, un.z);
      if constexpr (SS) c.fold_splits(p, un.m0, un.n0);
    } else if (TMA_STORE && p.tma_store)
      c.store_tma(p, smem, un.m0, un.n0);
    else
      c.store_direct(p, un.m0, un.n0);
  }
  if constexpr (PP) turn.finish(j);
  // the C buffer outlives the last store's read
  if (TMA_STORE && p.tma_store && (threadIdx.x & 127) == 0) sm90::bulk_wait_read<0>();
}

}  // namespace g90

using namespace g90;

#if CLUSTER_M > 1 || CLUSTER_N > 1 || SPLIT_CLUSTER
#define G90_CLUSTER __cluster_dims__(CLUSTER_M * CLUSTER_N * (SPLIT_CLUSTER ? SPLIT_K : 1), 1, 1)
#else
#define G90_CLUSTER
#endif
__global__ void G90_CLUSTER __launch_bounds__(NT, 1) gemm_sm90_kernel(const __grid_constant__ Params p) {
  extern __shared__ __align__(1024) unsigned char smem_raw[];
  const uint32_t raw = ptx::smem_addr(smem_raw);
  const uint32_t smem = (raw + (uint32_t)SMEM_ALIGN - 1) & ~((uint32_t)SMEM_ALIGN - 1);
  // the warpgroup, read from lane 0 so that the compiler knows it is warp-uniform
  const int wg = __shfl_sync(0xffffffffu, (int)(threadIdx.x >> 7), 0);
  if constexpr (PDL) pdl::let_next_start();  // the sum or the copy-out may come up and wait
  if (threadIdx.x == 0) {
    sm90::tma_prefetch_map(&p.tm_a);
    sm90::tma_prefetch_map(&p.tm_b);
    if (TMA_STORE && p.tma_store) sm90::tma_prefetch_map(&p.tm_c);
    for (int s = 0; s < STAGES; ++s) {
      sm90::mbar_init(smem + (uint32_t)OFF_FULL + 8 * s, 1);
      // every consumer warpgroup reading the slot, in every CTA of the cluster (ping-pong: one)
      sm90::mbar_init(smem + (uint32_t)OFF_EMPTY + 8 * s, (PP ? 1 : WGS) * CS);
    }
    sm90::mbar_fence_init();
  }
  // with a cluster, the other CTA's barriers are initialised before any copy or arrival reaches them
  if constexpr (CS > 1)
    sm90::cluster_sync();
  else
    __syncthreads();
  // = %cluster_ctarank with CLUSTER_M=2 or CLUSTER_N=2 (a 1-D grid of two-CTA clusters); 0
  // otherwise (with SPLIT_CLUSTER=1 the cluster rank is the split, unit_first's)
  const int rank = (int)blockIdx.x % CS;
  if (wg == 0) {
#if SETMAXNREG
    sm90::regs_dec<PRODUCER_REGS>();
#endif
    if (threadIdx.x == 0) {
      // the padded copies complete before the first load (the consumers touch nothing they write)
      if constexpr (PDL) pdl::wait_for_prior();
      produce(p, smem, rank);
    }
  } else {
#if SETMAXNREG
    sm90::regs_inc<CONSUMER_REGS>();
#endif
    consume(p, smem, wg - 1, rank);
  }
  // with a cluster, no CTA leaves while the other may still arrive on its empty barriers: the
  // producer's last waits (produce)
  // SPLIT_CLUSTER=1: every split's partial staged, each CTA sums its rows over the cluster, and
  // leaves only once the others have read its partial
  if constexpr (SC) {
    __syncwarp();
    sm90::cluster_sync();
    if (wg > 0) {
      const Unit un = unit_at(p.sched, unit_first(p.sched, (int)blockIdx.x), 0, BM, BN);
      dsum::sum_rows(p, smem, un.m0, un.n0, un.z, (int)threadIdx.x - 128);
    }
    __syncwarp();
    sm90::cluster_sync();
  }
}

// The padded copies of the ragged operands, in one launch: dst [rows][ld] = src [rows][cols],
// zeros in columns cols..ld-1 (so that the zero-filled K edge of the other operand never meets
// garbage: 0·NaN). A work item is PAD_SPAN columns of one row, a warp's: A's rows first (when A
// is padded), then B's; lanes along the row (no division per element).
constexpr int PAD_SPAN = 256;
struct PadJob {
  const __half *src;
  __half *dst;
  int rows, cols, ld;
  __host__ __device__ long items() const { return ld > 0 ? (long)rows * ((ld + PAD_SPAN - 1) / PAD_SPAN) : 0; }
};
__global__ void __launch_bounds__(256) gemm_sm90_pad(const PadJob ja, const PadJob jb) {
  if constexpr (PDL) pdl::let_next_start();
  const long na = ja.items(), n = na + jb.items();
  const long warps = (long)gridDim.x * 8;
  const int lane = threadIdx.x & 31;
  for (long i = (long)blockIdx.x * 8 + (threadIdx.x >> 5); i < n; i += warps) {
    const bool is_a = i < na;
    const PadJob &j = is_a ? ja : jb;
    const long item = is_a ? i : i - na, spans = (j.ld + PAD_SPAN - 1) / PAD_SPAN;
    const long row = item / spans;
    const int c0 = (int)(item - row * spans) * PAD_SPAN, c1 = min(c0 + PAD_SPAN, j.ld);
    const __half *src = j.src + (size_t)row * j.cols;
    __half *dst = j.dst + (size_t)row * j.ld;
#pragma unroll 8
    for (int c = c0 + lane; c < c1; c += 32) dst[c] = c < j.cols ? src[c] : __float2half_rn(0.f);
  }
}

// C from its padded copy (N % 8 != 0, TMA_STORE=1, no split: gemm_sm90_unpad.cuh).
__global__ void __launch_bounds__(unpad::THREADS) gemm_sm90_unpad(const __half *src, int ld, __half *c, int M,
                                                                  int N) {
  if constexpr (PDL) pdl::wait_for_prior();
  unpad::copy(src, ld, c, M, N);
}

// C = Σ_z partial_z, in the order z = 0, 1, ... (gemm_splitk.cuh).
__global__ void __launch_bounds__(splitk::REDUCE_THREADS) gemm_sm90_splitk_reduce(
    const float *ws, __half *c, int M, int N, int ldw, int splits) {
  if constexpr (PDL) pdl::wait_for_prior();
  splitk::reduce(ws, c, M, N, ldw, splits);
}

// ---- host side -------------------------------------------------------------------------------

namespace {

constexpr long PAD_BLOCKS = 2048;  // most blocks of the padded copies (8 work items each at a time)

long ceil_div(long a, long b) { return (a + b - 1) / b; }
size_t align256(size_t x) { return (x + 255) / 256 * 256; }

// Resolved K splits (the header's SPLIT_K=0 rule).
int split_count(const gemm_shape *s, int sm_count, long tiles) {
  const long k_tiles = ceil_div(s->K, BK);
  if (SPLIT_K >= 1) return SPLIT_K;
  if (tiles >= sm_count) return 1;
  long want = sm_count / tiles;
  if (want > k_tiles / 4) want = k_tiles / 4;
  if (want > MAX_SPLITS) want = MAX_SPLITS;
  return want < 1 ? 1 : (int)want;
}

// The workspace: SPLIT_SUM=1's arrival counters (splits > 1: the plan's zeroed prefix), then the
// partials (splits > 1), then the padded A (K % 8 != 0), then the padded B (N % 8 != 0), then the
// padded C (N % 8 != 0, TMA_STORE=1, no split), each 256-byte aligned (a tensor map's base must
// be 16-byte aligned).
// A padded copy's rows are rounded up to 64 elements: 128 bytes, so that every row of the copy
// engine's boxes starts a 128-byte line (8 elements would be enough for a tensor map).
constexpr int PAD_TO = 64;
struct Layout {
  int kp, np;  // row lengths of the operands as mapped: K, N or rounded up to PAD_TO
  bool c_pad;  // C through its padded copy (rows of np)
  size_t zeroed;  // the counters' bytes, from offset 0
  size_t off_ws, off_a, off_b, off_c, bytes;
};
Layout layout_of(const gemm_shape *s, int splits) {
  Layout l;
  l.kp = s->K % 8 ? (int)ceil_div(s->K, PAD_TO) * PAD_TO : s->K;
  l.np = s->N % 8 ? (int)ceil_div(s->N, PAD_TO) * PAD_TO : s->N;
  l.c_pad = TMA_STORE && s->N % 8 && splits == 1;
  const bool parts = splits > 1 && !SC;
  const size_t tiles = (size_t)ceil_div(s->M, BM) * ceil_div(s->N, BN);
  l.zeroed = parts && SS ? align256(tiles * COUNT_SLOTS * sizeof(unsigned)) : 0;
  size_t off = l.zeroed;
  l.off_ws = off;
  if (parts) off += align256((size_t)splits * s->M * splitk::ldw_of(s->N) * sizeof(float));
  l.off_a = off;
  if (s->K % 8) off += align256((size_t)s->M * l.kp * sizeof(__half));
  l.off_b = off;
  if (s->N % 8) off += align256((size_t)s->K * l.np * sizeof(__half));
  l.off_c = off;
  if (l.c_pad) off += align256((size_t)s->M * l.np * sizeof(__half));
  l.bytes = off;
  return l;
}

}  // namespace

extern "C" int kernel_describe(const problem_shape *shape, int sm_count, kernel_plan *plan, char *msg,
                               size_t msglen) {
  const gemm_shape s_ = gemm_shape_of(shape), *s = &s_;
  if (gemm_check_shape(s, sm_count, msg, msglen) != 0) return -1;
  const long tiles_m = ceil_div(s->M, BM), tiles_n = ceil_div(s->N, BN);
  const long tiles = tiles_m * tiles_n;
  const int splits = split_count(s, sm_count, tiles);
  // cluster units: CLUSTER_M vertically adjacent tiles (gemm_sm90_sched.cuh); unit indices plus
  // a grid's stride (at most the unit count) stay in int: CTAs <= 2^30 (matrices under 2^31
  // elements stay far below)
  const long units = ceil_div(tiles_m, CM) * ceil_div(tiles_n, CN) * splits;
  if (units * CS > 0x40000000L || (long)GROUP_M * tiles_n > 0x7fffffffL) {
    snprintf(msg, msglen, "shape M=%d N=%d needs %ld tiles of %dx%d x %d splits, over 2^30",
             s->M, s->N, tiles, BM, BN, splits);
    return -1;
  }
  // persistent: as many clusters as the SMs hold, one CTA each (whether the GPCs can place that
  // many clusters of CLUSTER_M at once only the device knows: the rest run after, as a tail)
  const long clusters = sm_count / CS > 0 ? sm_count / CS : 1;
  const bool persistent = PERSISTENT && units > clusters;
  const Layout l = layout_of(s, splits);
  memset(plan, 0, sizeof *plan);
  snprintf(plan->kernel, sizeof plan->kernel, "gemm_sm90_kernel");
  plan->grid[0] = (unsigned)(CS * (persistent ? clusters : units));
  plan->grid[1] = plan->grid[2] = 1;
  plan->block[0] = NT;
  plan->block[1] = plan->block[2] = 1;
  plan->dyn_smem = SMEM_BYTES;
  plan->ctas = plan->grid[0];
  plan->splits = splits;
  plan->persistent = persistent;
  plan->work_items = units * CS;
  plan->workspace_bytes = l.bytes;
  plan->workspace_zeroed = l.zeroed;
  plan->launches = 1 + (splits > 1 && !SC && !SS) + (s->K % 8 != 0 || s->N % 8 != 0) + l.c_pad;
  return 0;
}

extern "C" cudaError_t kernel_prepare(const problem_shape *shape, const kernel_plan *plan) {
  (void)shape;
  (void)plan;
  if (!sm90::tma_encoder()) return cudaErrorSymbolNotFound;  // driver without the copy engine API
  return cudaFuncSetAttribute(gemm_sm90_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                              (int)SMEM_BYTES);
}

extern "C" cudaError_t kernel_run(const problem_shape *shape, const kernel_plan *plan, const problem_io *io,
                                  void *workspace, cudaStream_t stream) {
  const gemm_shape s_ = gemm_shape_of(shape), *s = &s_;
  const gemm_args a_ = gemm_args_of(shape, io), *a = &a_;
  const int splits = plan->splits;
  const Layout l = layout_of(s, splits);
  if (l.bytes > 0 && (!workspace || plan->workspace_bytes < l.bytes)) return cudaErrorInvalidValue;
  unsigned char *ws = static_cast<unsigned char *>(workspace);
  // the operands as mapped: the inputs, or their padded copies (the header's ragged shapes)
  const __half *A = a->a, *B = a->b;
  PadJob ja = {a->a, nullptr, 0, s->K, l.kp}, jb = {a->b, nullptr, 0, s->N, l.np};
  if (s->K % 8) {
    ja.dst = reinterpret_cast<__half *>(ws + l.off_a);
    ja.rows = s->M;
    A = ja.dst;
  }
  if (s->N % 8) {
    jb.dst = reinterpret_cast<__half *>(ws + l.off_b);
    jb.rows = s->K;
    B = jb.dst;
  }
  const bool padded = ja.items() + jb.items() > 0;
  if (padded) {
    const long blocks = ceil_div(ja.items() + jb.items(), 8);
    gemm_sm90_pad<<<(unsigned)(blocks < PAD_BLOCKS ? blocks : PAD_BLOCKS), 256, 0, stream>>>(ja, jb);
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) return e;
  Params p;
  memset(&p, 0, sizeof p);
  p.tma_store = TMA_STORE && splits == 1;
  // C as the copy engine stores it: C, or its padded copy (as wide as its rows: l.c_pad)
  __half *C = l.c_pad ? reinterpret_cast<__half *>(ws + l.off_c) : a->c;
  // tensor maps hold the base addresses, so they are encoded per call (host only, no CUDA call)
  if (!sm90::tma_map_3d(&p.tm_a, A, l.kp, s->M, 1, BM / CN, "a") ||
      !sm90::tma_map_3d_box(&p.tm_b, B, l.np, s->K, 1, BP, BK, "b") ||
      (p.tma_store && !sm90::tma_map_3d(&p.tm_c, C, l.c_pad ? l.np : s->N, s->M, 1, WM, "c")))
    return cudaErrorInvalidValue;
  p.c = a->c;
  p.ws = splits > 1 && !SC ? reinterpret_cast<float *>(ws + l.off_ws) : nullptr;
  p.tile_count = l.zeroed ? reinterpret_cast<unsigned *>(ws) : nullptr;
  p.M = s->M;
  p.N = s->N;
  p.b_cols = l.np;
  p.ldw = splitk::ldw_of(s->N);
  p.sched = make_sched((int)ceil_div(s->M, BM), (int)ceil_div(s->N, BN), (int)ceil_div(s->K, BK),
                       splits, GROUP_M, CM, SC, CN);
  e = pdl::launch(gemm_sm90_kernel, dim3(plan->grid[0]), dim3(NT), SMEM_BYTES, stream, PDL && padded, p);
  if (e == cudaSuccess && l.c_pad)
    e = pdl::launch(gemm_sm90_unpad, dim3(unpad::blocks(s->M, s->N)), dim3(unpad::THREADS), 0, stream, PDL,
                    (const __half *)C, l.np, a->c, s->M, s->N);
  if (e != cudaSuccess || splits == 1 || SC || SS) return e;
  return pdl::launch(gemm_sm90_splitk_reduce, dim3(splitk::reduce_blocks(s->M, p.ldw)),
                     dim3(splitk::REDUCE_THREADS), 0, stream, PDL, (const float *)p.ws, p.c, p.M, p.N, p.ldw,
                     splits);
}

extern "C" void kernel_release(void) {}

extern "C" const void *kernel_main(const kernel_plan *plan) {
  (void)plan;
  return reinterpret_cast<const void *>(gemm_sm90_kernel);
}

#define G90_STR2(x) #x
#define G90_STR(x) G90_STR2(x)
extern "C" const char *kernel_config(void) {
  return "BLOCK_M=" G90_STR(BLOCK_M) " BLOCK_N=" G90_STR(BLOCK_N) " CONSUMER_WGS=" G90_STR(
      CONSUMER_WGS) " STAGES=" G90_STR(STAGES) " SETMAXNREG=" G90_STR(SETMAXNREG)
      " PERSISTENT=" G90_STR(PERSISTENT) " SPLIT_K=" G90_STR(SPLIT_K) " GROUP_M=" G90_STR(GROUP_M)
      " TMA_STORE=" G90_STR(TMA_STORE) " CLUSTER_M=" G90_STR(CLUSTER_M) " CLUSTER_N=" G90_STR(CLUSTER_N)
      " PINGPONG=" G90_STR(PINGPONG)
      " SPLIT_CLUSTER=" G90_STR(SPLIT_CLUSTER) " SPLIT_SUM=" G90_STR(SPLIT_SUM) " PDL=" G90_STR(PDL) " SWAP_AB=" G90_STR(SWAP_AB) " L2_HINT=" G90_STR(L2_HINT);
}
