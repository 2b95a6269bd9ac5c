// problem.cu — GEMM as a problem of the generic harness (kernels/harness/problem.h): A [M, K] and
// B [K, N] in fp16, C [M, N] in fp16, the fp32 and fp64 references (reference.h), the kernel
// contract of gemm.h passed through. Numerics: max rel err <= 1e-2 and allclose with rtol 1e-3
// (twice fp16's half ulp, the rounding of the output) and atol 1e-3 · max(1, sqrt(K) / 8): the
// fp32 sums of K products of inputs in [-1, 1] differ between summation orders by about
// sqrt(K) · 2^-24 · sqrt(K) / 3 (about 1e-4 at K = 4096), and atol stays 60 times above that.
// Shapes: gemm_shape.c.
#include <math.h>
#include <stdlib.h>

#include "bench_cuda.h"
#include "bench_fill.h"
#include "bench_tensors.h"
#include "gemm.h"
#include "problem.h"
#include "reference.h"

extern "C" const problem_host problem_gemm;

struct problem_bufs {
  gemm_shape s;
  bench_tensors t;  // inputs A [M, K] and B [K, N]; output C [M, N]
};

static gemm_shape to_gemm(const problem_shape *p) {
  gemm_shape s = {(int)p->v[0], (int)p->v[1], (int)p->v[2]};
  return s;
}

const problem_host *problem_this(void) { return &problem_gemm; }

int problem_describe(const problem_shape *p, int sm_count, kernel_plan *plan, char *msg, size_t msglen) {
  gemm_shape s = to_gemm(p);
  return gemm_describe(&s, sm_count, plan, msg, msglen);
}

cudaError_t problem_prepare(const problem_shape *p, const kernel_plan *plan) {
  gemm_shape s = to_gemm(p);
  return gemm_prepare(&s, plan);
}

void problem_release(void) { gemm_release(); }
const void *problem_main_kernel(const kernel_plan *plan) { return gemm_main_kernel(plan); }
const char *problem_config(void) { return gemm_config(); }

problem_bufs *problem_alloc(const problem_shape *p, size_t ws_bytes, size_t ws_zeroed) {
  problem_bufs *b = (problem_bufs *)calloc(1, sizeof *b);
  if (!b) bench_usage_fail("out of host memory");
  b->s = to_gemm(p);
  const size_t n_in[2] = {(size_t)b->s.M * b->s.K, (size_t)b->s.K * b->s.N};
  bench_tensors_alloc(&b->t, 2, n_in, (size_t)b->s.M * b->s.N, ws_bytes, ws_zeroed);
  return b;
}

BENCH_TENSORS_PROBLEM_FUNCTIONS(BENCH_NO_HARD_INPUTS)

void problem_reference(problem_bufs *b, cudaStream_t stream) {
  gemm_reference(&b->s, b->t.in[0], b->t.in[1], b->t.ref, stream);
}

cudaError_t problem_run(problem_bufs *b, const kernel_plan *plan, cudaStream_t stream) {
  gemm_args a = {b->t.in[0], b->t.in[1], b->t.out};
  return gemm_run(&b->s, plan, &a, b->t.ws, stream);
}

void problem_tolerance(const problem_shape *p, double *atol, double *rtol, double *max_rel) {
  double k8 = sqrt((double)p->v[2]) / 8;
  *atol = 1e-3 * (k8 > 1 ? k8 : 1);
  *rtol = 1e-3;
  *max_rel = 1e-2;
}

void problem_reference_fp64(const problem_bufs *b, double *out) {
  double *a = bench_to_host_double(b->t.in[0], b->t.n_in[0]), *bb = bench_to_host_double(b->t.in[1], b->t.n_in[1]);
  gemm_reference_cpu(&b->s, a, bb, out);
  free(a);
  free(bb);
}

const char *const problem_ref_shapes[] = {"M1_N1_K1",     "M1_N1_K5000",  "M17_N33_K129",
                                          "M127_N255_K63", "M64_N64_K4096", "M1_N4096_K4",
                                          "M300_N7_K100", NULL};
