// boot.h — bootstrap confidence intervals for medians and for the ratio of two medians, with the
// percentile or the BCa method exactly as scipy.stats.bootstrap defines them (z0 from the
// 'mean' percentile of score, jackknife acceleration summed over every sample, interval ends at
// linearly interpolated quantiles of the bootstrap distribution).
//
// Resampling: the median of a resample of sorted x only depends on the order statistics of the
// n resampled indices. Indices are floor(n U) with U uniform, so the k-th smallest index is
// floor(n U_(k)) with U_(k) ~ Beta(k, n + 1 - k), and U_(k+1) = U_(k) + (1 - U_(k)) (1 - V^(1/(n-k)))
// with V uniform. boot_resample_median draws exactly the distribution of the median of a
// with-replacement resample in O(1) instead of O(n); the RNG is GSL's mt19937.
//
// Seeds: boot_median resamples with an mt19937 seeded with params->seed; boot_ratio resamples the
// first sample with params->seed and the second with params->seed + 1 (independent groups).
#pragma once
#include <gsl/gsl_rng.h>
#include <stddef.h>

typedef enum { BOOT_BCA, BOOT_PERCENTILE } boot_method;

typedef struct {
  double alpha;        // two-sided 1 - alpha interval
  size_t resamples;
  unsigned long seed;
  boot_method method;
} boot_params;

typedef struct {
  double est, lo, hi;  // lo and hi are NaN when the interval is undefined
  double accel;        // BCa acceleration (0 for the percentile method)
} boot_ci;

typedef struct boot_workspace boot_workspace;

boot_workspace *boot_alloc(size_t resamples);
void boot_free(boot_workspace *w);

// Median of one with-replacement resample of sorted x (n >= 1).
double boot_resample_median(const gsl_rng *r, const double sorted[], size_t stride, size_t n);

// The n leave-one-out medians of sorted x (n >= 2), in O(n).
void boot_jackknife_median(const double sorted[], size_t stride, size_t n, double jack[]);

// BCa acceleration from the jackknife values of k samples (jack[j] holds nj[j] values), as scipy:
// U_ji = (n_j - 1)(mean_j - theta_ji), a = sum_j sum_i U^3 / n_j^3 / (6 (sum_j sum_i U^2 / n_j^2)^1.5).
// 0 when every jackknife value is equal.
double boot_accel(const double *const jack[], const size_t nj[], size_t k);

// Interval of theta_hat from its bootstrap distribution (sorted in place). accel is ignored by
// the percentile method. Returns 0, or GSL_EDOM with NaN ends when z0 is infinite.
int boot_interval(double dist[], size_t b, double theta_hat, double accel, double alpha,
                  boot_method m, double *lo, double *hi);

// Median of sorted x (n >= 2) with its interval.
int boot_median(boot_workspace *w, const boot_params *p, const double sorted[], size_t n,
                boot_ci *med);

// median(x) / median(y) with its interval (both groups resampled independently; BCa jackknife
// over both), and the intervals of both medians from the same resamples. n >= 2 each.
int boot_ratio(boot_workspace *w, const boot_params *p, const double x[], size_t nx,
               const double y[], size_t ny, boot_ci *ratio, boot_ci *med_x, boot_ci *med_y);
