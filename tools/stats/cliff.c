// cliff.c — see cliff.h. The dominance matrix sign(x_i - y_j) is never built: its row means,
// column means and sums come from one walk over the tie groups of the two sorted samples.
#include "cliff.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <math.h>

#include "tiegroup.h"

int cliff_delta(const double x[], size_t xstride, size_t nx, const double y[], size_t ystride,
                size_t ny, double alpha, cliff_ci_method m, cliff_result *r) {
  if (nx == 0 || ny == 0) return GSL_EINVAL;
  double n1 = (double)nx, n2 = (double)ny, gt = 0, lt = 0;
  tiegroup_walk w;
  tiegroup g;
  tiegroup_start(&w, x, xstride, nx, y, ystride, ny);
  while (tiegroup_next(&w, &g)) {
    gt += (double)g.cx * (double)g.below_y;
    lt += (double)g.cy * (double)g.below_x;
  }
  double d = (gt - lt) / (n1 * n2);
  r->delta = d;
  r->lo = r->hi = r->var = NAN;
  if (nx < 2 || ny < 2) return GSL_SUCCESS;

  double dd = fabs(d) == 1 ? d * (n1 * n2 - 1) / (n1 * n2) : d;  // effsize's d.
  double ss_row = 0, ss_col = 0;
  tiegroup_start(&w, x, xstride, nx, y, ystride, ny);
  while (tiegroup_next(&w, &g)) {
    double above_y = n2 - (double)g.below_y - (double)g.cy;
    double above_x = n1 - (double)g.below_x - (double)g.cx;
    double di = ((double)g.below_y - above_y) / n2 - dd;  // row mean of x's in the group
    double dj = (above_x - (double)g.below_x) / n1 - dd;  // column mean of y's in the group
    ss_row += (double)g.cx * di * di;
    ss_col += (double)g.cy * dj * dj;
  }
  double eq = n1 * n2 - gt - lt;
  double ssr = gt * (1 - dd) * (1 - dd) + lt * (1 + dd) * (1 + dd) + eq * dd * dd;
  double s_i = ss_row / (n1 - 1), s_j = ss_col / (n2 - 1), s_ij = ssr / ((n1 - 1) * (n2 - 1));
  double s_d = m == CLIFF_UNBIASED_T
                   ? (n2 * n2 * ss_row + n1 * n1 * ss_col - ssr) / (n1 * n2 * (n1 - 1) * (n2 - 1))
                   : ((n2 - 1) * s_i + (n1 - 1) * s_j + s_ij) / (n1 * n2);
  double z = m == CLIFF_UNBIASED_T ? gsl_cdf_tdist_Pinv(1 - alpha / 2, n1 + n2 - 2)
                                   : gsl_cdf_ugaussian_Pinv(1 - alpha / 2);
  double root = z * sqrt(s_d) * sqrt((1 - dd * dd) * (1 - dd * dd) + z * z * s_d);
  double den = 1 - dd * dd + z * z * s_d;
  r->var = s_d;
  r->lo = (dd - dd * dd * dd - root) / den;
  r->hi = (dd - dd * dd * dd + root) / den;
  if (d == 1) r->hi = 1;
  if (d == -1) r->lo = -1;
  return GSL_SUCCESS;
}

const char *cliff_magnitude(double delta) {
  double a = fabs(delta);
  return a < 0.147 ? "negligible" : a < 0.33 ? "small" : a < 0.474 ? "medium" : "large";
}
