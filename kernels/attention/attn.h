// attn.h — the attention problem's view of the harness's contract (kernels/harness/problem.h):
// its shape and its tensors, typed. Every kernel source named by an attention experiment's KERNEL
// implements problem.h's kernel_* functions and reads its shape and tensors through
// attn_shape_of and attn_args_of below. The harness owns inputs, the reference, numerics, timing
// and output; the kernel owns its launch plan and launches.
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stddef.h>

#include <math.h>

#include "plan.h"
#include "problem.h"

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

// The typed view of the harness's shape (problem.h; axes B H S K D C, attention_shape.c) and
// tensors (inputs q, k, v; output o: attention's problem/problem.cu).
static inline attn_shape attn_shape_of(const problem_shape *p) {
  attn_shape s = {(int)p->v[0], (int)p->v[1], (int)p->v[2], (int)p->v[3], (int)p->v[4], (int)p->v[5]};
  return s;
}

// The softmax scale, 1/sqrt(D).
static inline float attn_scale(const attn_shape *s) { return (float)(1.0 / sqrt((double)s->D)); }

static inline attn_args attn_args_of(const problem_shape *p, const problem_io *io) {
  const attn_shape s = attn_shape_of(p);
  attn_args a = {(const __half *)io->in[0], (const __half *)io->in[1], (const __half *)io->in[2],
                 (__half *)io->out[0], attn_scale(&s)};
  return a;
}
