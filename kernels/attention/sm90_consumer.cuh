// sm90_consumer.cuh — the math of one consumer warpgroup of flash_attn_sm90.cu: 64 query rows
// against a stream of K/V tiles in shared memory, FlashAttention-2's online softmax in fp32.
// Per key tile:
//   S = Q·Kᵀ   wgmma m64nBNk16, A = Q and B = K both K-major (128-byte swizzled rows of 64 fp16);
//              D/16 k16 steps: +32 bytes inside a 128-byte row, the next panel every 4 steps
//   mask       keys past Skv, causal keys after the query (only on tiles that need it)
//   softmax    row max / sum over the 4 threads of a quad (shfl_xor 1, 2), scores in log2 units;
//              2^x by the special-function unit (ex2.approx), or with EXP_POLY = k for the first
//              k of every 8 of a thread's scores in a row by a cubic on the FMA units
//              (exp2_poly.h): at HEAD_DIM 64 the unit's 16 ex2 per clock per SM take as long as
//              the tile's two GEMMs on the tensor cores
//   rescale    O *= 2^(m_old - m_new); with LAZY_RESCALE=1 a row's maximum moves only when a
//              tile's exceeds it by more than RESCALE_SLACK, and a warp skips the multiplies
//              when none of its rows moved (expected for most tiles after the first; not counted)
//   O += P·V   wgmma m64nDk16 with P from registers (S's 16-column blocks repacked to fp16 are the
//              A fragments) and V as the MN-major B operand; BN/16 k16 steps of 16 key rows
// Thread (warp wq of the warpgroup, lane) holds rows 16·wq + lane/4 (h = 0) and + 8 (h = 1).
// Each step is split into issue and wait so that flash_attn_sm90.cu can order them: in sequence
// (OVERLAP=0), or with S of tile t+1 and P·V of tile t in flight together (OVERLAP=1).
#pragma once
#include "exp2_poly.h"
#include "flash_ptx.cuh"
#include "sm90_config.cuh"
#include "sm90_params.cuh"
#include "sm90/tma.cuh"
#include "sm90/wgmma.cuh"

namespace fa90 {

using fa::ex2;
using ptx::pack_half2;

struct WgConsumer {
  static constexpr int NS = BN / 2;  // S accumulators per thread
  static constexpr int NO = D / 2;   // O accumulators per thread
  static constexpr int KD = D / 16;  // k16 steps of S = Q·Kᵀ
  static constexpr int KN = BN / 16;  // k16 steps of O += P·V

  float s[NS];
  float o[NO];
  uint32_t pf[KN][4];  // P as fp16 A fragments, one per k16 step of P·V
  float m[2];      // running max (log2 units) of rows h = 0, 1
  float l[2];      // running sum, this thread's columns only (quad-reduced at the end)
  float alpha[2];  // the last softmax's rescale factor of O, 2^(m_old - m_new)
  int row[2];      // query row of h = 0, 1 within the head

  __device__ __forceinline__ void init(int q0w) {
    const int lane = threadIdx.x & 31, wq = (threadIdx.x >> 5) & 3;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      m[h] = -INFINITY;
      l[h] = 0.f;
      row[h] = q0w + 16 * wq + (lane >> 2) + 8 * h;
    }
#pragma unroll
    for (int i = 0; i < NO; ++i) o[i] = 0.f;
  }

