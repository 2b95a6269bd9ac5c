// flash_attn.cu — tunable FlashAttention-2 style forward kernel: O = softmax(Q·Kᵀ·scale)·V.
// fp16 Q/K/V/O in [B, H, S, D] contiguous, fp32 accumulation, online softmax, causal as a run-time
// flag (top-left aligned like PyTorch SDPA is_causal: query i sees keys j <= i, also when
// Sq != Skv), any Sq/Skv >= 1 (tile edges masked), HEAD_DIM 64 or 128. Implements kernels/attn.h.
//
// Build (with the harness):
//   nvcc -O3 -std=c++17 -lineinfo -gencode=arch=compute_90,code=sm_90 -Xptxas -v \
//        -DHEAD_DIM=64 -DBLOCK_M=64 ... kernels/bench_*.cu kernels/flash_attn.cu -o bench -ldl
//
// Tunables (-D macros, default in brackets):
//   HEAD_DIM     [64]  head dimension, 64 or 128; shapes with another D are refused by kernel_describe
//   BLOCK_M      [64]  query rows per CTA tile: 16, 32, 64, 128
//   BLOCK_N      [64]  keys per K/V tile: 16, 32, 64, 128
//   NUM_WARPS    [4]   warps per CTA: 1, 2, 4, 8
//   WARPS_N      [1]   warps sharing the same query rows, each taking BLOCK_N/WARPS_N keys of every
//                      tile (1, 2, 4, 8; USE_MMA=1); they merge (O, m, l) in shared memory at the
//                      end. Each warp owns RW = BLOCK_M·WARPS_N/NUM_WARPS query rows
//   STAGES       [2]   K/V shared-memory pipeline depth, 1..4 (cp.async groups in flight)
//   CP_ASYNC     [1]   1: cp.async.cg 16-byte copies with zero-fill; 0: loads through registers
//   SWIZZLE      [1]   1: XOR the 16-byte chunk index with row%8 (dense rows); 0: pad rows by PAD
//   PAD          [16]  SWIZZLE=0 only: bytes added to each shared-memory row; 0 = dense unswizzled
//                      rows (8-way ldmatrix bank conflicts: kept to show the bank_conflicts gate)
//   VEC          [1]   1: 16-byte global loads/stores; 0: 4-byte ones
//   USE_MMA      [1]   1: mma.sync m16n8k16 f16->f32 + ldmatrix(.trans); 0: SIMT fp32 path
//   KV_SPLITS    [0]   1: no split; >1: keys split across CTAs, partial (m, l, O) merged by a
//                      combine kernel through the log-sum-exp (fp32 workspace); 0: auto (below)
//   PERSISTENT   [0]   1: PERSIST_CTAS_PER_SM x SMs CTAs pull (q-tile, head, split) items from an
//                      atomic counter in the workspace, zeroed by a cudaMemsetAsync in kernel_run
//   PERSIST_CTAS_PER_SM [2] CTAs per SM of the persistent grid
//
// KV_SPLITS=0 rule: base = B·H·ceil(Sq/BLOCK_M) CTAs; splits = ceil(KV_SPLIT_WAVES·SMs / base)
// (enough CTAs for KV_SPLIT_WAVES CTAs per SM), at most key tiles / KV_SPLIT_MIN_TILES and at
// least 1; then tiles per split = ceil(key tiles / splits) and splits = ceil(key tiles / tiles
// per split), so every split owns >= 1 tile (CTAs may end a little under the target).
//   KV_SPLIT_WAVES     [4] CTAs per SM the automatic split aims at (0: never split)
//   KV_SPLIT_MIN_TILES [1] fewest key tiles an automatic split leaves each CTA
// Measured on an H200 (notes): with USE_MMA=1 a split costs a second launch and an fp32 partial
// round trip, and lost at B2_H8_S512 (12.0 -> 22.2 us, 4 splits) and B1_H8_S128 (6.5 -> 10.3 us,
// 2 splits); KV_SPLITS=1, or KV_SPLIT_WAVES=1 KV_SPLIT_MIN_TILES=2, suits such shapes, and
// splits pay where a few CTAs would walk thousands of keys (decode: Sq=1, Skv=4096).
//
// Refused at compile time (static_assert with a message):
//   values outside the sets above, KV_SPLITS > 256; STAGES > 1 with CP_ASYNC=0 (only cp.async
//   overlaps loads); CP_ASYNC=1 with VEC=0 (cp.async.cg copies 16 B; VEC=0 means plain 4-byte
//   loads); WARPS_N not dividing NUM_WARPS, or WARPS_N > 1 with USE_MMA=0; USE_MMA=1 with RW not
//   a multiple of 16 (m16 tiles per warp), BLOCK_N/WARPS_N not a multiple of 16 (k16 steps of
//   P·V), or more than 160 accumulator registers per thread, (RW/16)·(BLOCK_N/WARPS_N/8 +
//   HEAD_DIM/8)·4 (the rest of the kernel needs ~60-90 more; 192 measured to spill), e.g.
//   BLOCK_M=128 NUM_WARPS=2 BLOCK_N=32, or HEAD_DIM=128 BLOCK_M=128 NUM_WARPS=4 BLOCK_N=64;
//   shared memory above 227 KB per CTA (the sm_90 opt-in limit; the gates catch the smaller
//   limits of other GPUs). Accepted configurations can still spill (e.g. VEC=0 CP_ASYNC=0 with
//   one warp and HEAD_DIM=128: 128 loads in flight per thread): the register_spill gate reports it.
// Causal rows never end fully masked with top-left alignment; a split (or tile) with no visible
// key yields m = -inf, l = 0, O = 0, which the online softmax and the combine treat as empty.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "attn.h"
#include "attn_check.h"
#include "flash_config.cuh"
#include "flash_load.cuh"
#include "flash_params.cuh"
#if USE_MMA
#include "flash_mma.cuh"
#else
#include "flash_simt.cuh"
#endif

