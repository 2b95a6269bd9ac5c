// flash_attn_sm90.cu — Hopper-native attention forward (sm_90a): O = softmax(Q·Kᵀ·scale)·V.
// The same contract as flash_attn.cu (kernels/attention/attn.h): fp16 Q/K/V/O in [B, H, S, D]
// contiguous, fp32 accumulation, online softmax, causal top-left aligned (query i sees keys
// j <= i, also when Sq != Skv), any Sq/Skv >= 1, HEAD_DIM 64 or 128 (other D refused by
// kernel_describe). Built only for sm_90a (wgmma and setmaxnreg): experiments set ARCH := sm_90a.
//
// Structure (a CTA computes work items of 64·CONSUMER_WGS query rows of one head, sm90_sched.cuh):
//   warpgroup 0     producer: one thread loads an item's Q tile, then streams its K and V tiles with
//                   the bulk tensor copy engine (TMA, 3-D tensor maps so rows past Skv of a head
//                   are zeros) into a K ring and a V ring of STAGES slots each; a slot's full
//                   barrier completes on the bytes, its empty barrier when every consumer
//                   warpgroup's wgmmas reading it have completed (sm90/mbarrier.cuh,
//                   sm90/ring.cuh): K is given back after S = Q·Kᵀ, V after O += P·V
//   warpgroups 1..  consumers: 64 query rows each, S = Q·Kᵀ and O += P·V by wgmma, online
//                   softmax in registers (sm90_consumer.cuh); O normalised and stored directly,
//                   or with TMA_STORE=1 through shared memory by the copy engine
//                   (with PERSISTENT=2 a later piece of an item cut between CTAs hands its
//                   partial state over through the workspace instead, sm90_split.cuh)
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
//   CONSUMER_WGS  [2]   consumer warpgroups (64 query rows each): 1, 2 or 3 (3: HEAD_DIM 64,
//                       BLOCK_N <= 128 and setmaxnreg only)
//   STAGES        [2]   depth of the K ring and of the V ring, 1..4
//   SETMAXNREG    [1]   1: producer 24 registers, consumers 240 (two consumer warpgroups) or 160
//                       (three); not with one
//   PINGPONG      [0]   1: the consumer warpgroups take turns issuing S = Q·Kᵀ (with OVERLAP=1
//                       also the previous tile's P·V) (named barriers, sm90_pingpong.cuh), so
//                       one's softmax overlaps another's GEMMs
//   PERSISTENT    [0]   1: at non-causal shapes one CTA per SM computes every SM-count-th
//                       (query tile, head) item (sm90_sched.cuh); 2: the same, but the last,
//                       partial round's items are cut along the keys into an equal run of
//                       (item, key tile) units per CTA, merged through the workspace (stream-K;
//                       sm90_split.cuh); 0, and causal: one CTA per item
//   OVERLAP       [0]   1: each consumer issues S of tile t+1 with P·V of tile t and runs the
//                       softmax of t+1 while P·V runs (intra-warpgroup overlap); K of tile t+1
//                       and V of tile t sit in different rings, so any STAGES works
//   EXP_POLY      [0]   0..8: of every 8 of a consumer thread's scores in a row, this many
//                       exponentials by a cubic on the FMA units (exp2_poly.h, relative error
//                       7.5e-5) and the rest by the special-function unit, which at HEAD_DIM 64
//                       is as busy as the tensor cores (16 ex2 per clock per SM)
//   LAZY_RESCALE  [0]   1: a row's running maximum moves only when a tile's exceeds it by more
//                       than 8 (log2 units; P then stays at most 256), and a consumer warp skips
//                       O's rescale when no row of it moved (sm90_consumer.cuh)
//   TMA_STORE     [0]   1: O is normalised into a shared-memory buffer as large as Q and stored by
//                       the bulk tensor copy engine, one copy per consumer warpgroup and panel,
//                       instead of by the threads' scattered 4-byte stores; the tensor maps are
//                       prefetched at the start in every configuration
// Refused at compile time (static_assert with a message, sm90_config.cuh): values outside those
// sets; SETMAXNREG=1 or PINGPONG=1 with CONSUMER_WGS=1; CONSUMER_WGS=3 at HEAD_DIM 128, with
// BLOCK_N 176 or without SETMAXNREG; SETMAXNREG=0 with two consumer
// warpgroups at HEAD_DIM=128 and BLOCK_N >= 128 (too few registers); shared memory above 227 KB
// per CTA (e.g. HEAD_DIM=128 BLOCK_N=128 STAGES=4, or BLOCK_N=176 STAGES=2 with TMA_STORE=1).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "attn.h"
#include "attn_check.h"
#include "sm90_config.cuh"
#include "sm90_consumer.cuh"
#include "sm90/mbarrier.cuh"
#include "sm90/regs.cuh"
#include "sm90/ring.cuh"
#include "sm90/tma.cuh"
#include "sm90_params.cuh"
#include "sm90_pingpong.cuh"
#include "sm90_sched.cuh"
#include "sm90_split.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "flash_attn_sm90.cu needs the sm_90a target (-gencode=arch=compute_90a,code=sm_90a): wgmma and setmaxnreg"
#endif

