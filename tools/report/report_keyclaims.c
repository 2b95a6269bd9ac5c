// report_keyclaims.c — section A.0, the claims: it opens with the claims each experiment declares
// (report_primary.h), then states each headline comparison (report_hrows.h, the rows the headline
// section prints) in one sentence, then our fastest variant against each library baseline of
// every experiment, GPU and shape, each number a row of that experiment's compare.csv as its
// comparison table prints it (the same cells: report_fmt's xci, the verdict as written); the main
// form leaves the headline's sentences to A.1's table, saying so. Nothing is estimated here.
// Words: reports/templates/keyclaims.txt.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_fmt.h"
#include "report_form.h"
#include "report_hrows.h"
#include "report_keyclaims.h"
#include "report_parts.h"
#include "report_pick.h"
#include "report_primary.h"
#include "report_times.h"
#include "report_tmpl.h"

// "4 GPUs", "6 sessions on 2 GPUs, for those GPUs", "3 sessions" or "10 rounds of one session":
// the units of compare row r
static const char *n_cell(gen *g, const rcsv *c, size_t r) {
  int cl = rcsv_col(c, "level");
  int ses = cl >= 0 && !strcmp(rcsv_get(c, r, cl), "session"), gpu = cl >= 0 && !strcmp(rcsv_get(c, r, cl), "gpu");
  double n = fld_opt(g, c, r, gpu ? "n_gpus" : ses ? "n_sessions" : "n_rounds"), ng = fld_opt(g, c, r, "n_gpus");
  if (!isfinite(n)) return fmt_none();
  const char *part = gpu ? "n-gpu" : ses && isfinite(ng) && ng < n ? "n-session-nested" : ses ? "n-session" : "n-round";
  return tmpl_str(g, "keyclaims", part, (const char *const[]){"n", fmt("%.0f", n), "gpus", fmt("%.0f", ng), NULL});
}

static const char *speedup_cell(gen *g, const rcsv *c, size_t r) {
  return xci(fld(g, c, r, "speedup"), fld(g, c, r, "speedup_lo"), fld(g, c, r, "speedup_hi"));
}

static const char *verdict_of(const rcsv *c, size_t r) {
  return rcsv_get(c, r, rcsv_col(c, "verdict"));
}

static void headline_claims(gen *g, const expvars *e, const egpu *x) {
  if (!x->have_sum) return;
  strlist shapes = {0};
  hrow *h;
  size_t nh = hrows_of(e, x, &shapes, &h);
  const char *name = x->names.n ? samples_meta(&x->files[0], "gpu") : NULL;
  if (nh)
    tmpl_put(g, "keyclaims", "claims-of",
             (const char *const[]){"exp", x->exp, "gpu", x->gpu, "gpu_name",
                                   name ? tmpl_str(g, "keyclaims", "gpu-name", (const char *const[]){"name", name, NULL}) : "",
                                   NULL});
  for (size_t j = 0; j < nh; j++) {
    const hrow *q = &h[j];
    if (q->r < 0) {
      tmpl_put(g, "keyclaims", "not-compared",
               (const char *const[]){"shape", q->shape, "gpu", x->gpu, "cand", q->cand, "base", q->base, NULL});
      continue;
    }
    size_t r = (size_t)q->r;
    tmpl_put(g, "keyclaims", "claim",
             (const char *const[]){"shape", q->shape, "gpu", x->gpu, "cand", q->cand, "base", q->base, "speedup", speedup_cell(g, &x->cmp, r),
                                   "n", n_cell(g, &x->cmp, r), "verdict", verdict_of(&x->cmp, r), "exp", x->exp, NULL});
  }
  free(h);
  strlist_free(&shapes);
}

// 1 when x's comparisons hold a primary family (claims the experiment declares)
static int has_primary(const egpu *x) {
  int cf = x->have_cmp ? rcsv_col(&x->cmp, "family") : -1;
  for (size_t r = 0; cf >= 0 && r < x->cmp.nrows; r++)
    if (!strcmp(rcsv_get(&x->cmp, r, cf), "primary")) return 1;
  return 0;
}

