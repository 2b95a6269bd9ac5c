// bench_timing.h — timed repetitions of the problem's kernel with CUDA events (plain launches or CUDA graph
// replays), the cold-L2 flush, the wait for the SM clock and its reading after every rep.
#pragma once
#include "bench_header.h"
#include "bench_tensors.h"
#include "problem.h"

typedef struct {
  int reps, warmup, hot_batch;
  int graph_calls;     // >0: graph mode (see bench_timing.cu); 0: plain launches
  int l2_cold;
  size_t flush_bytes;  // 2 x L2 size (cold mode)
} bench_timing_opts;

// What a shape's timing says for the header: clock_wait.<shape> (the wait for the clock before
// the first sample), kernel_time.<shape> (how its kernel_us was read, or why it was not) and
// kernels.<shape> (the kernels CUPTI saw).
typedef struct {
  char clock[160];
  char kernel[240];
  char kernels[400];  // the kernels of a call (kernels.<shape>), "" when unknown
} bench_time_notes;

// Times one shape; appends reps samples (shape index si) to v, each with NVML's SM clock read
// after it and its kernel time (NAN when unavailable). Returns the median time_us.
double bench_time_shape(const kernel_plan *plan, bench_tensors *b, const bench_timing_opts *t,
                        int si, bench_samples *v, bench_time_notes *notes);

void bench_timing_release(void);  // frees the flush buffer

// One line for the samples header: how a sample was timed.
void bench_timing_describe(const bench_timing_opts *t, char *buf, size_t len);