namespace fa90 {

// a position in the K ring or the V ring (sm90/ring.cuh)
using RingPos = sm90::Ring<STAGES>;

// The barriers: of each ring slot, full (one producer arrival plus the tile's bytes) and empty
// (one arrival per consumer warpgroup once its wgmmas reading the slot have completed); Q's the
// same.
struct Bars {
  uint32_t full_k, empty_k, full_v, empty_v, full_q, empty_q;
  __device__ __forceinline__ explicit Bars(uint32_t smem)
      : full_k(smem + (uint32_t)OFF_FULL_K), empty_k(smem + (uint32_t)OFF_EMPTY_K),
        full_v(smem + (uint32_t)OFF_FULL_V), empty_v(smem + (uint32_t)OFF_EMPTY_V),
        full_q(smem + (uint32_t)OFF_FULL_Q), empty_q(smem + (uint32_t)OFF_EMPTY_Q) {}
};

// Producer (one thread): for each segment (sm90_sched.cuh), its item's Q tile once Q is free,
// then the segment's K and V tiles, each into the next slot of its ring once that slot is free
// (the rings run on across segments). K of
// tile t + 1 is requested before V of tile t: with OVERLAP=1 a consumer needs them in that order
// (S of tile t + 1 is issued with P·V of tile t), and without it V of tile t is needed only after
// the softmax of tile t.
__device__ __forceinline__ void produce(const Params &p, uint32_t smem) {
  const Bars b(smem);
  RingPos kp, vp;
  auto load = [&](const CUtensorMap *map, uint32_t off, uint32_t full, uint32_t empty,
                  RingPos &r, int t, int bh) {
    sm90::mbar_wait(empty + 8 * r.slot, r.phase ^ 1u);
    sm90::mbar_arrive_expect_tx(full + 8 * r.slot, (uint32_t)KV_TILE);
#pragma unroll
    for (int pn = 0; pn < PANELS; ++pn)
      sm90::tma_load_3d(smem + off + r.slot * KV_TILE + pn * KV_PANEL, map, full + 8 * r.slot,
                        64 * pn, t * BN, bh);
    r.next();
  };
  Sched sched(p, (int)blockIdx.x);
  Segment g;
  for (int k = 0; sched.next(p, g, (int)blockIdx.x, (int)gridDim.x); ++k) {
    const Item &it = g.it;
    sm90::mbar_wait(b.empty_q, (k & 1) ^ 1);
    sm90::mbar_arrive_expect_tx(b.full_q, (uint32_t)Q_BYTES);
#pragma unroll
    for (int pn = 0; pn < PANELS; ++pn)
#pragma unroll
      for (int w = 0; w < WGS; ++w)
        sm90::tma_load_3d(smem + OFF_Q + pn * Q_PANEL + w * 64 * 128, &p.tm_q, b.full_q, 64 * pn,
                          it.q0 + 64 * w, it.bh);
    for (int t = g.t0; t < g.t1; ++t) {
      load(&p.tm_k, (uint32_t)OFF_K, b.full_k, b.empty_k, kp, t, it.bh);
      if (t > g.t0) load(&p.tm_v, (uint32_t)OFF_V, b.full_v, b.empty_v, vp, t - 1, it.bh);
    }
    load(&p.tm_v, (uint32_t)OFF_V, b.full_v, b.empty_v, vp, g.t1 - 1, it.bh);
  }
}

// Consumer warpgroup w: rows [q0 + 64w, +64) of each segment's item. Each ring slot is released as
// soon as the wgmmas reading it have completed (K after S, V after P·V), and Q after the
// segment's last S.
__device__ __forceinline__ void consume(const Params &p, uint32_t smem, int w) {
  const Bars b(smem);
  const bool leader = (threadIdx.x & 127) == 0;  // arrives on the empty barriers for the warpgroup
  // descriptor low words of this warpgroup's Q and of K and V slot 0; slot s is s·KV_TILE further
  const uint32_t q_lo = sm90::desc_kmajor_lo(smem + (uint32_t)OFF_Q + w * 64 * 128);
  const uint32_t k_lo = sm90::desc_kmajor_lo(smem + (uint32_t)OFF_K);
  const uint32_t v_lo = sm90::desc_mnmajor_lo(smem + (uint32_t)OFF_V, (uint32_t)KV_PANEL);
  constexpr uint32_t SLOT_LO = (uint32_t)(KV_TILE >> 4);
  RingPos kp, vp;
  auto release = [&](uint32_t empty, RingPos &r) {
    if (leader) sm90::mbar_arrive(empty + 8 * r.slot);
    r.next();
  };
  PingPong pp;
  pp.init(w);
  WgConsumer c;
  Sched sched(p, (int)blockIdx.x);
  Segment g;
  for (int k = 0; sched.next(p, g, (int)blockIdx.x, (int)gridDim.x); ++k) {
    const Item &it = g.it;
    const int q0w = it.q0 + 64 * w, t0 = g.t0, t1 = g.t1;
    // tiles from first_masked on hold keys past Skv, or (causal) keys after some row of this
    // warpgroup: key tile t needs the mask when t·BN + BN > Skv or t·BN + BN - 1 > q0w
    const int first_masked = p.causal ? min(p.skv / BN, (q0w + 1) / BN) : p.skv / BN;
    auto softmax = [&](int t) {
      if (t >= first_masked)
        c.softmax<true>(t * BN, p);
      else
        c.softmax<false>(t * BN, p);
    };
    // Q is given back after the segment's last S
    auto scores_done = [&](int t) {
      release(b.empty_k, kp);
      if (t == t1 - 1 && leader) sm90::mbar_arrive(b.empty_q);
    };
    c.init(q0w);
    sm90::mbar_wait(b.full_q, k & 1);
    if constexpr (!OVERLAP) {
      for (int t = t0; t < t1; ++t) {
        const int n0 = t * BN;
        sm90::mbar_wait(b.full_k + 8 * kp.slot, kp.phase);
        // (PINGPONG: never skipped, see the header; a wholly masked tile leaves m, l and O as
        // they are)
        const bool work = PINGPONG || (q0w < p.sq && !(p.causal && n0 > q0w + 63));
        pp.begin();
        if (work) c.scores_issue(q_lo, k_lo + kp.slot * SLOT_LO);
        pp.end();
        if (work) c.scores_wait<0>();
        scores_done(t);
        if (work) {
          softmax(t);
          c.rescale();
          c.pack_p();
        }
        sm90::mbar_wait(b.full_v + 8 * vp.slot, vp.phase);
        if (work) {
          c.pv_issue(v_lo + vp.slot * SLOT_LO);
          c.pv_wait();
        }
        release(b.empty_v, vp);
      }
    } else {
      // S of tile t and P·V of tile t - 1 in flight together; softmax of tile t runs under the
      // P·V. Every tile is computed (a wholly masked one changes nothing), see the header.
      sm90::mbar_wait(b.full_k + 8 * kp.slot, kp.phase);
      pp.begin();
      c.scores_issue(q_lo, k_lo + kp.slot * SLOT_LO);
      pp.end();
      c.scores_wait<0>();
      scores_done(t0);
      softmax(t0);
      c.pack_p();  // O is still zero: no rescale
      for (int t = t0 + 1; t < t1; ++t) {
        sm90::mbar_wait(b.full_k + 8 * kp.slot, kp.phase);
        pp.begin();
        c.scores_issue(q_lo, k_lo + kp.slot * SLOT_LO);
        sm90::mbar_wait(b.full_v + 8 * vp.slot, vp.phase);  // V of tile t - 1
        c.pv_issue(v_lo + vp.slot * SLOT_LO);
        pp.end();
        c.scores_wait<1>();  // S of tile t landed; P·V of tile t - 1 may still run
        scores_done(t);
        softmax(t);
        c.pv_wait();
        release(b.empty_v, vp);
        c.rescale();
        c.pack_p();
      }
      sm90::mbar_wait(b.full_v + 8 * vp.slot, vp.phase);
      c.pv_issue(v_lo + vp.slot * SLOT_LO);
      c.pv_wait();
      release(b.empty_v, vp);
    }
    // a piece of an item cut between CTAs (PERSISTENT=2): a later piece is handed over, the
    // first merges the later ones (sm90_split.cuh); rows all past Sq have nothing to hand over
    if (q0w < p.sq) {
      if (PERSISTENT == 2 && t0 > 0) {
        c.save(part_slot(p, (int)blockIdx.x, w));
        part_publish(p, w);
        continue;
      }
      if (PERSISTENT == 2 && t1 < it.n_tiles) {
        const int item_end = sched.u - t1 + it.n_tiles;  // the run ended inside the item
        for (int cta = later_piece(p, (int)blockIdx.x, item_end, (int)gridDim.x); cta >= 0;
             cta = later_piece(p, cta, item_end, (int)gridDim.x)) {
          part_acquire(p, cta, w);
          c.merge(part_slot(p, cta, w));
        }
      }
      if constexpr (TMA_STORE)
        c.store_tma(p, it.bh, q0w, smem + (uint32_t)OFF_O + w * 64 * 128, [w] { wg_sync(w); });
      else
        c.store(p, it.bh);
    }
  }
  if (TMA_STORE && leader) sm90::bulk_wait_read<0>();  // the buffer outlives the last copy's read
  pp.finish();
}

}  // namespace fa90

