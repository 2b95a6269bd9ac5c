// bench_timing.cu — the timing loop, in one of two methods.
// graph (--graph-calls G > 0, the default, G = 20): G back-to-back calls of the problem's kernel are captured
//   into one CUDA graph; a sample is CUDA events around one replay, divided by G — the method
//   tools/sdpa_bench.py uses for SDPA, so the two compare like for like. Before
//   every replay a spin kernel (~20 us) keeps the GPU busy while the host queues the start event
//   and the replay, so the host's launch latency stays out of the events. cold: before the spin,
//   outside the timed region, cudaMemsetAsync writes 2 x L2 bytes, so the replay's first call
//   starts with a cold L2 and the others find what the previous call left.
// plain (G = 0): cold: the flush, then events around one call; hot: no flush, events around
//   hot_batch back-to-back calls, / hot_batch.
// Inputs are not rotated: in cold mode the flush alone makes every sample start cold.
// After every sample (untimed) bench_clock_kernel measures the SM clock: clock64() cycles over
// ~20 us of %globaltimer, counted between two timer ticks so the timer's granularity drops out.
#include <stdio.h>
#include <stdlib.h>
#include "bench_cuda.h"
#include "bench_timing.h"
#include "samples/samples_median.h"

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

// Keeps the GPU busy for ~us microseconds of %globaltimer.
__global__ void bench_spin_kernel(unsigned us) {
  unsigned long long t0 = bench_globaltimer();
  long n = 0;
  while (bench_globaltimer() < t0 + 1000ull * us && ++n < 100000000) {
  }
}

void bench_timing_describe(const bench_timing_opts *t, char *buf, size_t len) {
  if (t->graph_calls > 0)
    snprintf(buf, len,
             "time_us = cuda graph of %d calls, events around one replay, / %d; %s; a ~20 us spin "
             "kernel before each replay",
             t->graph_calls, t->graph_calls,
             t->l2_cold ? "2 x L2 bytes written before each replay" : "no L2 flush");
  else if (t->l2_cold)
    snprintf(buf, len, "time_us = events around one call; 2 x L2 bytes written before each");
  else
    snprintf(buf, len, "time_us = events around %d back-to-back calls, / %d; no L2 flush",
             t->hot_batch, t->hot_batch);
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

// Captures calls runs on st into an executable graph; exits 4 (CUDA error) when the
// implementation cannot be captured.
static cudaGraphExec_t capture(const kernel_plan *plan, problem_bufs *b, int calls, cudaStream_t st) {
  cudaGraph_t g;
  cudaGraphExec_t ge;
  BENCH_CUDA(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
  for (int i = 0; i < calls; i++) {
    cudaError_t e = problem_run(b, plan, st);
    if (e != cudaSuccess) {
      cudaGraph_t dead;
      cudaStreamEndCapture(st, &dead);
      fprintf(stderr, "bench: the kernel failed during graph capture (call %d of %d); "
                      "use --graph-calls 0 to time plain launches\n", i + 1, calls);
      BENCH_CUDA(e);
    }
  }
  BENCH_CUDA(cudaStreamEndCapture(st, &g));
  BENCH_CUDA(cudaGraphInstantiate(&ge, g, 0));
  BENCH_CUDA(cudaGraphDestroy(g));
  return ge;
}

double bench_time_shape(const kernel_plan *plan, problem_bufs *b, const bench_timing_opts *t,
                        int si, bench_samples *v) {
  cudaStream_t st;
  BENCH_CUDA(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  const int graph = t->graph_calls > 0;
  int per_sample = graph ? t->graph_calls : t->l2_cold ? 1 : t->hot_batch;
  cudaGraphExec_t ge = graph ? capture(plan, b, t->graph_calls, st) : NULL;
  cudaEvent_t *ev = (cudaEvent_t *)malloc(2 * (size_t)t->reps * sizeof *ev);
  unsigned long long *clk, *hclk = (unsigned long long *)malloc(2 * (size_t)t->reps * 8);
  double *us = (double *)malloc((size_t)t->reps * sizeof(double));
  if (!ev || !hclk || !us) bench_usage_fail("out of host memory");
  BENCH_CUDA(cudaMalloc(&clk, 2 * (size_t)t->reps * 8));
  for (int i = 0; i < 2 * t->reps; i++) BENCH_CUDA(cudaEventCreate(&ev[i]));

  for (int w = 0; w < t->warmup; w++) {
    if (t->l2_cold) flush_l2(t->flush_bytes, w, st);
    if (graph) BENCH_CUDA(cudaGraphLaunch(ge, st));
    else BENCH_CUDA(problem_run(b, plan, st));
  }
  BENCH_CUDA(cudaStreamSynchronize(st));
  for (int r = 0; r < t->reps; r++) {
    if (t->l2_cold) flush_l2(t->flush_bytes, r, st);
    if (graph) {
      bench_spin_kernel<<<1, 1, 0, st>>>(20);
      BENCH_CUDA_LAUNCH();
    }
    BENCH_CUDA(cudaEventRecord(ev[2 * r], st));
    if (graph) BENCH_CUDA(cudaGraphLaunch(ge, st));
    else
      for (int i = 0; i < per_sample; i++) BENCH_CUDA(problem_run(b, plan, st));
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
  if (ge) BENCH_CUDA(cudaGraphExecDestroy(ge));
  for (int i = 0; i < 2 * t->reps; i++) BENCH_CUDA(cudaEventDestroy(ev[i]));
  BENCH_CUDA(cudaFree(clk));
  BENCH_CUDA(cudaStreamDestroy(st));
  double med = samples_median(us, (size_t)t->reps);
  free(ev);
  free(hclk);
  free(us);
  return med;
}
