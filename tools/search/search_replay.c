// search_replay.c — see search_replay.h.
#include "search_replay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samples/samples_median.h"

size_t sr_replay_one(const sp_space *sp, const sr_opts *o, const sr_oracle *or, size_t batch,
                     double tol, size_t T, double curve[]) {
  sr_trial *hist = malloc(sp->ncfg * sizeof *hist);
  size_t *out = malloc((sp->ncfg + 1) * sizeof *out), n = 0, reached = 0;
  double best = INFINITY;
  while (n < sp->ncfg && (n < T || !reached)) {
    size_t want = batch;
    if (o->kind == SR_LHS || (o->kind == SR_LHS_TPE && n < o->n_init))
      want = o->kind == SR_LHS ? o->n_init : o->n_init - n;  // a design is one batch
    size_t k = sr_propose(sp, o, hist, n, want ? want : 1, out);
    if (!k) break;
    for (size_t i = 0; i < k; i++) {
      hist[n] = or->t[out[i]];
      if (hist[n].ok && hist[n].y < best) best = hist[n].y;
      if (n < T) curve[n] = best / or->best;
      n++;
      if (!reached && best <= (1 + tol) * or->best) reached = n;
    }
  }
  for (size_t t = n; t < T; t++) curve[t] = n ? curve[n - 1] : INFINITY;
  free(hist), free(out);
  return reached;
}

static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void put(FILE *f, double x) {
  if (isfinite(x)) fprintf(f, " %.6g", x);
  else fprintf(f, " NaN");
}

int sr_replay(const sp_space *sp, const sr_opts *o, const sr_oracle *or, const char *shape,
              size_t seeds, size_t batch, double tol, size_t T, FILE *csv, FILE *curves) {
  double *curve = malloc(SR_NKINDS * seeds * (T ? T : 1) * sizeof *curve);
  double *ev = malloc(seeds * sizeof *ev), *col = malloc(seeds * sizeof *col);
  for (int k = 0; k < SR_NKINDS; k++) {
    sr_opts ok = *o;
    ok.kind = (sr_kind)k;
    for (size_t s = 0; s < seeds; s++) {
      ok.seed = o->seed + s;
      ev[s] = (double)sr_replay_one(sp, &ok, or, batch, tol, T, curve + (k * seeds + s) * T);
    }
    qsort(ev, seeds, sizeof *ev, cmp_d);
    fprintf(csv, "%s,%s,%.6g,%.6g,%.6g,%zu\n", sr_kind_name(ok.kind), shape,
            samples_median_sorted(ev, 1, seeds), sr_quantile(ev, seeds, 0.25), sr_quantile(ev, seeds, 0.75), seeds);
  }
  if (curves) {
    fprintf(curves, "# %s: best latency so far / true best (%.6g us), over %zu seeds from %llu\n# trial",
            shape, or->best, seeds, (unsigned long long)o->seed);
    for (int k = 0; k < SR_NKINDS; k++)
      fprintf(curves, " %s_median %s_q1 %s_q3", sr_kind_name(k), sr_kind_name(k), sr_kind_name(k));
    fputc('\n', curves);
    for (size_t t = 0; t < T; t++) {
      fprintf(curves, "%zu", t + 1);
      for (int k = 0; k < SR_NKINDS; k++) {
        for (size_t s = 0; s < seeds; s++) col[s] = curve[(k * seeds + s) * T + t];
        qsort(col, seeds, sizeof *col, cmp_d);
        put(curves, samples_median_sorted(col, 1, seeds));
        put(curves, sr_quantile(col, seeds, 0.25));
        put(curves, sr_quantile(col, seeds, 0.75));
      }
      fputc('\n', curves);
    }
    fputs("\n\n", curves);
  }
  free(curve), free(ev), free(col);
  return 0;
}
