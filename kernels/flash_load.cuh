// flash_load.cuh — global -> shared tile copies for flash_attn.cu. VEC=1 moves 16-byte chunks
// (cp.async.cg with zero-fill when CP_ASYNC=1, else a uint4 load and store); VEC=0 moves 4-byte
// words with plain loads. Rows at or past `limit` are written as zeros, never read.
#pragma once
#include "flash_config.cuh"
#include "flash_ptx.cuh"

namespace fa {

// Copies rows [row0, row0 + ROWS) of the row-major [*, D] matrix g into the tile at s.
template <int ROWS>
__device__ __forceinline__ void load_tile(unsigned char *s, const __half *g, int row0, int limit,
                                          int tid) {
#if VEC
  constexpr int TOTAL = ROWS * CHUNKS;
  constexpr int ITER = (TOTAL + NT - 1) / NT;
#pragma unroll
  for (int it = 0; it < ITER; ++it) {
    const int i = tid + it * NT;
    if (TOTAL % NT == 0 || i < TOTAL) {
      const int r = i / CHUNKS, c = i % CHUNKS;
      const bool ok = row0 + r < limit;
      const __half *src = ok ? g + (size_t)(row0 + r) * D + c * 8 : g;
#if CP_ASYNC
      cp_async_16(smem_addr(s + tile_off(r, c)), src, ok);
#else
      uint4 val = make_uint4(0, 0, 0, 0);
      if (ok) val = __ldg(reinterpret_cast<const uint4 *>(src));
      *reinterpret_cast<uint4 *>(s + tile_off(r, c)) = val;
#endif
    }
  }
#else
  constexpr int WORDS = D / 2;  // 4-byte words per row
  constexpr int TOTAL = ROWS * WORDS;
  constexpr int ITER = (TOTAL + NT - 1) / NT;
#pragma unroll
  for (int it = 0; it < ITER; ++it) {
    const int i = tid + it * NT;
    if (TOTAL % NT == 0 || i < TOTAL) {
      const int r = i / WORDS, w = i % WORDS;
      unsigned val = 0;
      if (row0 + r < limit)
        val = __ldg(reinterpret_cast<const unsigned *>(g + (size_t)(row0 + r) * D) + w);
      *reinterpret_cast<unsigned *>(s + tile_off(r, w >> 2) + ((w & 3) << 2)) = val;
    }
  }
#endif
}

}  // namespace fa
