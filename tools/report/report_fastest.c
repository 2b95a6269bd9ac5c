// report_fastest.c — see report_fastest.h. Nothing is estimated here: the fastest is the lowest
// median of the summary's rows of LIBRARIES at the shape, the ratio a comparison row of ours
// against it (none when the experiment did not compare the two). Words:
// reports/templates/fastest.txt.
#include "report_fastest.h"

#include <math.h>
#include <string.h>

#include "report_fmt.h"
#include "report_pick.h"
#include "report_parts.h"
#include "report_times.h"
#include "report_tmpl.h"

#define T "fastest"

// the library of LIBS with the lowest median at SHAPE in summary table t, or NULL
static const char *fastest_of(gen *g, const rcsv *t, int have, const strlist *libs, const char *shape) {
  const char *best = NULL;
  double m = INFINITY;
  for (size_t l = 0; have && l < libs->n; l++) {
    long r = sum_row_of(t, libs->v[l], shape);
    double v = r < 0 ? NAN : fld(g, t, (size_t)r, "median");
    if (isfinite(v) && v < m) m = v, best = libs->v[l];
  }
  return best;
}

// "`lib` 1.49× [1.48, 1.49]" for ours (CAND) against LIB at SHAPE in comparison table c
static const char *ratio_words(gen *g, const rcsv *c, int have, const char *lib, const char *cand, const char *shape) {
  long r = have ? cmp_row(c, lib, cand, shape) : -1;
  if (r < 0) return tmpl_str(g, T, "not-compared", (const char *const[]){"lib", lib, NULL});
  return tmpl_str(g, T, "ratio", (const char *const[]){"lib", lib, "x", xci(fld(g, c, (size_t)r, "speedup"),
                                                                         fld(g, c, (size_t)r, "speedup_lo"), fld(g, c, (size_t)r, "speedup_hi")), NULL});
}

void fastest_goal_rows(gen *g, const kc_exp *k) {
  const strlist *libs = &k->e->libraries;
  if (!libs->n) return;
  strlist per = {0};   // a GPU each: its rows in words
  size_t nrows = 0, same = 0;
  int kernel = times_any_kernel(k->xs, k->n);
  char b[256];
  for (size_t i = 0; i < k->n; i++) {
    const egpu *x = &k->xs[i];
    const rcsv *c = &x->cmp;
    int cf = x->have_cmp ? rcsv_col(c, "family") : -1;
    strlist rows = {0}, seen = {0};  // a shape once (its claims of several pairs have one fastest)
    for (size_t r = 0; cf >= 0 && r < c->nrows; r++) {
      if (strcmp(rcsv_get(c, r, cf), "primary")) continue;
      const char *sh = rcsv_get(c, r, rcsv_col(c, "shape"));
      const char *key = fmt("%s %s", sh, rcsv_get(c, r, rcsv_col(c, "cand")));
      if (strlist_has(&seen, key)) continue;
      strlist_add(&seen, key);
      const char *cand = fmt("%s", pick_name(rcsv_get(c, r, rcsv_col(c, "cand")), b, sizeof b));
      const char *base = fmt("%s", pick_name(rcsv_get(c, r, rcsv_col(c, "base")), b, sizeof b));
      const char *fc = fastest_of(g, &x->sum, x->have_sum, libs, sh), *fk = fastest_of(g, &x->sumk, x->have_sumk, libs, sh);
      nrows++;
      same += fc && !strcmp(fc, base) && !fk;
      const char *call = fc ? ratio_words(g, c, 1, fc, cand, sh) : tmpl_str(g, T, "no-library", NULL);
      const char *kern = !kernel ? ""
                         : fk    ? tmpl_str(g, T, "kernel", (const char *const[]){"ratio", ratio_words(g, &x->cmpk, x->have_cmpk, fk, cand, sh), NULL})
                                 : tmpl_str(g, T, "no-kernel", NULL);
      strlist_add(&rows, tmpl_str(g, T, "row", (const char *const[]){"shape", sh, "call", call, "kernel", kern, NULL}));
    }
    if (rows.n) strlist_add(&per, tmpl_str(g, T, "gpu", (const char *const[]){"gpu", x->gpu, "retired", primary_retired_mark(g, k->exp, x), "rows", gen_join(&rows, "; "), NULL}));
    strlist_free(&rows);
    strlist_free(&seen);
  }
  if (!nrows) return;
  strlist ln = {0};
  for (size_t l = 0; l < libs->n; l++) strlist_add(&ln, fmt("`%s`", libs->v[l]));
  if (same == nrows)  // the claim's own library at every row, and no kernel time: one sentence
    tmpl_put(g, T, libs->n == 1 ? "same-only" : "same",
             (const char *const[]){"libs", gen_join(&ln, ", "), "n", fmt("%zu", nrows), "exp", k->exp,
                                   "kernel", g->any_kernel ? fmt(" %s", tmpl_str(g, T, "same-no-kernel", (const char *const[]){"exp", k->exp, NULL})) : "", NULL});
  else
    tmpl_put(g, T, kernel ? "list" : "list-call",
             (const char *const[]){"libs", gen_join(&ln, ", "), "per_gpu", gen_join(&per, "\n"), "exp", k->exp, NULL});
  strlist_free(&ln);
  strlist_free(&per);
}
