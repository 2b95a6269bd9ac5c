// report_sweep.c — one GPU of a recorded sweep (REPORT_STYLE sweep, the default of a space
// experiment): instead of latency and comparison tables of hundreds of configurations, what its
// gate table holds (configurations, those that passed, the reasons of the others), how many were
// timed, and (full appendix) the fastest few per shape with their medians and CIs from the
// statistics' summary (summary.csv), then the gate rejections. Each configuration was timed in one
// round of one session, so stats gives its median no CI at the level where timings vary: the
// table says so ("—") rather than show a CI of the reps. Words: reports/templates/sweep.txt.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_fmt.h"
#include "report_form.h"
#include "report_parts.h"
#include "report_pick.h"
#include "report_problem.h"
#include "report_tmpl.h"

// the fastest shown per shape in the full appendix
enum { SWEEP_BEST = 5 };

typedef struct {
  long row;
  double median;
} ranked;

static int by_median(const void *a, const void *b) {
  const ranked *x = a, *y = b;
  return (x->median > y->median) - (x->median < y->median);
}

// the rows of x's summary at SHAPE of its configurations (not its baselines), fastest first;
// their count
static size_t rank_shape(gen *g, const expvars *e, const egpu *x, const char *shape, ranked **out) {
  const rcsv *s = &x->sum;
  int cf = rcsv_col(s, "file"), cs = rcsv_col(s, "shape");
  size_t n = 0;
  *out = calloc(s->nrows + 1, sizeof **out);
  if (!*out) abort();
  for (size_t r = 0; cf >= 0 && cs >= 0 && r < s->nrows; r++) {
    char b[256];
    const char *name = pick_name(rcsv_get(s, r, cf), b, sizeof b);
    double m = fld(g, s, r, "median");
    if (strcmp(rcsv_get(s, r, cs), shape) || expvars_is_baseline(e, name) || !isfinite(m)) continue;
    (*out)[n++] = (ranked){(long)r, m};
  }
  qsort(*out, n, sizeof **out, by_median);
  return n;
}

void sweep_gpu(gen *g, const expvars *e, const egpu *x, sweep_counts *k) {
  sweep_counts c = {0};
  strlist reasons = {0};
  strlist untimed = {0};  // passed the gates, but no sample file
  for (size_t r = 0; x->have_gates && r < x->gates.n; r++) {
    const gt_row *row = &x->gates.rows[r];
    const char *v = row->f[0], *reason = row->nf > 2 ? row->f[2] : "";
    if (expvars_is_baseline(e, v)) continue;  // a library, no configuration
    c.configs++;
    if (row->pass) {
      c.passed++;
      if (!strlist_has(&x->names, v)) strlist_add(&untimed, v);
    } else if (!strlist_has(&reasons, reason)) strlist_add(&reasons, reason);
  }
  for (size_t f = 0; f < x->names.n; f++) c.timed += !expvars_is_baseline(e, x->names.v[f]);
  strlist shapes = {0};
  gen_shapes(x, e, &shapes);
  ranked *rk = NULL;
  size_t nr = x->have_sum && shapes.n ? rank_shape(g, e, x, shapes.v[0], &rk) : 0;
  if (nr) {
    char b[256];
    c.best = strdup(pick_name(rcsv_get(&x->sum, (size_t)rk[0].row, rcsv_col(&x->sum, "file")), b, sizeof b));
    c.best_median = rk[0].median, c.shape = strdup(shapes.v[0]);
    c.best_lo = fld(g, &x->sum, (size_t)rk[0].row, "ci_lo"), c.best_hi = fld(g, &x->sum, (size_t)rk[0].row, "ci_hi");
  }
  free(rk);
  if (k) {
    *k = c;  // best and shape are the caller's to free
    strlist_free(&reasons), strlist_free(&untimed), strlist_free(&shapes);
    return;
  }
  tmpl_put(g, "sweep", "summary",
           (const char *const[]){"configs", fmt("%zu", c.configs), "passed", fmt("%zu", c.passed),
                                 "reasons", reasons.n ? tmpl_str(g, "sweep", "reasons", (const char *const[]){"reasons", gen_list(&reasons), NULL}) : "",
                                 "timed", fmt("%zu", c.timed), "shapes", gen_list(&shapes),
                                 "untimed", untimed.n ? tmpl_str(g, "sweep", "untimed", (const char *const[]){"names", gen_list(&untimed), NULL}) : "",
                                 NULL});
  strlist_free(&reasons), strlist_free(&untimed);
  for (size_t s = 0; x->have_sum && s < shapes.n; s++) {
    nr = rank_shape(g, e, x, shapes.v[s], &rk);
    if (!nr) {
      free(rk);
      continue;
    }
    const rcsv *t = &x->sum;
    if (!form_full(g)) {
      char b[256];  // this shape's fastest, not shape 0's
      const char *best = pick_name(rcsv_get(t, (size_t)rk[0].row, rcsv_col(t, "file")), b, sizeof b);
      tmpl_put(g, "sweep", "fastest", (const char *const[]){"shape", shapes.v[s], "best", best, "median", num(rk[0].median), NULL});
      free(rk);
      continue;
    }
    const size_t show = nr < SWEEP_BEST ? nr : SWEEP_BEST;
    tmpl_table(g, "sweep", "caption-best", "columns-best", "rlrrrrr",
               (const char *const[]){"k", fmt("%zu", show), "n", fmt("%zu", nr), "exp", x->exp, "gpu", x->gpu, "shape", shapes.v[s], NULL});
    for (size_t i = 0; i < show; i++) {
      const size_t r = (size_t)rk[i].row;
      char b[256];
      double lo = fld(g, t, r, "ci_lo"), hi = fld(g, t, r, "ci_hi");
      doc_row(&g->d, (const char *const[]){fmt("%zu", i + 1), fmt("`%s`", pick_name(rcsv_get(t, r, rcsv_col(t, "file")), b, sizeof b)),
                                           num(rk[i].median), isfinite(lo) && isfinite(hi) ? fmt("[%s, %s]", num(lo), num(hi)) : fmt_none(),
                                           fmt("%s–%s", num(fld(g, t, r, "q1")), num(fld(g, t, r, "q3"))), fmt("%.0f", fld(g, t, r, "n")),
                                           fmt("%.0f × %.0f", fld(g, t, r, "n_sessions"), fld(g, t, r, "n_rounds"))});
    }
    doc_table_end(&g->d);
    // the baselines at this shape, as the summary gives them
    for (size_t f = 0; f < x->names.n; f++) {
      if (!expvars_is_baseline(e, x->names.v[f])) continue;
      long br = sum_row(x, x->names.v[f], shapes.v[s]);
      if (br >= 0)
        tmpl_put(g, "sweep", "baseline",
                 (const char *const[]){"base", x->names.v[f], "shape", shapes.v[s],
                                       "median", ci(fld(g, t, (size_t)br, "median"), fld(g, t, (size_t)br, "ci_lo"), fld(g, t, (size_t)br, "ci_hi")),
                                       "units", fmt("%.0f × %.0f", fld(g, t, (size_t)br, "n_sessions"), fld(g, t, (size_t)br, "n_rounds")), NULL});
    }
    free(rk);
  }
  strlist_free(&shapes);
  free((char *)c.best), free((char *)c.shape);
  if (form_full(g)) gate_table(g, x, problem_of(e));
}
