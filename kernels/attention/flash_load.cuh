// flash_load.cuh — global -> shared tile copies for flash_attn.cu. VEC=1 moves 16-byte chunks
// (cp.async.cg with zero-fill when CP_ASYNC=1, else a uint4 load and store); VEC=0 moves 4-byte
// words with plain loads. Rows at or past `valid` are written as zeros, never read.
// Thread tid copies column(s) tid % TPR (+ k·TPR) of rows tid / TPR + it·RS, so every address
// is a per-thread base plus a compile-time immediate; the XOR swizzle of a row repeats every 8
// rows, so at most 8 / gcd(RS, 8) distinct bases exist.
#pragma once
#include "flash_config.cuh"
#include "flash_ptx.cuh"

namespace fa {

__host__ __device__ constexpr int gcd8(int rs) { return rs % 8 == 0 ? 8 : rs % 4 == 0 ? 4 : rs % 2 == 0 ? 2 : 1; }

// Copies rows [0, ROWS) of the row-major [*, D] matrix starting at g (rows >= valid: zeros)
// into the tile at s.
template <int ROWS>
__device__ __forceinline__ void load_tile(unsigned char *s, const __half *g, int valid, int tid) {
#if VEC
  constexpr int PER_ROW = CHUNKS;  // 16-byte chunks
  typedef uint4 unit;
#else
  constexpr int PER_ROW = D / 2;  // 4-byte words
  typedef unsigned unit;
#endif
  constexpr int TPR = PER_ROW < NT ? PER_ROW : NT;  // threads per row
  constexpr int CG = PER_ROW / TPR;                 // columns per thread (VEC=0, 1 warp, D=128)
  constexpr int RS = NT / TPR;                      // rows per step
  constexpr int ITER = (ROWS + RS - 1) / RS;
  constexpr int PERIOD = 8 / gcd8(RS);  // the swizzle of row r0 + it·RS repeats every PERIOD
  const int r0 = tid / TPR;
  const int left = valid - r0;  // row r0 + it·RS exists  <=>  it·RS < left
  const unit *src0 = reinterpret_cast<const unit *>(g + (size_t)r0 * D);
#pragma unroll
  for (int cg = 0; cg < CG; ++cg) {
    const int col = tid % TPR + cg * TPR;
#if VEC
    const int c = col, within = 0;
#else
    const int c = col >> 2, within = (col & 3) << 2;
#endif
    int soff[PERIOD];  // byte offset for step j, less the j·RS rows added back below
#pragma unroll
    for (int j = 0; j < PERIOD; ++j)
      soff[j] = tile_off(r0 + j * RS, c) + within - j * RS * ROW_BYTES;
#pragma unroll
    for (int it = 0; it < ITER; ++it) {
      if (ROWS % RS == 0 || r0 + it * RS < ROWS) {
        const bool ok = it * RS < left;
        unsigned char *dst = s + soff[it % PERIOD] + it * RS * ROW_BYTES;
        const unit *sp = src0 + col + (size_t)it * RS * PER_ROW;
#if CP_ASYNC
        cp_async_16(smem_addr(dst), ok ? (const void *)sp : (const void *)g, ok);
#else
        unit val;
        if (ok) {
          val = __ldg(sp);
        } else {
          memset(&val, 0, sizeof val);
        }
        *reinterpret_cast<unit *>(dst) = val;
#endif
      }
    }
  }
}

}  // namespace fa
