// bench_check.cu — the --check procedure: the linked kernel against the fp32 GPU reference.
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bench_check.h"
#include "bench_cuda.h"

float bench_scale(const attn_shape *s) { return (float)(1.0 / sqrt((double)s->D)); }

void bench_compare(const float *o, const float *ref, size_t n, double atol, double rtol,
                   bench_err *e) {
  memset(e, 0, sizeof *e);
  for (size_t i = 0; i < n; i++) {
    double r = ref[i], x = o[i];
    if (!isfinite(x) || !isfinite(r)) {
      e->nan++;
      e->violations++;
      continue;
    }
    double d = fabs(x - r);
    if (d > e->max_abs_err) e->max_abs_err = d;
    if (fabs(r) > e->max_ref) e->max_ref = fabs(r);
    if (d > atol + rtol * fabs(r)) e->violations++;
  }
  e->max_rel_err = e->max_ref > 0 ? e->max_abs_err / e->max_ref : (e->max_abs_err > 0 ? INFINITY : 0);
}

int bench_err_pass(const bench_err *e) {
  return e->nan == 0 && e->violations == 0 && e->max_rel_err <= 1e-2;
}

static void worst(bench_err *acc, const bench_err *e) {
  if (e->max_abs_err > acc->max_abs_err) acc->max_abs_err = e->max_abs_err;
  if (e->max_rel_err > acc->max_rel_err) acc->max_rel_err = e->max_rel_err;
  acc->violations += e->violations;
  acc->nan += e->nan;
}

// Poisons output (0xFFFF halves are NaN) and workspace, runs the kernel once, copies o to host.
static void run_poisoned(const attn_shape *s, const attn_plan *plan, const bench_bufs *b,
                         __half *host_o) {
  attn_args a = {b->q, b->k, b->v, b->o, bench_scale(s)};
  BENCH_CUDA(cudaMemset(b->o, 0xFF, b->nq * sizeof(__half)));
  if (b->ws) BENCH_CUDA(cudaMemset(b->ws, 0xFF, b->ws_bytes));
  BENCH_CUDA(cudaDeviceSynchronize());
  BENCH_CUDA(attn_run(s, plan, &a, b->ws, 0));
  BENCH_CUDA_LAUNCH();
  BENCH_CUDA(cudaDeviceSynchronize());
  BENCH_CUDA(cudaMemcpy(host_o, b->o, b->nq * sizeof(__half), cudaMemcpyDeviceToHost));
}

// Inputs from seed, reference, one poisoned run; compares; leaves the output bits in host_o.
static void one_input_set(const attn_shape *s, const attn_plan *plan, const bench_bufs *b,
                          unsigned long long seed, __half *host_o, float *of, float *rf,
                          bench_err *e) {
  bench_fill_inputs(b, seed, 0);
  bench_reference(s, b, bench_scale(s), 0);
  BENCH_CUDA(cudaDeviceSynchronize());
  BENCH_CUDA(cudaMemcpy(rf, b->ref, b->nq * sizeof(float), cudaMemcpyDeviceToHost));
  run_poisoned(s, plan, b, host_o);
  for (size_t i = 0; i < b->nq; i++) of[i] = __half2float(host_o[i]);
  bench_compare(of, rf, b->nq, 1e-3, 1e-3, e);
}

int bench_check_shape(const char *name, const attn_shape *s, const attn_plan *plan,
                      const bench_bufs *b, unsigned long long seed, FILE *out) {
  __half *o1 = (__half *)malloc(b->nq * sizeof(__half));
  __half *o2 = (__half *)malloc(b->nq * sizeof(__half));
  float *of = (float *)malloc(b->nq * sizeof(float)), *rf = (float *)malloc(b->nq * sizeof(float));
  if (!o1 || !o2 || !of || !rf) bench_usage_fail("out of host memory for shape '%s'", name);
  bench_err e1, e2, all;
  one_input_set(s, plan, b, seed, o1, of, rf, &e1);
  run_poisoned(s, plan, b, o2);  // same inputs again: any bit that moves is a race
  long mismatch = 0;
  for (size_t i = 0; i < b->nq; i++) mismatch += memcmp(&o1[i], &o2[i], sizeof(__half)) != 0;
  one_input_set(s, plan, b, seed ^ 0xD1B54A32D192ED03ull, o2, of, rf, &e2);
  all = e1;
  worst(&all, &e2);
  int pass = bench_err_pass(&e1) && bench_err_pass(&e2) && mismatch == 0;
  fprintf(out,
          "check shape=%s max_abs_err=%.3e max_rel_err=%.3e allclose_violations=%ld nan=%ld "
          "rerun_mismatch=%ld verdict=%s\n",
          name, all.max_abs_err, all.max_rel_err, all.violations, all.nan, mismatch,
          pass ? "pass" : "fail");
  fflush(out);
  free(o1);
  free(o2);
  free(of);
  free(rf);
  return pass;
}
