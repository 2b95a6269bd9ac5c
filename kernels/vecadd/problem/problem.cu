// problem.cu — vecadd as a problem of the generic harness (kernels/harness/problem.h): A and B
// of N fp16 elements in, C of N fp16 out, the fp32 and fp64 references (reference.h), the kernel
// contract of vecadd.h passed through. Numerics: each output is one fp32 sum of two fp16 inputs
// in [-1, 1] (within 2^-24 relative of the exact sum), so the error that matters is the fp16
// rounding of the output: half an ulp, at most 2^-11 (4.9e-4) relative, under rtol 1e-3; atol
// 1e-3 covers sums near 0, where fp16 is subnormal; max rel err <= 1e-2 as for GEMM.
// Shapes: vecadd_shape.c.
#include <stdlib.h>

#include "bench_cuda.h"
#include "bench_fill.h"
#include "bench_tensors.h"
#include "problem.h"
#include "reference.h"
#include "vecadd.h"

extern "C" const problem_host problem_vecadd;

struct problem_bufs {
  vecadd_shape s;
  bench_tensors t;  // inputs A and B, output C, [N] each
};

static vecadd_shape to_vecadd(const problem_shape *p) {
  vecadd_shape s = {(int)p->v[0]};
  return s;
}

const problem_host *problem_this(void) { return &problem_vecadd; }

int problem_describe(const problem_shape *p, int sm_count, kernel_plan *plan, char *msg, size_t msglen) {
  vecadd_shape s = to_vecadd(p);
  return vecadd_describe(&s, sm_count, plan, msg, msglen);
}

cudaError_t problem_prepare(const problem_shape *p, const kernel_plan *plan) {
  vecadd_shape s = to_vecadd(p);
  return vecadd_prepare(&s, plan);
}

void problem_release(void) { vecadd_release(); }
const void *problem_main_kernel(const kernel_plan *plan) { return vecadd_main_kernel(plan); }
const char *problem_config(void) { return vecadd_config(); }

problem_bufs *problem_alloc(const problem_shape *p, size_t ws_bytes, size_t ws_zeroed) {
  problem_bufs *b = (problem_bufs *)calloc(1, sizeof *b);
  if (!b) bench_usage_fail("out of host memory");
  b->s = to_vecadd(p);
  const size_t n = (size_t)b->s.N, n_in[2] = {n, n};
  bench_tensors_alloc(&b->t, 2, n_in, n, ws_bytes, ws_zeroed);
  return b;
}

BENCH_TENSORS_PROBLEM_FUNCTIONS(BENCH_NO_HARD_INPUTS)

void problem_reference(problem_bufs *b, cudaStream_t stream) {
  vecadd_reference(&b->s, b->t.in[0], b->t.in[1], b->t.ref, stream);
}

cudaError_t problem_run(problem_bufs *b, const kernel_plan *plan, cudaStream_t stream) {
  vecadd_args a = {b->t.in[0], b->t.in[1], b->t.out};
  return vecadd_run(&b->s, plan, &a, b->t.ws, stream);
}

void problem_tolerance(const problem_shape *p, double *atol, double *rtol, double *max_rel) {
  (void)p;
  *atol = 1e-3;
  *rtol = 1e-3;
  *max_rel = 1e-2;
}

void problem_reference_fp64(const problem_bufs *b, double *out) {
  double *a = bench_to_host_double(b->t.in[0], b->t.n_in[0]), *bb = bench_to_host_double(b->t.in[1], b->t.n_in[1]);
  vecadd_reference_cpu(&b->s, a, bb, out);
  free(a);
  free(bb);
}

const char *const problem_ref_shapes[] = {"N1", "N7", "N1000", "N65536", NULL};
