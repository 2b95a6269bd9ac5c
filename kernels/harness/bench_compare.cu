// bench_compare.cu — the comparison of outputs with a reference on the host (bench_check.h):
// --check-ref's fp32 reference against the fp64 one, and the oracle that bench_compare_dev (the
// same rules on the GPU, for --check) is tested against.
#include <math.h>
#include <string.h>

#include "bench_check.h"

void bench_compare(const float *o, const float *ref, size_t n, double atol, double rtol,
                   bench_err *e) {
  memset(e, 0, sizeof *e);
  for (size_t i = 0; i < n; i++) {
    double r = ref[i], x = o[i];
    if (!isfinite(x) || !isfinite(r)) {
      e->nan++;
      e->violations++;
      continue;
    }
    double d = fabs(x - r);
    if (d > e->max_abs_err) e->max_abs_err = d;
    if (fabs(r) > e->max_ref) e->max_ref = fabs(r);
    volatile double slack = rtol * fabs(r);  // rounded on its own, never fused into a multiply-add
    if (d > atol + slack) e->violations++;
  }
  e->max_rel_err = e->max_ref > 0 ? e->max_abs_err / e->max_ref : (e->max_abs_err > 0 ? INFINITY : 0);
}
