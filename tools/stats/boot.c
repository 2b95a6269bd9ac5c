// boot.c — see boot.h.
#include "boot.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>

#include "samples/samples_median.h"

struct boot_workspace {
  size_t b;
  double *dx, *dy, *dr;  // bootstrap distributions: median x, median y, ratio
  double *jx, *jy;       // jackknife values
  size_t jcap;
  gsl_rng *rx, *ry;
};

boot_workspace *boot_alloc(size_t resamples) {
  boot_workspace *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->b = resamples;
  w->dx = malloc(resamples * sizeof(double));
  w->dy = malloc(resamples * sizeof(double));
  w->dr = malloc(resamples * sizeof(double));
  w->rx = gsl_rng_alloc(gsl_rng_mt19937);
  w->ry = gsl_rng_alloc(gsl_rng_mt19937);
  if (!w->dx || !w->dy || !w->dr || !w->rx || !w->ry) {
    boot_free(w);
    return NULL;
  }
  return w;
}

void boot_free(boot_workspace *w) {
  if (!w) return;
  free(w->dx);
  free(w->dy);
  free(w->dr);
  free(w->jx);
  free(w->jy);
  if (w->rx) gsl_rng_free(w->rx);
  if (w->ry) gsl_rng_free(w->ry);
  free(w);
}

static int jack_reserve(boot_workspace *w, size_t n) {
  if (n <= w->jcap) return 0;
  double *a = realloc(w->jx, n * sizeof *a);
  if (a) w->jx = a;
  double *b = realloc(w->jy, n * sizeof *b);
  if (b) w->jy = b;
  if (!a || !b) return GSL_ENOMEM;
  w->jcap = n;
  return 0;
}

static size_t index_of(double u, size_t n) {
  size_t i = (size_t)(u * (double)n);
  return i < n ? i : n - 1;
}

double boot_resample_median(const gsl_rng *r, const double sorted[], size_t stride, size_t n) {
  size_t k = (n + 1) / 2;  // 1-based rank of the (lower) middle order statistic
  double u = gsl_ran_beta(r, (double)k, (double)(n + 1 - k));
  size_t i = index_of(u, n);
  if (n % 2) return sorted[i * stride];
  double v = gsl_rng_uniform_pos(r);
  double u2 = u + (1 - u) * -expm1(log(v) / (double)(n - k));  // next of n - k above u
  size_t j = index_of(u2, n);
  return (sorted[i * stride] + sorted[j * stride]) / 2;
}

// Element k of sorted x with element i removed.
static double without(const double x[], size_t stride, size_t i, size_t k) {
  return x[(k < i ? k : k + 1) * stride];
}

void boot_jackknife_median(const double sorted[], size_t stride, size_t n, double jack[]) {
  size_t m = n - 1, h = m / 2;
  for (size_t i = 0; i < n; i++)
    jack[i] = m % 2 ? without(sorted, stride, i, h)
                    : (without(sorted, stride, i, h - 1) + without(sorted, stride, i, h)) / 2;
}

double boot_accel(const double *const jack[], const size_t nj[], size_t k) {
  // a is unchanged when every U is scaled alike: divide by the largest |U| first, so that
  // U^2 and U^3 neither overflow (samples near 1e200) nor underflow (near 1e-300)
  double scale = 0;
  for (size_t j = 0; j < k; j++) {
    double n = (double)nj[j], mean = gsl_stats_mean(jack[j], 1, nj[j]);
    for (size_t i = 0; i < nj[j]; i++) scale = fmax(scale, fabs((n - 1) * (mean - jack[j][i])));
  }
  if (!(scale > 0) || !isfinite(scale)) return 0;
  double num = 0, den = 0;
  for (size_t j = 0; j < k; j++) {
    double n = (double)nj[j], mean = gsl_stats_mean(jack[j], 1, nj[j]);
    double s2 = 0, s3 = 0;
    for (size_t i = 0; i < nj[j]; i++) {
      double u = (n - 1) * (mean - jack[j][i]) / scale;
      s2 += u * u;
      s3 += u * u * u;
    }
    num += s3 / (n * n * n);
    den += s2 / (n * n);
  }
  return den > 0 ? num / (6 * pow(den, 1.5)) : 0;
}

