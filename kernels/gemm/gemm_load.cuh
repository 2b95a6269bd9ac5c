// gemm_load.cuh — global -> shared tile copies for gemm_mma.cu.
//
// A tile is ROWS rows of CPR 16-byte chunks (8 halves) taken from a row-major matrix with leading
// dimension ld, starting at the tile origin g; rows at or past rows_left and columns at or past
// cols_left are out of bounds and land as zeros, so the MMAs need no masking.
//   VEC = true   the matrix's rows are 16-byte aligned (ld % 8 == 0, base from cudaMalloc): one
//                cp.async.cg per chunk; a chunk lies either wholly inside or wholly outside the
//                columns (cols_left % 8 == 0 then), and an outside chunk is zero-filled
//                (src-size 0, source address clamped to the matrix base).
//   VEC = false  rows are only 2-byte aligned: each chunk is gathered as 8 bounds-checked 2-byte
//                loads, packed and stored with one 16-byte st.shared. Synchronous (no overlap
//                with the MMAs of this warp; other warps still overlap): the fallback for ragged
//                K or N.
// Thread tid copies chunk column tid % CPR of rows tid / CPR + it·RS (RS = NT / CPR rows per step),
// so all its chunks share one column; its source pointer advances by a fixed step per row step
// and a fixed amount per K tile, and its shared offsets differ by immediates once the swizzle
// period (8 rows) is covered.
#pragma once
#include "gemm_config.cuh"
#include "gemm_ptx.cuh"

namespace gm {

// One thread's share of the copies of one operand's tiles, walked tile by tile along K: init()
// once, then copy() for every K tile in order (it advances to the next tile). rows_left and
// cols_left are relative to the tile's origin.
template <int ROWS, int CPR, int ROW, bool VEC>
struct TileCopy {
  static_assert(NT % CPR == 0, "a tile row must not span more than one thread's step");
  static constexpr int RS = NT / CPR;                // rows per step
  static constexpr int ITER = (ROWS + RS - 1) / RS;  // steps
  const __half *src;  // this thread's first chunk (row r0, column col) of the next tile
  size_t step;        // elements from row r0 + it·RS to row r0 + (it + 1)·RS
  size_t advance;     // elements from one K tile to the next
  uint32_t soff;      // shared offset of chunk (r0, col / 8) in a tile
  int r0, col;

  __device__ __forceinline__ void init(const __half *tile0, int ld, size_t tile_advance, int tid) {
    r0 = tid / CPR;
    col = tid % CPR * 8;
    src = tile0 + (size_t)r0 * ld + col;
    step = (size_t)RS * ld;
    advance = tile_advance;
    soff = tile_off<CPR, ROW>(r0, col / 8);
  }

  // Shared offset of this thread's chunk in step it: the swizzle repeats every 8 rows, so when RS
  // is a multiple of 8 it is the first chunk's offset plus an immediate.
  __device__ __forceinline__ uint32_t dst_off(int it) const {
    if constexpr (RS % 8 == 0) return soff + it * RS * ROW;
    return tile_off<CPR, ROW>(r0 + it * RS, col / 8);
  }

  __device__ __forceinline__ void copy(uint32_t s, const __half *base, int rows_left,
                                       int cols_left) {
    const __half *sp = src;
    src += advance;
    if constexpr (VEC) {
      const bool col_ok = col < cols_left;
#pragma unroll
      for (int it = 0; it < ITER; ++it, sp += step) {
        const int r = r0 + it * RS;
        if (ROWS % RS == 0 || r < ROWS) {
          const bool ok = col_ok && r < rows_left;
          cp_async_16(s + dst_off(it), ok ? (const void *)sp : (const void *)base, ok);
        }
      }
    } else {
      // Two chunks (16 loads) in flight at a time: unrolling every chunk of a large tile would
      // hold up to 128 loaded halves in registers next to the accumulators and spill.
#pragma unroll 2
      for (int it = 0; it < ITER; ++it) {
        const int r = r0 + it * RS;
        if (ROWS % RS == 0 || r < ROWS) {
          const unsigned short *sp16 = reinterpret_cast<const unsigned short *>(sp + it * step);
          unsigned v[8];
          if (r < rows_left && col + 8 <= cols_left) {
            // Whole chunk inside: 8 loads off one address with immediate offsets, all issued
            // before any is used. (Per-element address selects here made ptxas consume each load
            // right after issuing it, under the register pressure of the accumulators: 4x slower.)
#pragma unroll
            for (int e = 0; e < 8; ++e) v[e] = __ldg(sp16 + e);
          } else {
            const bool row_ok = r < rows_left;
#pragma unroll
            for (int e = 0; e < 8; ++e) v[e] = row_ok && col + e < cols_left ? __ldg(sp16 + e) : 0u;
          }
          uint32_t w[4];
#pragma unroll
          for (int e = 0; e < 4; ++e) w[e] = v[2 * e] | (v[2 * e + 1] << 16);
          asm volatile("st.shared.v4.b32 [%0], {%1,%2,%3,%4};\n" ::"r"(s + dst_off(it)),
                       "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3])
                       : "memory");
        }
      }
    }
  }
};

}  // namespace gm
