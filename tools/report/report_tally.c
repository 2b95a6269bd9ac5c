// report_tally.c — see report_tally.h.
#include "report_tally.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_hrows.h"
#include "report_fmt.h"
#include "report_form.h"
#include "report_pick.h"
#include "report_tmpl.h"

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

size_t tally_key(gen *g, const expvars *e, const egpu *x, tally *t, double *lo, double *hi, keyinfo *k) {
  *t = (tally){0};
  *lo = INFINITY, *hi = -INFINITY;
  if (k) *k = (keyinfo){.primary = 1};
  if (!x->have_cmp) return 0;
  strlist shapes = {0};
  hrow *h = NULL;
  const size_t nh = hrows_of(e, x, &shapes, &h);
  int cv = rcsv_col(&x->cmp, "verdict"), cf = rcsv_col(&x->cmp, "family");
  for (size_t i = 0; cv >= 0 && i < nh; i++) {
    if (k) k->shapes++;
    if (h[i].r < 0) {
      if (k && !strlist_has(&k->libs, h[i].base)) strlist_add(&k->libs, h[i].base);
      if (k) k->unpaired++;
      continue;
    }
    tally_add(t, rcsv_get(&x->cmp, (size_t)h[i].r, cv));
    if (k && (cf < 0 || strcmp(rcsv_get(&x->cmp, (size_t)h[i].r, cf), "primary"))) k->primary = 0;
    const double sp = fld(g, &x->cmp, (size_t)h[i].r, "speedup");
    if (sp < *lo) *lo = sp;
    if (sp > *hi) *hi = sp;
  }
  free(h);
  strlist_free(&shapes);
  return tally_n(t);
}

void tally_key_words(gen *g, const egpu *x, const tally *t, double lo, double hi, const keyinfo *k, const char *v[9]) {
  const size_t n = tally_n(t);
  const char *at = tmpl_str(g, "exp", k->unpaired ? "key-at-some" : n == 1 ? "key-at-one" : "key-at-all",
                            (const char *const[]){"n", fmt("%zu", n), "shapes", fmt("%zu", k->shapes), NULL});
  const char *sp = tmpl_str(g, "exp", n == 1 ? "key-speedup" : "key-speedups", (const char *const[]){"lo", xfmt(lo), "hi", xfmt(hi), NULL});
  const char *un = k->unpaired ? tmpl_str(g, "exp", "key-unpaired", (const char *const[]){"k", fmt("%zu", k->unpaired), "libs", gen_join_code(&k->libs, ", "), NULL}) : "";
  const char *where = k->primary                                             ? "key-where-claims"
                      : g->claims_exp && !strcmp(g->claims_exp, x->exp) ? "key-where-headline"
                      : form_full(g)                                    ? "key-where-above"
                                                                        : "key-where-full";
  const char *wh = tmpl_str(g, "exp", where, NULL);
  const char *w[] = {"at", at, "speedups", sp, "unpaired", un, "where", wh, NULL};
  for (size_t i = 0; i < 9; i++) v[i] = w[i];
}
