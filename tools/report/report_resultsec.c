// report_resultsec.c — what results/ holds of one experiment, as its section states it (both
// documents) and as its row of the main appendix's table does: the confirmation of its Loop 1
// search (the search's best against the baseline, with the CI, verdict and design of `stats
// compare`) and its reproductions (`make reproduce`: a fresh session judged against the published
// ones, the verdicts of its claims and of each variant's times counted; in the full appendix the
// claims' table). Every number is a field of results/ as report_results.h reads it.
// Words: reports/templates/results.txt.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_fmt.h"
#include "report_form.h"
#include "report_parts.h"
#include "report_results.h"
#include "report_tally.h"
#include "report_tmpl.h"

// the verdicts of a reproduction's table T, counted ("none" when it is absent)
static const char *repro_counts(gen *g, const rcsv *t, int have) {
  int cv = have ? rcsv_col(t, "verdict") : -1;
  if (cv < 0) return tmpl_str(g, "results", "repro-none", NULL);
  tally k = {0};
  for (size_t r = 0; r < t->nrows; r++) tally_add(&k, rcsv_get(t, r, cv));
  return tmpl_str(g, "results", "repro-counts",
                  (const char *const[]){"n", fmt("%zu", tally_n(&k)), "fast", fmt("%zu", k.fast), "same", fmt("%zu", k.same),
                                        "amb", fmt("%zu", k.amb), "slow", fmt("%zu", k.slow), NULL});
}

static const char *const *confirm_vars(gen *g, const loop1_result *r) {
  static const char *v[64];
  const char *const w[] = {"path", r->path, "best", r->best_config, "base", r->baseline, "shape", r->shape, "gpu", r->gpu,
                           "speedup", xci(r->speedup, r->speedup_lo, r->speedup_hi), "level", r->level,
                           "sessions", fmt("%ld", r->n_sessions), "ses_s", r->n_sessions == 1 ? "" : "s",
                           "rounds", fmt("%ld", r->n_rounds),
                           "of", r->samples_of ? tmpl_str(g, "results", "confirm-of", (const char *const[]){"of", r->samples_of, NULL}) : "",
                           "of_line", r->samples_of ? tmpl_str(g, "results", "confirm-of-line", (const char *const[]){"of", r->samples_of, NULL}) : "",
                           "verdict", r->verdict, "delta", fmt("%.2f%%", 100 * r->delta),
                           "delta_source", r->delta_source ? r->delta_source : fmt_none(),
                           "best_us", ci(1000 * r->best_ms, 1000 * r->best_lo, 1000 * r->best_hi), "base_us", num(1000 * r->base_ms),
                           "met", tmpl_str(g, "results", r->success ? "met" : "not-met", NULL), "criterion", r->criterion,
                           "candidates", fmt("%ld", r->candidates), "rejected", fmt("%ld", r->rejected), NULL};
  _Static_assert(sizeof w <= sizeof v, "confirm_vars: the list outgrew its copy");
  memcpy(v, w, sizeof w);
  return v;
}

static void repro_table(gen *g, const char *exp, const repro_run *run) {
  const rcsv *t = &run->claims;
  static const char *const need[] = {"kind", "shape", "base", "cand", "published", "fresh", "shift", "pi_lo", "pi_hi",
                                     "verdict", "n_gpus", "n_sessions", "fresh_sessions", NULL};
  int c[13];
  for (int i = 0; need[i]; i++)
    if ((c[i] = rcsv_col(t, need[i])) < 0) {
      snprintf(g->err, sizeof g->err, "%s:1: no column '%s'", t->path, need[i]);
      gen_die(g);
    }
  tmpl_table(g, "results", "caption-repro", "columns-repro", "llllrrrll",
             (const char *const[]){"exp", exp, "run", run->run, "path", t->path, NULL});
  for (size_t r = 0; r < t->nrows; r++)
    doc_row(&g->d, (const char *const[]){rcsv_get(t, r, c[0]), fmt("`%s`", rcsv_get(t, r, c[1])), fmt("`%s`", rcsv_get(t, r, c[3])),
                                         fmt("`%s`", rcsv_get(t, r, c[2])), num(fld(g, t, r, "published")), num(fld(g, t, r, "fresh")),
                                         xci(fld(g, t, r, "shift"), fld(g, t, r, "pi_lo"), fld(g, t, r, "pi_hi")),
                                         fmt("**%s**", rcsv_get(t, r, c[9])),
                                         fmt("%s × %s + %s", rcsv_get(t, r, c[10]), rcsv_get(t, r, c[11]), rcsv_get(t, r, c[12]))});
  doc_table_end(&g->d);
}