namespace fa {

#if USE_MMA
typedef MmaCompute Compute;
#else
typedef SimtCompute Compute;
#endif

// One work item: query tile qt of head bh, key split `split`.
__device__ __forceinline__ void process(const Params &p, unsigned char *smem, int qt, int bh,
                                        int split) {
  const int tid = threadIdx.x;
  const int q0 = qt * BM;
  const int kv_lo = split * p.tiles_per_split * BN;
  int kv_hi = min(p.skv, kv_lo + p.tiles_per_split * BN);
  if (p.causal) kv_hi = min(kv_hi, min(q0 + BM, p.sq));  // last row of the tile sees keys < this
  const int n_tiles = kv_hi > kv_lo ? (kv_hi - kv_lo + BN - 1) / BN : 0;
  const __half *qg = p.q + (size_t)bh * p.sq * D;
  const __half *kg = p.k + (size_t)bh * p.skv * D;
  const __half *vg = p.v + (size_t)bh * p.skv * D;
  unsigned char *sQ = smem + OFF_Q, *sK = smem + OFF_K, *sV = smem + OFF_V;

  Compute c;
#if !USE_MMA
  c.bind(smem);
#endif
  c.init();
  load_tile<BM>(sQ, qg + (size_t)q0 * D, p.sq - q0, tid);
#if CP_ASYNC
  cp_async_commit();
#pragma unroll
  for (int t = 0; t < STAGES - 1; ++t) {
    if (t < n_tiles) {
      const size_t r = (size_t)(kv_lo + t * BN) * D;
      load_tile<BN>(sK + t * KV_STAGE_BYTES, kg + r, p.skv - kv_lo - t * BN, tid);
      load_tile<BN>(sV + t * KV_STAGE_BYTES, vg + r, p.skv - kv_lo - t * BN, tid);
    }
    cp_async_commit();
  }
#endif
  for (int t = 0; t < n_tiles; ++t) {
#if CP_ASYNC
    const int tn = t + STAGES - 1;
    if (tn < n_tiles) {
      const int sn = tn % STAGES;
      const size_t r = (size_t)(kv_lo + tn * BN) * D;
      load_tile<BN>(sK + sn * KV_STAGE_BYTES, kg + r, p.skv - kv_lo - tn * BN, tid);
      load_tile<BN>(sV + sn * KV_STAGE_BYTES, vg + r, p.skv - kv_lo - tn * BN, tid);
    }
    cp_async_commit();
    cp_async_wait<STAGES - 1>();  // Q and tile t have landed (this thread's copies)
#else
    const size_t r = (size_t)(kv_lo + t * BN) * D;
    load_tile<BN>(sK, kg + r, p.skv - kv_lo - t * BN, tid);
    load_tile<BN>(sV, vg + r, p.skv - kv_lo - t * BN, tid);
#endif
    __syncthreads();  // ... and everyone's
    if (t == 0) c.load_q(sQ);
    const int st = t % STAGES;
    const int n0 = kv_lo + t * BN;
    const bool mask = n0 + BN > p.skv || (p.causal && n0 + BN - 1 > q0);
    if (mask)
      c.template tile<true>(sQ, sK + st * KV_STAGE_BYTES, sV + st * KV_STAGE_BYTES, n0, p, q0);
    else
      c.template tile<false>(sQ, sK + st * KV_STAGE_BYTES, sV + st * KV_STAGE_BYTES, n0, p, q0);
    __syncthreads();  // stage st is free for the next copy
  }
  if (n_tiles == 0) {  // nothing consumed Q: let its copies land before sQ is reused as staging
#if CP_ASYNC
    cp_async_wait<0>();
#endif
    __syncthreads();
  }
  c.merge_warps(smem);
  c.store(sQ, p, q0, bh, split);
#if PERSISTENT
  __syncthreads();  // staging in sQ done before the next item's loads
#endif
}

}  // namespace fa

