// cliff.h — Cliff's delta of two independent samples with the asymmetric confidence interval of
// Feng & Cliff (2004) as effsize::cliff.delta computes it, with one of its two variance estimates:
//   CLIFF_CONSISTENT_NORMAL  use.unbiased = FALSE, use.normal = TRUE (Cliff 1996's consistent
//                            variance, normal quantile); always positive, also for disjoint samples
//   CLIFF_UNBIASED_T         use.unbiased = TRUE, use.normal = FALSE (effsize's default: unbiased
//                            variance, Student t with nx + ny - 2 df); can be negative (then NaN)
// delta = (#(x > y) - #(x < y)) / (nx * ny); inputs sorted ascending.
#pragma once
#include <stddef.h>

typedef struct {
  double delta, lo, hi;
  double var;  // the consistent variance estimate S_d
} cliff_result;

typedef enum { CLIFF_CONSISTENT_NORMAL, CLIFF_UNBIASED_T } cliff_ci_method;

// Returns 0, or GSL_EINVAL for an empty sample. lo, hi and var are NaN when nx or ny < 2.
int cliff_delta(const double x[], size_t xstride, size_t nx, const double y[], size_t ystride,
                size_t ny, double alpha, cliff_ci_method m, cliff_result *r);

// negligible (|d| < 0.147), small (< 0.33), medium (< 0.474), large (Hess & Kromrey 2004).
const char *cliff_magnitude(double delta);
