// cublas_gemm.cu — the `cublas` baseline of the GEMM problem: one cublasGemmEx per call, fp16
// A, B and C, fp32 compute (CUBLAS_COMPUTE_32F), CUBLAS_GEMM_DEFAULT (cuBLAS picks the algorithm;
// tensor cores are allowed by default since CUDA 11). Implements kernels/gemm/gemm.h.
//
// Row-major C = A·B is column-major Cᵀ = Bᵀ·Aᵀ: a row-major [R, C] matrix with leading dimension C
// is the column-major [C, R] matrix with the same leading dimension. So the call is
//   cublasGemmEx(N, N, m = N, n = M, k = K, B (ld N), A (ld K), C (ld N))
// with no transposition and no copy.
//
// Build (as the harness does):
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 -Ikernels/harness -Ikernels/gemm \
//        <harness sources> kernels/gemm/cublas_gemm.cu -lcublas
// Tunables: none.
//
// Plan: a library call has no launch plan the harness can see — cuBLAS chooses its kernels, grid
// and shared memory inside the call (and may launch more than one kernel, with a workspace of its
// own). gemm_describe therefore reports kernel "-" (a library call, which the gates pass as such), zero grid, block, CTAs and shared memory,
// workspace 0, splits 1, launches 1 (the cuBLAS call), and gemm_main_kernel returns NULL so the
// harness skips its occupancy query.
#include <cublas_v2.h>
#include "bench_cublas.h"
#include <stdio.h>
#include <string.h>

#include "gemm.h"


extern "C" int kernel_describe(const problem_shape *shape, int sm_count, kernel_plan *plan, char *msg,
                               size_t msglen) {
  const gemm_shape s_ = gemm_shape_of(shape), *s = &s_;
  (void)sm_count;
  if (s->M < 1 || s->N < 1 || s->K < 1) {
    snprintf(msg, msglen, "cublas: invalid shape M=%d N=%d K=%d (each must be >= 1)", s->M, s->N,
             s->K);
    return -1;
  }
  memset(plan, 0, sizeof *plan);
  snprintf(plan->kernel, sizeof plan->kernel, "-");
  plan->splits = 1;
  plan->persistent = 0;
  plan->work_items = 0;
  plan->workspace_bytes = 0;
  plan->launches = 1;
  return 0;
}

extern "C" cudaError_t kernel_prepare(const problem_shape *shape, const kernel_plan *plan) {
  (void)shape;
  (void)plan;
  return bench_cublas_prepare("cublas-gemm");
}

extern "C" cudaError_t kernel_run(const problem_shape *shape, const kernel_plan *plan, const problem_io *io,
                                  void *workspace, cudaStream_t stream) {
  const gemm_shape s_ = gemm_shape_of(shape), *s = &s_;
  const gemm_args a_ = gemm_args_of(shape, io), *a = &a_;
  (void)plan;
  (void)workspace;
  cublasHandle_t h;
  cudaError_t e = bench_cublas_bind("cublas-gemm", stream, &h);
  if (e != cudaSuccess) return e;
  const float one = 1.f, zero = 0.f;
  cublasStatus_t st = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, s->N, s->M, s->K, &one, a->b, CUDA_R_16F,
                                   s->N, a->a, CUDA_R_16F, s->K, &zero, a->c, CUDA_R_16F, s->N,
                                   CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  if (st != CUBLAS_STATUS_SUCCESS) return bench_cublas_fail("cublas-gemm", "cublasGemmEx", st);
  return cudaSuccess;
}

extern "C" void kernel_release(void) {
  bench_cublas_release();
}

extern "C" const void *kernel_main(const kernel_plan *plan) {
  (void)plan;
  return NULL;
}

extern "C" const char *kernel_config(void) {
  return "BASELINE=cublas GEMM=cublasGemmEx TYPES=16F COMPUTE=32F ALGO=CUBLAS_GEMM_DEFAULT";
}
