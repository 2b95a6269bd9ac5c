// bench_check_ref.cu — --check-ref: the problem's GPU reference of every output against its fp64
// CPU one (bench_check.h).
#include <stdlib.h>

#include "bench_check.h"
#include "bench_cuda.h"
#include "bench_fill.h"
#include "bench_types.h"

void bench_check_ref_fits(const char *name, const problem_shape *s) {
  double flops, bytes;
  problem_this()->work(s, &flops, &bytes);
  if (flops > REF_CHECK_MAX_FLOPS)
    bench_usage_fail("shape '%s': too large for --check-ref (%.0f FLOPs > %.0f)", name, flops,
                     REF_CHECK_MAX_FLOPS);
}

// Output i's GPU reference against its fp64 one (both as floats: fp64 rounded to fp32 adds at most
// 6e-8 relative error), into e; 1 when it passes.
static int check_out(const bench_tensors *t, int i, const double *r64, bench_err *e) {
  const problem_tensor *d = &t->d.out[i];
  const size_t n = d->count;
  double *gpu = bench_to_host_double(t->ref[i], bench_ref_type(d->type), n);
  float *r32 = (float *)malloc(n * sizeof(float)), *r64f = (float *)malloc(n * sizeof(float));
  if (!r32 || !r64f) bench_usage_fail("out of host memory");
  for (size_t j = 0; j < n; j++) r32[j] = (float)gpu[j], r64f[j] = (float)r64[j];
  double atol, rtol, max_rel;
  bench_out_tolerance(d, &atol, &rtol, &max_rel);
  // the reference must judge the kernel with an order of magnitude to spare: its own error within
  // a tenth of the kernel's atol and rtol, and a hundredth of its max_rel (an fp32 sum of K = 4096
  // products differs from fp64 by ~1e-4 near zero, a fiftieth of GEMM's atol there)
  bench_compare(r32, r64f, n, atol / 10, rtol / 10, e);
  free(gpu);
  free(r32);
  free(r64f);
  return e->nan == 0 && e->violations == 0 && e->max_rel_err <= max_rel / 100;
}

int bench_check_ref_shape(const char *name, const problem_shape *s, unsigned long long seed,
                          FILE *out) {
  bench_check_ref_fits(name, s);
  bench_tensors *t = bench_tensors_alloc(s, 0, 0);
  bench_tensors_fill(t, seed, BENCH_INPUTS_UNIFORM, 0);
  bench_tensors_reference(t, 0);
  BENCH_CUDA(cudaDeviceSynchronize());
  double *in[PROBLEM_MAX_TENSORS], *r64[PROBLEM_MAX_TENSORS];
  for (int i = 0; i < t->d.nin; i++) in[i] = bench_to_host_double(t->io.in[i], t->d.in[i].type, t->d.in[i].count);
  for (int i = 0; i < t->d.nout; i++)
    if (!(r64[i] = (double *)calloc(t->d.out[i].count, sizeof(double)))) bench_usage_fail("out of host memory");
  problem_reference_fp64(s, in, r64);
  bench_err e[PROBLEM_MAX_TENSORS], all = {0};
  int pass = 1, ok[PROBLEM_MAX_TENSORS];
  for (int i = 0; i < t->d.nout; i++) {
    pass &= ok[i] = check_out(t, i, r64[i], &e[i]);
    if (e[i].max_abs_err > all.max_abs_err) all.max_abs_err = e[i].max_abs_err;
    if (e[i].max_rel_err > all.max_rel_err) all.max_rel_err = e[i].max_rel_err;
    all.violations += e[i].violations;
    all.nan += e[i].nan;
  }
  fprintf(out,
          "check-ref shape=%s max_abs_err=%.3e max_rel_err=%.3e allclose_violations=%ld nan=%ld "
          "verdict=%s\n",
          name, all.max_abs_err, all.max_rel_err, all.violations, all.nan, pass ? "pass" : "fail");
  for (int i = 0; t->d.nout > 1 && i < t->d.nout; i++)
    fprintf(out,
            "check-ref-out shape=%s out=%s type=%s max_abs_err=%.3e max_rel_err=%.3e "
            "allclose_violations=%ld nan=%ld verdict=%s\n",
            name, t->d.out[i].name, bench_type_name(t->d.out[i].type), e[i].max_abs_err, e[i].max_rel_err,
            e[i].violations, e[i].nan, ok[i] ? "pass" : "fail");
  fflush(out);
  for (int i = 0; i < t->d.nin; i++) free(in[i]);
  for (int i = 0; i < t->d.nout; i++) free(r64[i]);
  bench_tensors_free(t);
  return pass;
}
