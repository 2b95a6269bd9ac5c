// report_clocks.c — see report_clocks.h. Every number is a cell of stats compare's row
// (clock_base_mhz, clock_cand_mhz, throttled_*_pct, full_clock_*; tools/stats/clocks.h), the
// instrument the files' `# clock_source:` header. Words: reports/templates/clocks.txt.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_clocks.h"
#include "report_fmt.h"
#include "report_tmpl.h"
#include "samples/samples.h"
#include "samples/samples_median.h"
#include "stats/clocks.h"

static const char *clock_cell(gen *g, double mhz, double pct) {
  if (!isfinite(mhz)) return fmt_none();
  return tmpl_str(g, "clocks", "clock-cell",
                  (const char *const[]){"mhz", fmt("%.0f", mhz), "pct", isfinite(pct) ? fmt("%.0f", pct) : fmt_none(), NULL});
}

// the instruments named by x's files: 1 when all name the same one (into *one)
static int one_instrument(const egpu *x, strlist *seen, const char **one) {
  for (size_t i = 0; i < x->names.n; i++) {
    const char *s = samples_meta(&x->files[i], "clock_source");
    const char *v = s ? s : "none";
    if (!strlist_has(seen, v)) strlist_add(seen, v);
  }
  *one = seen->n == 1 && strcmp(seen->v[0], "none") ? seen->v[0] : NULL;
  return *one != NULL;
}

static void claims_table(gen *g, const egpu *x, const char *full) {
  const rcsv *c = &x->cmp;
  int cf = rcsv_col(c, "family"), open = 0;
  for (size_t r = 0; cf >= 0 && r < c->nrows; r++) {
    if (strcmp(rcsv_get(c, r, cf), "primary")) continue;
    if (!open++)
      tmpl_table(g, "clocks", "caption", "columns", "llrrrr", (const char *const[]){"exp", x->exp, "gpu", x->gpu, "full", full, NULL});
    double fs = fld_opt(g, c, r, "full_clock_speedup");
    doc_row(&g->d, (const char *const[]){
        fmt("`%s`", rcsv_get(c, r, rcsv_col(c, "shape"))),
        fmt("`%s` vs `%s`", rcsv_get(c, r, rcsv_col(c, "cand")), rcsv_get(c, r, rcsv_col(c, "base"))),
        clock_cell(g, fld_opt(g, c, r, "clock_base_mhz"), fld_opt(g, c, r, "throttled_base_pct")),
        clock_cell(g, fld_opt(g, c, r, "clock_cand_mhz"), fld_opt(g, c, r, "throttled_cand_pct")),
        xci(fld(g, c, r, "speedup"), fld(g, c, r, "speedup_lo"), fld(g, c, r, "speedup_hi")),
        isfinite(fs) ? tmpl_str(g, "clocks", "full-cell",
                                (const char *const[]){"ci", xci(fs, fld_opt(g, c, r, "full_clock_lo"), fld_opt(g, c, r, "full_clock_hi")),
                                                      "rounds", fmt("%.0f", fld_opt(g, c, r, "full_clock_rounds")), NULL})
                     : tmpl_str(g, "clocks", "no-full", NULL)});
  }
  if (open) doc_table_end(&g->d);
}

static void summary(gen *g, const rcsv *c) {
  double lo = INFINITY, hi = -INFINITY, thr = 0, dmax = 0;
  double *d = calloc(c->nrows ? c->nrows : 1, sizeof *d);
  size_t nd = 0, none = 0;
  for (size_t r = 0; d && r < c->nrows; r++) {
    double mb = fld_opt(g, c, r, "clock_base_mhz"), mc = fld_opt(g, c, r, "clock_cand_mhz");
    if (isfinite(mb)) lo = fmin(lo, mb), hi = fmax(hi, mb);
    if (isfinite(mc)) lo = fmin(lo, mc), hi = fmax(hi, mc);
    double tb = fld_opt(g, c, r, "throttled_base_pct"), tc = fld_opt(g, c, r, "throttled_cand_pct");
    if (isfinite(tb)) thr = fmax(thr, tb);
    if (isfinite(tc)) thr = fmax(thr, tc);
    double s = fld(g, c, r, "speedup"), f = fld_opt(g, c, r, "full_clock_speedup");
    if (isfinite(f) && isfinite(s)) d[nd] = 100 * fabs(f / s - 1), dmax = fmax(dmax, d[nd++]);
    else none++;
  }
  if (d && nd && isfinite(lo)) {
    double med = samples_median(d, nd);
    tmpl_put(g, "clocks", "summary",
             (const char *const[]){"n", fmt("%zu", c->nrows), "lo_mhz", fmt("%.0f", lo), "hi_mhz", fmt("%.0f", hi),
                                   "thr", fmt("%.0f", thr), "dmax", fmt("%.2f", dmax), "dmed", fmt("%.2f", med),
                                   "none", tmpl_str(g, "clocks", none == 1 ? "none-one" : "none-many", (const char *const[]){"n", fmt("%zu", none), NULL}),
                                   NULL});
  }
  free(d);
}

