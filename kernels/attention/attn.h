// attn.h — the contract between the bench harness (bench_main.cu) and a kernel under study.
//
// Every kernel source named by an experiment's KERNEL implements the functions below and is
// linked with kernels/bench_main.cu into build/<exp>/<variant>/bench. The harness owns inputs,
// the reference, numerics, timing and output; the kernel owns its launch plan and launches.
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stddef.h>

#include "plan.h"

typedef struct {
  int B, H, Sq, Skv, D, causal;  // layout [B, H, S, D] contiguous; Sq may differ from Skv;
                                 // causal is top-left aligned (PyTorch SDPA is_causal): query i
                                 // sees keys j <= i, also when Sq != Skv (Sq = 1 sees key 0 only)
} attn_shape;

typedef struct {
  const __half *q;  // [B, H, Sq, D]
  const __half *k;  // [B, H, Skv, D]
  const __half *v;  // [B, H, Skv, D]
  __half *o;        // [B, H, Sq, D]
  float scale;      // softmax scale, 1/sqrt(D)
} attn_args;

// The launch plan: the harness's kernel_plan (plan.h); splits is the number of key/value splits.
typedef kernel_plan attn_plan;

#ifdef __cplusplus
extern "C" {
#endif

// Fill *plan for shape s on a device with sm_count multiprocessors. Makes no CUDA call (it runs
// for `bench --describe` on machines without a GPU). Returns 0, or -1 with a message in msg when
// this build cannot run the shape (e.g. s->D != HEAD_DIM).
int attn_describe(const attn_shape *s, int sm_count, attn_plan *plan, char *msg, size_t msglen);

// One-time device setup for a plan (cudaFuncSetAttribute for large dynamic shared memory,
// library handles). Called once per shape before the first attn_run.
cudaError_t attn_prepare(const attn_shape *s, const attn_plan *plan);

// One forward pass, asynchronously on stream. workspace holds plan->workspace_bytes (may be
// NULL when 0): its first plan->workspace_zeroed bytes are zero on entry (the harness zeroes them
// once) and must be zero again when the pass completes; the rest is unspecified on entry.
cudaError_t attn_run(const attn_shape *s, const attn_plan *plan, const attn_args *a,
                     void *workspace, cudaStream_t stream);

// Release what attn_prepare made (may be a no-op).
void attn_release(void);

// The main kernel, for cudaOccupancyMaxActiveBlocksPerMultiprocessor.
const void *attn_main_kernel(const attn_plan *plan);

// The compile-time configuration, e.g. "BLOCK_M=64 BLOCK_N=64 NUM_WARPS=4 ...", for metadata.
const char *attn_config(void);

#ifdef __cplusplus
}
#endif
