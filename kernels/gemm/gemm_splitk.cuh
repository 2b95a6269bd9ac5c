// gemm_splitk.cuh — the deterministic split-K reduction shared by the GEMM kernels (gemm_mma.cu,
// gemm_sm90.cu): split z has written its fp32 partial of C to slice z of the workspace ([splits]
// [M][ldw] fp32, ldw = N rounded up to 4) with plain stores, and one thread per 4 columns of a row
// sums the slices in the order z = 0, 1, ... (bit-identical from run to run, no atomics) and writes
// fp16 C: float4 loads (ldw % 4 == 0), 8-byte stores where N % 4 == 0 (store_quad). Each kernel
// wraps the body in its own __global__ (its name in the profiles).
#pragma once
#include <cuda_fp16.h>
#include <stdint.h>

#include "mma_ptx.cuh"

namespace splitk {

constexpr int REDUCE_THREADS = 256;

// N rounded up to 4: the row stride of a partial slice.
inline int ldw_of(int N) { return (N + 3) / 4 * 4; }

// The reduction's blocks of REDUCE_THREADS threads.
inline unsigned reduce_blocks(int M, int ldw) {
  const long long quads = (long long)M * (ldw / 4);
  return (unsigned)((quads + REDUCE_THREADS - 1) / REDUCE_THREADS);
}

// a + b element by element: the split-K sums' one addition (the order of the partials is the
// caller's: z = 0, 1, ... in every sum, so that they agree to the bit)
__device__ __forceinline__ float4 add4(float4 a, float4 b) {
  return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

// s as fp16 into C's row `row`, columns col .. col + 3 (col % 4 == 0; those past N not written):
// one 8-byte store where N % 4 == 0 and C is 8-byte aligned (row·N + col is then a multiple of 4
// halves), else element by element. The split-K sums' one store (this reduction's and the cluster
// sum's, gemm_sm90_dsum.cuh).
__device__ __forceinline__ void store_quad(__half *c, int N, int row, int col, float4 s) {
  __half *dst = c + (size_t)row * N + col;
  if ((N & 3) == 0 && (reinterpret_cast<uintptr_t>(c) & 7u) == 0) {
    uint2 o;
    o.x = ptx::pack_half2(s.x, s.y);
    o.y = ptx::pack_half2(s.z, s.w);
    *reinterpret_cast<uint2 *>(dst) = o;
  } else {
    const float v[4] = {s.x, s.y, s.z, s.w};
#pragma unroll
    for (int j = 0; j < 4; ++j)
      if (col + j < N) dst[j] = __float2half_rn(v[j]);
  }
}

__device__ __forceinline__ void reduce(const float *ws, __half *c, int M, int N, int ldw,
                                       int splits) {
  const int q = ldw / 4;  // float4s per row
  const long long idx = (long long)blockIdx.x * REDUCE_THREADS + threadIdx.x;
  if (idx >= (long long)M * q) return;
  const int row = (int)(idx / q), col = (int)(idx % q) * 4;
  if (col >= N) return;
  const size_t slice = (size_t)M * ldw;
  const float *src = ws + (size_t)row * ldw + col;
  float4 s = *reinterpret_cast<const float4 *>(src);
  for (int z = 1; z < splits; ++z) s = add4(s, *reinterpret_cast<const float4 *>(src + z * slice));
  store_quad(c, N, row, col, s);
}

}  // namespace splitk
