// flash_simt.cuh — the plain fp32 SIMT path of flash_attn.cu (USE_MMA=0), for the ablation
// ladder. Each warp walks its RW query rows one at a time: lane j scores keys j, j + 32, ... of the
// tile (16-byte shared loads of the Q and K rows, fp32 FMA), the warp reduces max and sum with
// shuffles, writes P to a per-warp buffer, then each lane updates two (D=64) or four (D=128)
// output columns of the row, kept in fp32 in shared memory with the row's m and l.
#pragma once
#include "flash_config.cuh"
#include "flash_params.cuh"
#include "flash_ptx.cuh"

namespace fa {

struct SimtCompute {
  static constexpr int JU = (BN + 31) / 32;  // keys per lane
  static constexpr int CP = D / 64;         // column pairs per lane
  int lane, row_base;
  float *oacc, *pbuf, *ms, *ls;

  __device__ __forceinline__ void bind(unsigned char *smem) {
    lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    row_base = warp * RW;
    oacc = reinterpret_cast<float *>(smem + OFF_OACC);
    pbuf = reinterpret_cast<float *>(smem + OFF_P) + warp * BN;
    ms = reinterpret_cast<float *>(smem + OFF_ML);
    ls = ms + BM;
  }

  __device__ __forceinline__ void init() {
    for (int i = lane; i < RW * D; i += 32) oacc[row_base * D + i] = 0.f;
    for (int r = lane; r < RW; r += 32) {
      ms[row_base + r] = -INFINITY;
      ls[row_base + r] = 0.f;
    }
    __syncwarp();
  }

  __device__ __forceinline__ void load_q(const unsigned char *) {}
  __device__ __forceinline__ void merge_warps(unsigned char *) {}

  template <bool MASK>
  __device__ __forceinline__ void tile(const unsigned char *sQ, const unsigned char *sK,
                                       const unsigned char *sV, int n0, const Params &p, int q0) {
#pragma unroll 1
    for (int r = 0; r < RW; ++r) {
      const int row = row_base + r;
      float sv[JU];
#pragma unroll
      for (int u = 0; u < JU; ++u) {
        const int j = lane + 32 * u;
        float x = -INFINITY;
        if (BN % 32 == 0 || j < BN) {
          float acc = 0.f;
#pragma unroll
          for (int c = 0; c < CHUNKS; ++c) {
            const uint4 qv = *reinterpret_cast<const uint4 *>(sQ + tile_off(row, c));
            const uint4 kv = *reinterpret_cast<const uint4 *>(sK + tile_off(j, c));
            const __half2 *qh = reinterpret_cast<const __half2 *>(&qv);
            const __half2 *kh = reinterpret_cast<const __half2 *>(&kv);
#pragma unroll
            for (int e = 0; e < 4; ++e) {
              const float2 qf = __half22float2(qh[e]), kf = __half22float2(kh[e]);
              acc = fmaf(qf.x, kf.x, acc);
              acc = fmaf(qf.y, kf.y, acc);
            }
          }
          x = acc * p.scale_log2;
          if (MASK) {
            const int key = n0 + j;
            if (key >= p.skv || (p.causal && key > q0 + row)) x = -INFINITY;
          }
        }
        sv[u] = x;
      }
      const float m_old = ms[row];
      float mx = m_old;
#pragma unroll
      for (int u = 0; u < JU; ++u) mx = fmaxf(mx, sv[u]);
#pragma unroll
      for (int w = 16; w > 0; w >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, w));
      const float off = mx == -INFINITY ? 0.f : mx;
      const float alpha = ex2(m_old - off);
      float sum = 0.f;
#pragma unroll
      for (int u = 0; u < JU; ++u) {
        const int j = lane + 32 * u;
        const float pv = ex2(sv[u] - off);
        sum += pv;
        if (BN % 32 == 0 || j < BN) pbuf[j] = pv;
      }
#pragma unroll
      for (int w = 16; w > 0; w >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, w);
      __syncwarp();  // pbuf complete; every lane has read ms[row]
      if (lane == 0) {
        ms[row] = mx;
        ls[row] = ls[row] * alpha + sum;
      }
#pragma unroll
      for (int w = 0; w < CP; ++w) {
        const int cp = lane + 32 * w;  // columns 2cp, 2cp + 1
        float2 *op = reinterpret_cast<float2 *>(oacc + row * D) + cp;
        float2 acc = *op;
        acc.x *= alpha;
        acc.y *= alpha;
#pragma unroll 8
        for (int j = 0; j < BN; ++j) {
          const float pj = pbuf[j];
          const float2 vf = __half22float2(
              *reinterpret_cast<const __half2 *>(sV + tile_off(j, cp >> 2) + ((cp & 3) << 2)));
          acc.x = fmaf(pj, vf.x, acc.x);
          acc.y = fmaf(pj, vf.y, acc.y);
        }
        *op = acc;
      }
      __syncwarp();  // pbuf and ms/ls reused by the next row
    }
  }

  __device__ __forceinline__ void store(unsigned char *, const Params &p, int q0, int bh,
                                        int split) {
    for (int r = 0; r < RW; ++r) {
      const int row = row_base + r, grow = q0 + row;
      if (grow >= p.sq) break;
      const float l = ls[row];
      if (p.splits == 1) {
        const float inv = l > 0.f ? 1.f / l : 0.f;
        __half2 *og = reinterpret_cast<__half2 *>(p.o + ((size_t)bh * p.sq + grow) * D);
#pragma unroll
        for (int w = 0; w < CP; ++w) {
          const int cp = lane + 32 * w;
          const float2 a = reinterpret_cast<const float2 *>(oacc + row * D)[cp];
          og[cp] = __floats2half2_rn(a.x * inv, a.y * inv);
        }
      } else {
        const size_t base = ((size_t)split * p.bh + bh) * p.sq + grow;
        float2 *op = reinterpret_cast<float2 *>(p.o_part + base * D);
#pragma unroll
        for (int w = 0; w < CP; ++w) {
          const int cp = lane + 32 * w;
          op[cp] = reinterpret_cast<const float2 *>(oacc + row * D)[cp];
        }
        if (lane == 0) p.ml[base] = make_float2(ms[row], l);
      }
    }
  }
};

}  // namespace fa
