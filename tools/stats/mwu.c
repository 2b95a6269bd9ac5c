// mwu.c — see mwu.h.
#include "mwu.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>

#include "tiegroup.h"

void mwu_statistic(const double x[], size_t xstride, size_t nx, const double y[], size_t ystride,
                   size_t ny, double *u, double *tie_term) {
  tiegroup_walk w;
  tiegroup g;
  double r1 = 0, ties = 0, pos = 0;
  tiegroup_start(&w, x, xstride, nx, y, ystride, ny);
  while (tiegroup_next(&w, &g)) {
    double t = (double)(g.cx + g.cy);
    r1 += (double)g.cx * (pos + (t + 1) / 2);  // average rank of the group
    ties += t * t * t - t;
    pos += t;
  }
  *u = r1 - (double)nx * ((double)nx + 1) / 2;
  *tie_term = ties;
}

// Loeffler's recurrence: with c(u) the number of arrangements giving U = u,
//   u c(u) = sum_{j=1..u} sigma(j) c(u-j),
//   sigma(j) = sum of divisors d of j with d <= n1, minus those with n2 < d <= n1 + n2.
// Fills *cdf = P(U <= k) and *pmf = P(U = k); needs n1 <= n2.
static int exact_cdf(long k, size_t n1, size_t n2, long double *cdf, long double *pmf) {
  long long *sigma = calloc((size_t)k + 1, sizeof *sigma);
  long double *c = malloc(((size_t)k + 1) * sizeof *c);
  if (!sigma || !c) {
    free(sigma);
    free(c);
    return GSL_ENOMEM;
  }
  for (long d = 1; d <= (long)n1 && d <= k; d++)
    for (long m = d; m <= k; m += d) sigma[m] += d;
  for (long d = (long)n2 + 1; d <= (long)(n1 + n2) && d <= k; d++)
    for (long m = d; m <= k; m += d) sigma[m] -= d;
  c[0] = 1;
  long double sum = 1;
  for (long u = 1; u <= k; u++) {
    long double acc = 0;
    for (long j = 1; j <= u; j++) acc += (long double)sigma[j] * c[u - j];
    c[u] = acc / u;
    sum += c[u];
  }
  // log of the number of all arrangements, C(n1 + n2, n1)
  long double log_total = lgammal((long double)(n1 + n2) + 1) - lgammal((long double)n1 + 1) -
                          lgammal((long double)n2 + 1);
  if (n1 + n2 <= 1000) {  // exact enough and cheap: the product form
    long double t = 1;
    for (size_t i = 1; i <= n1; i++) t = t * (long double)(n2 + i) / (long double)i;
    log_total = logl(t);
  }
  *cdf = expl(logl(sum) - log_total);
  *pmf = c[k] > 0 ? expl(logl(c[k]) - log_total) : 0;
  free(sigma);
  free(c);
  return GSL_SUCCESS;
}

int mwu_exact_sf(double u, size_t n1, size_t n2, double *sf) {
  if (n1 > n2) {
    size_t t = n1;
    n1 = n2;
    n2 = t;
  }
  double mn = (double)n1 * (double)n2;
  double ui = floor(u);            // scipy: U.astype(int)
  double kc = mn - ui;             // P(U >= ui) = P(U <= mn - ui) by symmetry
  double k = ui < kc ? ui : kc;
  if (k > MWU_EXACT_MAX_K) return GSL_EFAILED;
  if (k < 0) {                     // u beyond the support
    *sf = ui < 0 ? 1 : 0;
    return GSL_SUCCESS;
  }
  long double cdf, pmf;
  int rc = exact_cdf((long)k, n1, n2, &cdf, &pmf);
  if (rc) return rc;
  *sf = (double)(ui < kc ? 1 - cdf + pmf : cdf);
  return GSL_SUCCESS;
}

double mwu_asymptotic_sf(double u, size_t n1, size_t n2, double tie_term, int continuity) {
  double a = (double)n1, b = (double)n2, n = a + b;
  double s = sqrt(a * b / 12 * ((n + 1) - tie_term / (n * (n - 1))));
  double num = u - a * b / 2 - (continuity ? 0.5 : 0);
  if (!(s > 0)) return 1;  // every value tied: no evidence either way
  return gsl_cdf_ugaussian_Q(num / s);
}

int mwu_test(const double x[], size_t xstride, size_t nx, const double y[], size_t ystride,
             size_t ny, mwu_alternative alt, mwu_method method, int continuity, mwu_result *r) {
  if (nx == 0 || ny == 0) return GSL_EINVAL;
  double u1, ties;
  mwu_statistic(x, xstride, nx, y, ystride, ny, &u1, &ties);
  double u2 = (double)nx * (double)ny - u1;
  double u = alt == MWU_GREATER ? u1 : alt == MWU_LESS ? u2 : (u1 > u2 ? u1 : u2);
  double f = alt == MWU_TWO_SIDED ? 2 : 1;
  if (method == MWU_AUTO)  // as scipy: exact for small samples without ties
    method = (nx > 8 && ny > 8) || ties > 0 ? MWU_ASYMPTOTIC : MWU_EXACT;
  double sf;
  if (method == MWU_EXACT) {
    int rc = mwu_exact_sf(u, nx, ny, &sf);
    if (rc) return rc;
  } else {
    sf = mwu_asymptotic_sf(u, nx, ny, ties, continuity);
  }
  double p = f * sf;
  r->u = u1;
  r->p = p > 1 ? 1 : p < 0 ? 0 : p;
  r->exact = method == MWU_EXACT;
  r->tie_term = ties;
  return GSL_SUCCESS;
}
