// bench_timing.cu — the timing loop.
// cold: before every rep, outside the timed region, cudaMemsetAsync writes 2 x L2 bytes, which
//   evicts Q, K, V and O from L2 (inputs are not rotated: the flush alone makes every rep start
//   cold); each sample = events around one attn_run.
// hot: no flush; each sample = events around hot_batch back-to-back attn_runs, / hot_batch.
// After every sample (untimed) bench_clock_kernel measures the SM clock: clock64() cycles over
// ~20 us of %globaltimer, counted between two timer ticks so the timer's granularity drops out.
#include <stdlib.h>
#include "bench_check.h"
#include "bench_cuda.h"
#include "bench_timing.h"

static void *flush_buf;
static size_t flush_size;

__device__ static unsigned long long bench_globaltimer(void) {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// out[0] = SM cycles, out[1] = ns over the same interval (both 0 if the timer stood still).
__global__ void bench_clock_kernel(unsigned long long *out) {
  const long limit = 100000000;
  unsigned long long t0 = bench_globaltimer(), t1, t2;
  long n = 0;
  do t1 = bench_globaltimer(); while (t1 == t0 && ++n < limit);
  long long c1 = clock64();
  do t2 = bench_globaltimer(); while (t2 < t1 + 20000 && ++n < limit);
  long long c2 = clock64();
  out[0] = n < limit ? (unsigned long long)(c2 - c1) : 0;
  out[1] = n < limit ? t2 - t1 : 0;
}

static void flush_l2(size_t bytes, int rep, cudaStream_t st) {
  if (flush_size < bytes) {
    if (flush_buf) BENCH_CUDA(cudaFree(flush_buf));
    BENCH_CUDA(cudaMalloc(&flush_buf, bytes));
    flush_size = bytes;
  }
  BENCH_CUDA(cudaMemsetAsync(flush_buf, rep & 0xFF, bytes, st));
}

void bench_timing_release(void) {
  if (flush_buf) BENCH_CUDA(cudaFree(flush_buf));
  flush_buf = NULL;
  flush_size = 0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double bench_time_shape(const attn_shape *s, const attn_plan *plan, const bench_bufs *b,
                        const bench_timing_opts *t, int si, bench_samples *v) {
  cudaStream_t st;
  BENCH_CUDA(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  attn_args a = {b->q, b->k, b->v, b->o, bench_scale(s)};
  int per_sample = t->l2_cold ? 1 : t->hot_batch;
  cudaEvent_t *ev = (cudaEvent_t *)malloc(2 * (size_t)t->reps * sizeof *ev);
  unsigned long long *clk, *hclk = (unsigned long long *)malloc(2 * (size_t)t->reps * 8);
  double *us = (double *)malloc((size_t)t->reps * sizeof(double));
  if (!ev || !hclk || !us) bench_usage_fail("out of host memory");
  BENCH_CUDA(cudaMalloc(&clk, 2 * (size_t)t->reps * 8));
  for (int i = 0; i < 2 * t->reps; i++) BENCH_CUDA(cudaEventCreate(&ev[i]));

  for (int w = 0; w < t->warmup; w++) {
    if (t->l2_cold) flush_l2(t->flush_bytes, w, st);
    BENCH_CUDA(attn_run(s, plan, &a, b->ws, st));
  }
  BENCH_CUDA(cudaStreamSynchronize(st));
  for (int r = 0; r < t->reps; r++) {
    if (t->l2_cold) flush_l2(t->flush_bytes, r, st);
    BENCH_CUDA(cudaEventRecord(ev[2 * r], st));
    for (int i = 0; i < per_sample; i++) BENCH_CUDA(attn_run(s, plan, &a, b->ws, st));
    BENCH_CUDA(cudaEventRecord(ev[2 * r + 1], st));
    bench_clock_kernel<<<1, 1, 0, st>>>(clk + 2 * r);
    BENCH_CUDA_LAUNCH();
  }
  BENCH_CUDA(cudaStreamSynchronize(st));
  BENCH_CUDA(cudaMemcpy(hclk, clk, 2 * (size_t)t->reps * 8, cudaMemcpyDeviceToHost));
  for (int r = 0; r < t->reps; r++) {
    float ms;
    BENCH_CUDA(cudaEventElapsedTime(&ms, ev[2 * r], ev[2 * r + 1]));
    us[r] = ms * 1000.0 / per_sample;
    unsigned long long cyc = hclk[2 * r], ns = hclk[2 * r + 1];
    int mhz = ns ? (int)(cyc * 1000.0 / ns + 0.5) : -1;
    bench_samples_add(v, si, r, us[r], mhz);
  }
  for (int i = 0; i < 2 * t->reps; i++) BENCH_CUDA(cudaEventDestroy(ev[i]));
  BENCH_CUDA(cudaFree(clk));
  BENCH_CUDA(cudaStreamDestroy(st));
  qsort(us, (size_t)t->reps, sizeof *us, cmp_double);
  double med = t->reps % 2 ? us[t->reps / 2] : 0.5 * (us[t->reps / 2 - 1] + us[t->reps / 2]);
  free(ev);
  free(hclk);
  free(us);
  return med;
}