using namespace fa;

// SIMT: __launch_bounds__(NT, 1); with the plain form ptxas settled on fewer registers than it
// needed and spilled a few values (8 bytes at HEAD_DIM 64 and 128, nvcc 13.0).
#if USE_MMA
#define FA_BOUNDS __launch_bounds__(NT)
#else
#define FA_BOUNDS __launch_bounds__(NT, 1)
#endif
__global__ void FA_BOUNDS flash_attn_fwd(const Params p) {
  extern __shared__ __align__(128) unsigned char smem[];
#if PERSISTENT
  int *item_s = reinterpret_cast<int *>(smem + OFF_ITEM);
  const int per_qt = p.bh * p.splits;
  for (;;) {
    if (threadIdx.x == 0) *item_s = (int)atomicAdd(p.counter, 1u);
    __syncthreads();
    const int item = *item_s;
    if (item >= p.items) break;
    const int qo = item / per_qt, rem = item % per_qt;
    const int qt = p.causal ? p.n_qt - 1 - qo : qo;  // causal: the longest rows first
    process(p, smem, qt, rem / p.splits, rem % p.splits);
  }
#else
  const int qt = p.causal ? p.n_qt - 1 - (int)blockIdx.x : (int)blockIdx.x;
  process(p, smem, qt, blockIdx.y, blockIdx.z);
#endif
}

// Merges the splits of each row: M = max m_s, w_s = 2^(m_s - M), O = Σ w_s O_s / Σ w_s l_s.
// One thread per 4 columns of a row.
__global__ void __launch_bounds__(256) flash_attn_combine(const Params p) {
  constexpr int TPR = D / 4;
  const long idx = (long)blockIdx.x * blockDim.x + threadIdx.x;
  const long rows = (long)p.bh * p.sq;
  const long row = idx / TPR;
  const int c4 = (int)(idx % TPR);
  if (row >= rows) return;
  float mx = -INFINITY;
  for (int s = 0; s < p.splits; ++s) mx = fmaxf(mx, p.ml[s * rows + row].x);
  const float off = mx == -INFINITY ? 0.f : mx;
  float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
  float L = 0.f;
  for (int s = 0; s < p.splits; ++s) {
    const float2 ml = p.ml[s * rows + row];
    const float w = ex2(ml.x - off);
    L += w * ml.y;
    const float4 v = *reinterpret_cast<const float4 *>(p.o_part + (s * rows + row) * D + c4 * 4);
    acc.x += w * v.x;
    acc.y += w * v.y;
    acc.z += w * v.z;
    acc.w += w * v.w;
  }
  const float inv = L > 0.f ? 1.f / L : 0.f;
  __half2 *o = reinterpret_cast<__half2 *>(p.o + row * D + c4 * 4);
  o[0] = __floats2half2_rn(acc.x * inv, acc.y * inv);
  o[1] = __floats2half2_rn(acc.z * inv, acc.w * inv);
}

