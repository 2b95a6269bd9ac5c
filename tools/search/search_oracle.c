// search_oracle.c — see search_oracle.h.
#include "search_oracle.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

// Gate rows of DATA/gates.csv: variant,verdict,reason,... (first three columns never quoted).
static int read_gates(const sp_space *sp, const char *path, sr_oracle *o, char *err, size_t len) {
  FILE *f = fopen(path, "r");
  if (!f) {
    if (errno == ENOENT) return 0;
    snprintf(err, len, "%s: %s", path, strerror(errno));
    return -1;
  }
  char line[8192];
  long ln = 0;
  while (fgets(line, sizeof line, f)) {
    ln++;
    char *v = strtok(line, ",\r\n"), *verdict = strtok(NULL, ",\r\n"), *reason = strtok(NULL, ",\r\n");
    if (ln == 1) {
      if (!v || strcmp(v, "variant") || !verdict || strcmp(verdict, "verdict")) {
        fclose(f);
        snprintf(err, len, "%s:1: header does not start with variant,verdict,reason", path);
        return -1;
      }
      continue;
    }
    if (!v || !verdict) continue;
    long c = sp_by_name(sp, v);
    if (c < 0 || strcmp(verdict, "pass") == 0) continue;
    o->t[c].ok = 0;
    snprintf(o->t[c].reason, sizeof o->t[c].reason, "%s", reason ? reason : "rejected");
  }
  fclose(f);
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
