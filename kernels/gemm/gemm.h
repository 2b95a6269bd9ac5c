// gemm.h — the GEMM problem's view of the harness's contract (kernels/harness/problem.h):
// C = A·B with A [M, K], B [K, N] and C [M, N], all row-major and contiguous, fp16 in, fp32
// accumulation, fp16 out; any M, N, K >= 1.
//
// Every kernel source named by a GEMM experiment's KERNEL implements problem.h's kernel_*
// functions and reads its shape and tensors through gemm_shape_of and gemm_args_of below; the
// harness owns inputs, the reference, numerics, timing and output; the kernel owns its launch
// plan and launches. The same shape as attention's (kernels/attention/attn.h).
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stddef.h>

#include "plan.h"
#include "problem.h"

typedef struct {
  int M, N, K;
} gemm_shape;

typedef struct {
  const __half *a;  // [M, K]
  const __half *b;  // [K, N]
  __half *c;        // [M, N]
} gemm_args;

// The typed view of the harness's shape (problem.h; axes M N K, gemm_shape.c) and tensors
// (inputs a, b; output c: GEMM's problem/problem.cu).
static inline gemm_shape gemm_shape_of(const problem_shape *p) {
  gemm_shape s = {(int)p->v[0], (int)p->v[1], (int)p->v[2]};
  return s;
}

static inline gemm_args gemm_args_of(const problem_shape *p, const problem_io *io) {
  (void)p;
  gemm_args a = {(const __half *)io->in[0], (const __half *)io->in[1], (__half *)io->out[0]};
  return a;
}
