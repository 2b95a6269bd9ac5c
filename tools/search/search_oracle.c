// search_oracle.c — see search_oracle.h.
#include "search_oracle.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gates/gate_table.h"
#include "samples/samples.h"
#include "samples/samples_median.h"

double sr_quantile(const double s[], size_t n, double p) {
  if (!n) return NAN;
  double h = (double)(n - 1) * p;
  size_t lo = (size_t)floor(h);
  double fr = h - (double)lo;
  if (lo + 1 >= n || fr == 0) return s[lo < n ? lo : n - 1];
  return s[lo] + fr * (s[lo + 1] - s[lo]);
}

// The rejects of DATA/gates.csv (gates/gate_table.h); no table, no rejects.
static int read_gates(const sp_space *sp, const char *path, sr_oracle *o, char *err, size_t len) {
  if (access(path, F_OK) && errno == ENOENT) return 0;
  gt_table t;
  if (gt_read(path, GT_TABLE, &t, err, len)) return -1;
  for (size_t i = 0; i < t.n; i++) {
    long c = sp_by_name(sp, t.rows[i].f[0]);
    if (c < 0 || t.rows[i].pass) continue;
    o->t[c].ok = 0;
    snprintf(o->t[c].reason, sizeof o->t[c].reason, "%s", gate_outcome_str(t.rows[i].reason));
  }
  gt_free(&t);
  return 0;
}

int sr_oracle_load(const sp_space *sp, const char *data, const char *shape, sr_oracle *o,
                   char *err, size_t errlen) {
  memset(o, 0, sizeof *o);
  o->ncfg = sp->ncfg;
  o->t = calloc(sp->ncfg, sizeof *o->t);
  o->best = INFINITY;
  o->best_cfg = -1;
  for (size_t c = 0; c < sp->ncfg; c++) {
    o->t[c] = (sr_trial){c, 0, NAN, "unmeasured"};
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.csv", data, sp->name[c]);
    FILE *probe = fopen(path, "r");
    if (!probe) continue;
    fclose(probe);
    samples_file f;
    if (samples_read(path, &f, err, errlen)) return sr_oracle_free(o), -1;
    const samples_group *g = samples_group_find(&f, shape);
    if (g && g->n) {
      double *x = malloc(g->n * sizeof *x);
      memcpy(x, g->t, g->n * sizeof *x);
      o->t[c].ok = 1;
      o->t[c].y = samples_median(x, g->n);
      o->t[c].reason[0] = 0;
      free(x);
    }
    samples_free(&f);
  }
  char gpath[4096];
  snprintf(gpath, sizeof gpath, "%s/gates.csv", data);
  if (read_gates(sp, gpath, o, err, errlen)) return sr_oracle_free(o), -1;
  for (size_t c = 0; c < sp->ncfg; c++) {
    if (o->t[c].ok) {
      o->nok++;
      if (o->t[c].y < o->best) o->best = o->t[c].y, o->best_cfg = (long)c;
    } else if (strcmp(o->t[c].reason, "unmeasured") == 0) {
      o->nunmeasured++;
    }
  }
  if (!o->nok) {
    snprintf(err, errlen, "%s: no configuration of the space has samples at %s", data, shape);
    sr_oracle_free(o);
    return -1;
  }
  return 0;
}

void sr_oracle_free(sr_oracle *o) {
  free(o->t);
  memset(o, 0, sizeof *o);
}