// ---- host side -------------------------------------------------------------------------------

static const int COMBINE_THREADS = 256;

static size_t align_up(size_t x) { return (x + 255) & ~(size_t)255; }

// Resolved key/value splits for a shape; kernel_run gives each ceil(key tiles / splits) tiles.
static int split_count(const attn_shape *s, int sm_count) {
  const long key_tiles = (s->Skv + BN - 1) / BN;
  const long base = (long)s->B * s->H * ((s->Sq + BM - 1) / BM);
  long want = KV_SPLITS;
  if (want == 0) {  // auto (see the header)
    want = ((long)KV_SPLIT_WAVES * sm_count + base - 1) / base;
    if (want > key_tiles / KV_SPLIT_MIN_TILES) want = key_tiles / KV_SPLIT_MIN_TILES;
  }
  if (want > MAX_SPLITS) want = MAX_SPLITS;
  if (want > key_tiles) want = key_tiles;
  if (want < 1) want = 1;
  const long tps = (key_tiles + want - 1) / want;
  return (int)((key_tiles + tps - 1) / tps);
}

struct WsLayout {
  size_t o_part, ml, counter, total;
};

static WsLayout ws_layout(const attn_shape *s, int splits) {
  WsLayout w = {0, 0, 0, 0};
  const size_t rows = (size_t)s->B * s->H * s->Sq;
  if (splits > 1) {
    w.o_part = 0;
    w.ml = align_up((size_t)splits * rows * D * sizeof(float));
    w.total = align_up(w.ml + (size_t)splits * rows * sizeof(float2));
  }
  if (PERSISTENT) {
    w.counter = w.total;
    w.total += 256;
  }
  return w;
}

extern "C" int kernel_describe(const problem_shape *shape, int sm_count, attn_plan *plan, char *msg,
                               size_t msglen) {
  const attn_shape s_ = attn_shape_of(shape), *s = &s_;
  if (attn_check_shape(s, HEAD_DIM, sm_count, msg, msglen) != 0) return -1;
  const long bh = (long)s->B * s->H;
  const long n_qt = (s->Sq + BM - 1) / BM;
  const int splits = split_count(s, sm_count);
  const long items = n_qt * bh * splits;
  if (bh > 65535 || items > 0x7fffffffL || bh * s->Sq * (long)D * splits > (1L << 40)) {
    snprintf(msg, msglen, "shape too large for this kernel's grid (B*H=%ld, items=%ld)", bh, items);
    return -1;
  }
  memset(plan, 0, sizeof *plan);
  snprintf(plan->kernel, sizeof plan->kernel, "flash_attn_fwd");
  if (PERSISTENT) {
    long ctas = (long)PERSIST_CTAS_PER_SM * sm_count;
    if (ctas > items) ctas = items;
    plan->grid[0] = (unsigned)ctas;
    plan->grid[1] = plan->grid[2] = 1;
  } else {
    plan->grid[0] = (unsigned)n_qt;
    plan->grid[1] = (unsigned)bh;
    plan->grid[2] = (unsigned)splits;
  }
  plan->block[0] = NT;
  plan->block[1] = plan->block[2] = 1;
  plan->dyn_smem = SMEM_BYTES;
  plan->ctas = (long)plan->grid[0] * plan->grid[1] * plan->grid[2];
  plan->splits = splits;
  plan->persistent = PERSISTENT;
  plan->work_items = items;
  plan->workspace_bytes = ws_layout(s, splits).total;
  plan->launches = 1 + (splits > 1) + PERSISTENT;
  return 0;
}