// whether run's claims were judged against data of previous code: none of its rows' `published`
// ratio is the speedup of the same shape and pair in a compare.csv of EXP now (build/<exp>/<gpu>/
// compare.csv, any GPU: the sessions it was judged against are no longer published), or the GPU
// whose rows they are has all its files retired (data/RETIRED); 0 when it has no claims
static int repro_stale(gen *g, const char *exp, const repro_run *run) {
  if (!run->have_claims || !run->claims.nrows) return 0;
  const rcsv *t = &run->claims;
  const int cs = rcsv_col(t, "shape"), cb = rcsv_col(t, "base"), cc = rcsv_col(t, "cand");
  if (cs < 0 || cb < 0 || cc < 0 || rcsv_col(t, "published") < 0) return 0;
  strlist gpus = {0};
  subdirs(fmt("%s/%s", g->build, exp), &gpus);
  int found = 0, retired = 0;
  for (size_t k = 0; !found && k < gpus.n; k++) {
    rcsv c;
    char err[256];
    if (rcsv_read(fmt("%s/%s/%s/compare.csv", g->build, exp, gpus.v[k]), &c, err, sizeof err)) continue;
    for (size_t r = 0; !found && r < t->nrows; r++) {
      long q = cmp_row(&c, rcsv_get(t, r, cb), rcsv_get(t, r, cc), rcsv_get(t, r, cs));
      if (q < 0) continue;
      double a = fld(g, t, r, "published"), b = fld(g, &c, (size_t)q, "speedup");
      found = fabs(a - b) <= 1e-6 * fabs(b);
    }
    rcsv_free(&c);
    if (found) {  // the GPU's sample files, all retired?
      egpu x = {.exp = exp, .gpu = gpus.v[k]};
      if (!sample_files(fmt("%s/%s/%s", g->data, exp, gpus.v[k]), &x.paths, &x.names, NULL))
        retired = retired_state_gpu(g, exp, &x) == 1;
      strlist_free(&x.paths);
      strlist_free(&x.names);
    }
  }
  strlist_free(&gpus);
  return !found || retired;
}

void results_section(gen *g, const char *exp) {
  loop1_result r;
  int confirm = results_loop1(g, exp, &r);
  repro_run *runs;
  size_t n = results_repro(g, exp, &runs);
  // a heading of its own, beside the experiment's GPUs: the runs are of any GPU of it, not of the
  // last one whose subsection would otherwise hold them
  if (confirm || n)
    tmpl_put(g, "results", confirm && n ? "heading-both" : confirm ? "heading-confirm" : "heading-repro",
             (const char *const[]){"exp", exp, NULL});
  if (confirm) tmpl_put(g, "results", "confirm", confirm_vars(g, &r));
  if (!n) return;
  tmpl_put(g, "results", "repro-intro", (const char *const[]){"dir", fmt("%s/%s", g->results, exp), NULL});
  for (size_t i = 0; i < n; i++)
    tmpl_put(g, "results", "repro-item",
             (const char *const[]){"run", runs[i].run, "stale", repro_stale(g, exp, &runs[i]) ? tmpl_str(g, "results", "repro-stale", NULL) : "", "claims", repro_counts(g, &runs[i].claims, runs[i].have_claims),
                                   "times", repro_counts(g, &runs[i].times, runs[i].have_times), NULL});
  for (size_t i = 0; form_full(g) && i < n; i++)
    if (runs[i].have_claims) repro_table(g, exp, &runs[i]);
}

const char *results_line(gen *g, const char *exp) {
  loop1_result r;
  strlist parts = {0};
  if (results_loop1(g, exp, &r)) strlist_add(&parts, tmpl_str(g, "results", "confirm-line", confirm_vars(g, &r)));
  repro_run *runs;
  size_t n = results_repro(g, exp, &runs);
  for (size_t i = 0; i < n; i++)
    strlist_add(&parts, tmpl_str(g, "results", "repro-line",
                                 (const char *const[]){"run", runs[i].run, "stale", repro_stale(g, exp, &runs[i]) ? tmpl_str(g, "results", "repro-stale", NULL) : "", "claims", repro_counts(g, &runs[i].claims, runs[i].have_claims), NULL}));
  return parts.n ? gen_join(&parts, "; ") : NULL;
}