  // S = Q·Kᵀ for the tile whose K-major descriptor low word is k_lo, issued (the tensor cores
  // run it asynchronously); q_lo is that of this warpgroup's first Q row (panel 0). The k16 steps
  // are compile-time offsets of both words (sm90/wgmma.cuh).
  __device__ __forceinline__ void scores_issue(uint32_t q_lo, uint32_t k_lo) {
    sm90::fence();
#pragma unroll
    for (int kk = 0; kk < KD; ++kk) {
      const uint32_t k_off = (kk & 3) * 32;
      const uint64_t da = sm90::desc_of(q_lo + (uint32_t)(((kk >> 2) * Q_PANEL + k_off) >> 4));
      const uint64_t db = sm90::desc_of(k_lo + (uint32_t)(((kk >> 2) * KV_PANEL + k_off) >> 4));
      sm90::mma_ss<BN>(s, da, db, kk > 0);
    }
    sm90::commit();
  }
  // ... and landed in s; N: groups issued after it that may stay in flight (P·V with OVERLAP).
  template <int N>
  __device__ __forceinline__ void scores_wait() {
    sm90::wait<N>();
    sm90::pin(s);
  }

  // Masks, updates (m, l), leaves P = 2^(S·scale - m) in s and O's rescale factor in alpha
  // (O is not touched: with OVERLAP a P·V may still be accumulating into it).
  template <bool MASK>
  __device__ __forceinline__ void softmax(int n0, const Params &p) {
    if constexpr (MASK) {
      const int t4 = threadIdx.x & 3;
#pragma unroll
      for (int i = 0; i < NS; ++i) {
        const int key = n0 + (i >> 2) * 8 + 2 * t4 + (i & 1);
        if (key >= p.skv || (p.causal && key > row[(i >> 1) & 1])) s[i] = -INFINITY;
      }
    }
    // Row max and row sum over this thread's NS / 2 columns of a row, in R independent partial
    // chains combined at the end: a single chain of dependent FMNMX / FADD would leave the
    // consumer warps of a scheduler (one per consumer warpgroup) waiting on each result.
    constexpr int R = 4;
    static_assert((NS / 2) % R == 0, "the partial reductions need NS / 2 divisible by 4");
    const float sl = p.scale_log2;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      float pm[R];
#pragma unroll
      for (int r = 0; r < R; ++r) pm[r] = -INFINITY;
#pragma unroll
      for (int j = 0; j < NS / 4; ++j)
#pragma unroll
        for (int e = 0; e < 2; ++e) pm[(2 * j + e) % R] = fmaxf(pm[(2 * j + e) % R], s[4 * j + 2 * h + e]);
#pragma unroll
      for (int w = R / 2; w >= 1; w /= 2)
#pragma unroll
        for (int r = 0; r < w; ++r) pm[r] = fmaxf(pm[r], pm[r + w]);
      float mr = pm[0];  // raw row max of this tile
      mr = fmaxf(mr, __shfl_xor_sync(0xffffffffu, mr, 1));
      mr = fmaxf(mr, __shfl_xor_sync(0xffffffffu, mr, 2));
      const float mt = fmaxf(m[h], mr * sl);  // S stays unscaled: scale > 0 keeps the max
      // LAZY_RESCALE: the old maximum stays while this tile's is at most RESCALE_SLACK above it
      // (alpha is then exactly 1, ex2 of +0); -inf (nothing seen yet) is replaced by any finite
      // maximum (a wholly masked tile leaves it -inf, alpha 0, and O is still 0). The test is on
      // the largest exponent the tile would use, fmaf(mr, sl, -m) as below, not on mt <= m + 8:
      // at |m| >= 2^27 the sum m + 8 rounds in fp32, and exponents past 8 (P past fp16's range
      // at 16) could slip through
      const float mx = LAZY_RESCALE && fmaf(mr, sl, -m[h]) <= RESCALE_SLACK ? m[h] : mt;
      const float off = mx == -INFINITY ? 0.f : mx;  // fully masked so far: no NaN
      const float alpha_h = ex2(m[h] - off);
      m[h] = mx;
      float ps[R];
#pragma unroll
      for (int r = 0; r < R; ++r) ps[r] = 0.f;
#pragma unroll
      for (int j = 0; j < NS / 4; ++j)
#pragma unroll
        for (int e = 0; e < 2; ++e) {
          const float x = fmaf(s[4 * j + 2 * h + e], sl, -off);
          const float pv = (2 * j + e) % 8 < EXP_POLY ? exp2_poly(x) : ex2(x);
          s[4 * j + 2 * h + e] = pv;
          ps[(2 * j + e) % R] += pv;
        }
#pragma unroll
      for (int w = R / 2; w >= 1; w /= 2)
#pragma unroll
        for (int r = 0; r < w; ++r) ps[r] += ps[r + w];
      l[h] = l[h] * alpha_h + ps[0];
      alpha[h] = alpha_h;
    }
  }

  // O *= alpha, once no P·V is in flight; with LAZY_RESCALE skipped by a warp whose alphas are
  // all 1 (the vote keeps the branch warp-uniform).
  __device__ __forceinline__ void rescale() {
    if constexpr (LAZY_RESCALE)
      if (!__any_sync(0xffffffffu, alpha[0] != 1.f || alpha[1] != 1.f)) return;
#pragma unroll
    for (int h = 0; h < 2; ++h)
#pragma unroll
      for (int j = 0; j < NO / 4; ++j) {
        o[4 * j + 2 * h] *= alpha[h];
        o[4 * j + 2 * h + 1] *= alpha[h];
      }
  }

  // P (in s) -> fp16 A fragments.
  __device__ __forceinline__ void pack_p() {
#pragma unroll
    for (int j = 0; j < KN; ++j) {
      pf[j][0] = pack_half2(s[8 * j], s[8 * j + 1]);
      pf[j][1] = pack_half2(s[8 * j + 2], s[8 * j + 3]);
      pf[j][2] = pack_half2(s[8 * j + 4], s[8 * j + 5]);
      pf[j][3] = pack_half2(s[8 * j + 6], s[8 * j + 7]);
    }
  }

  // O += P·V for the V tile whose MN-major descriptor low word is v_lo, issued (k16 step j is 16
  // key rows, 2048 bytes, further). Every A register and O are written before the fence (see
  // sm90::pin).
  __device__ __forceinline__ void pv_issue(uint32_t v_lo) {
#pragma unroll
    for (int j = 0; j < KN; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) asm volatile("" : "+r"(pf[j][e])::"memory");
    sm90::pin(o);
    sm90::fence();
#pragma unroll
    for (int j = 0; j < KN; ++j)
      sm90::mma_rs<D>(o, pf[j], sm90::desc_of(v_lo + (uint32_t)(j * 16 * 128 >> 4)));
    sm90::commit();
  }
  __device__ __forceinline__ void pv_wait() {
    sm90::wait<0>();
    sm90::pin(o);
  }

  // The partial state of a piece of an item (PERSISTENT=2, sm90_split.cuh): O unnormalised, m
  // and this thread's l, into / from a slot of thread-major float4 columns, through L2 only.
  __device__ __forceinline__ void save(float *slot) const {
    float4 *d = reinterpret_cast<float4 *>(slot) + (threadIdx.x & 127);
#pragma unroll
    for (int j = 0; j < NO / 4; ++j)
      __stcg(d + 128 * j, make_float4(o[4 * j], o[4 * j + 1], o[4 * j + 2], o[4 * j + 3]));
    __stcg(d + 128 * (NO / 4), make_float4(m[0], m[1], l[0], l[1]));
  }
  // Merges another piece's state of the same rows: both rescaled to the larger maximum.
  __device__ __forceinline__ void merge(const float *slot) {
    const float4 *d = reinterpret_cast<const float4 *>(slot) + (threadIdx.x & 127);
    const float4 ml = __ldcg(d + 128 * (NO / 4));
    const float mo[2] = {ml.x, ml.y}, lo[2] = {ml.z, ml.w};
    float a[2], b[2];
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const float mx = fmaxf(m[h], mo[h]);
      const float off = mx == -INFINITY ? 0.f : mx;
      a[h] = ex2(m[h] - off);
      b[h] = ex2(mo[h] - off);
      m[h] = mx;
      l[h] = l[h] * a[h] + lo[h] * b[h];
    }