using namespace fa90;

__global__ void __launch_bounds__(NT, 1) flash_attn_sm90_fwd(const __grid_constant__ Params p) {
  extern __shared__ __align__(1024) unsigned char smem_raw[];
  const uint32_t raw = ptx::smem_addr(smem_raw);
  const uint32_t smem = (raw + (uint32_t)SMEM_ALIGN - 1) & ~((uint32_t)SMEM_ALIGN - 1);
  // the warpgroup, read from lane 0 so that the compiler knows it is the same in every lane of a
  // warp: the branches on it are then uniform, and the consumers' slot and descriptor arithmetic
  // can live in uniform registers
  const int wg = __shfl_sync(0xffffffffu, (int)(threadIdx.x >> 7), 0);

  if (threadIdx.x == 0) {
    sm90::tma_prefetch_map(&p.tm_q);
    sm90::tma_prefetch_map(&p.tm_k);
    sm90::tma_prefetch_map(&p.tm_v);
    if (TMA_STORE) sm90::tma_prefetch_map(&p.tm_o);
    const Bars b(smem);
    for (int s = 0; s < STAGES; ++s) {
      sm90::mbar_init(b.full_k + 8 * s, 1);
      sm90::mbar_init(b.empty_k + 8 * s, WGS);
      sm90::mbar_init(b.full_v + 8 * s, 1);
      sm90::mbar_init(b.empty_v + 8 * s, WGS);
    }
    sm90::mbar_init(b.full_q, 1);
    sm90::mbar_init(b.empty_q, WGS);
    sm90::mbar_fence_init();
  }
  __syncthreads();

  if (wg == 0) {
#if SETMAXNREG
    sm90::regs_dec<PRODUCER_REGS>();
#endif
    if (threadIdx.x == 0) produce(p, smem);
  } else {
#if SETMAXNREG
    sm90::regs_inc<CONSUMER_REGS>();
#endif
    consume(p, smem, wg - 1);
  }
}

