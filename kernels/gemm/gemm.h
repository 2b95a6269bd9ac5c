// gemm.h — the kernel contract of the GEMM problem: C = A·B with A [M, K], B [K, N] and C [M, N],
// all row-major and contiguous, fp16 in, fp32 accumulation, fp16 out; any M, N, K >= 1.
//
// Every kernel source named by a GEMM experiment's KERNEL implements the functions below; the
// harness owns inputs, the reference, numerics, timing and output; the kernel owns its launch
// plan and launches. The same shape as attention's contract (kernels/attention/attn.h).
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stddef.h>

#include "plan.h"

typedef struct {
  int M, N, K;
} gemm_shape;

typedef struct {
  const __half *a;  // [M, K]
  const __half *b;  // [K, N]
  __half *c;        // [M, N]
} gemm_args;

#ifdef __cplusplus
extern "C" {
#endif

// Fill *plan for shape s on a device with sm_count multiprocessors. Makes no CUDA call (it runs
// for `bench --describe` on machines without a GPU). Returns 0, or -1 with a message in msg when
// this build cannot run the shape.
int gemm_describe(const gemm_shape *s, int sm_count, kernel_plan *plan, char *msg, size_t msglen);

// One-time device setup for a plan (cudaFuncSetAttribute for large dynamic shared memory,
// library handles). Called once per shape before the first gemm_run.
cudaError_t gemm_prepare(const gemm_shape *s, const kernel_plan *plan);

// One C = A·B, asynchronously on stream. workspace holds plan->workspace_bytes (may be NULL when
// 0): its first plan->workspace_zeroed bytes are zero on entry and must be zero again when the
// call completes (plan.h); the rest is unspecified on entry.
cudaError_t gemm_run(const gemm_shape *s, const kernel_plan *plan, const gemm_args *a,
                     void *workspace, cudaStream_t stream);

// Release what gemm_prepare made (may be a no-op).
void gemm_release(void);

// The main kernel, for cudaOccupancyMaxActiveBlocksPerMultiprocessor (NULL for a library call
// such as cuBLAS, whose kernels the harness cannot name).
const void *gemm_main_kernel(const kernel_plan *plan);

// The compile-time configuration, e.g. "BLOCK_M=128 BLOCK_N=128 BLOCK_K=32 ...", for metadata.
const char *gemm_config(void);

#ifdef __cplusplus
}
#endif
