// mma_ptx.cuh — thin inline-PTX wrappers shared by the tensor-core kernels of every problem
// (kernels/attention/flash_attn.cu, kernels/gemm/gemm_mma.cu): cp.async.cg (16 bytes, zero-fill
// through src-size), commit/wait groups, ldmatrix x4 (plain and .trans), mma.sync m16n8k16 (fp16
// in, fp32 accumulate) and half2 packing. Fragment layouts follow the PTX ISA ("Matrix fragments
// for mma.m16n8k16 with floating point type").
#pragma once
#include <cuda_fp16.h>
#include <stdint.h>

namespace ptx {


__device__ __forceinline__ uint32_t smem_addr(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// 16 bytes global -> shared, bypassing L1 (.cg). With valid == false no byte is read (src-size 0)
// and the 16 destination bytes become zero; src must still be a valid global address.
__device__ __forceinline__ void cp_async_16(uint32_t dst, const void *src, bool valid) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(src),
               "r"(valid ? 16 : 0)
               : "memory");
}
__device__ __forceinline__ void cp_async_commit() {
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}
// Waits until at most N of this thread's committed groups are still in flight.
template <int N>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}

// Four 8x8 b16 matrices; lanes 8j..8j+7 give the row addresses of matrix j, register j receives
// it (thread l: row l/4, elements 2(l%4), 2(l%4)+1; with .trans: column l/4, rows 2(l%4), +1).
__device__ __forceinline__ void ldsm_x4(uint32_t (&r)[4], uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr)
               : "memory");
}
__device__ __forceinline__ void ldsm_x4_trans(uint32_t (&r)[4], uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr)
               : "memory");
}

// c += a·b for one 16x8x16 tile: a the row-major A fragment (4 x half2), b0/b1 the col-major B
// fragment (k 0-7 and 8-15 of column lane/4); c holds rows lane/4 and lane/4 + 8, columns
// 2(lane%4) + {0, 1}.
__device__ __forceinline__ void mma_16816(float (&c)[4], const uint32_t (&a)[4], uint32_t b0,
                                          uint32_t b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

__device__ __forceinline__ uint32_t pack_half2(float lo, float hi) {
  __half2 h = __floats2half2_rn(lo, hi);  // lo -> low 16 bits (the lower column)
  return *reinterpret_cast<uint32_t *>(&h);
}

}  // namespace ptx