int boot_interval(double dist[], size_t b, double theta_hat, double accel, double alpha,
                  boot_method m, double *lo, double *hi) {
  gsl_sort(dist, 1, b);
  double a1 = alpha / 2, a2 = 1 - alpha / 2;
  if (m == BOOT_BCA) {
    size_t less = 0, le = 0;  // scipy's percentile of score, kind 'mean'
    for (size_t i = 0; i < b; i++) {
      less += dist[i] < theta_hat;
      le += dist[i] <= theta_hat;
    }
    double pct = (double)(less + le) / (2.0 * (double)b);
    if (pct <= 0 || pct >= 1) {
      *lo = *hi = NAN;
      return GSL_EDOM;
    }
    double z0 = gsl_cdf_ugaussian_Pinv(pct), za = gsl_cdf_ugaussian_Pinv(alpha / 2);
    double n1 = z0 + za, n2 = z0 - za;
    a1 = gsl_cdf_ugaussian_P(z0 + n1 / (1 - accel * n1));
    a2 = gsl_cdf_ugaussian_P(z0 + n2 / (1 - accel * n2));
  }
  // a quantile level outside [0, 1] (a NaN or infinite acceleration, or a distribution of
  // infinities) has no interval: never index outside the distribution
  if (!(a1 >= 0 && a1 <= 1 && a2 >= 0 && a2 <= 1) || !isfinite(dist[0]) || !isfinite(dist[b - 1])) {
    *lo = *hi = NAN;
    return GSL_EDOM;
  }
  *lo = gsl_stats_quantile_from_sorted_data(dist, 1, b, a1);
  *hi = gsl_stats_quantile_from_sorted_data(dist, 1, b, a2);
  return GSL_SUCCESS;
}

static int finish(double dist[], size_t b, double accel, const boot_params *p, boot_ci *ci) {
  ci->accel = p->method == BOOT_BCA ? accel : 0;
  int rc = boot_interval(dist, b, ci->est, accel, p->alpha, p->method, &ci->lo, &ci->hi);
  return rc == GSL_EDOM ? GSL_SUCCESS : rc;  // an undefined interval is reported as NaN
}

int boot_median(boot_workspace *w, const boot_params *p, const double sorted[], size_t n,
                boot_ci *med) {
  if (n < 2 || p->resamples != w->b) return GSL_EINVAL;
  if (jack_reserve(w, n)) return GSL_ENOMEM;
  gsl_rng_set(w->rx, p->seed);
  for (size_t r = 0; r < w->b; r++) w->dx[r] = boot_resample_median(w->rx, sorted, 1, n);
  boot_jackknife_median(sorted, 1, n, w->jx);
  const double *jack[1] = {w->jx};
  med->est = samples_median_sorted(sorted, 1, n);
  return finish(w->dx, w->b, boot_accel(jack, &n, 1), p, med);
}

int boot_ratio(boot_workspace *w, const boot_params *p, const double x[], size_t nx,
               const double y[], size_t ny, boot_ci *ratio, boot_ci *med_x, boot_ci *med_y) {
  if (nx < 2 || ny < 2 || p->resamples != w->b) return GSL_EINVAL;
  if (jack_reserve(w, nx > ny ? nx : ny)) return GSL_ENOMEM;
  gsl_rng_set(w->rx, p->seed);
  gsl_rng_set(w->ry, p->seed + 1);
  for (size_t r = 0; r < w->b; r++) {
    w->dx[r] = boot_resample_median(w->rx, x, 1, nx);
    w->dy[r] = boot_resample_median(w->ry, y, 1, ny);
    w->dr[r] = w->dx[r] / w->dy[r];
  }
  double mx = samples_median_sorted(x, 1, nx);
  double my = samples_median_sorted(y, 1, ny);
  med_x->est = mx;
  med_y->est = my;
  ratio->est = mx / my;

  size_t n[2] = {nx, ny};
  const double *jack[2] = {w->jx, w->jy};
  boot_jackknife_median(x, 1, nx, w->jx);
  boot_jackknife_median(y, 1, ny, w->jy);
  double ax = boot_accel(jack, &n[0], 1), ay = boot_accel(jack + 1, &n[1], 1);
  int rc = finish(w->dx, w->b, ax, p, med_x);
  if (!rc) rc = finish(w->dy, w->b, ay, p, med_y);
  if (rc) return rc;
  // jackknife of the ratio: leave one out of x (y whole), then one out of y (x whole)
  for (size_t i = 0; i < nx; i++) w->jx[i] /= my;
  for (size_t i = 0; i < ny; i++) w->jy[i] = mx / w->jy[i];
  return finish(w->dr, w->b, boot_accel(jack, n, 2), p, ratio);
}