// ---- host side -------------------------------------------------------------------------------

// The split schedule's CTAs and workspace (0, 0: not split): PERSISTENT=2 at a non-causal shape
// of fewer than 2^31 (item, key tile) units, a round more included, on at most 2^16 SMs (the
// schedule's arithmetic stays in 32 bits, sm90_sched.cuh; beyond, one CTA per item).
// Workspace: the flags (one word per CTA and consumer warpgroup, padded to 256 bytes), then the
// partial states (sm90_split.cuh).
struct split_layout {
  long ctas;
  size_t bytes;
};
static size_t split_flag_bytes(long ctas) {
  return ((size_t)ctas * WGS * sizeof(unsigned) + 255) / 256 * 256;
}
static split_layout split_plan(const attn_shape *s, int sm_count, long items, long n_tiles) {
  split_layout l = {0, 0};
  const long long units = (long long)items * n_tiles;
  // (items + G)·T: a whole round's unit counter may step one round past the last item
  if (PERSISTENT != 2 || s->causal || (items + (long long)sm_count) * n_tiles > 0x7fffffffLL ||
      sm_count > 65536)
    return l;
  l.ctas = units < sm_count ? (long)units : sm_count;
  l.bytes = split_flag_bytes(l.ctas) + (size_t)l.ctas * WGS * PART_FLOATS * sizeof(float);
  return l;
}

