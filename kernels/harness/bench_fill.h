// bench_fill.h — the inputs of every problem: seeded values, a pure function of (seed, tensor,
// index), uniform in [-1, 1] and never zero (|x| >= 2^-8) rounded to the tensor's floating type,
// or, for int32, the whole numbers floor(1024 x) (in [-1024, 1023], never zero).
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stddef.h>

#include "problem.h"

// Fills the n elements of type t at x, the problem's input number tensor (0, 1, 2, …), on stream.
void bench_fill(void *x, problem_type t, size_t n, unsigned long long seed, int tensor, cudaStream_t stream);

// A host copy of n device elements of type t as doubles (the caller frees it), for fp64 CPU
// references and --check-ref.
double *bench_to_host_double(const void *dev, problem_type t, size_t n);

// Scales row r of x (rows of row_len halves) by 2^(log2_top * (r mod period) / (period - 1)):
// from 1 at the first row of each period to 2^log2_top at its last (period 1: unscaled), on stream.
void bench_ramp_rows(__half *x, size_t rows, size_t row_len, size_t period, float log2_top,
                     cudaStream_t stream);
