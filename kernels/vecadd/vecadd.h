// vecadd.h — the vecadd problem's view of the harness's contract (kernels/harness/problem.h):
// C = A + B with A, B and C vectors of N fp16 elements, contiguous, the sum rounded once to fp16;
// any N >= 1. The smallest problem of the pipeline: a model for adding one, and a purely
// memory-bound kernel.
//
// Every kernel source named by a vecadd experiment's KERNEL implements problem.h's kernel_*
// functions and reads its shape and tensors through vecadd_shape_of and vecadd_args_of below;
// the harness owns inputs, the reference, numerics, timing and output; the kernel owns its launch
// plan and launches. The same shape as GEMM's (kernels/gemm/gemm.h).
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stddef.h>

#include "plan.h"
#include "problem.h"

typedef struct {
  int N;
} vecadd_shape;

typedef struct {
  const __half *a;  // [N]
  const __half *b;  // [N]
  __half *c;        // [N]
} vecadd_args;

// The typed view of the harness's shape (problem.h; axis N, vecadd_shape.c) and tensors (inputs
// a, b; output c: vecadd's problem/problem.cu).
static inline vecadd_shape vecadd_shape_of(const problem_shape *p) {
  vecadd_shape s = {(int)p->v[0]};
  return s;
}

static inline vecadd_args vecadd_args_of(const problem_shape *p, const problem_io *io) {
  (void)p;
  vecadd_args a = {(const __half *)io->in[0], (const __half *)io->in[1], (__half *)io->out[0]};
  return a;
}
