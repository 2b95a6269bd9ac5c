// search_tpe.c — the Tree-structured Parzen Estimator of Bergstra, Bardenet, Bengio and Kégl,
// "Algorithms for Hyper-Parameter Optimization" (NIPS 2011), over a discrete space.
// The measured trials are sorted by latency; the best ceil(gamma n) (at least one) form the
// good group, the rest and every gated trial the bad group (gated regions are steered away
// from). Each group gives a density per parameter, independent across parameters:
//   ordinal (value indices 0..K-1): a discrete Gaussian kernel per observation, normalised over
//     the K indices, bandwidth sigma = max(0.5, (K-1)/2 n^(-1/5)) (Scott's rule on the index
//     range, n the group size), plus a uniform prior of weight one: p(k) = (1/K + sum w) / (n+1)
//   categorical: smoothed frequency, p(k) = (1/K + count_k) / (n + 1)
// n_cand candidates are drawn from l(x) (each parameter from its density, the point snapped
// to the nearest untaken configuration); the one with the largest log l(x) - log g(x) wins,
// the first drawn on ties.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search_strategy.h"

static int by_y(const void *a, const void *b) {
  double x = ((const sr_trial *)a)->y, y = ((const sr_trial *)b)->y;
  return (x > y) - (x < y);
}

// Densities of parameter j over the trials set[0..n): pmf[0..K).
static void density(const sp_space *sp, size_t j, const sr_trial set[], size_t n, double pmf[]) {
  const sp_param *p = &sp->par[j];
  size_t K = p->nval;
  for (size_t k = 0; k < K; k++) pmf[k] = 1.0 / (double)K;
  if (p->ordinal) {
    double sig = 0.5 * (double)(K - 1) * pow((double)(n ? n : 1), -0.2);
    if (sig < 0.5) sig = 0.5;
    double *w = malloc(K * sizeof *w);
    for (size_t i = 0; i < n; i++) {
      double x = (double)sp_at(sp, set[i].cfg, j), z = 0;
      for (size_t k = 0; k < K; k++) z += w[k] = exp(-0.5 * ((double)k - x) * ((double)k - x) / (sig * sig));
      for (size_t k = 0; k < K; k++) pmf[k] += w[k] / z;
    }
    free(w);
  } else {
    for (size_t i = 0; i < n; i++) pmf[sp_at(sp, set[i].cfg, j)] += 1;
  }
  for (size_t k = 0; k < K; k++) pmf[k] /= (double)n + 1;
}

static size_t draw(const double pmf[], size_t K, srng *r) {
  double u = srng_uniform(r), acc = 0;
  for (size_t k = 0; k + 1 < K; k++)
    if (u < (acc += pmf[k])) return k;
  return K - 1;
}

long sr_tpe(const sp_space *sp, const sr_opts *o, const sr_trial hist[], size_t n,
            const unsigned char taken[], srng *r) {
  size_t nok = 0, maxk = 1;
  for (size_t i = 0; i < n; i++) nok += hist[i].ok;
  if (!nok) return -1;
  sr_trial *t = malloc(n * sizeof *t);  // measured ones sorted by latency, then gated ones
  size_t a = 0, b = nok;
  for (size_t i = 0; i < n; i++) t[hist[i].ok ? a++ : b++] = hist[i];
  qsort(t, nok, sizeof *t, by_y);
  size_t ngood = (size_t)ceil(o->gamma * (double)nok);
  if (ngood < 1) ngood = 1;
  if (ngood > nok) ngood = nok;
  for (size_t j = 0; j < sp->npar; j++)
    if (sp->par[j].nval > maxk) maxk = sp->par[j].nval;
  double *l = malloc(sp->npar * maxk * sizeof *l), *g = malloc(sp->npar * maxk * sizeof *g);
  for (size_t j = 0; j < sp->npar; j++) {
    density(sp, j, t, ngood, l + j * maxk);
    density(sp, j, t + ngood, n - ngood, g + j * maxk);
  }
  size_t *x = malloc((sp->npar + 1) * sizeof *x);
  long best = -1;
  double bs = -INFINITY;
  for (size_t c = 0; c < o->n_cand; c++) {
    for (size_t j = 0; j < sp->npar; j++) x[j] = draw(l + j * maxk, sp->par[j].nval, r);
    long cfg = sr_snap(sp, x, taken, r);
    if (cfg < 0) break;
    double s = 0;
    for (size_t j = 0; j < sp->npar; j++) {
      size_t k = sp_at(sp, (size_t)cfg, j);
      if (sp->par[j].nval > 1) s += log(l[j * maxk + k]) - log(g[j * maxk + k]);
    }
    if (s > bs) bs = s, best = cfg;
  }
  free(t), free(l), free(g), free(x);
  return best;
}
