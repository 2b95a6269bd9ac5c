// bench_fill.h — the inputs of every problem: seeded values uniform in [-1, 1], never zero
// (|x| >= 2^-8), a pure function of (seed, tensor, index).
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stddef.h>

// Fills the n halves of x, the problem's input number tensor (0, 1, 2, …), on stream.
void bench_fill_half(__half *x, size_t n, unsigned long long seed, int tensor, cudaStream_t stream);

// A host copy of n device halves as doubles (the caller frees it), for fp64 CPU references.
double *bench_to_host_double(const __half *dev, size_t n);

// Scales row r of x (rows of row_len halves) by 2^(log2_top * (r mod period) / (period - 1)):
// from 1 at the first row of each period to 2^log2_top at its last (period 1: unscaled), on stream.
void bench_ramp_rows(__half *x, size_t rows, size_t row_len, size_t period, float log2_top,
                     cudaStream_t stream);
