// bench_check.h — numerics: every output of the kernel against the problem's GPU reference, and
// that reference against the problem's fp64 CPU reference (--check-ref).
#pragma once
#include <stdio.h>

#include "bench_tensors.h"
#include "problem.h"

typedef struct {
  double max_abs_err;    // max |o - ref| over finite entries
  double max_ref;        // max |ref|
  double max_rel_err;    // max_abs_err / max_ref
  long violations;       // entries with |o - ref| > atol + rtol |ref| (non-finite included)
  long nan;              // non-finite entries of o (or ref)
} bench_err;

// Compares n outputs (as floats already) with ref; atol/rtol as in numpy.allclose.
void bench_compare(const float *o, const float *ref, size_t n, double atol, double rtol,
                   bench_err *e);

// The --check procedure for one shape (buffers allocated, kernel_prepare done): inputs from
// seed, reference, NaN-poisoned outputs and workspace, kernel, compare every output within its
// tolerance; a rerun on the same inputs must give bit-identical outputs (a library call, plan
// kernel "-", only outputs within the tolerance again: its mismatch is reported); then a second
// input set. Prints one `check shape=...` line to out, the worst over the outputs, and, for a problem of
// several outputs, one `check-out shape=... out=NAME type=T ...` line each (the same fields).
// Returns 1 on pass, 0 on fail. CUDA errors exit 4.
int bench_check_shape(const char *name, const kernel_plan *plan, bench_tensors *t,
                      unsigned long long seed, FILE *out);

// Output d's criteria: its declared atol, rtol, max_rel, or 0, 0, 0 (exact) for int32.
void bench_out_tolerance(const problem_tensor *d, double *atol, double *rtol, double *max_rel);

// --check-ref for one shape (at most REF_CHECK_MAX_FLOPS of the problem's work): prints a
// `check-ref shape=...` line (and `check-ref-out` lines, as check-out above); returns 1 on pass.
// Tolerances a tenth of each output's atol and rtol and a hundredth of its max_rel.
#define REF_CHECK_MAX_FLOPS 33554432.0
int bench_check_ref_shape(const char *name, const problem_shape *s, unsigned long long seed, FILE *out);
void bench_check_ref_fits(const char *name, const problem_shape *s);  // exits 2 when too large
