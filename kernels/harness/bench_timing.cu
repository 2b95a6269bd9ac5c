// bench_timing.cu — the timing loop, in one of two methods.
// graph (--graph-calls G > 0, the default, G = 20): G back-to-back calls of the problem's kernel are captured
//   into one CUDA graph; a sample is CUDA events around one replay, divided by G — the method
//   kernels/attention/problem/sdpa_bench.py uses for SDPA, so the two compare like for like. Before
//   every replay a spin kernel (~20 us) keeps the GPU busy while the host queues the start event
//   and the replay, so the host's launch latency stays out of the events. cold: before the spin,
//   outside the timed region, cudaMemsetAsync writes 2 x L2 bytes, so the replay's first call
//   starts with a cold L2 and the others find what the previous call left.
// plain (G = 0): cold: the flush, then events around one call; hot: no flush, events around
//   hot_batch back-to-back calls, / hot_batch.
// Inputs are not rotated: in cold mode the flush alone makes every sample start cold.
// Clocks at parity with every other side of a comparison (the SDPA runner,
// kernels/attention/problem/sdpa_bench.py, does the same): before the first timed sample of a shape the bench waits, bounded, with the GPU kept busy by
// short spin kernels, until NVML's SM clock is back at its target (the application clock) after
// whatever ran before; after every sample's end event it reads NVML's SM clock (column
// sm_clock_mhz, header clock_source).
// Kernel time (column kernel_us): after the timed replays, as many again, each opened by the spin
// kernel and the flush as before, with CUPTI recording (bench_ktime.h): the GPU time of the
// kernels alone in replay r, / G, is row r's kernel_us (memset nodes of a call left out, as the
// library runner reads it). Untimed by the events: CUPTI may slow the host's launches.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bench_cuda.h"
#include "bench_ktime.h"
#include "bench_nvml.h"
#include "bench_timing.h"
#include "samples/samples_median.h"

static void *flush_buf;
static size_t flush_size;