static int have_clocks(gen *g, const egpu *x) {
  const rcsv *c = &x->cmp;
  if (!x->have_cmp || !c->nrows || rcsv_col(c, "clock_base_mhz") < 0) return 0;
  for (size_t r = 0; r < c->nrows; r++)
    if (isfinite(fld_opt(g, c, r, "clock_base_mhz")) || isfinite(fld_opt(g, c, r, "clock_cand_mhz"))) return 1;
  return 0;
}

void clocks_paragraph(gen *g, const egpu *x) {
  const rcsv *c = &x->cmp;
  if (!have_clocks(g, x)) return;
  strlist seen = {0};
  const char *one, *full = fmt("%.0f", 100 * CLOCKS_FULL);
  if (one_instrument(x, &seen, &one))
    tmpl_put(g, "clocks", "same-instrument", (const char *const[]){"source", one, "full", full, NULL});
  else
    tmpl_put(g, "clocks", "mixed-instrument", (const char *const[]){"sources", gen_join(&seen, "; "), NULL});
  strlist_free(&seen);
  claims_table(g, x, full);
  summary(g, c);
}

// one side's clocks over the rows kept: the range of the medians and the largest throttled share
typedef struct {
  double lo, hi, thr;
} side;

static void side_add(side *s, double mhz, double pct) {
  if (isfinite(mhz)) s->lo = fmin(s->lo, mhz), s->hi = fmax(s->hi, mhz);
  if (isfinite(pct)) s->thr = fmax(s->thr, pct);
}

static const char *side_words(gen *g, const side *s) {
  if (!isfinite(s->lo)) return tmpl_str(g, "clocks", "short-side-none", NULL);
  return tmpl_str(g, "clocks", s->lo == s->hi ? "short-side-one" : "short-side",
                  (const char *const[]){"lo", fmt("%.0f", s->lo), "hi", fmt("%.0f", s->hi), "thr", fmt("%.0f", s->thr), NULL});
}

void clocks_short(gen *g, const expvars *e, const egpu *x) {
  if (!have_clocks(g, x)) return;
  const rcsv *c = &x->cmp;
  int cf = rcsv_col(c, "family"), cc = rcsv_col(c, "cand"), cb = rcsv_col(c, "base");
  int primary = 0;
  for (size_t r = 0; cf >= 0 && r < c->nrows && !primary; r++) primary = !strcmp(rcsv_get(c, r, cf), "primary");
  side ours = {INFINITY, -INFINITY, 0}, lib = ours;
  double dmax = 0;
  size_t n = 0, nfull = 0;
  for (size_t r = 0; r < c->nrows; r++) {
    if (primary ? strcmp(rcsv_get(c, r, cf), "primary")
                : cb < 0 || cc < 0 || !strlist_has(&e->libraries, rcsv_get(c, r, cb)) ||
                      strlist_has(&e->baselines, rcsv_get(c, r, cc)) || strlist_has(&e->libraries, rcsv_get(c, r, cc)))
      continue;
    n++;
    side_add(&ours, fld_opt(g, c, r, "clock_cand_mhz"), fld_opt(g, c, r, "throttled_cand_pct"));
    side_add(&lib, fld_opt(g, c, r, "clock_base_mhz"), fld_opt(g, c, r, "throttled_base_pct"));
    double s = fld(g, c, r, "speedup"), f = fld_opt(g, c, r, "full_clock_speedup");
    if (isfinite(f) && isfinite(s)) dmax = fmax(dmax, 100 * fabs(f / s - 1)), nfull++;
  }
  if (!n) return;
  strlist seen = {0};
  const char *one;
  int same = one_instrument(x, &seen, &one);  // one is seen's
  tmpl_put(g, "clocks", "short",
           (const char *const[]){"rows", tmpl_str(g, "clocks", primary ? "short-claims" : "short-libraries",
                                                  (const char *const[]){"n", fmt("%zu", n), NULL}),
                                 "source", same ? tmpl_str(g, "clocks", "short-source", (const char *const[]){"source", one, NULL})
                                                : tmpl_str(g, "clocks", "short-mixed", NULL),
                                 "ours", side_words(g, &ours), "lib", side_words(g, &lib),
                                 "full", fmt("%.0f", 100 * CLOCKS_FULL),
                                 "at_full", nfull == n ? tmpl_str(g, "clocks", "short-full", (const char *const[]){"dmax", fmt("%.2f", dmax), NULL})
                                                       : tmpl_str(g, "clocks", "short-full-some",
                                                                  (const char *const[]){"dmax", fmt("%.2f", dmax), "k", fmt("%zu", n - nfull), NULL}),
                                 NULL});
  strlist_free(&seen);
}
