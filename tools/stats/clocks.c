// clocks.c — see clocks.h.
#include "clocks.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samples/samples_median.h"

static double header_mhz(const samples_file *f, const char *key) {
  const char *v = samples_meta(f, key);
  char *end;
  double x = v ? strtod(v, &end) : NAN;
  return v && end != v && !*end && isfinite(x) && x > 0 ? x : NAN;
}

static int in_design(const design_t *d, unsigned session) {
  for (size_t i = 0; i < d->nunits; i++)
    if (d->units[i].session == session) return 1;
  return 0;
}

void clocks_side(const design_t *d, const samples_group *g, clock_side_t *out) {
  double target = header_mhz(d->file, "clock_target_mhz");
  if (isnan(target)) target = header_mhz(d->file, "clock_sm_max_mhz");
  out->floor_mhz = CLOCKS_FULL * target;
  out->median_mhz = out->throttled_pct = NAN;
  double *v = g->clk ? malloc((g->n ? g->n : 1) * sizeof *v) : NULL;
  if (!v) return;
  size_t n = 0, low = 0;
  for (size_t i = 0; i < g->n; i++) {
    if (isnan(g->clk[i]) || !in_design(d, g->session[i])) continue;
    v[n++] = g->clk[i];
    low += g->clk[i] < out->floor_mhz;
  }
  if (n) {
    out->median_mhz = samples_median(v, n);
    if (!isnan(out->floor_mhz)) out->throttled_pct = 100.0 * (double)low / (double)n;
  }
  free(v);
}

int clocks_full_compare(const design_t *b, const design_t *c, level_t lv, double floor_b,
                        double floor_c, estimate_t *e) {
  memset(e, 0, sizeof *e);
  e->est = e->se = e->df = NAN;
  if (isnan(floor_b) || isnan(floor_c)) return 0;
  design_t xb, xc;
  if (design_copy(b, &xb)) return -1;
  if (design_copy(c, &xc)) {
    design_free(&xb);
    return -1;
  }
  design_keep_full_clock(&xb, floor_b);
  design_keep_full_clock(&xc, floor_c);
  // sides timed in the same sessions pair by round: each keeps the rounds the other kept
  if (design_shared_sessions(b, c)) {
    design_keep_shared_rounds(&xb, &xc);
    design_keep_shared_rounds(&xc, &xb);
  }
  int rc = 0;
  if (xb.nunits && xc.nunits) rc = design_compare(&xb, &xc, lv, e);
  else e->level = lv;
  design_free(&xb);
  design_free(&xc);
  return rc;
}
