// report_brief.c — "In brief" (report_brief.h). Nothing here is estimated: the counts, ranges and
// intervals are fields of the claims' rows of compare.csv (call time) and compare-kernel.csv
// (kernel time, the same pair and shape), the FLOPs the `work.<shape>` header's, the roof the
// GPU's ceilings file's (gpu_roofs). Words: reports/templates/brief.txt.
#include "report_brief.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_fmt.h"
#include "report_parts.h"
#include "report_primary.h"
#include "report_tmpl.h"

#define T "brief"

static const char *const VERDICTS[] = {"FAST", "SAME", "AMBIGUOUS", "SLOW"};

typedef struct {
  size_t n, ranged, cnt[4];  // claims; those with a finite speedup
  double lo, hi;
} tally;

static void tally_add(tally *t, const char *verdict, double s) {
  t->n++;
  for (size_t j = 0; j < 4; j++)
    if (!strcmp(verdict, VERDICTS[j])) t->cnt[j]++;
  if (!isfinite(s)) return;  // (a speedup the stats could not estimate: counted, not in the range)
  if (!t->ranged++ || s < t->lo) t->lo = s;
  if (t->ranged == 1 || s > t->hi) t->hi = s;
}

// "FAST at 12, SAME at 4 (speedups 0.99× to 1.62×)"
static const char *tally_words(gen *g, const tally *t, const char **range) {
  strlist c = {0};
  for (size_t j = 0; j < 4; j++)
    if (t->cnt[j]) strlist_add(&c, tmpl_str(g, T, "count", (const char *const[]){"verdict", VERDICTS[j], "n", fmt("%zu", t->cnt[j]), NULL}));
  const char *s = gen_join(&c, ", ");
  strlist_free(&c);
  *range = !t->ranged ? fmt_none() : tmpl_str(g, T, "range", (const char *const[]){"lo", fmt("%.3f", t->lo), "hi", fmt("%.3f", t->hi), NULL});
  return s;
}

