// flash_attn_sm90.cu — Hopper-native attention forward (sm_90a): O = softmax(Q·Kᵀ·scale)·V.
// The same contract as flash_attn.cu (kernels/attention/attn.h): fp16 Q/K/V/O in [B, H, S, D]
// contiguous, fp32 accumulation, online softmax, causal top-left aligned (query i sees keys
// j <= i, also when Sq != Skv), any Sq/Skv >= 1, HEAD_DIM 64 or 128 (other D refused by
// attn_describe). Built only for sm_90a (wgmma and setmaxnreg): experiments set ARCH := sm_90a.
//
// Structure (one CTA per 64·CONSUMER_WGS query rows of one head):
//   warpgroup 0     producer: one thread loads the Q tile once, then streams K/V tiles with the
//                   bulk tensor copy engine (TMA, 3-D tensor maps so rows past Skv of a head are
//                   zeros) into a STAGES-deep ring; full[s] completes on the bytes, empty[s] when
//                   every consumer thread has read stage s (sm90_mbarrier.cuh)
//   warpgroups 1..  consumers: 64 query rows each, S = Q·Kᵀ and O += P·V by wgmma, online
//                   softmax in registers (sm90_consumer.cuh); O normalised and stored directly
// Tiles wholly masked for a consumer (causal keys after its last row, or its rows all past Sq)
// are only waited for and released; with PINGPONG=1 or OVERLAP=1 every consumer computes every
// tile (masked to nothing), since a wgmma skipped on one side of the turn's barriers makes ptxas serialise all
// of them (warning C7518, nvcc 13.0). With SETMAXNREG=1 the producer gives registers to the
// consumers (setmaxnreg, sm_90a).
//
// Tunables (-D macros, default in brackets; flash_attn_sm90.tunables lists the values):
//   HEAD_DIM      [64]  64 or 128
//   BLOCK_N       [128] keys per K/V tile: 64, 128 or 176 (the N of the S wgmma; 176 at HEAD_DIM 128
//                 with two consumer warpgroups and setmaxnreg only)
//   CONSUMER_WGS  [2]   consumer warpgroups (64 query rows each): 1 or 2
//   STAGES        [2]   K/V ring depth, 1..4
//   SETMAXNREG    [1]   1: producer 24 registers, consumers 240 (CONSUMER_WGS=2 only)
//   PINGPONG      [0]   1: the two consumer warpgroups take turns issuing S = Q·Kᵀ (named
//                       barriers, sm90_pingpong.cuh) so one's softmax overlaps the other's GEMMs
//   OVERLAP       [0]   1: each consumer issues S of tile t+1 with P·V of tile t and runs the
//                       softmax of t+1 while P·V runs (intra-warpgroup overlap); STAGES >= 2
// Refused at compile time (static_assert with a message, sm90_config.cuh): values outside those
// sets; SETMAXNREG=1 or PINGPONG=1 with CONSUMER_WGS=1; OVERLAP=1 with STAGES=1; shared memory
// above 227 KB per CTA (e.g. HEAD_DIM=128 BLOCK_N=128 STAGES=4).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "attn.h"
#include "attn_check.h"
#include "sm90_config.cuh"
#include "sm90_consumer.cuh"
#include "sm90_mbarrier.cuh"
#include "sm90_params.cuh"
#include "sm90_pingpong.cuh"
#include "sm90_tma.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "flash_attn_sm90.cu needs the sm_90a target (-gencode=arch=compute_90a,code=sm_90a): wgmma and setmaxnreg"
#endif

namespace fa90 {

template <int REGS>
__device__ __forceinline__ void regs_dec() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(REGS));
}
template <int REGS>
__device__ __forceinline__ void regs_inc() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(REGS));
}

// Producer (one thread): Q once, then K and V tile t into stage t % STAGES when it is free.
__device__ __forceinline__ void produce(const Params &p, uint32_t smem, int q0, int bh,
                                        int n_tiles) {
  const uint32_t full = smem + OFF_BAR, empty = full + 8 * STAGES, qbar = empty + 8 * STAGES;
  sm90::mbar_arrive_expect_tx(qbar, (uint32_t)Q_BYTES);
#pragma unroll
  for (int pn = 0; pn < PANELS; ++pn)
#pragma unroll
    for (int w = 0; w < WGS; ++w)
      sm90::tma_load_3d(smem + OFF_Q + pn * Q_PANEL + w * 64 * 128, &p.tm_q, qbar, 64 * pn,
                        q0 + 64 * w, bh);
  for (int t = 0; t < n_tiles; ++t) {
    const int st = t % STAGES;
    sm90::mbar_wait(empty + 8 * st, ((t / STAGES) & 1) ^ 1);
    sm90::mbar_arrive_expect_tx(full + 8 * st, (uint32_t)(2 * KV_TILE));
#pragma unroll
    for (int pn = 0; pn < PANELS; ++pn) {
      sm90::tma_load_3d(smem + OFF_K + st * KV_TILE + pn * KV_PANEL, &p.tm_k, full + 8 * st,
                        64 * pn, t * BN, bh);
      sm90::tma_load_3d(smem + OFF_V + st * KV_TILE + pn * KV_PANEL, &p.tm_v, full + 8 * st,
                        64 * pn, t * BN, bh);
    }
  }
}

