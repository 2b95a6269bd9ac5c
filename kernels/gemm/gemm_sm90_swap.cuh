// gemm_sm90_swap.cuh — the wgmma of gemm_sm90.cu's swapped form (SWAP_AB=1): the tile computed
// as its transpose, C^T = B^T · A^T, so that the wgmma's 64 rows run along C's columns (one
// 64-column panel of B) and its N along C's rows (BLOCK_M = 16, 32 or 64). The skinny shapes
// then waste no rows of the m64 atom and B's boxes stay 128 bytes wide: cuBLAS's kernel at
// M = 64 has the same form (its tile 64 x 32 is of the transposed problem, a column-major
// library's).
//
// Both operands come from the ring exactly as the plain form's copies write them, only read
// in the other roles: the wgmma's A is a B panel, MN-major (64 columns of 128 bytes a k-row,
// 128-byte swizzle: the instruction's transpose bit for A), its B the A tile, K-major (BLOCK_M
// rows of 128 bytes). Accumulator i of a thread (sm90/wgmma.cuh's layout with rows and columns
// exchanged): C column 16·wq + lane/4 + 8·((i >> 1) & 1) of the panel, C row 8·(i >> 2) +
// 2·(lane % 4) + (i & 1) of the tile. Only gemm's kernel uses the A-transposed form, so it lives
// beside it (the harness's wgmma.cuh holds the forms both Hopper kernels use).
#pragma once
#include <stdint.h>

namespace g90 {

#define G90_F4(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3])
#define G90_F8(i) G90_F4(i), G90_F4(i + 4)

// d (+)= A·B, 64 x N x 16: A MN-major (transposed), B K-major, both in shared memory;
// accumulate = 0 overwrites d.
template <int N>
__device__ __forceinline__ void mma_ss_ta(float (&d)[N / 2], uint64_t da, uint64_t db, int accumulate);

template <>
__device__ __forceinline__ void mma_ss_ta<16>(float (&d)[8], uint64_t da, uint64_t db, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %10, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}"
      ", %8, %9, p, 1, 1, 1, 0;\n}\n"
      : G90_F8(0)
      : "l"(da), "l"(db), "r"(accumulate));
}

template <>
__device__ __forceinline__ void mma_ss_ta<32>(float (&d)[16], uint64_t da, uint64_t db, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %18, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, "
      "%9, %10, %11, %12, %13, %14, %15}, %16, %17, p, 1, 1, 1, 0;\n}\n"
      : G90_F8(0), G90_F8(8)
      : "l"(da), "l"(db), "r"(accumulate));
}

template <>
__device__ __forceinline__ void mma_ss_ta<64>(float (&d)[32], uint64_t da, uint64_t db, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, "
      "%9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, "
      "%27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 1, 0;\n}\n"
      : G90_F8(0), G90_F8(8), G90_F8(16), G90_F8(24)
      : "l"(da), "l"(db), "r"(accumulate));
}

#undef G90_F8
#undef G90_F4

}  // namespace g90
