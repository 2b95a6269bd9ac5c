// report_tally.c — see report_tally.h.
#include "report_tally.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_hrows.h"
#include "report_pick.h"

void tally_add(tally *t, const char *v) {
  if (!strcmp(v, "FAST")) t->fast++;
  else if (!strcmp(v, "SAME")) t->same++;
  else if (!strcmp(v, "SLOW")) t->slow++;
  else t->amb++;
}

size_t tally_n(const tally *t) {
  return t->fast + t->same + t->amb + t->slow;
}

tally tally_of(const rcsv *c) {
  tally t = {0};
  int cv = rcsv_col(c, "verdict");
  for (size_t r = 0; cv >= 0 && r < c->nrows; r++) tally_add(&t, rcsv_get(c, r, cv));
  return t;
}

int tally_is_pair(const expvars *e, const rcsv *c, size_t r) {
  int cb = rcsv_col(c, "base"), cc = rcsv_col(c, "cand");
  if (cb < 0 || cc < 0) return 0;
  char b[256], d[256];
  const char *bn = pick_name(rcsv_get(c, r, cb), b, sizeof b), *cn = pick_name(rcsv_get(c, r, cc), d, sizeof d);
  for (size_t i = 0; i < e->cmp_cand.n; i++)
    if (!strcmp(e->cmp_cand.v[i], cn) && !strcmp(e->cmp_base.v[i], bn)) return 1;
  return 0;
}

tally tally_of_pairs(const expvars *e, const rcsv *c, int pairs) {
  tally t = {0};
  int cv = rcsv_col(c, "verdict");
  for (size_t r = 0; cv >= 0 && r < c->nrows; r++)
    if (tally_is_pair(e, c, r) == pairs) tally_add(&t, rcsv_get(c, r, cv));
  return t;
}

size_t tally_key(gen *g, const expvars *e, const egpu *x, tally *t, double *lo, double *hi) {
  *t = (tally){0};
  *lo = INFINITY, *hi = -INFINITY;
  if (!x->have_cmp) return 0;
  strlist shapes = {0};
  hrow *h = NULL;
  const size_t nh = hrows_of(e, x, &shapes, &h);
  int cv = rcsv_col(&x->cmp, "verdict");
  for (size_t i = 0; cv >= 0 && i < nh; i++) {
    if (h[i].r < 0) continue;
    tally_add(t, rcsv_get(&x->cmp, (size_t)h[i].r, cv));
    const double sp = fld(g, &x->cmp, (size_t)h[i].r, "speedup");
    if (sp < *lo) *lo = sp;
    if (sp > *hi) *hi = sp;
  }
  free(h);
  strlist_free(&shapes);
  return tally_n(t);
}
