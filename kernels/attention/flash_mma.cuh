// flash_mma.cuh — the tensor-core path of flash_attn.cu (USE_MMA=1), FlashAttention-2 style.
// Warp w = (wm, wn) = (w / WARPS_N, w % WARPS_N) owns query rows [wm·RW, +RW) (MT m16 tiles) and
// keys [wn·WN, +WN) of every K/V tile; with WARPS_N > 1 the WARPS_N warps of the same rows merge
// their (O, m, l) through shared memory at the end (merge_warps). Per key tile:
//   S = Q·Kᵀ   Q as A fragments (ldmatrix, kept in registers when small), K rows as the
//              col-major B operand (ldmatrix, no transpose: K is [n][d] row-major)
//   online softmax on S in registers; row max/sum over the 4 threads of a quad (shfl_xor 1, 2)
//   O += P·V   P's C fragments (two n8 tiles) repacked to fp16 are exactly the A fragment of one
//              k16 step; V through ldmatrix.trans
// Thread (lane) holds rows g = lane/4 and g + 8 of each m16 tile, columns 2·(lane%4) + {0, 1}.
#pragma once
#include "flash_config.cuh"
#include "flash_params.cuh"
#include "flash_ptx.cuh"

namespace fa {

struct MmaCompute {
  static constexpr int MT = RW / 16;  // m16 tiles per warp
  static constexpr int NS = WN / 8;   // n8 tiles of S
  static constexpr int KD = D / 16;   // k16 steps over the head dimension
  static constexpr int NO = D / 8;    // n8 tiles of O
  static constexpr int KN = WN / 16;  // k16 steps over this warp's keys of a tile
  // Q fragments stay in registers when they and the accumulators fit in 160 registers; otherwise
  // they are re-read from shared memory (ldmatrix) for every key tile.
  static constexpr bool QREG = ACC_REGS + MT * KD * 4 <= 160;

  float o[MT][NO][4];
  float m[MT][2];  // running max (log2 units) of rows g, g + 8
  float l[MT][2];  // running sum, this thread's columns only (quad-reduced at the end)
  uint32_t qf[QREG ? MT : 1][QREG ? KD : 1][4];
  int lane, row_base, wn;

  __device__ __forceinline__ void init() {
    lane = threadIdx.x & 31;
    row_base = (threadIdx.x >> 5) / WARPS_N * RW;
    wn = (threadIdx.x >> 5) % WARPS_N;
#pragma unroll
    for (int mt = 0; mt < MT; ++mt) {
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        m[mt][h] = -INFINITY;
        l[mt][h] = 0.f;
      }
#pragma unroll
      for (int no = 0; no < NO; ++no)
#pragma unroll
        for (int e = 0; e < 4; ++e) o[mt][no][e] = 0.f;
    }
  }

  // Byte offset, inside a tile, of the 16-byte chunk pair j (chunk 2j + cb) of row row_lane; the
  // swizzle depends on row_lane % 8 only, so adding 16·k rows is a compile-time immediate.
  static __device__ __forceinline__ uint32_t frag_off(int row_lane, int cb, int j) {
    return row_lane * ROW_BYTES + ((((j << 1) | cb) ^ (SWIZZLE ? (row_lane & 7) : 0)) << 4);
  }

  __device__ __forceinline__ void ldsm_q(uint32_t (&a)[4], const unsigned char *sQ, int mt,
                                         int kk) const {
    ldsm_x4(a, smem_addr(sQ) + frag_off(row_base + (lane & 15), lane >> 4, kk) +
                   mt * 16 * ROW_BYTES);
  }

  __device__ __forceinline__ void load_q(const unsigned char *sQ) {
    if constexpr (QREG) {
#pragma unroll
      for (int mt = 0; mt < MT; ++mt)
#pragma unroll
        for (int kk = 0; kk < KD; ++kk) ldsm_q(qf[mt][kk], sQ, mt, kk);
    }
  }

