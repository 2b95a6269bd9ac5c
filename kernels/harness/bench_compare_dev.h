// bench_compare_dev.h — the numerics comparison where the data lie: a kernel's output of any
// element type against its reference (fp32, or int32) on the GPU, with the same rules as bench_compare (bench_check.h),
// so that a check copies no output or reference to the host.
#pragma once
#include <stddef.h>

#include "bench_check.h"
#include "problem.h"

// e = the comparison of n device outputs o of type ot with the device reference ref of type rt
// (each element taken as a double; bench_compare's
// fields and rules: a non-finite entry of either counts as nan and as a violation; atol/rtol as
// in numpy.allclose). Synchronises; CUDA errors exit 4.
void bench_compare_dev(const void *o, problem_type ot, const void *ref, problem_type rt, size_t n,
                       double atol, double rtol, bench_err *e);

// How many of n device elements of esize bytes (1, 2 or 4) differ bit for bit between a and b.
// Synchronises.
long bench_mismatch_dev(const void *a, const void *b, size_t n, size_t esize);