extern "C" int kernel_describe(const problem_shape *shape, int sm_count, attn_plan *plan, char *msg,
                               size_t msglen) {
  const attn_shape s_ = attn_shape_of(shape), *s = &s_;
  if (attn_check_shape(s, HEAD_DIM, sm_count, msg, msglen) != 0) return -1;
  const long bh = (long)s->B * s->H;
  const long n_qt = (s->Sq + BM - 1) / BM;
  const long items = n_qt * bh;
  if (items > 0x7fffffffL - 65536) {  // item indices, plus a grid's stride, stay in int
    snprintf(msg, msglen, "shape too large for this kernel's grid (B*H=%ld, query tiles=%ld)", bh,
             n_qt);
    return -1;
  }
  const long n_tiles = (s->Skv + BN - 1) / BN;
  const split_layout sl = split_plan(s, sm_count, items, n_tiles);
  memset(plan, 0, sizeof *plan);
  snprintf(plan->kernel, sizeof plan->kernel, "flash_attn_sm90_fwd");
  // persistent (non-causal): one CTA per SM, which is all an SM holds with two or three consumer
  // warpgroups (setmaxnreg hands out its whole register file) or with a tile ring above half its
  // shared memory; a configuration of one consumer warpgroup and small tiles could hold two, and
  // persistent then leaves that second slot empty. Otherwise one CTA per item (sm90_sched.cuh).
  // split (PERSISTENT=2, non-causal): G = min(SM count, units) CTAs, the whole rounds of items
  // and then an equal run each of the last round's (item, key tile) units, and a workspace of
  // flags and partial states (sm90_split.cuh)
  const bool persistent = sl.ctas > 0 || (PERSISTENT == 1 && !s->causal && items > sm_count);
  plan->grid[0] = (unsigned)(sl.ctas > 0 ? sl.ctas : persistent ? sm_count : items);
  plan->grid[1] = plan->grid[2] = 1;
  plan->block[0] = NT;
  plan->block[1] = plan->block[2] = 1;
  plan->dyn_smem = SMEM_BYTES;
  plan->ctas = plan->grid[0];
  plan->splits = 1;
  plan->persistent = persistent;
  plan->work_items = items;
  plan->workspace_bytes = sl.bytes;
  plan->workspace_zeroed = sl.ctas > 0 ? split_flag_bytes(sl.ctas) : 0;  // the flags (sm90_split.cuh)
  plan->launches = 1;
  return 0;
}

