// gemm_sm90_store_rows.cuh — fp16 C of gemm_sm90.cu where the copy engine cannot store it
// (N % 8 != 0: C's rows are not 16-byte multiples, so C has no tensor map) and the build has the
// C buffer (TMA_STORE=1): the tile is staged in shared memory as for the copy engine, then each
// warp writes whole rows with 16-byte stores. Row r of the tile starts at element g = (m0 + r)·N
// + n0 of C, which is 16-byte aligned only when g % 8 == 0; with s = g % 8, the aligned 8-element
// chunk k of the row's span holds the tile's columns 8k - s .. 8k - s + 7, the last s of the
// tile's chunk k - 1 and the first 8 - s of its chunk k: two 16-byte reads of the buffer and a
// funnel shift by s elements (s is the same for the whole warp, one case of a switch). Chunks
// reaching past the row's ends (the first when s > 0, the last) are written element by element.
// Against the threads' own stores of the accumulators (store_direct: with N odd one 2-byte store
// per element, 8 rows per warp instruction) this is one store instruction per 8 elements, each
// warp instruction on one row's consecutive 512 bytes.
#pragma once
#include <stdint.h>

#include "gemm_sm90_consumer.cuh"

namespace g90 {

// The 16-byte chunk j (8 columns) of row r of a staged tile (WgConsumer::stage's layout).
__device__ __forceinline__ uint4 staged_chunk(uint32_t buf, uint32_t r, int j) {
  uint4 v;
  const uint32_t ad = buf + (uint32_t)((j >> 3) * C_PANEL) + r * 128u + ((((uint32_t)j & 7u) ^ (r & 7u)) << 4);
  asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "r"(ad)
               : "memory");
  return v;
}

// Elements 8 - S .. 15 - S of the 16 in (lo, hi): word i of the result is bytes 16 - 2S + 4i ..
// +3 of the eight words (lo's four, then hi's).
template <int S>
__device__ __forceinline__ uint4 shift_chunk(uint4 lo, uint4 hi) {
  const uint32_t x[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
  constexpr int q = (16 - 2 * S) / 4, odd = S & 1;
  uint32_t o[4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
    o[i] = odd ? __byte_perm(x[q + i], q + i + 1 < 8 ? x[q + i + 1] : 0u, 0x5432) : x[q + i];
  return make_uint4(o[0], o[1], o[2], o[3]);
}

__device__ __forceinline__ uint4 shift_chunk(uint4 lo, uint4 hi, int s) {
  switch (s) {
    case 1: return shift_chunk<1>(lo, hi);
    case 2: return shift_chunk<2>(lo, hi);
    case 3: return shift_chunk<3>(lo, hi);
    case 4: return shift_chunk<4>(lo, hi);
    case 5: return shift_chunk<5>(lo, hi);
    case 6: return shift_chunk<6>(lo, hi);
    case 7: return shift_chunk<7>(lo, hi);
    default: return hi;
  }
}

// Consumer warpgroup c's rows of the tile at (m0, n0) into C (rows past M and columns past N not
// written). C itself must be 16-byte aligned (the caller checks).
__device__ __forceinline__ void store_rows(const WgConsumer &c, const Params &p, uint32_t smem,
                                           int m0, int n0) {
  const uint32_t buf = c.cbuf(smem);
  c.stage(buf);
  wg_sync(c.w);
  const int warp = (threadIdx.x & 127) >> 5, lane = threadIdx.x & 31;
  const int width = min(BN, p.N - n0);  // columns of the tile inside C
  for (int r = c.row0() + warp; r < c.row0() + WM; r += 4) {
    if (m0 + r >= p.M) break;
    const size_t g = (size_t)(m0 + r) * (size_t)p.N + (size_t)n0;
    const int s = (int)(g & 7);
    __half *base = p.c + (g - (size_t)s);  // 16-byte aligned: chunk k at base + 8k
    const int chunks = (s + width + 7) / 8;
    for (int k = lane; k < chunks; k += 32) {
      const uint4 hi = k < BN / 8 ? staged_chunk(buf, (uint32_t)r, k) : make_uint4(0u, 0u, 0u, 0u);
      const uint4 lo = (s > 0 && k > 0) ? staged_chunk(buf, (uint32_t)r, k - 1) : make_uint4(0u, 0u, 0u, 0u);
      const uint4 v = shift_chunk(lo, hi, s);
      const int col = 8 * k - s;  // the tile column of the chunk's first element
      if (col >= 0 && col + 8 <= width) {
        // one 16-byte store (a uint4 assignment through the pointer became four 4-byte stores)
        asm volatile("st.global.v4.b32 [%0], {%1, %2, %3, %4};\n" ::"l"(base + 8 * k), "r"(v.x), "r"(v.y),
                     "r"(v.z), "r"(v.w)
                     : "memory");
      } else {
        const uint32_t words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int i = 0; i < 8; ++i)
          if (col + i >= 0 && col + i < width)
            base[8 * k + i] = __ushort_as_half((unsigned short)(words[i >> 1] >> (16 * (i & 1))));
      }
    }
  }
}

}  // namespace g90