__device__ static unsigned long long bench_globaltimer(void) {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Keeps the GPU busy for ~us microseconds of %globaltimer.
__global__ void bench_spin_kernel(unsigned us) {
  unsigned long long t0 = bench_globaltimer();
  long n = 0;
  while (bench_globaltimer() < t0 + 1000ull * us && ++n < 100000000) {
  }
}

// The wait for the clock: back when NVML reads CLOCK_BACK of the target or more; at most
// CLOCK_WAIT_MS, and CLOCK_WAIT_AFTER_MISS_MS in a process where a wait has already missed.
#define CLOCK_BACK 0.98
enum { CLOCK_WAIT_MS = 1000, CLOCK_WAIT_AFTER_MISS_MS = 100, CLOCK_SPIN_US = 200 };
static int clock_missed;

static double host_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// Spins the GPU until the SM clock is back at its target; note: what happened, for the header.
static void clock_wait(cudaStream_t st, char *note, size_t len) {
  int target = bench_nvml_sm_clock_target(), mhz = bench_nvml_sm_clock_now();
  if (target < 0 || mhz < 0) {
    snprintf(note, len, "unavailable (no NVML clock)");
    return;
  }
  double t0 = host_ms(), limit = clock_missed ? CLOCK_WAIT_AFTER_MISS_MS : CLOCK_WAIT_MS;
  while (mhz < CLOCK_BACK * target && host_ms() - t0 < limit) {
    bench_spin_kernel<<<1, 1, 0, st>>>(CLOCK_SPIN_US);
    BENCH_CUDA_LAUNCH();
    BENCH_CUDA(cudaStreamSynchronize(st));
    mhz = bench_nvml_sm_clock_now();
  }
  int back = mhz >= CLOCK_BACK * target;
  clock_missed |= !back;
  snprintf(note, len, "%.0f ms to %d MHz of target %d%s", host_ms() - t0, mhz, target,
           back ? "" : " (not reached: timed below the target)");
}

void bench_timing_describe(const bench_timing_opts *t, char *buf, size_t len) {
  if (t->graph_calls > 0)
    snprintf(buf, len,
             "time_us = cuda graph of %d calls, events around one replay, / %d; %s; a ~20 us spin "
             "kernel before each replay; kernel_us = the kernels' GPU time in a replay (CUPTI), / %d",
             t->graph_calls, t->graph_calls,
             t->l2_cold ? "2 x L2 bytes written before each replay" : "no L2 flush", t->graph_calls);
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

// One call of the kernel on the shape's tensors.
static cudaError_t run(bench_tensors *b, const kernel_plan *plan, cudaStream_t st) {
  return kernel_run(&b->s, plan, &b->io, b->ws, st);
}

// Captures calls runs on st into an executable graph; exits 4 (CUDA error) when the
// implementation cannot be captured.
static cudaGraphExec_t capture(const kernel_plan *plan, bench_tensors *b, int calls, cudaStream_t st) {
  cudaGraph_t g;
  cudaGraphExec_t ge;
  BENCH_CUDA(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
  for (int i = 0; i < calls; i++) {
    cudaError_t e = run(b, plan, st);
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

// The kernel pass (graph mode): us[r] = kernel time of replay r / G; NAN each, and why in note,
// when CUPTI is unavailable or its records do not split.
static void kernel_pass(cudaGraphExec_t ge, const bench_timing_opts *t, cudaStream_t st, double *us,
                        bench_time_notes *notes) {
  char *note = notes->kernel;
  const size_t len = sizeof notes->kernel;
  int kernels = 0;
  char why[200];
  for (int r = 0; r < t->reps; r++) us[r] = NAN;
  if (bench_ktime_start(why, sizeof why)) {
    snprintf(note, len, "unavailable: %s", why);
    return;
  }
  for (int r = 0; r < t->reps; r++) {
    if (t->l2_cold) flush_l2(t->flush_bytes, r, st);
    bench_spin_kernel<<<1, 1, 0, st>>>(20);
    BENCH_CUDA_LAUNCH();
    BENCH_CUDA(cudaGraphLaunch(ge, st));
  }
  BENCH_CUDA(cudaStreamSynchronize(st));
  int split = bench_ktime_stop(t->reps, us, &kernels, why, sizeof why);
  bench_ktime_names(notes->kernels, sizeof notes->kernels);
  if (split) {
    for (int r = 0; r < t->reps; r++) us[r] = NAN;
    snprintf(note, len, "CUPTI activity records of %d replays, not split: %s", t->reps, why);
    return;
  }
  for (int r = 0; r < t->reps; r++) us[r] /= t->graph_calls;
  snprintf(note, len, "CUPTI activity records of %d replays%s: %d kernels per replay of %d calls",
           t->reps, t->l2_cold ? ", each after the L2 flush" : "", kernels, t->graph_calls);
}

double bench_time_shape(const kernel_plan *plan, bench_tensors *b, const bench_timing_opts *t,
                        int si, bench_samples *v, bench_time_notes *notes) {
  cudaStream_t st;
  BENCH_CUDA(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  const int graph = t->graph_calls > 0;
  int per_sample = graph ? t->graph_calls : t->l2_cold ? 1 : t->hot_batch;
  cudaGraphExec_t ge = graph ? capture(plan, b, t->graph_calls, st) : NULL;
  cudaEvent_t *ev = (cudaEvent_t *)malloc(2 * (size_t)t->reps * sizeof *ev);
  int *mhz = (int *)malloc((size_t)t->reps * sizeof(int));
  double *us = (double *)malloc((size_t)t->reps * sizeof(double));
  double *kus = (double *)malloc((size_t)t->reps * sizeof(double));
  if (!ev || !mhz || !us || !kus) bench_usage_fail("out of host memory");
  for (int i = 0; i < 2 * t->reps; i++) BENCH_CUDA(cudaEventCreate(&ev[i]));

  for (int w = 0; w < t->warmup; w++) {
    if (t->l2_cold) flush_l2(t->flush_bytes, w, st);
    if (graph) BENCH_CUDA(cudaGraphLaunch(ge, st));
    else BENCH_CUDA(run(b, plan, st));
  }
  BENCH_CUDA(cudaStreamSynchronize(st));
  clock_wait(st, notes->clock, sizeof notes->clock);
  for (int r = 0; r < t->reps; r++) {
    if (t->l2_cold) flush_l2(t->flush_bytes, r, st);
    if (graph) {
      bench_spin_kernel<<<1, 1, 0, st>>>(20);
      BENCH_CUDA_LAUNCH();
    }
    BENCH_CUDA(cudaEventRecord(ev[2 * r], st));
    if (graph) BENCH_CUDA(cudaGraphLaunch(ge, st));
    else
      for (int i = 0; i < per_sample; i++) BENCH_CUDA(run(b, plan, st));
    BENCH_CUDA(cudaEventRecord(ev[2 * r + 1], st));
    BENCH_CUDA(cudaEventSynchronize(ev[2 * r + 1]));
    mhz[r] = bench_nvml_sm_clock_now();  // (untimed: after the end event)
  }
  BENCH_CUDA(cudaStreamSynchronize(st));
  notes->kernels[0] = 0;
  if (graph) kernel_pass(ge, t, st, kus, notes);
  else {
    for (int r = 0; r < t->reps; r++) kus[r] = NAN;
    snprintf(notes->kernel, sizeof notes->kernel, "unavailable: plain launches (--graph-calls 0)");
  }
  for (int r = 0; r < t->reps; r++) {
    float ms;
    BENCH_CUDA(cudaEventElapsedTime(&ms, ev[2 * r], ev[2 * r + 1]));
    us[r] = ms * 1000.0 / per_sample;
    bench_samples_add(v, si, r, us[r], mhz[r], kus[r]);
  }
  if (ge) BENCH_CUDA(cudaGraphExecDestroy(ge));
  for (int i = 0; i < 2 * t->reps; i++) BENCH_CUDA(cudaEventDestroy(ev[i]));
  BENCH_CUDA(cudaStreamDestroy(st));
  double med = samples_median(us, (size_t)t->reps);
  free(ev);
  free(mhz);
  free(us);
  free(kus);
  return med;
}