extern "C" cudaError_t kernel_prepare(const problem_shape *shape, const attn_plan *plan) {
  (void)shape;
  if (!sm90::tma_encoder()) return cudaErrorSymbolNotFound;  // driver without the copy engine API
  cudaError_t e = cudaFuncSetAttribute(flash_attn_sm90_fwd,
                                       cudaFuncAttributeMaxDynamicSharedMemorySize, (int)SMEM_BYTES);
  if (e != cudaSuccess || !(PERSISTENT == 2 && plan->workspace_bytes > 0)) return e;
  // the split schedule waits across CTAs: all of them must be resident together (as a
  // cooperative launch requires), which the plan's SM count promised and the device must keep
  int dev = 0, sms = 0, per_sm = 0;
  if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
      (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess ||
      (e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, flash_attn_sm90_fwd, NT,
                                                          SMEM_BYTES)) != cudaSuccess)
    return e;
  return (long)per_sm * sms >= (long)plan->grid[0] ? cudaSuccess : cudaErrorCooperativeLaunchTooLarge;
}

extern "C" cudaError_t kernel_run(const problem_shape *shape, const attn_plan *plan, const problem_io *io,
                                  void *workspace, cudaStream_t stream) {
  const attn_shape s_ = attn_shape_of(shape), *s = &s_;
  const attn_args a_ = attn_args_of(shape, io), *a = &a_;
  Params p;
  const int bh = s->B * s->H;
  // tensor maps hold the base addresses, so they are encoded per call (host only, no CUDA call)
  if (!sm90::tma_map_3d(&p.tm_q, a->q, D, s->Sq, bh, 64, "q") ||
      !sm90::tma_map_3d(&p.tm_k, a->k, D, s->Skv, bh, BN, "k") ||
      !sm90::tma_map_3d(&p.tm_v, a->v, D, s->Skv, bh, BN, "v") ||
      (TMA_STORE && !sm90::tma_map_3d(&p.tm_o, a->o, D, s->Sq, bh, 64, "o")))
    return cudaErrorInvalidValue;
  p.o = a->o;
  p.sq = s->Sq;
  p.skv = s->Skv;
  p.causal = s->causal;
  p.scale_log2 = a->scale * 1.4426950408889634f;
  p.n_qt = (s->Sq + BM - 1) / BM;
  p.n_items = (int)plan->work_items;
  // the split schedule (PERSISTENT=2) is the plan's when it has a workspace: G = grid[0] CTAs;
  // its flags, the workspace's zeroed prefix, are zero on entry and left zero (sm90_split.cuh)
  p.split = 0;
  p.flags = nullptr;
  p.part = nullptr;
  if (PERSISTENT == 2 && plan->workspace_bytes > 0) {
    if (!workspace) return cudaErrorInvalidValue;
    const int ctas = (int)plan->grid[0];
    split_params(p, (int)plan->work_items, (s->Skv + BN - 1) / BN, ctas);
    p.flags = static_cast<unsigned *>(workspace);
    p.part = reinterpret_cast<float *>(static_cast<unsigned char *>(workspace) + split_flag_bytes(ctas));
  }
  const dim3 grid(plan->grid[0], plan->grid[1], plan->grid[2]);
  flash_attn_sm90_fwd<<<grid, NT, SMEM_BYTES, stream>>>(p);
  return cudaGetLastError();
}

extern "C" void kernel_release(void) {}

extern "C" const void *kernel_main(const attn_plan *plan) {
  (void)plan;
  return reinterpret_cast<const void *>(flash_attn_sm90_fwd);
}

#define FA90_STR2(x) #x
#define FA90_STR(x) FA90_STR2(x)
extern "C" const char *kernel_config(void) {
  return "HEAD_DIM=" FA90_STR(HEAD_DIM) " BLOCK_N=" FA90_STR(BLOCK_N) " CONSUMER_WGS=" FA90_STR(
      CONSUMER_WGS) " STAGES=" FA90_STR(STAGES) " SETMAXNREG=" FA90_STR(SETMAXNREG) " PINGPONG=" FA90_STR(PINGPONG) " OVERLAP=" FA90_STR(OVERLAP) " PERSISTENT=" FA90_STR(PERSISTENT) " EXP_POLY=" FA90_STR(EXP_POLY) " LAZY_RESCALE=" FA90_STR(LAZY_RESCALE) " TMA_STORE=" FA90_STR(TMA_STORE);
}
