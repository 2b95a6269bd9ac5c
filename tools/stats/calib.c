// calib.c — see calib.h.
#include "calib.h"

#include <errno.h>
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FIELDS = 64 };

static int bad(const char *path, size_t line, const char *what) {
  fprintf(stderr, "stats: %s:%zu: %s\n", path, line, what);
  return 2;
}

// A percentage field: a finite number >= 0, or empty (not estimable; "nan" in older files).
static int pct(const char *s, double *v) {
  if (!*s || !strcmp(s, "nan")) return *v = NAN, 0;
  char *end;
  errno = 0;
  double x = strtod(s, &end);
  if (end == s || *end || errno || !isfinite(x) || x < 0) return -1;
  *v = x / 100;
  return 0;
}

int calib_read(const char *path, calib_t *c) {
  memset(c, 0, sizeof *c);
  snprintf(c->path, sizeof c->path, "%s", path);
  c->sd_round = 0;
  c->sd_session = NAN;
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "stats: %s: cannot open: %s\n", path, strerror(errno));
    return 2;
  }
  char *buf = NULL;
  size_t cap = 0, line = 0;
  int rc = 0, cr = -1, cs = -1, cn = -1, hdr = 0;
  while (!rc && getline(&buf, &cap, f) >= 0) {
    line++;
    buf[strcspn(buf, "\r\n")] = '\0';
    if (!*buf || *buf == '#') continue;
    char *fld[MAX_FIELDS];
    int n = 0;
    for (char *s = buf, *comma; n < MAX_FIELDS; s = comma + 1) {
      fld[n++] = s;
      if (!(comma = strchr(s, ','))) break;
      *comma = '\0';
    }
    if (!hdr) {
      for (int i = 0; i < n; i++) {
        if (!strcmp(fld[i], "sd_round_pct")) cr = i;
        if (!strcmp(fld[i], "sd_session_pct")) cs = i;
        if (!strcmp(fld[i], "n_sessions")) cn = i;
      }
      if (cr < 0 || cs < 0 || cn < 0)
        rc = bad(path, line, "not a calibration: needs columns sd_round_pct, sd_session_pct, n_sessions");
      hdr = 1;
      continue;
    }
    double r, s;
    char *end;
    if (cr >= n || cs >= n || cn >= n) {
      rc = bad(path, line, "too few fields");
      break;
    }
    unsigned long k = strtoul(fld[cn], &end, 10);
    if (pct(fld[cr], &r) || isnan(r) || pct(fld[cs], &s) || end == fld[cn] || *end) {
      rc = bad(path, line, "sd_round_pct, sd_session_pct or n_sessions is not a number >= 0");
      break;
    }
    c->rows++;
    if (r > c->sd_round) c->sd_round = r;
    if (!isnan(s) && (isnan(c->sd_session) || s > c->sd_session)) c->sd_session = s;
    if (k > c->sessions) c->sessions = k;
  }
  free(buf);
  fclose(f);
  if (!rc && !c->rows) rc = bad(path, line ? line : 1, "no calibration rows");
  return rc;
}

double mde_of(double se, double df, double alpha) {
  if (isnan(se) || isnan(df) || df <= 0) return NAN;
  return expm1((gsl_cdf_tdist_Qinv(alpha / 2, df) + gsl_cdf_tdist_Qinv(0.2, df)) * se);
}

double calib_mde(const calib_t *c, level_t lv, size_t n_sessions, size_t n_rounds, double alpha) {
  if (!n_rounds) return NAN;
  double v = c->sd_round * c->sd_round / (double)n_rounds, df = (double)n_rounds - 1;
  if (lv == LEVEL_SESSION || lv == LEVEL_GPU) {
    // (level gpu: n_sessions is the number of GPUs; the calibration's session SD stands for the
    // GPU-and-session SD, which it measured only where its sessions ran on distinct GPUs)
    double s = isnan(c->sd_session) ? 0 : c->sd_session;
    v += s * s / (double)n_sessions;
    df = (double)n_sessions - 1;
  }
  return mde_of(sqrt(v), df, alpha);
}
