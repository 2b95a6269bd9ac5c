// summary.h — descriptive statistics of one sample of times, sorted ascending.
// Quantiles are GSL's (linear interpolation, = numpy's default and R's type 7); sd uses n - 1;
// mad is the unscaled median absolute deviation (scipy.stats.median_abs_deviation, R mad with
// constant = 1). Outliers by Tukey's fences, counted and kept: mild beyond 1.5 IQR but within
// 3 IQR of the quartiles, severe beyond 3 IQR.
#pragma once
#include <stddef.h>

typedef struct {
  size_t n;
  double median, mean, sd, min, max, q1, q3, iqr, mad;
  size_t mild_outliers, severe_outliers;
} summary_t;

// work holds n doubles (for the MAD). Returns 0, or GSL_EINVAL when n is 0.
int summary_compute(const double sorted[], size_t stride, size_t n, double work[], summary_t *s);
