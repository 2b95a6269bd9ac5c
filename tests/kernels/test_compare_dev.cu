// test_compare_dev.cu — the GPU comparison (kernels/harness/bench_compare_dev.cu) against the
// host one it replaces for --check (bench_compare, kept for --check-ref): on random outputs with
// planted faults (values past the tolerance, NaN and infinite outputs, infinite references, zero
// references) every field must be equal, and the bit-for-bit mismatch count (of outputs with
// sign bits flipped) must equal a host memcmp count. Needs a GPU; tests/kernels/test_bench_gpu.sh runs it.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_fp16.h>

#include "bench_compare_dev.h"
#include "bench_cuda.h"

static unsigned long long rng = 88172645463325252ull;
static double uni(void) {  // xorshift64, [0, 1)
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng >> 11) / 9007199254740992.0;
}

static int failures;
static void expect(int ok, const char *what, size_t n) {
  printf("%s n=%zu: %s\n", ok ? "ok" : "FAIL", n, what);
  if (!ok) failures++;
}

static void one_case(size_t n, double atol, double rtol, int faults) {
  float *ref = (float *)malloc((n ? n : 1) * sizeof(float)), *of = (float *)malloc((n ? n : 1) * sizeof(float));
  __half *o = (__half *)malloc((n ? n : 1) * sizeof(__half)), *o2 = (__half *)malloc((n ? n : 1) * sizeof(__half));
  for (size_t i = 0; i < n; i++) {
    ref[i] = (float)(uni() * 4 - 2);
    double noise = (uni() - 0.5) * 4e-3;  // around the tolerance of 1e-3 + 1e-3 |r|
    o[i] = __float2half_rn((float)(ref[i] + noise));
    if (faults) {
      double u = uni();
      if (u < 0.001) o[i] = __ushort_as_half(0x7E00);           // NaN
      else if (u < 0.002) o[i] = __ushort_as_half(0x7C00);      // +inf
      else if (u < 0.003) ref[i] = INFINITY;
      else if (u < 0.004) ref[i] = 0.0f;
      else if (u < 0.005) o[i] = __float2half_rn(ref[i] + 1.0f);
    }
    of[i] = __half2float(o[i]);
    o2[i] = o[i];
    if (faults && uni() < 0.003) o2[i] = __ushort_as_half((unsigned short)(__half_as_ushort(o[i]) ^ 0x8000));
  }
  long want_mis = 0;
  for (size_t i = 0; i < n; i++) want_mis += memcmp(&o[i], &o2[i], sizeof(__half)) != 0;
  bench_err h, d;
  bench_compare(of, ref, n, atol, rtol, &h);
  __half *do_, *do2;
  float *dref;
  BENCH_CUDA(cudaMalloc(&do_, (n ? n : 1) * sizeof(__half)));
  BENCH_CUDA(cudaMalloc(&do2, (n ? n : 1) * sizeof(__half)));
  BENCH_CUDA(cudaMalloc(&dref, (n ? n : 1) * sizeof(float)));
  BENCH_CUDA(cudaMemcpy(do_, o, n * sizeof(__half), cudaMemcpyHostToDevice));
  BENCH_CUDA(cudaMemcpy(do2, o2, n * sizeof(__half), cudaMemcpyHostToDevice));
  BENCH_CUDA(cudaMemcpy(dref, ref, n * sizeof(float), cudaMemcpyHostToDevice));
  bench_compare_dev(do_, PROBLEM_F16, dref, PROBLEM_F32, n, atol, rtol, &d);
  long mis = bench_mismatch_dev(do_, do2, n, sizeof(__half));
  printf("# host: max_abs %.17g max_ref %.17g viol %ld nan %ld; gpu: max_abs %.17g max_ref %.17g viol %ld nan %ld; mismatch %ld/%ld\n",
         h.max_abs_err, h.max_ref, h.violations, h.nan, d.max_abs_err, d.max_ref, d.violations, d.nan, mis, want_mis);
  expect(h.max_abs_err == d.max_abs_err, "max_abs_err equal", n);
  expect(h.max_ref == d.max_ref, "max_ref equal", n);
  expect(h.max_rel_err == d.max_rel_err || (isnan(h.max_rel_err) && isnan(d.max_rel_err)), "max_rel_err equal", n);
  expect(h.violations == d.violations, "violations equal", n);
  expect(h.nan == d.nan, "nan counts equal", n);
  expect(mis == want_mis, "bit mismatches equal a host memcmp count", n);
  if (faults && n > 100000) expect(h.violations > 0 && h.nan > 0 && want_mis > 0, "the planted faults are there", n);
  cudaFree(do_);
  cudaFree(do2);
  cudaFree(dref);
  free(ref);
  free(of);
  free(o);
  free(o2);
}

int main(void) {
  one_case(0, 1e-3, 1e-3, 0);
  one_case(1, 1e-3, 1e-3, 0);
  one_case(1000, 1e-2, 1e-2, 0);              // clean: no violation expected
  one_case((1u << 20) + 37, 1e-3, 1e-3, 1);  // faults planted, a ragged last block
  one_case((1u << 24) + 5, 1e-3, 1e-3, 1);   // more elements than the grid has threads
  printf("%d failure(s)\n", failures);
  return failures ? 1 : 0;
}
