// problem.cu — GEMM's part of the harness's contract (kernels/harness/problem.h): A [M, K] and
// B [K, N] in fp16, C [M, N] in fp16, the fp32 and fp64 references (reference.h). Numerics: max
// rel err <= 1e-2 and allclose with rtol 1e-3 (twice fp16's half ulp, the rounding of the output)
// and atol 1e-3 · max(1, sqrt(K) / 8): the fp32 sums of K products of inputs in [-1, 1] differ
// between summation orders by about sqrt(K) · 2^-24 · sqrt(K) / 3 (about 1e-4 at K = 4096), and
// atol stays 60 times above that. Shapes: gemm_shape.c.
#include <math.h>

#include "gemm.h"
#include "problem.h"
#include "reference.h"

extern "C" const problem_host problem_gemm;
const problem_host *problem_this(void) { return &problem_gemm; }

void problem_tensors_of(const problem_shape *p, problem_tensors *t) {
  const gemm_shape s = gemm_shape_of(p);
  const double k8 = sqrt((double)s.K) / 8;
  *t = problem_tensors{2, 1, {{"a", PROBLEM_F16, (size_t)s.M * s.K}, {"b", PROBLEM_F16, (size_t)s.K * s.N}},
                       {{"c", PROBLEM_F16, (size_t)s.M * s.N, 1e-3 * (k8 > 1 ? k8 : 1), 1e-3, 1e-2}}};
}

void problem_harden(const problem_shape *p, const problem_io *io, cudaStream_t stream) {
  (void)p, (void)io, (void)stream;
}

void problem_reference(const problem_shape *p, const problem_io *io, void *const *ref, cudaStream_t stream) {
  const gemm_shape s = gemm_shape_of(p);
  const gemm_args a = gemm_args_of(p, io);
  gemm_reference(&s, a.a, a.b, (float *)ref[0], stream);
}

void problem_reference_fp64(const problem_shape *p, const double *const *in, double *const *out) {
  const gemm_shape s = gemm_shape_of(p);
  gemm_reference_cpu(&s, in[0], in[1], out[0]);
}

const char *const problem_ref_shapes[] = {"M1_N1_K1",     "M1_N1_K5000",  "M17_N33_K129",
                                          "M127_N255_K63", "M64_N64_K4096", "M1_N4096_K4",
                                          "M300_N7_K100", NULL};
