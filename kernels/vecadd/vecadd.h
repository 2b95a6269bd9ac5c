// vecadd.h — the kernel contract of the vecadd problem: C = A + B with A, B and C vectors of N
// fp16 elements, contiguous, the sum rounded once to fp16; any N >= 1. The smallest problem of
// the pipeline: a model for adding one, and a purely memory-bound kernel.
//
// Every kernel source named by a vecadd experiment's KERNEL implements the functions below; the
// harness owns inputs, the reference, numerics, timing and output; the kernel owns its launch
// plan and launches. The same shape as GEMM's contract (kernels/gemm/gemm.h).
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stddef.h>

#include "plan.h"

typedef struct {
  int N;
} vecadd_shape;

typedef struct {
  const __half *a;  // [N]
  const __half *b;  // [N]
  __half *c;        // [N]
} vecadd_args;

#ifdef __cplusplus
extern "C" {
#endif

// Fill *plan for shape s on a device with sm_count multiprocessors. Makes no CUDA call (it runs
// for `bench --describe` on machines without a GPU). Returns 0, or -1 with a message in msg when
// this build cannot run the shape.
int vecadd_describe(const vecadd_shape *s, int sm_count, kernel_plan *plan, char *msg, size_t msglen);

// One-time device setup for a plan. Called once per shape before the first vecadd_run.
cudaError_t vecadd_prepare(const vecadd_shape *s, const kernel_plan *plan);

// One C = A + B, asynchronously on stream. workspace holds plan->workspace_bytes (may be NULL
// when 0).
cudaError_t vecadd_run(const vecadd_shape *s, const kernel_plan *plan, const vecadd_args *a,
                       void *workspace, cudaStream_t stream);

// Release what vecadd_prepare made (may be a no-op).
void vecadd_release(void);

// The main kernel, for cudaOccupancyMaxActiveBlocksPerMultiprocessor.
const void *vecadd_main_kernel(const kernel_plan *plan);

// The compile-time configuration, e.g. "BLOCK=256 VEC=8", for metadata.
const char *vecadd_config(void);

#ifdef __cplusplus
}
#endif
