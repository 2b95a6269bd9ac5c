// search_lhs.c — Latin hypercube over a discrete space, and snapping to the candidate set.
// Each parameter with K values gets its own random permutation of m strata of [0, 1); point i
// draws u uniformly inside its stratum and takes value index floor(u K). Constraints make some
// grid points missing, so each point is snapped to the nearest configuration not taken yet.
#include <math.h>
#include <stdlib.h>

#include "search_strategy.h"

long sr_snap(const sp_space *sp, const size_t x[], const unsigned char taken[], srng *r) {
  long best = -1;
  double bd = INFINITY;
  size_t ties = 0;
  for (size_t c = 0; c < sp->ncfg; c++) {
    if (taken[c]) continue;
    double d = 0;
    for (size_t j = 0; j < sp->npar; j++) {
      const sp_param *p = &sp->par[j];
      if (p->nval < 2) continue;
      size_t a = sp_at(sp, c, j), b = x[j];
      d += p->ordinal ? fabs((double)a - (double)b) / (double)(p->nval - 1) : (double)(a != b);
    }
    if (d < bd - 1e-12) bd = d, best = (long)c, ties = 1;
    else if (d <= bd + 1e-12 && srng_below(r, ++ties) == 0) best = (long)c;  // reservoir
  }
  return best;
}

size_t sr_lhs(const sp_space *sp, size_t m, srng *r, unsigned char taken[], size_t out[]) {
  if (!m) return 0;
  size_t *perm = malloc(sp->npar * m * sizeof *perm), *x = malloc((sp->npar + 1) * sizeof *x);
  for (size_t j = 0; j < sp->npar; j++) {
    for (size_t i = 0; i < m; i++) perm[j * m + i] = i;
    srng_shuffle(r, perm + j * m, m);
  }
  size_t placed = 0;
  for (size_t i = 0; i < m; i++) {
    for (size_t j = 0; j < sp->npar; j++) {
      double u = ((double)perm[j * m + i] + srng_uniform(r)) / (double)m;
      size_t k = (size_t)(u * (double)sp->par[j].nval);
      x[j] = k < sp->par[j].nval ? k : sp->par[j].nval - 1;
    }
    long c = sr_snap(sp, x, taken, r);
    if (c < 0) break;
    taken[c] = 1;
    out[placed++] = (size_t)c;
  }
  free(perm), free(x);
  return placed;
}