  // One K/V tile; MASK: the tile holds keys past Skv or (causal) keys after some query.
  template <bool MASK>
  __device__ __forceinline__ void tile(const unsigned char *sQ, const unsigned char *sK,
                                       const unsigned char *sV, int n0, const Params &p, int q0) {
    float s[MT][NS][4];
#pragma unroll
    for (int mt = 0; mt < MT; ++mt)
#pragma unroll
      for (int nt = 0; nt < NS; ++nt)
#pragma unroll
        for (int e = 0; e < 4; ++e) s[mt][nt][e] = 0.f;

    // S = Q Kᵀ
    const uint32_t sK_addr = smem_addr(sK) + wn * WN * ROW_BYTES;
#pragma unroll
    for (int kk = 0; kk < KD; ++kk) {
      const uint32_t k_base =
          sK_addr + frag_off(((lane >> 4) << 3) + (lane & 7), (lane >> 3) & 1, kk);
      uint32_t a[MT][4];
#pragma unroll
      for (int mt = 0; mt < MT; ++mt) {
        if constexpr (QREG) {
#pragma unroll
          for (int e = 0; e < 4; ++e) a[mt][e] = qf[mt][kk][e];
        } else {
          ldsm_q(a[mt], sQ, mt, kk);
        }
      }
#pragma unroll
      for (int nn = 0; nn < NS / 2; ++nn) {
        uint32_t b[4];
        ldsm_x4(b, k_base + nn * 16 * ROW_BYTES);
#pragma unroll
        for (int mt = 0; mt < MT; ++mt) {
          mma_16816(s[mt][2 * nn], a[mt], b[0], b[1]);
          mma_16816(s[mt][2 * nn + 1], a[mt], b[2], b[3]);
        }
      }
    }

    // mask keys past Skv and (causal) keys after the query; S stays unscaled (scale > 0 keeps
    // the max in place) and the scale is folded into the exponent's FFMA below
    if constexpr (MASK) {
      const int g = lane >> 2, t4 = lane & 3;
#pragma unroll
      for (int mt = 0; mt < MT; ++mt)
#pragma unroll
        for (int nt = 0; nt < NS; ++nt)
#pragma unroll
          for (int e = 0; e < 4; ++e) {
            const int key = n0 + wn * WN + nt * 8 + 2 * t4 + (e & 1);
            const int row = q0 + row_base + mt * 16 + g + ((e >> 1) << 3);
            if (key >= p.skv || (p.causal && key > row)) s[mt][nt][e] = -INFINITY;
          }
    }
    const float sl = p.scale_log2;

    // online softmax: new max, rescale O and l, P = 2^(S - max)
#pragma unroll
    for (int mt = 0; mt < MT; ++mt)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        float mr = -INFINITY;  // raw row max of this tile
#pragma unroll
        for (int nt = 0; nt < NS; ++nt)
          mr = fmaxf(mr, fmaxf(s[mt][nt][2 * h], s[mt][nt][2 * h + 1]));
        mr = fmaxf(mr, __shfl_xor_sync(0xffffffffu, mr, 1));
        mr = fmaxf(mr, __shfl_xor_sync(0xffffffffu, mr, 2));
        const float mx = fmaxf(m[mt][h], mr * sl);  // log2 units
        const float off = mx == -INFINITY ? 0.f : mx;  // fully masked so far: no NaN
        const float alpha = ex2(m[mt][h] - off);
        m[mt][h] = mx;
        float sum = 0.f;
#pragma unroll
        for (int nt = 0; nt < NS; ++nt)
#pragma unroll
          for (int e = 0; e < 2; ++e) {
            const float pv = ex2(fmaf(s[mt][nt][2 * h + e], sl, -off));
            s[mt][nt][2 * h + e] = pv;
            sum += pv;
          }
        l[mt][h] = l[mt][h] * alpha + sum;
#pragma unroll
        for (int no = 0; no < NO; ++no) {
          o[mt][no][2 * h] *= alpha;
          o[mt][no][2 * h + 1] *= alpha;
        }
      }