// the rows of one experiment and GPU; pairs without a comparison row go to *missing. Returns
// whether the table is open (opened on the first row). The main form leaves out the rows of an
// experiment that declares its claims (their table comes first; its best picks are in the full
// form's), not its pairs without a row: both forms list the same ones
// RETIRED: the retired_state_gpu of the experiment on this GPU (its files there retired: -1 none,
// 0 some, 1 all), marked in its group rows
static int best_rows(gen *g, const expvars *e, const egpu *x, int retired, int open, strlist *missing, strlist *declared,
                     strlist *gone_retired, int kern) {
  if (!x->have_sum || !x->have_cmp) return open;
  // the main appendix: an experiment that declares claims (A.0 opens with them) and a GPU whose
  // files are all retired are left out, each named once under the table
  const int claims = e->primary.n > 0 || has_primary(x);
  if (!form_full(g) && !claims && retired == 1) {
    const char *r = fmt("`%s` on `%s`", x->exp, x->gpu);
    if (!strlist_has(gone_retired, r)) strlist_add(gone_retired, r);
    return open;
  }
  const int rows = form_full(g) || !claims;
  if (!rows && !strlist_has(declared, x->exp)) strlist_add(declared, x->exp);
  // the libraries our best is judged against: LIBRARIES (else BASELINES); none for an experiment
  // that compares our kernels with each other only
  const strlist *libs = &e->libraries;
  strlist shapes = {0}, gone = {0};
  gen_shapes(x, e, &shapes);
  int grouped = 0;
  for (size_t s = 0; s < shapes.n; s++) {
    const char *best = pick_variant(&x->sum, &x->names, e, "@ours", shapes.v[s]);
    for (size_t l = 0; best && l < libs->n; l++) {
      if (!strcmp(best, libs->v[l]) || sum_row(x, libs->v[l], shapes.v[s]) < 0) continue;
      long r = cmp_row(&x->cmp, libs->v[l], best, shapes.v[s]);
      if (r < 0) {
        const char *p = fmt("`%s` vs `%s`", best, libs->v[l]);
        if (!strlist_has(&gone, p)) strlist_add(&gone, p);
        continue;
      }
      if (!rows) continue;
      if (!open++)
        tmpl_table(g, "keyclaims", kern ? "caption-best-kernel" : "caption-best", kern ? "columns-best-kernel" : "columns-best",
                   kern ? "lllrllr" : "lllrll", NULL);
      if (!grouped++)
        doc_group(&g->d, "%s", tmpl_str(g, "keyclaims", retired < 0 ? "group" : retired ? "group-retired" : "group-retired-some",
                                        (const char *const[]){"exp", x->exp, "gpu", x->gpu, NULL}));
      doc_row(&g->d, (const char *const[]){fmt("`%s`", shapes.v[s]), fmt("`%s`", best), fmt("`%s`", libs->v[l]),
                                           speedup_cell(g, &x->cmp, (size_t)r), n_cell(g, &x->cmp, (size_t)r),
                                           fmt("**%s**", verdict_of(&x->cmp, (size_t)r)),
                                           kern ? times_best_kernel(g, e, x, libs->v[l], best, shapes.v[s]) : NULL});
    }
  }
  if (gone.n)
    strlist_add(missing, tmpl_str(g, "keyclaims", "uncompared-item",
                                  (const char *const[]){"exp", x->exp, "gpu", x->gpu, "pairs", gen_join(&gone, ", "), NULL}));
  strlist_free(&shapes);
  strlist_free(&gone);
  return open;
}

long claims_rank(const kc_exp *k) { return k->e->claims_rank > 0 ? k->e->claims_rank : 1000001; /* ranks are below 1000000 */ }

void keyclaims_section(gen *g, const kc_exp *es, size_t n) {
  tmpl_put(g, "keyclaims", "head", NULL);
  // each experiment's declared claims, by CLAIMS_RANK, then in the given (name) order
  for (long rank = 1, next; rank <= 1000001; rank = next) {
    next = 1000002;
    for (size_t k = 0; k < n; k++) {
      const long r = claims_rank(&es[k]);
      if (r == rank && es[k].n && !es[k].e->correctness) primary_opening(g, &es[k]);
      if (r > rank && r < next) next = r;
    }
  }
  tmpl_put(g, "keyclaims", form_full(g) ? "intro" : "intro-main", NULL);
  for (size_t k = 0; k < n; k++) {
    if (!es[k].headline) continue;
    if (!es[k].n) tmpl_put(g, "keyclaims", "no-data", (const char *const[]){"exp", es[k].exp, NULL});
    else if (!form_full(g)) tmpl_put(g, "keyclaims", "headline-in-a1", (const char *const[]){"exp", es[k].exp, NULL});
    for (size_t i = 0; form_full(g) && i < es[k].n; i++) headline_claims(g, es[k].e, &es[k].xs[i]);
  }
  tmpl_put(g, "keyclaims", "best-intro", NULL);
  strlist missing = {0}, declared = {0}, gone_retired = {0};
  int open = 0, kern = 0;
  for (size_t k = 0; k < n; k++) kern |= !es[k].e->correctness && times_any_kernel(es[k].xs, es[k].n);
  for (size_t k = 0; k < n; k++)
    for (size_t i = 0; !es[k].e->correctness && i < es[k].n; i++)
      open = best_rows(g, es[k].e, &es[k].xs[i], retired_state_gpu(g, es[k].exp, &es[k].xs[i]), open, &missing,
                       &declared, &gone_retired, kern);
  if (open) doc_table_end(&g->d);
  else tmpl_put(g, "keyclaims", "none", NULL);
  if (open && !kern && g->any_kernel) tmpl_put(g, "keyclaims", "best-no-kernel", NULL);
  if (declared.n) tmpl_put(g, "keyclaims", "declared-elsewhere", (const char *const[]){"list", gen_join(&declared, "`, `"), NULL});
  strlist_free(&declared);
  if (gone_retired.n) tmpl_put(g, "keyclaims", "retired-elsewhere", (const char *const[]){"list", gen_join(&gone_retired, ", "), NULL});
  strlist_free(&gone_retired);
  if (missing.n) tmpl_put(g, "keyclaims", "uncompared", (const char *const[]){"list", gen_join(&missing, "; "), NULL});
  strlist_free(&missing);
}
