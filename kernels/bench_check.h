// bench_check.h — numerics: the kernel's output against the fp32 GPU reference, and the fp32
// reference against an fp64 CPU reference (--check-ref).
#pragma once
#include <stdio.h>
#include "attn.h"
#include "bench_ref.h"

typedef struct {
  double max_abs_err;    // max |o - ref| over finite entries
  double max_ref;        // max |ref|
  double max_rel_err;    // max_abs_err / max_ref
  long violations;       // entries with |o - ref| > atol + rtol |ref| (non-finite included)
  long nan;              // non-finite entries of o (or ref)
} bench_err;

// Compares n outputs (fp16 as float already) with ref; atol/rtol as in numpy.allclose.
void bench_compare(const float *o, const float *ref, size_t n, double atol, double rtol,
                   bench_err *e);

// Kernel criteria: max_rel_err <= 1e-2, no allclose(1e-3, 1e-3) violation, no NaN/inf.
int bench_err_pass(const bench_err *e);

// The --check procedure for one shape (buffers allocated, attn_prepare done): inputs from seed,
// reference, NaN-poisoned output and workspace, kernel, compare; a rerun on the same inputs
// must give bit-identical output; then a second input set. Prints one `check shape=...` line
// to out. Returns 1 on pass, 0 on fail. CUDA errors exit 4.
int bench_check_shape(const char *name, const attn_shape *s, const attn_plan *plan,
                      const bench_bufs *b, unsigned long long seed, FILE *out);

// --check-ref for one shape (at most REF_CHECK_MAX_WORK multiply-adds): prints a
// `check-ref shape=...` line; returns 1 on pass.
enum { REF_CHECK_MAX_WORK = 8388608 };
int bench_check_ref_shape(const char *name, const attn_shape *s, unsigned long long seed, FILE *out);
void bench_check_ref_fits(const char *name, const attn_shape *s);  // exits 2 when too large

float bench_scale(const attn_shape *s);  // 1/sqrt(D)
