// bench_meta.h — what the sample header says about the machine: device properties through the
// CUDA runtime, clocks/power/temperature/driver through NVML (dlopen of libnvidia-ml.so.1;
// absent or failing → "unavailable"), the GPU slug and the UTC date.
#pragma once
#include <stddef.h>
#include "bench_header.h"

typedef struct {
  char name[256];
  char slug[256];
  int sm_count, cc_major, cc_minor;
  long l2_bytes;
} bench_gpu;

// Properties of CUDA device dev (exits 4 on a CUDA error).
void bench_gpu_query(int dev, bench_gpu *g);

// Lower-case, every run of non-alphanumerics → one '-', none at either end.
void bench_slug(const char *name, char *out, size_t len);

// Adds gpu, gpu_slug, sm_count, cc, l2_bytes, driver, cuda_driver, cuda_runtime,
// clock_sm_max_mhz, power_limit_w, temp_start_c and date to h.
void bench_meta_start(int dev, const bench_gpu *g, bench_header *h);

// Adds temp_end_c.
void bench_meta_end(bench_header *h);

