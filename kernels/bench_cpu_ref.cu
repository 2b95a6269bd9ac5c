// bench_cpu_ref.cu — --check-ref: proves the fp32 GPU reference against a plain fp64 CPU
// attention on small shapes, with tolerances 100x tighter than the kernel's criteria.
#include <math.h>
#include <stdlib.h>
#include "bench_check.h"
#include "bench_cuda.h"

// out[B,H,Sq,D] = softmax(q kᵀ scale) v in double; causal top-left (keys j <= i).
static void cpu_attention(const attn_shape *s, const double *q, const double *k, const double *v,
                          double scale, double *out) {
  double *p = (double *)malloc((size_t)s->Skv * sizeof(double));
  if (!p) bench_usage_fail("out of host memory");
  for (int bh = 0; bh < s->B * s->H; bh++)
    for (int i = 0; i < s->Sq; i++) {
      const double *qi = q + ((size_t)bh * s->Sq + i) * s->D;
      const double *kh = k + (size_t)bh * s->Skv * s->D, *vh = v + (size_t)bh * s->Skv * s->D;
      int n = s->causal ? (i + 1 < s->Skv ? i + 1 : s->Skv) : s->Skv;
      double m = -INFINITY, l = 0;
      for (int j = 0; j < n; j++) {
        double dot = 0;
        for (int d = 0; d < s->D; d++) dot += qi[d] * kh[(size_t)j * s->D + d];
        p[j] = dot * scale;
        if (p[j] > m) m = p[j];
      }
      for (int j = 0; j < n; j++) l += (p[j] = exp(p[j] - m));
      for (int d = 0; d < s->D; d++) {
        double acc = 0;
        for (int j = 0; j < n; j++) acc += p[j] * vh[(size_t)j * s->D + d];
        out[((size_t)bh * s->Sq + i) * s->D + d] = acc / l;
      }
    }
  free(p);
}

static double *to_host_double(const __half *dev, size_t n) {
  __half *h = (__half *)malloc(n * sizeof(__half));
  double *x = (double *)malloc(n * sizeof(double));
  if (!h || !x) bench_usage_fail("out of host memory");
  BENCH_CUDA(cudaMemcpy(h, dev, n * sizeof(__half), cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; i++) x[i] = __half2float(h[i]);
  free(h);
  return x;
}

void bench_check_ref_fits(const char *name, const attn_shape *s) {
  double work = (double)s->B * s->H * s->Sq * s->Skv * s->D;
  if (work > REF_CHECK_MAX_WORK)
    bench_usage_fail("shape '%s': too large for --check-ref (B*H*Sq*Skv*D > %d)", name,
                     REF_CHECK_MAX_WORK);
}

int bench_check_ref_shape(const char *name, const attn_shape *s, unsigned long long seed,
                          FILE *out) {
  bench_check_ref_fits(name, s);
  bench_bufs b;
  bench_bufs_alloc(s, 0, &b);
  bench_fill_inputs(&b, seed, 0);
  bench_reference(s, &b, bench_scale(s), 0);
  BENCH_CUDA(cudaDeviceSynchronize());
  double *q = to_host_double(b.q, b.nq), *k = to_host_double(b.k, b.nkv);
  double *v = to_host_double(b.v, b.nkv), *r64 = (double *)malloc(b.nq * sizeof(double));
  float *r32 = (float *)malloc(b.nq * sizeof(float)), *r64f = (float *)malloc(b.nq * sizeof(float));
  if (!r64 || !r32 || !r64f) bench_usage_fail("out of host memory");
  BENCH_CUDA(cudaMemcpy(r32, b.ref, b.nq * sizeof(float), cudaMemcpyDeviceToHost));
  cpu_attention(s, q, k, v, bench_scale(s), r64);
  // bench_compare works on floats; fp64 rounded to fp32 adds at most 6e-8 relative error.
  for (size_t i = 0; i < b.nq; i++) r64f[i] = (float)r64[i];
  bench_err e;
  bench_compare(r32, r64f, b.nq, 1e-6, 1e-5, &e);
  int pass = e.nan == 0 && e.violations == 0 && e.max_rel_err <= 1e-5;
  fprintf(out,
          "check-ref shape=%s max_abs_err=%.3e max_rel_err=%.3e allclose_violations=%ld nan=%ld "
          "verdict=%s\n",
          name, e.max_abs_err, e.max_rel_err, e.violations, e.nan, pass ? "pass" : "fail");
  fflush(out);
  free(q);
  free(k);
  free(v);
  free(r64);
  free(r32);
  free(r64f);
  bench_bufs_free(&b);
  return pass;
}
