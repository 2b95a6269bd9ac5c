// search_section.c — the appendix's section on the search strategies: per recorded sweep the
// evaluations each strategy needed to come within 5% of the best (`--strategies` files, the
// `search replay` tables, e.g. build/sweep/strategies.csv), a sentence per sweep and shape
// comparing lhs+tpe with random search, and the best-so-far figures (`--search-plot`, e.g.
// ../plots/sweep/search); text: reports/templates/search.txt. A sweep is named by the directory
// its strategies file or its plot is in (two sweeps may share a shape). A strategies file has the
// header strategy,shape,median_evals,q1_evals,q3_evals,seeds.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_ctx.h"
#include "report_form.h"
#include "report_tmpl.h"

typedef struct {
  char sweep[64], strategy[32], shape[64];
  double med, q1, q3, seeds;
} row_t;

typedef struct {
  row_t *v;
  size_t n;
} rows_t;

// the name of the directory PATH is in ("build/sweep/strategies.csv" -> "sweep")
static const char *dir_name(const char *path) {
  const char *end = strrchr(path, '/');
  if (!end) return ".";
  const char *b = end;
  while (b > path && b[-1] != '/') b--;
  return fmt("%.*s", (int)(end - b), b);
}

static void load(gen *g, const char *path, rows_t *rs) {
  char sweep[64];
  if ((size_t)snprintf(sweep, sizeof sweep, "%s", dir_name(path)) >= sizeof sweep) {
    snprintf(g->err, sizeof g->err, "%s: directory name too long", path);
    gen_die(g);
  }
  rcsv t;
  if (rcsv_read(path, &t, g->err, sizeof g->err)) gen_die(g);
  static const char *const need[] = {"strategy", "shape", "median_evals", "q1_evals", "q3_evals", "seeds", NULL};
  int x[6];
  if (t.ncol != 6 || rcsv_need(&t, need, x, g->err, sizeof g->err)) {
    snprintf(g->err, sizeof g->err, "%s:1: not a strategies file", path);
    gen_die(g);
  }
  rs->v = realloc(rs->v, (rs->n + t.nrows) * sizeof *rs->v);
  if (!rs->v) abort();
  for (size_t r = 0; r < t.nrows; r++) {
    row_t *o = &rs->v[rs->n++];
    const char *st = rcsv_get(&t, r, x[0]), *sh = rcsv_get(&t, r, x[1]);
    if (strlen(st) >= sizeof o->strategy || strlen(sh) >= sizeof o->shape) {
      snprintf(g->err, sizeof g->err, "%s:%zu: strategy or shape name too long", path, t.rows[r].line);
      gen_die(g);
    }
    snprintf(o->sweep, sizeof o->sweep, "%s", sweep);
    snprintf(o->strategy, sizeof o->strategy, "%s", st);
    snprintf(o->shape, sizeof o->shape, "%s", sh);
    double *num[] = {&o->med, &o->q1, &o->q3, &o->seeds};
    for (int k = 0; k < 4; k++)
      if (rcsv_num(&t, r, x[2 + k], num[k], g->err, sizeof g->err)) gen_die(g);
  }
  rcsv_free(&t);
}

static const row_t *find(const rows_t *rs, const row_t *at, const char *strategy) {
  for (size_t i = 0; i < rs->n; i++)
    if (!strcmp(rs->v[i].sweep, at->sweep) && !strcmp(rs->v[i].shape, at->shape) &&
        !strcmp(rs->v[i].strategy, strategy))
      return &rs->v[i];
  return NULL;
}

// the sentence comparing lhs+tpe with random search at AT's sweep and shape (none when either is
// missing)
static void verdict(gen *g, const rows_t *rs, const row_t *at) {
  const row_t *t = find(rs, at, "lhs+tpe"), *r = find(rs, at, "random");
  if (!t || !r) return;
  double d = (r->med - t->med) / r->med * 100;
  tmpl_put(g, "search", d >= 0 ? "verdict-fewer" : "verdict-more",
           (const char *const[]){"sweep", at->sweep, "shape", at->shape, "evals", fmt("%.4g", t->med),
                                 "seeds", fmt("%.0f", t->seeds), "random", fmt("%.4g", r->med),
                                 "pct", fmt("%.0f", fabs(d)), NULL});
}

void search_section(gen *g) {
  if (!form_full(g)) {  // the main appendix names this section in its opening; its number is kept
    doc_skip(&g->d, 1);
    return;
  }
  if (!g->strategies.n) {
    tmpl_put(g, "search", "none", NULL);
    return;
  }
  tmpl_put(g, "search", "head", NULL);
  rows_t rs = {0};
  for (size_t i = 0; i < g->strategies.n; i++) load(g, g->strategies.v[i], &rs);
  tmpl_put(g, "search", "intro", NULL);
  tmpl_table(g, "search", "caption-strategies", "columns-strategies", "lllrrrr", NULL);
  for (size_t k = 0; k < rs.n; k++) {
    const row_t *r = &rs.v[k];
    doc_row(&g->d, (const char *const[]){fmt("`%s`", r->sweep), r->strategy, fmt("`%s`", r->shape),
                                         fmt("%.4g", r->med), fmt("%.4g", r->q1), fmt("%.4g", r->q3),
                                         fmt("%.0f", r->seeds)});
  }
  doc_table_end(&g->d);
  for (size_t k = 0; k < rs.n; k++) { // one sentence per sweep and shape, in the table's order
    size_t j = 0;
    while (j < k && (strcmp(rs.v[j].shape, rs.v[k].shape) || strcmp(rs.v[j].sweep, rs.v[k].sweep))) j++;
    if (j == k) verdict(g, &rs, &rs.v[k]);
  }
  for (size_t k = 0; k < g->search_plots.n; k++)
    doc_figure(&g->d, g->search_plots.v[k],
               tmpl_str(g, "search", "figure", (const char *const[]){"sweep", dir_name(g->search_plots.v[k]), NULL}));
  free(rs.v);
}
