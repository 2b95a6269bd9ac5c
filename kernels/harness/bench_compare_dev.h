// bench_compare_dev.h — the numerics comparison where the data lie: the kernel's fp16 output
// against the fp32 reference on the GPU, with the same rules as bench_compare (bench_check.h),
// so that a check copies no output or reference to the host.
#pragma once
#include <cuda_fp16.h>
#include <stddef.h>

#include "bench_check.h"

// e = the comparison of n device outputs o with the device reference ref (bench_compare's
// fields and rules: a non-finite entry of either counts as nan and as a violation; atol/rtol as
// in numpy.allclose). Synchronises; CUDA errors exit 4.
void bench_compare_dev(const __half *o, const float *ref, size_t n, double atol, double rtol,
                       bench_err *e);

// How many of n device halves differ bit for bit between a and b. Synchronises.
long bench_mismatch_dev(const __half *a, const __half *b, size_t n);
