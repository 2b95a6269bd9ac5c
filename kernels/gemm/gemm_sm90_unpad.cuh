// gemm_sm90_unpad.cuh — C of gemm_sm90.cu where N % 8 != 0 in TMA_STORE=1 builds without a split:
// C's rows are not 16-byte multiples, so C has no tensor map; the copy engine stores the tiles into
// a copy of C in the workspace whose rows are N rounded up to 64 elements (each row a whole number
// of 128-byte lines), and this second kernel copies it into C. C is read as one flat array of M·N
// elements in 16-byte chunks: chunk k holds the elements f = h + 8k .. f + 7 (h: the elements before
// C's first 16-byte boundary), of row r = f / N from column c = f - r·N. Where c + 8 <= N they are
// the copy's columns c .. c + 7 of row r: two aligned 16-byte loads and a funnel shift by c % 8
// elements, then one 16-byte store. The chunks that cross a row's end (every chunk when N < 8), and
// C's head and tail, are copied element by element. Every column the loads touch is one the copy
// engine wrote: a chunk that holds any column < N lies in a 64-column panel the tile stored whole
// (the copy's tensor map is as wide as its rows).
#pragma once
#include <cuda_fp16.h>
#include <stdint.h>

namespace g90 {
namespace unpad {

constexpr int THREADS = 256;
constexpr unsigned MAX_BLOCKS = 2048;

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

// Elements s .. s + 7 of the 16 in (lo, hi), 0 <= s < 8.
__device__ __forceinline__ uint4 window(uint4 lo, uint4 hi, int s) {
  switch (s) {
    case 1: return shift_chunk<7>(lo, hi);
    case 2: return shift_chunk<6>(lo, hi);
    case 3: return shift_chunk<5>(lo, hi);
    case 4: return shift_chunk<4>(lo, hi);
    case 5: return shift_chunk<3>(lo, hi);
    case 6: return shift_chunk<2>(lo, hi);
    case 7: return shift_chunk<1>(lo, hi);
    default: return lo;
  }
}

// f / n, in 32 bits where f allows (a 64-bit division is several times the work)
__device__ __forceinline__ size_t row_of(size_t f, int n) {
  return f <= 0xffffffffu ? (size_t)((uint32_t)f / (uint32_t)n) : f / (size_t)n;
}

__device__ __forceinline__ __half element(const __half *src, int ld, int N, size_t f) {
  const size_t r = row_of(f, N);
  return src[r * (size_t)ld + (f - r * (size_t)N)];
}

// C [M][N] (contiguous, any 2-byte alignment) = the first N columns of src [M][ld] (ld a multiple
// of 8, src 16-byte aligned).
__device__ __forceinline__ void copy(const __half *src, int ld, __half *c, int M, int N) {
  const size_t total = (size_t)M * (size_t)N;
  const size_t h0 = ((16u - (uint32_t)(reinterpret_cast<uintptr_t>(c) & 15u)) & 15u) / 2u;
  const size_t head = h0 < total ? h0 : total, chunks = (total - head) / 8, tail = head + 8 * chunks;
  const size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x, stride = (size_t)gridDim.x * blockDim.x;
  for (size_t k = t; k < chunks; k += stride) {
    const size_t f = head + 8 * k, r = row_of(f, N);
    const int col = (int)(f - r * (size_t)N);
    uint4 v;
    if (col + 8 <= N) {
      const int s = col & 7;
      const uint4 *p = reinterpret_cast<const uint4 *>(src + r * (size_t)ld + (col - s));
      v = window(p[0], s ? p[1] : p[0], s);
    } else {
      uint32_t w[4] = {0u, 0u, 0u, 0u};
#pragma unroll
      for (int i = 0; i < 8; ++i)
        w[i >> 1] |= (uint32_t)__half_as_ushort(element(src, ld, N, f + i)) << (16 * (i & 1));
      v = make_uint4(w[0], w[1], w[2], w[3]);
    }
    // one 16-byte store (a uint4 assignment through a __half pointer compiles as four)
    asm volatile("st.global.v4.b32 [%0], {%1, %2, %3, %4};\n" ::"l"(__cvta_generic_to_global(c + f)), "r"(v.x), "r"(v.y), "r"(v.z),
                 "r"(v.w)
                 : "memory");
  }
  for (size_t f = t; f < head; f += stride) c[f] = element(src, ld, N, f);
  for (size_t f = tail + t; f < total; f += stride) c[f] = element(src, ld, N, f);
}

// The copy's blocks of THREADS threads: a chunk a thread, at most MAX_BLOCKS blocks.
inline unsigned blocks(int M, int N) {
  const size_t chunks = ((size_t)M * (size_t)N + 7) / 8 + 1;
  const size_t b = (chunks + THREADS - 1) / THREADS;
  return (unsigned)(b < MAX_BLOCKS ? b : MAX_BLOCKS);
}

}  // namespace unpad
}  // namespace g90