// Consumer warpgroup w: rows [q0 + 64w, +64).
__device__ __forceinline__ void consume(const Params &p, uint32_t smem, int q0, int bh,
                                        int n_tiles, int w) {
  const uint32_t full = smem + OFF_BAR, empty = full + 8 * STAGES, qbar = empty + 8 * STAGES;
  const int q0w = q0 + 64 * w;
  const uint32_t sQ = smem + OFF_Q + w * 64 * 128;
  // the tile at key n0 holds keys past Skv, or (causal) keys after some row of this warpgroup
  auto masked = [&](int n0) { return n0 + BN > p.skv || (p.causal && n0 + BN - 1 > q0w); };
  WgConsumer c;
  c.init(q0w);
  PingPong pp;
  pp.init(w);
  sm90::mbar_wait(qbar, 0);
  if constexpr (!OVERLAP) {
    for (int t = 0; t < n_tiles; ++t) {
      const int st = t % STAGES;
      const int n0 = t * BN;
      sm90::mbar_wait(full + 8 * st, (t / STAGES) & 1);
      // (PINGPONG: never skipped, see the header; a wholly masked tile leaves m, l and O as
      // they are)
      const bool work = PINGPONG || (q0w < p.sq && !(p.causal && n0 > q0w + 63));
      pp.begin();
      if (work) c.scores_issue(sQ, smem + OFF_K + st * KV_TILE);
      pp.end(t == n_tiles - 1);
      if (work) {
        c.scores_wait<0>();
        if (masked(n0))
          c.softmax<true>(n0, p);
        else
          c.softmax<false>(n0, p);
        c.rescale();
        c.pack_p();
        c.pv_issue(smem + OFF_V + st * KV_TILE);
        c.pv_wait();
      }
      sm90::mbar_arrive(empty + 8 * st);  // this thread's wgmmas on stage st have completed
    }
  } else {
    // S of tile t and P·V of tile t - 1 in flight together; softmax of tile t runs under the
    // P·V. Stage t - 1 is released once its P·V has completed, so STAGES >= 2 (static_assert).
    // Every tile is computed (a wholly masked one changes nothing), see the header.
    sm90::mbar_wait(full, 0);
    pp.begin();
    c.scores_issue(sQ, smem + OFF_K);
    pp.end(n_tiles == 1);
    c.scores_wait<0>();
    if (masked(0))
      c.softmax<true>(0, p);
    else
      c.softmax<false>(0, p);
    c.pack_p();  // O is still zero: no rescale
    for (int t = 1; t < n_tiles; ++t) {
      const int st = t % STAGES, sp = (t - 1) % STAGES;
      const int n0 = t * BN;
      sm90::mbar_wait(full + 8 * st, (t / STAGES) & 1);
      pp.begin();
      c.scores_issue(sQ, smem + OFF_K + st * KV_TILE);
      c.pv_issue(smem + OFF_V + sp * KV_TILE);
      pp.end(t == n_tiles - 1);
      c.scores_wait<1>();  // S of tile t landed; P·V of tile t - 1 may still run
      if (masked(n0))
        c.softmax<true>(n0, p);
      else
        c.softmax<false>(n0, p);
      c.pv_wait();
      sm90::mbar_arrive(empty + 8 * sp);  // K and V of tile t - 1 are read
      c.rescale();
      c.pack_p();
    }
    const int sl = (n_tiles - 1) % STAGES;
    c.pv_issue(smem + OFF_V + sl * KV_TILE);
    c.pv_wait();
    sm90::mbar_arrive(empty + 8 * sl);
  }
  if (q0w < p.sq) c.store(p, bh);
}

}  // namespace fa90

using namespace fa90;

