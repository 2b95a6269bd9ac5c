// flash_ptx.cuh — the PTX wrappers flash_attn.cu uses: the shared ones (kernels/harness/
// mma_ptx.cuh: cp.async, ldmatrix, mma.sync m16n8k16, half2 packing) in namespace fa, and ex2.approx.
#pragma once
#include "mma_ptx.cuh"

namespace fa {
using namespace ptx;

__device__ __forceinline__ float ex2(float x) {  // 2^x; ex2(-inf) = 0
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;\n" : "=f"(y) : "f"(x));
  return y;
}

}  // namespace fa
