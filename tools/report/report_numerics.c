// report_numerics.c — a correctness experiment's numerics per shape, from the numerics table its
// sessions published (DATA/<exp>/<gpu>/numerics.csv, tools/gates/numerics.h): per shape, the
// configurations and runs checked, the runs that failed, and the largest absolute and relative
// errors any run measured (nan or inf where a run gave them). Full appendix only.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv/csv_table.h"
#include "report_ctx.h"
#include "report_doc.h"
#include "report_fmt.h"
#include "report_parts.h"
#include "report_tmpl.h"

typedef struct {
  const char *shape;
  strlist configs;
  size_t runs, failed;
  double abs, rel;  // the largest; NaN once a run gave nan (it stays)
  int abs_bad, rel_bad;
} shape_row;

// x > *worst, or x not a number at all (nan, inf: worse than any); an unreadable field counts
// as not a number too
static void worse(const char *s, double *worst, int *bad) {
  char *end;
  double x = strtod(s, &end);
  if (end == s || *end || !isfinite(x)) *bad = 1;
  else if (x > *worst) *worst = x;
}

static const char *err_cell(double x, int bad) { return bad ? "nan/inf" : fmt("%.2e", x); }

void numerics_table(gen *g, const egpu *x) {
  char p[4096];
  snprintf(p, sizeof p, "%s/numerics.csv", x->dir);
  rcsv t;
  if (!gen_load_opt(g, p, &t)) {
    tmpl_put(g, "correct", "numerics-table-none", NULL);
    return;
  }
  static const char *const need[] = {"variant", "shape", "session", "run", "max_abs_err", "max_rel_err", "verdict", NULL};
  int ix[7];
  if (rcsv_need(&t, need, ix, g->err, sizeof g->err)) gen_die(g);
  shape_row *rows = calloc(t.nrows + 1, sizeof *rows);
  size_t n = 0;
  strlist sessions = {0};
  if (!rows) abort();
  for (size_t r = 0; r < t.nrows; r++) {
    const char *sh = rcsv_get(&t, r, ix[1]);
    size_t k = 0;
    while (k < n && strcmp(rows[k].shape, sh)) k++;
    if (k == n) rows[n++].shape = sh;
    shape_row *s = &rows[k];
    if (!strlist_has(&s->configs, rcsv_get(&t, r, ix[0]))) strlist_add(&s->configs, rcsv_get(&t, r, ix[0]));
    if (!strlist_has(&sessions, rcsv_get(&t, r, ix[2]))) strlist_add(&sessions, rcsv_get(&t, r, ix[2]));
    s->runs++;
    s->failed += strcmp(rcsv_get(&t, r, ix[6]), "pass") != 0;
    worse(rcsv_get(&t, r, ix[4]), &s->abs, &s->abs_bad);
    worse(rcsv_get(&t, r, ix[5]), &s->rel, &s->rel_bad);
  }
  tmpl_table(g, "correct", "caption-numerics", "columns-numerics", "lrrrrr",
             (const char *const[]){"exp", x->exp, "gpu", x->gpu, "sessions", fmt("%zu", sessions.n),
                                   "ses_s", sessions.n == 1 ? "" : "s", NULL});
  for (size_t k = 0; k < n; k++) {
    doc_row(&g->d, (const char *const[]){fmt("`%s`", rows[k].shape), fmt("%zu", rows[k].configs.n), fmt("%zu", rows[k].runs),
                                         fmt("%zu", rows[k].failed), err_cell(rows[k].abs, rows[k].abs_bad),
                                         err_cell(rows[k].rel, rows[k].rel_bad)});
    strlist_free(&rows[k].configs);
  }
  doc_table_end(&g->d);
  free(rows);
  strlist_free(&sessions);
  rcsv_free(&t);
}