__global__ void __launch_bounds__(NT, 1) flash_attn_sm90_fwd(const __grid_constant__ Params p) {
  extern __shared__ __align__(1024) unsigned char smem_raw[];
  const uint32_t raw = ptx::smem_addr(smem_raw);
  const uint32_t smem = (raw + (uint32_t)SMEM_ALIGN - 1) & ~((uint32_t)SMEM_ALIGN - 1);
  const int qt = p.causal ? p.n_qt - 1 - (int)blockIdx.x : (int)blockIdx.x;  // longest rows first
  const int bh = blockIdx.y;
  const int q0 = qt * BM;
  // keys this tile can see: all of them, or (causal) up to its last row
  const int kv_hi = p.causal ? min(p.skv, min(q0 + BM, p.sq)) : p.skv;
  const int n_tiles = (kv_hi + BN - 1) / BN;  // >= 1: key 0 is visible to every row
  const int wg = threadIdx.x >> 7;

  if (threadIdx.x == 0) {
    const uint32_t full = smem + OFF_BAR, empty = full + 8 * STAGES;
    for (int s = 0; s < STAGES; ++s) {
      sm90::mbar_init(full + 8 * s, 1);
      sm90::mbar_init(empty + 8 * s, CONSUMER_THREADS);
    }
    sm90::mbar_init(empty + 8 * STAGES, 1);  // Q
    sm90::mbar_fence_init();
  }
  __syncthreads();

  if (wg == 0) {
#if SETMAXNREG
    regs_dec<PRODUCER_REGS>();
#endif
    if (threadIdx.x == 0) produce(p, smem, q0, bh, n_tiles);
  } else {
#if SETMAXNREG
    regs_inc<CONSUMER_REGS>();
#endif
    consume(p, smem, q0, bh, n_tiles, wg - 1);
  }
}

// ---- host side -------------------------------------------------------------------------------

extern "C" int attn_describe(const attn_shape *s, int sm_count, attn_plan *plan, char *msg,
                             size_t msglen) {
  if (attn_check_shape(s, HEAD_DIM, sm_count, msg, msglen) != 0) return -1;
  const long bh = (long)s->B * s->H;
  const long n_qt = (s->Sq + BM - 1) / BM;
  if (bh > 65535 || n_qt > 0x7fffffffL) {
    snprintf(msg, msglen, "shape too large for this kernel's grid (B*H=%ld, query tiles=%ld)", bh,
             n_qt);
    return -1;
  }
  memset(plan, 0, sizeof *plan);
  snprintf(plan->kernel, sizeof plan->kernel, "flash_attn_sm90_fwd");
  plan->grid[0] = (unsigned)n_qt;
  plan->grid[1] = (unsigned)bh;
  plan->grid[2] = 1;
  plan->block[0] = NT;
  plan->block[1] = plan->block[2] = 1;
  plan->dyn_smem = SMEM_BYTES;
  plan->ctas = n_qt * bh;
  plan->splits = 1;
  plan->persistent = 0;
  plan->work_items = n_qt * bh;
  plan->workspace_bytes = 0;
  plan->launches = 1;
  return 0;
}

extern "C" cudaError_t attn_prepare(const attn_shape *s, const attn_plan *plan) {
  (void)s;
  (void)plan;
  if (!sm90::tma_encoder()) return cudaErrorSymbolNotFound;  // driver without the copy engine API
  return cudaFuncSetAttribute(flash_attn_sm90_fwd, cudaFuncAttributeMaxDynamicSharedMemorySize,
                              (int)SMEM_BYTES);
}

extern "C" cudaError_t attn_run(const attn_shape *s, const attn_plan *plan, const attn_args *a,
                                void *workspace, cudaStream_t stream) {
  (void)workspace;
  Params p;
  const int bh = s->B * s->H;
  // tensor maps hold the base addresses, so they are encoded per call (host only, no CUDA call)
  if (!sm90::tma_map_3d(&p.tm_q, a->q, D, s->Sq, bh, 64, "q") ||
      !sm90::tma_map_3d(&p.tm_k, a->k, D, s->Skv, bh, BN, "k") ||
      !sm90::tma_map_3d(&p.tm_v, a->v, D, s->Skv, bh, BN, "v"))
    return cudaErrorInvalidValue;
  p.o = a->o;
  p.sq = s->Sq;
  p.skv = s->Skv;
  p.causal = s->causal;
  p.scale_log2 = a->scale * 1.4426950408889634f;
  p.n_qt = (s->Sq + BM - 1) / BM;
  const dim3 grid(plan->grid[0], plan->grid[1], plan->grid[2]);
  flash_attn_sm90_fwd<<<grid, NT, SMEM_BYTES, stream>>>(p);
  return cudaGetLastError();
}

extern "C" void attn_release(void) {}

extern "C" const void *attn_main_kernel(const attn_plan *plan) {
  (void)plan;
  return reinterpret_cast<const void *>(flash_attn_sm90_fwd);
}

#define FA90_STR2(x) #x
#define FA90_STR(x) FA90_STR2(x)
extern "C" const char *attn_config(void) {
  return "HEAD_DIM=" FA90_STR(HEAD_DIM) " BLOCK_N=" FA90_STR(BLOCK_N) " CONSUMER_WGS=" FA90_STR(
      CONSUMER_WGS) " STAGES=" FA90_STR(STAGES) " SETMAXNREG=" FA90_STR(SETMAXNREG) " PINGPONG=" FA90_STR(PINGPONG) " OVERLAP=" FA90_STR(OVERLAP);
}
