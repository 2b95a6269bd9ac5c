// report_lines.c — see report_lines.h. A row's key result, per GPU, is what its section states:
// for an A/A calibration (its data hold `calibration.csv`, stats aa's) the A/A pairs (its COMPARE
// pairs) whose 95% CI excludes 1 and its false FAST and SLOW, with the process design of its
// sample files (`process:`); for a correctness-style experiment its summary's counts; for one
// with library baselines the verdicts of ours against the fastest library per shape (Table 1's
// rows) and their speedups' range; else the verdicts of its comparisons and the one with the
// largest speedup against its BASELINE (against any base when none is), with its CI and verdict;
// for a recorded sweep its configurations and the fastest. What results/ holds of the experiment
// (its search's confirmation, its reproductions) follows its GPUs.
#include "report_lines.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_form.h"
#include "report_fmt.h"
#include "report_parts.h"
#include "report_pick.h"
#include "report_tally.h"
#include "report_tmpl.h"

int lines_has_claims(const gen *g, const kc_exp *es) {
  return es->e->primary.n || (g->claims_exp && !strcmp(es->exp, g->claims_exp));
}

// the verdict counts of T as template variables, then REST (name, value, …; up to 8 entries)
static const char *tally_str(gen *g, const char *part, const tally *t, const char *const rest[]) {
  const char *v[32] = {"n", fmt("%zu", tally_n(t)), "fast", fmt("%zu", t->fast), "same", fmt("%zu", t->same),
                       "amb", fmt("%zu", t->amb), "slow", fmt("%zu", t->slow)};
  size_t k = 10;
  for (size_t i = 0; rest && rest[i] && k + 1 < 31; i++) v[k++] = rest[i];
  v[k] = NULL;
  return tmpl_str(g, "lines", part, v);
}

// an A/A calibration's GPU: its COMPARE pairs' rows of compare.csv
static const char *aa_result(gen *g, const expvars *e, const egpu *x) {
  const rcsv *c = &x->cmp;
  int cb = rcsv_col(c, "base"), cc = rcsv_col(c, "cand"), cv = rcsv_col(c, "verdict");
  tally t = {0};
  size_t excl = 0;
  for (size_t r = 0; x->have_cmp && cb >= 0 && cc >= 0 && cv >= 0 && r < c->nrows; r++) {
    if (!tally_is_pair(e, c, r)) continue;
    tally_add(&t, rcsv_get(c, r, cv));
    excl += fld(g, c, r, "speedup_lo") > 1 || fld(g, c, r, "speedup_hi") < 1;
  }
  strlist procs = {0};
  for (size_t f = 0; f < x->names.n; f++) {
    const char *p = samples_meta(&x->files[f], "process");
    if (p && !strlist_has(&procs, p)) strlist_add(&procs, p);
  }
  const char *pr = procs.n ? gen_join(&procs, ", ") : fmt_none();
  strlist_free(&procs);
  return tally_str(g, "aa", &t, (const char *const[]){"excl", fmt("%zu", excl), "process", pr, NULL});
}

static const char *corr_result(gen *g, const expvars *e, const egpu *x) {
  corr_counts k;
  correctness_gpu(g, e, x, &k);
  const char *san = k.have_san ? tmpl_str(g, "lines", "sanitizers", (const char *const[]){"clean", fmt("%zu", k.san_clean),
                                                                                          "runs", fmt("%zu", k.san_runs), NULL})
                               : tmpl_str(g, "lines", "sanitizers-none", NULL);
  return tmpl_str(g, "lines", "correctness",
                  (const char *const[]){"full", fmt("%zu", k.full), "n", fmt("%zu", k.accepted), "sanitizers", san,
                                        "refused", fmt("%zu", k.refused), NULL});
}

// the comparison of largest speedup against BASELINE (any base when none is), or -1
static long best_row(const expvars *e, const rcsv *c) {
  int cb = rcsv_col(c, "base"), cs = rcsv_col(c, "speedup");
  long best = -1;
  double bs = -INFINITY;
  for (int pass = 0; pass < 2 && best < 0; pass++)
    for (size_t r = 0; cb >= 0 && cs >= 0 && r < c->nrows; r++) {
      char b[256];
      double s;
      if (!pass && (!e->baseline || strcmp(pick_name(rcsv_get(c, r, cb), b, sizeof b), e->baseline))) continue;
      if (!rcsv_strtod(rcsv_get(c, r, cs), &s) && isfinite(s) && s > bs) bs = s, best = (long)r;
    }
  return best;
}

