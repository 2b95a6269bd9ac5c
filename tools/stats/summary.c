// summary.c — see summary.h.
#include "summary.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>

#include "samples/samples_median.h"

int summary_compute(const double sorted[], size_t stride, size_t n, double work[], summary_t *s) {
  if (n == 0) return GSL_EINVAL;
  s->n = n;
  s->median = samples_median_sorted(sorted, stride, n);
  s->mean = gsl_stats_mean(sorted, stride, n);
  s->sd = n > 1 ? gsl_stats_sd_m(sorted, stride, n, s->mean) : NAN;
  s->min = sorted[0];
  s->max = sorted[(n - 1) * stride];
  s->q1 = gsl_stats_quantile_from_sorted_data(sorted, stride, n, 0.25);
  s->q3 = gsl_stats_quantile_from_sorted_data(sorted, stride, n, 0.75);
  s->iqr = s->q3 - s->q1;
  s->mad = gsl_stats_mad0(sorted, stride, n, work);
  double in_lo = s->q1 - 1.5 * s->iqr, in_hi = s->q3 + 1.5 * s->iqr;
  double out_lo = s->q1 - 3 * s->iqr, out_hi = s->q3 + 3 * s->iqr;
  s->mild_outliers = s->severe_outliers = 0;
  for (size_t i = 0; i < n; i++) {
    double x = sorted[i * stride];
    if (x < out_lo || x > out_hi) s->severe_outliers++;
    else if (x < in_lo || x > in_hi) s->mild_outliers++;
  }
  return GSL_SUCCESS;
}