// the sentences of experiment K on GPU x (its claims' rows), or NULL when it has none
static const char *gpu_sentences(gen *g, const kc_exp *k, const egpu *x) {
  const rcsv *c = &x->cmp;
  tally call = {0}, kern = {0};
  strlist cands = {0}, bases = {0}, shapes = {0};
  long first = -1, most = -1;
  double most_fl = -1;
  size_t met = 0, metk = 0;
  for (size_t r = 0; x->have_cmp && r < c->nrows; r++) {
    if (!primary_is_row(x, r)) continue;
    const char *cand = primary_cmp_name(c, r, "cand"), *base = primary_cmp_name(c, r, "base"), *sh = rcsv_get(c, r, rcsv_col(c, "shape"));
    if (first < 0) first = (long)r;
    strlist_add_once(&cands, cand), strlist_add_once(&bases, base), strlist_add_once(&shapes, sh);
    tally_add(&call, rcsv_get(c, r, rcsv_col(c, "verdict")), fld(g, c, r, "speedup"));
    int km;
    met += primary_goal_met(g, k->e, x, r, &km) > 0;
    metk += km > 0;
    const long rk = x->have_cmpk ? cmp_row(&x->cmpk, base, cand, sh) : -1;
    if (rk >= 0) tally_add(&kern, rcsv_get(&x->cmpk, (size_t)rk, rcsv_col(&x->cmpk, "verdict")), fld(g, &x->cmpk, (size_t)rk, "speedup"));
    double fl, by;
    primary_work(x, cand, base, sh, &fl, &by);
    if (isfinite(fl) && fl > most_fl) most_fl = fl, most = (long)r;
  }
  if (first < 0) return NULL;
  if (most < 0) most = first;
  strlist cs = {0}, bs = {0};
  for (size_t j = 0; j < cands.n; j++)
    strlist_add(&cs, tmpl_str(g, T, "cand", (const char *const[]){"v", cands.v[j], "kernel", primary_kernels(k, cands.v[j]), NULL}));
  // the libraries by name (their versions: the opening's paragraph of the libraries timed)
  strlist_add(&bs, tmpl_str(g, T, "base", (const char *const[]){"v", gen_join_code(&bases, ", "), NULL}));
  // the shape of most work: our TFLOPS and share of the roof there, its speedups
  const size_t m = (size_t)most;
  const char *mc = primary_cmp_name(c, m, "cand"), *mb = primary_cmp_name(c, m, "base"), *msh = rcsv_get(c, m, rcsv_col(c, "shape"));
  double fl, by, bw, tf;
  roof_t rf;
  primary_work(x, mc, mb, msh, &fl, &by);
  const int meas = gpu_roofs(g, x->gpu, &rf, &bw, &tf);
  const double t = fl / fld(g, c, m, "median_cand") / 1e6, roof = meas && by > 0 ? roof_at(fl / by, bw, tf) : NAN;
  const long mk = x->have_cmpk ? cmp_row(&x->cmpk, mb, mc, msh) : -1;
  const char *crange, *krange = "", *ccount = tally_words(g, &call, &crange), *kcount = kern.n ? tally_words(g, &kern, &krange) : "";
  const char *name = x->names.n ? samples_meta(&x->files[0], "gpu") : NULL;
  // GOAL's count; goals per shape (GOAL_AT) are A.0's to state, beside the claims' table (page 1
  // has no room for a list of goals)
  const char *kmet = kern.n ? tmpl_str(g, T, "goal-kernel", (const char *const[]){"met", fmt("%zu", metk), NULL}) : "";
  const char *goal_s = !k->e->goal || k->e->goal_at.n
                           ? ""
                           : tmpl_str(g, T, "goal", (const char *const[]){"goal", k->e->goal, "met", fmt("%zu", met), "n", fmt("%zu", call.n),
                                                                         "kmet", kmet, NULL});
  const char *s = tmpl_str(
      g, T, "gpu",
      (const char *const[]){"name", name ? name : x->gpu,
                            "design", primary_units(g, c, (size_t)first),
                            "cands", gen_join(&cs, ", "), "bases", gen_join(&bs, "; "), "exp", k->exp, "n", fmt("%zu", call.n),
                            "nshapes", fmt("%zu", shapes.n), "shape_s", shapes.n == 1 ? "" : "s", "call", ccount, "range", crange,
                            "kernel", kern.n ? tmpl_str(g, T, "kernel", (const char *const[]){"counts", kcount, "range", krange, NULL}) : "",
                            "shape", msh, "tflops", isfinite(t) ? num3(t) : fmt_none(),
                            "roof", isfinite(t) && roof > 0 ? tmpl_str(g, T, "roof", (const char *const[]){"pct", fmt("%.0f", 100 * t / roof), NULL}) : "",
                            "speedup", xci(fld(g, c, m, "speedup"), fld(g, c, m, "speedup_lo"), fld(g, c, m, "speedup_hi")),
                            "kspeedup", mk >= 0 ? tmpl_str(g, T, "kspeedup", (const char *const[]){"x", xci(fld(g, &x->cmpk, (size_t)mk, "speedup"),
                                                                                                       fld(g, &x->cmpk, (size_t)mk, "speedup_lo"),
                                                                                                       fld(g, &x->cmpk, (size_t)mk, "speedup_hi")), NULL}) : "",
                            "base", mb, "goal", goal_s, NULL});
  strlist *ls[] = {&cands, &bases, &shapes, &cs, &bs};
  for (size_t j = 0; j < sizeof ls / sizeof *ls; j++) strlist_free(ls[j]);
  return s;
}

void brief_section(gen *g, const kc_exp *es, size_t n) {
  strlist out = {0};
  // in A.0's order: by CLAIMS_RANK, then as given
  for (long rank = 1, next; rank <= 1000001; rank = next) {
    next = 1000002;
    for (size_t e = 0; e < n; e++) {
      const long r = claims_rank(&es[e]);
      if (r > rank && r < next) next = r;
      for (size_t i = 0; r == rank && !es[e].e->correctness && i < es[e].n; i++) {
        if (retired_state_gpu(g, es[e].exp, &es[e].xs[i]) == 1) continue;  // the code that ships only
        const char *s = gpu_sentences(g, &es[e], &es[e].xs[i]);
        if (s) strlist_add(&out, s);
      }
    }
  }
  if (out.n) tmpl_put(g, T, "opening", (const char *const[]){"sentences", gen_join(&out, " "), NULL});
  strlist_free(&out);
}
