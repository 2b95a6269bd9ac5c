// holm.c — see holm.h.
#include "holm.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_sort.h>
#include <math.h>
#include <stdlib.h>

int holm_adjust(const double p[], size_t n, double adj[]) {
  size_t len = n ? n : 1;
  size_t *order = malloc(len * sizeof *order);
  double *v = calloc(len, sizeof *v), *out = calloc(len, sizeof *out);
  if (!order || !v || !out) {
    free(order);
    free(v);
    free(out);
    return GSL_ENOMEM;
  }
  size_t m = 0;  // the finite p-values, compacted
  for (size_t i = 0; i < n; i++)
    if (!isnan(p[i])) v[m++] = p[i];
  gsl_sort_index(order, v, 1, m);
  double run = 0;
  for (size_t r = 0; r < m; r++) {
    double a = fmin(1, (double)(m - r) * v[order[r]]);
    run = fmax(run, a);
    out[order[r]] = run;
  }
  for (size_t i = 0, k = 0; i < n; i++) adj[i] = isnan(p[i]) ? NAN : out[k++];
  free(order);
  free(v);
  free(out);
  return GSL_SUCCESS;
}