extern "C" cudaError_t kernel_prepare(const problem_shape *shape, const attn_plan *plan) {
  (void)shape;
  (void)plan;
  cudaError_t e = cudaFuncSetAttribute(flash_attn_fwd, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       (int)SMEM_BYTES);
  return e;
}

extern "C" cudaError_t kernel_run(const problem_shape *shape, const attn_plan *plan, const problem_io *io,
                                  void *workspace, cudaStream_t stream) {
  const attn_shape s_ = attn_shape_of(shape), *s = &s_;
  const attn_args a_ = attn_args_of(shape, io), *a = &a_;
  Params p;
  const int splits = plan->splits;
  const long key_tiles = (s->Skv + BN - 1) / BN;
  const WsLayout w = ws_layout(s, splits);
  unsigned char *ws = static_cast<unsigned char *>(workspace);
  p.q = a->q;
  p.k = a->k;
  p.v = a->v;
  p.o = a->o;
  p.o_part = splits > 1 ? reinterpret_cast<float *>(ws + w.o_part) : nullptr;
  p.ml = splits > 1 ? reinterpret_cast<float2 *>(ws + w.ml) : nullptr;
  p.counter = PERSISTENT ? reinterpret_cast<unsigned *>(ws + w.counter) : nullptr;
  p.bh = s->B * s->H;
  p.sq = s->Sq;
  p.skv = s->Skv;
  p.causal = s->causal;
  p.scale_log2 = a->scale * 1.4426950408889634f;
  p.n_qt = (s->Sq + BM - 1) / BM;
  p.splits = splits;
  p.tiles_per_split = (int)((key_tiles + splits - 1) / splits);
  p.items = (int)plan->work_items;
  if (PERSISTENT) {
    cudaError_t e = cudaMemsetAsync(p.counter, 0, sizeof(unsigned), stream);
    if (e != cudaSuccess) return e;
  }
  const dim3 grid(plan->grid[0], plan->grid[1], plan->grid[2]);
  flash_attn_fwd<<<grid, NT, SMEM_BYTES, stream>>>(p);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess || splits == 1) return e;
  const long threads = (long)p.bh * p.sq * (D / 4);
  const unsigned blocks = (unsigned)((threads + COMBINE_THREADS - 1) / COMBINE_THREADS);
  flash_attn_combine<<<blocks, COMBINE_THREADS, 0, stream>>>(p);
  return cudaGetLastError();
}

extern "C" void kernel_release(void) {}

extern "C" const void *kernel_main(const attn_plan *plan) {
  (void)plan;
  return reinterpret_cast<const void *>(flash_attn_fwd);
}

#define FA_STR2(x) #x
#define FA_STR(x) FA_STR2(x)
extern "C" const char *kernel_config(void) {
  return "HEAD_DIM=" FA_STR(HEAD_DIM) " BLOCK_M=" FA_STR(BLOCK_M) " BLOCK_N=" FA_STR(
      BLOCK_N) " NUM_WARPS=" FA_STR(NUM_WARPS) " STAGES=" FA_STR(STAGES) " CP_ASYNC=" FA_STR(CP_ASYNC)
      " SWIZZLE=" FA_STR(SWIZZLE) " PAD=" FA_STR(PAD) " VEC=" FA_STR(VEC) " USE_MMA=" FA_STR(USE_MMA) " KV_SPLITS=" FA_STR(
          KV_SPLITS) " PERSISTENT=" FA_STR(PERSISTENT) " WARPS_N=" FA_STR(WARPS_N) " KV_SPLIT_WAVES=" FA_STR(KV_SPLIT_WAVES) " KV_SPLIT_MIN_TILES=" FA_STR(KV_SPLIT_MIN_TILES) " PERSIST_CTAS_PER_SM=" FA_STR(PERSIST_CTAS_PER_SM);
}
