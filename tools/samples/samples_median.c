// samples_median.c — see samples_median.h.
#include "samples_median.h"

#include <math.h>
#include <stdlib.h>

double samples_median_sorted(const double sorted[], size_t stride, size_t n) {
  if (n == 0) return NAN;
  size_t h = n / 2;
  if (n % 2) return sorted[h * stride];
  return (sorted[(h - 1) * stride] + sorted[h * stride]) / 2.0;
}

static int cmp_double(const void *pa, const void *pb) {
  double a = *(const double *)pa, b = *(const double *)pb;
  return (a > b) - (a < b);
}

double samples_median(double x[], size_t n) {
  qsort(x, n, sizeof *x, cmp_double);
  return samples_median_sorted(x, 1, n);
}

static int cmp_sample(const void *pa, const void *pb) {
  const samples_sample *a = pa, *b = pb;
  if (a->session != b->session) return a->session < b->session ? -1 : 1;
  if (a->round != b->round) return a->round < b->round ? -1 : 1;
  return (a->t > b->t) - (a->t < b->t);
}

void samples_round_order(const samples_group *g, samples_sample out[]) {
  for (size_t i = 0; i < g->n; i++) out[i] = (samples_sample){g->session[i], g->round[i], g->t[i], g->clk ? g->clk[i] : NAN};
  qsort(out, g->n, sizeof *out, cmp_sample);
}

int samples_round_medians(const samples_group *g, samples_round **out, size_t *nout) {
  *out = NULL;
  *nout = 0;
  samples_sample *k = malloc((g->n ? g->n : 1) * sizeof *k);
  double *t = malloc((g->n ? g->n : 1) * sizeof *t);
  samples_round *r = malloc((g->n ? g->n : 1) * sizeof *r);
  if (!k || !t || !r) {
    free(k), free(t), free(r);
    return -1;
  }
  samples_round_order(g, k);
  size_t m = 0;
  for (size_t i = 0; i < g->n;) {
    size_t j = i;
    while (j < g->n && k[j].session == k[i].session && k[j].round == k[i].round) t[j - i] = k[j].t, j++;
    r[m++] = (samples_round){k[i].session, k[i].round, j - i, samples_median_sorted(t, 1, j - i)};
    i = j;
  }
  free(k), free(t);
  *out = r;
  *nout = m;
  return 0;
}