    // O += P V
    const uint32_t sV_addr = smem_addr(sV) + wn * WN * ROW_BYTES;
#pragma unroll
    for (int kk = 0; kk < KN; ++kk) {
      uint32_t a[MT][4];
#pragma unroll
      for (int mt = 0; mt < MT; ++mt) {
        a[mt][0] = pack_half2(s[mt][2 * kk][0], s[mt][2 * kk][1]);
        a[mt][1] = pack_half2(s[mt][2 * kk][2], s[mt][2 * kk][3]);
        a[mt][2] = pack_half2(s[mt][2 * kk + 1][0], s[mt][2 * kk + 1][1]);
        a[mt][3] = pack_half2(s[mt][2 * kk + 1][2], s[mt][2 * kk + 1][3]);
      }
#pragma unroll
      for (int dd = 0; dd < NO / 2; ++dd) {
        uint32_t b[4];
        ldsm_x4_trans(b, sV_addr + frag_off(lane & 15, lane >> 4, dd) + kk * 16 * ROW_BYTES);
#pragma unroll
        for (int mt = 0; mt < MT; ++mt) {
          mma_16816(o[mt][2 * dd], a[mt], b[0], b[1]);
          mma_16816(o[mt][2 * dd + 1], a[mt], b[2], b[3]);
        }
      }
    }
  }

  // WARPS_N > 1: warps wn > 0 park (O, m, l) in shared memory (over the K/V stages, free after
  // the last tile's barrier); warp wn = 0 of the same rows folds them into its registers. Every
  // thread of the CTA must call this (it has a barrier).
  __device__ __forceinline__ void merge_warps(unsigned char *smem) {
    if constexpr (WARPS_N > 1) {
      float *comb = reinterpret_cast<float *>(smem + OFF_COMB);
      constexpr int PER_LANE = MT * (NO * 4 + 4);
      const int wm = row_base / RW;
      if (wn > 0) {
        float *dst = comb + (size_t)((wn - 1) * WARPS_M + wm) * PER_LANE * 32 + lane;
        int k = 0;
#pragma unroll
        for (int mt = 0; mt < MT; ++mt) {
#pragma unroll
          for (int no = 0; no < NO; ++no)
#pragma unroll
            for (int e = 0; e < 4; ++e) dst[32 * k++] = o[mt][no][e];
#pragma unroll
          for (int h = 0; h < 2; ++h) {
            dst[32 * k++] = m[mt][h];
            dst[32 * k++] = l[mt][h];
          }
        }
      }
      __syncthreads();
      if (wn == 0) {
#pragma unroll 1
        for (int w = 1; w < WARPS_N; ++w) {
          const float *src = comb + (size_t)((w - 1) * WARPS_M + wm) * PER_LANE * 32 + lane;
#pragma unroll
          for (int mt = 0; mt < MT; ++mt) {
            const int base = mt * (NO * 4 + 4);
#pragma unroll
            for (int h = 0; h < 2; ++h) {
              const float mw = src[32 * (base + NO * 4 + 2 * h)];
              const float lw = src[32 * (base + NO * 4 + 2 * h + 1)];
              const float mx = fmaxf(m[mt][h], mw);
              const float off = mx == -INFINITY ? 0.f : mx;
              const float a0 = ex2(m[mt][h] - off), a1 = ex2(mw - off);
              m[mt][h] = mx;
              l[mt][h] = l[mt][h] * a0 + lw * a1;
#pragma unroll
              for (int no = 0; no < NO; ++no)
#pragma unroll
                for (int e = 0; e < 2; ++e)
                  o[mt][no][2 * h + e] =
                      o[mt][no][2 * h + e] * a0 + src[32 * (base + no * 4 + 2 * h + e)] * a1;
            }
          }
        }
      }
    }
  }

  // Writes this warp's rows (warps wn > 0 write nothing): fp16 O (staged through the warp's own rows of sQ, then coalesced
  // stores) when splits == 1, else the unnormalised fp32 partial O and (m, l).
  __device__ __forceinline__ void store(unsigned char *sQ, const Params &p, int q0, int bh,
                                        int split) {
    if (WARPS_N > 1 && wn != 0) return;
    const int g = lane >> 2, t4 = lane & 3;
#pragma unroll
    for (int mt = 0; mt < MT; ++mt)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        l[mt][h] += __shfl_xor_sync(0xffffffffu, l[mt][h], 1);
        l[mt][h] += __shfl_xor_sync(0xffffffffu, l[mt][h], 2);
      }
    if (p.splits == 1) {
#pragma unroll
      for (int mt = 0; mt < MT; ++mt)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const float inv = l[mt][h] > 0.f ? 1.f / l[mt][h] : 0.f;
          const int row = row_base + mt * 16 + g + 8 * h;
#pragma unroll
          for (int no = 0; no < NO; ++no)
            *reinterpret_cast<uint32_t *>(sQ + tile_off(row, no) + t4 * 4) =
                pack_half2(o[mt][no][2 * h] * inv, o[mt][no][2 * h + 1] * inv);
        }
      __syncwarp();
      __half *og = p.o + (size_t)bh * p.sq * D;
#if VEC
      for (int i = lane; i < RW * CHUNKS; i += 32) {
        const int r = row_base + i / CHUNKS, c = i % CHUNKS;
        if (q0 + r < p.sq)
          *reinterpret_cast<uint4 *>(og + (size_t)(q0 + r) * D + c * 8) =
              *reinterpret_cast<const uint4 *>(sQ + tile_off(r, c));
      }
#else
      for (int i = lane; i < RW * (D / 2); i += 32) {
        const int r = row_base + i / (D / 2), w = i % (D / 2);
        if (q0 + r < p.sq)
          reinterpret_cast<uint32_t *>(og + (size_t)(q0 + r) * D)[w] =
              *reinterpret_cast<const uint32_t *>(sQ + tile_off(r, w >> 2) + ((w & 3) << 2));
      }
#endif
    } else {
      const size_t base = ((size_t)split * p.bh + bh) * p.sq;
#pragma unroll
      for (int mt = 0; mt < MT; ++mt)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const int row = q0 + row_base + mt * 16 + g + 8 * h;
          if (row < p.sq) {
            float *op = p.o_part + (base + row) * D + 2 * t4;
#pragma unroll
            for (int no = 0; no < NO; ++no)
              *reinterpret_cast<float2 *>(op + no * 8) =
                  make_float2(o[mt][no][2 * h], o[mt][no][2 * h + 1]);
            if (t4 == 0) p.ml[base + row] = make_float2(m[mt][h], l[mt][h]);
          }
        }
    }
  }
};

}  // namespace fa