static const char *timing_result(gen *g, const expvars *e, const egpu *x) {
  tally t;
  double lo, hi;
  keyinfo k;
  if (tally_key(g, e, x, &t, &lo, &hi, &k)) {
    const char *w[9];
    tally_key_words(g, x, &t, lo, hi, &k, w);
    const char *s = tally_str(g, "key", &t, w);
    strlist_free(&k.libs);
    return s;
  }
  strlist_free(&k.libs);
  const long r = x->have_cmp ? best_row(e, &x->cmp) : -1;
  if (r < 0) return tmpl_str(g, "lines", "no-comparisons", NULL);
  const rcsv *c = &x->cmp;
  char b[256], d[256];
  t = tally_of(c);
  return tally_str(g, "best", &t,
                   (const char *const[]){"cand", pick_name(rcsv_get(c, (size_t)r, rcsv_col(c, "cand")), d, sizeof d),
                                         "base", pick_name(rcsv_get(c, (size_t)r, rcsv_col(c, "base")), b, sizeof b),
                                         "shape", rcsv_get(c, (size_t)r, rcsv_col(c, "shape")),
                                         "speedup", xci(fld(g, c, (size_t)r, "speedup"), fld(g, c, (size_t)r, "speedup_lo"),
                                                        fld(g, c, (size_t)r, "speedup_hi")),
                                         "verdict", rcsv_get(c, (size_t)r, rcsv_col(c, "verdict")), NULL});
}

// a recorded sweep's GPU: its configurations and the fastest (report_sweep.c)
static const char *sweep_result(gen *g, const expvars *e, const egpu *x) {
  sweep_counts k;
  sweep_gpu(g, e, x, &k);
  const int noci = !isfinite(k.best_lo) || !isfinite(k.best_hi);
  const char *med = tmpl_str(g, "sweep", noci ? "line-median-noci" : "line-median",
                             (const char *const[]){"median", num(k.best_median), "lo", num(k.best_lo), "hi", num(k.best_hi), NULL});
  const char *line = tmpl_str(g, "sweep", k.best ? "line" : "line-none",
                              (const char *const[]){"configs", fmt("%zu", k.configs), "passed", fmt("%zu", k.passed), "timed", fmt("%zu", k.timed),
                                                    "best", k.best ? k.best : "", "shape", k.shape ? k.shape : "", "median", med, NULL});
  free((char *)k.best), free((char *)k.shape);
  return line;
}

static const char *gpu_result(gen *g, const expvars *e, const egpu *x) {
  const char *res = e->sweep ? sweep_result(g, e, x)
                    : !x->have_sum && !e->correctness ? tmpl_str(g, "lines", "gates-only", NULL)
                    : strlist_has(&x->others, "calibration.csv") ? aa_result(g, e, x)
                    : e->correctness ? corr_result(g, e, x)
                                     : timing_result(g, e, x);
  return tmpl_str(g, "lines", "gpu", (const char *const[]){"gpu", x->gpu, "result", res, NULL});
}

// the row of ES, whose section is number SEC of the results in the full appendix
static void row(gen *g, const kc_exp *es, size_t sec) {
  strlist gpus = {0}, results = {0}, variants = {0}, sessions = {0};
  for (size_t k = 0; k < es->n; k++) {
    const egpu *x = &es->xs[k];
    strlist_add(&gpus, x->gpu);
    strlist_add(&results, gpu_result(g, es->e, x));
    for (size_t f = 0; f < x->names.n; f++) {
      if (!strlist_has(&variants, x->names.v[f])) strlist_add(&variants, x->names.v[f]);
      for (size_t s = 0; s < x->files[f].nsessions; s++) {
        const char *id = fmt("%s\t%s", x->gpu, x->files[f].sessions[s]);
        if (!strlist_has(&sessions, id)) strlist_add(&sessions, id);
      }
    }
    for (size_t r = 0; x->have_gates && r < x->gates.n; r++)
      if (!strlist_has(&variants, x->gates.rows[r].f[0])) strlist_add(&variants, x->gates.rows[r].f[0]);
  }
  const char *res = results_line(g, es->exp);  // its search's confirmation and reproductions
  if (res) strlist_add(&results, res);
  strlist_add(&g->shown, es->exp);  // its row (report_shown.c)
  const int st = retired_state(g, es->exp, es->xs, es->n);
  doc_row(&g->d, (const char *const[]){
                     tmpl_str(g, "lines", st < 0 ? "exp" : st ? "exp-retired" : "exp-retired-some",
                              (const char *const[]){"exp", es->exp, NULL}),
                     gen_join_code(&gpus, ", "), fmt("%zu", sessions.n), fmt("%zu", variants.n),
                     gen_join(&results, "; "), fmt("%s.%zu", doc_secnum(&g->d, 1), sec)});
  strlist_free(&gpus), strlist_free(&results), strlist_free(&variants), strlist_free(&sessions);
}

void lines_table(gen *g, const kc_exp *es, size_t n) {
  if (form_full(g)) return;
  size_t rows = 0, k = 0;
  for (size_t i = 0; i < n; i++) rows += es[i].n && !lines_has_claims(g, &es[i]);
  if (!rows) return;
  tmpl_put(g, "lines", "intro", NULL);
  tmpl_table(g, "lines", "caption", "columns", "p12p15rrp47l", NULL);
  for (size_t i = 0; i < n; i++) {
    if (!es[i].n) continue;
    k++;  // the full appendix's section of each experiment with data
    if (!lines_has_claims(g, &es[i])) row(g, &es[i], k);
  }
  doc_table_end(&g->d);
}
