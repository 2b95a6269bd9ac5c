// problem.cu — vecadd's part of the harness's contract (kernels/harness/problem.h): A and B of N
// fp16 elements in, C of N fp16 out, the fp32 and fp64 references (reference.h). Numerics: each
// output is one fp32 sum of two fp16 inputs in [-1, 1] (within 2^-24 relative of the exact sum),
// so the error that matters is the fp16 rounding of the output: half an ulp, at most 2^-11
// (4.9e-4) relative, under rtol 1e-3; atol 1e-3 covers sums near 0, where fp16 is subnormal; max
// rel err <= 1e-2 as for GEMM. Shapes: vecadd_shape.c.
#include "problem.h"
#include "reference.h"
#include "vecadd.h"

extern "C" const problem_host problem_vecadd;
const problem_host *problem_this(void) { return &problem_vecadd; }

void problem_tensors_of(const problem_shape *p, problem_tensors *t) {
  const size_t n = (size_t)p->v[0];
  *t = problem_tensors{2, 1, {{"a", PROBLEM_F16, n}, {"b", PROBLEM_F16, n}}, {{"c", PROBLEM_F16, n, 1e-3, 1e-3, 1e-2}}};
}

void problem_harden(const problem_shape *p, const problem_io *io, cudaStream_t stream) {
  (void)p, (void)io, (void)stream;
}

void problem_reference(const problem_shape *p, const problem_io *io, void *const *ref, cudaStream_t stream) {
  const vecadd_shape s = vecadd_shape_of(p);
  const vecadd_args a = vecadd_args_of(p, io);
  vecadd_reference(&s, a.a, a.b, (float *)ref[0], stream);
}

void problem_reference_fp64(const problem_shape *p, const double *const *in, double *const *out) {
  const vecadd_shape s = vecadd_shape_of(p);
  vecadd_reference_cpu(&s, in[0], in[1], out[0]);
}

const char *const problem_ref_shapes[] = {"N1", "N7", "N1000", "N65536", NULL};