#pragma unroll
    for (int j = 0; j < NO / 4; ++j) {
      const float4 v = __ldcg(d + 128 * j);
      o[4 * j] = fmaf(o[4 * j], a[0], v.x * b[0]);
      o[4 * j + 1] = fmaf(o[4 * j + 1], a[0], v.y * b[0]);
      o[4 * j + 2] = fmaf(o[4 * j + 2], a[1], v.z * b[1]);
      o[4 * j + 3] = fmaf(o[4 * j + 3], a[1], v.w * b[1]);
    }
  }

  // 1 / l of rows h = 0, 1 (l summed over the quad first), 0 for a row that saw no key.
  __device__ __forceinline__ void row_inv(float inv[2]) {
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      l[h] += __shfl_xor_sync(0xffffffffu, l[h], 1);
      l[h] += __shfl_xor_sync(0xffffffffu, l[h], 2);
      inv[h] = l[h] > 0.f ? 1.f / l[h] : 0.f;
    }
  }

  // Normalises O and writes this thread's rows below Sq (fp16, [B·H, Sq, D]).
  __device__ __forceinline__ void store(const Params &p, int bh) {
    const int t4 = threadIdx.x & 3;
    float inv[2];
    row_inv(inv);
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      if (row[h] >= p.sq) continue;
      __half *og = p.o + ((size_t)bh * p.sq + row[h]) * D + 2 * t4;
#pragma unroll
      for (int j = 0; j < NO / 4; ++j)
        *reinterpret_cast<uint32_t *>(og + 8 * j) =
            pack_half2(o[4 * j + 2 * h] * inv[h], o[4 * j + 2 * h + 1] * inv[h]);
    }
  }

  // TMA_STORE=1: normalises O into this warpgroup's 64 rows of the O buffer at o_smem (panel pn
  // Q_PANEL further; 128-byte swizzle, 16-byte chunk c of row r at c ^ (r % 8), as the copy engine
  // reads it), then its first thread stores them with one bulk tensor copy per panel: rows past
  // Sq are outside the map and not written. The barrier sync(), of the warpgroup's 128 threads,
  // orders the writes after the previous item's copies have read the buffer and before this
  // one's. A quad's four threads fill one 16-byte chunk of a row and a warp's eight rows fall in
  // eight different chunk columns: the 32 lanes hit 32 banks.
  template <typename Sync>
  __device__ __forceinline__ void store_tma(const Params &p, int bh, int q0w, uint32_t o_smem,
                                            Sync sync) {
    const int t4 = threadIdx.x & 3, lane = threadIdx.x & 31, wq = (threadIdx.x >> 5) & 3;
    const bool leader = (threadIdx.x & 127) == 0;
    float inv[2];
    row_inv(inv);
    if (leader) sm90::bulk_wait_read<0>();
    sync();
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const uint32_t r = (uint32_t)(16 * wq + (lane >> 2) + 8 * h), sw = (uint32_t)(lane >> 2);
#pragma unroll
      for (int j = 0; j < NO / 4; ++j) {
        const uint32_t a = o_smem + (uint32_t)((j >> 3) * Q_PANEL) + r * 128u +
                           ((((uint32_t)j & 7u) ^ sw) << 4) + 4u * (uint32_t)t4;
        asm volatile("st.shared.b32 [%0], %1;\n" ::"r"(a),
                     "r"(pack_half2(o[4 * j + 2 * h] * inv[h], o[4 * j + 2 * h + 1] * inv[h]))
                     : "memory");
      }
    }
    sm90::fence_proxy_async_smem();
    sync();
    if (leader) {
#pragma unroll
      for (int pn = 0; pn < PANELS; ++pn)
        sm90::tma_store_3d(&p.tm_o, o_smem + (uint32_t)(pn * Q_PANEL), 64 * pn, q0w, bh);
      sm90::bulk_commit();
    }
  }
};

}  // namespace fa90
