// report_gen.c — writes the paper appendix as LaTeX and Markdown twins from the statistics
// (build/<exp>/<gpu>/{summary,compare,claims,sessions}.csv), the raw samples' metadata and gate tables
// (data/<exp>/<gpu>/), the figures list (build/plots/<exp>/<gpu>/figures.txt), the published
// profiles and recorded-sweep replays, the retired files (--retired), the searches' confirmations and
// the reproductions (--results: results/, report_results.h), and the static text in
// reports/ (CSV tables and the templates of reports/templates/). This file reads the options, loads every <exp>/<gpu> and
// orders the sections (report_sections.h), each of which lives in its own file.
//   report_gen --data DIR --build DIR --static DIR --claims CSV --claims-exp EXP
//              [--threshold T] [--seed S --resamples R --alpha A] [--profile CSV]...
//              [--strategies CSV]... [--search-plot REL]... [--retired CSV] [--results DIR]
//              [--form main|full]
//              --tex FILE --md FILE --epoch FILE EXP...
// --form: the main appendix (each section's short form, pointing into the full one) or the full
// one (every table and figure; the default); report_form.h.
// Nothing depends on the clock: --epoch gets the latest `date` of the samples (for
// SOURCE_DATE_EPOCH). Exit 0, or 2 with "report_gen: FILE:LINE: what".
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_brief.h"
#include "report_lines.h"
#include "report_parts.h"
#include "report_problem.h"
#include "report_sections.h"
#include "report_shown.h"
#include "report_times.h"
#include "report_tmpl.h"
#include "report_words.h"

static const char usage[] =
    "usage: report_gen --data DIR --build DIR --static DIR [--claims CSV --claims-exp EXP] "
    "[--threshold T] [--seed S --resamples R --alpha A] [--profile CSV]... [--strategies CSV]... "
    "[--search-plot REL]... [--retired CSV] [--results DIR] [--form main|full] --tex FILE --md FILE [--epoch FILE] EXP...\n";

// the options up to the first experiment name; the index of that name, or -1 on a usage error
static int options(gen *g, int argc, char **argv, const char **tex, const char **md, const char **epoch) {
  int i = 1;
  for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
    const char *k = argv[i], *v = argv[i + 1];
    if (!strcmp(k, "--data")) g->data = v;
    else if (!strcmp(k, "--build")) g->build = v;
    else if (!strcmp(k, "--static")) g->stat = v;
    else if (!strcmp(k, "--claims")) g->claims_path = v;
    else if (!strcmp(k, "--claims-exp")) g->claims_exp = v;
    else if (!strcmp(k, "--seed")) g->seed = v;
    else if (!strcmp(k, "--resamples")) g->resamples = v;
    else if (!strcmp(k, "--alpha")) g->alpha = v;
    else if (!strcmp(k, "--profile")) strlist_add(&g->profiles, v);
    else if (!strcmp(k, "--strategies")) strlist_add(&g->strategies, v);
    else if (!strcmp(k, "--search-plot")) strlist_add(&g->search_plots, v);
    else if (!strcmp(k, "--retired")) g->retired = v;
    else if (!strcmp(k, "--results")) g->results = v;
    else if (!strcmp(k, "--form")) {
      if (strcmp(v, "main") && strcmp(v, "full")) {
        fprintf(stderr, "report_gen: --form '%s' is not main or full\n", v);
        return -1;
      }
      g->full = !strcmp(v, "full");
    } else if (!strcmp(k, "--threshold")) {
      if (rcsv_strtod(v, &g->threshold) || g->threshold < 0) {
        fprintf(stderr, "report_gen: '%s' is not a threshold\n", v);
        return -1;
      }
    } else if (!strcmp(k, "--tex")) *tex = v;
    else if (!strcmp(k, "--md")) *md = v;
    else if (!strcmp(k, "--epoch")) *epoch = v;
    else break;
  }
  if (!g->data || !g->build || !g->stat || !*tex || !*md || (i < argc && !strncmp(argv[i], "--", 2))) {
    fputs(usage, stderr);
    return -1;
  }
  return i;
}

// the N GPUs XS of experiment EXP reordered: those whose files are all retired after those of the
// code that ships (each group in name order), so that every section states current data first
static void current_first(gen *g, const char *exp, egpu *xs, size_t n) {
  egpu *tmp = n > 1 ? malloc(n * sizeof *tmp) : NULL;
  if (!tmp) return;
  size_t w = 0;
  for (int pass = 0; pass < 2; pass++)
    for (size_t k = 0; k < n; k++)
      if ((retired_state_gpu(g, exp, &xs[k]) == 1) == pass) tmp[w++] = xs[k];
  memcpy(xs, tmp, n * sizeof *tmp);
  free(tmp);
}

int main(int argc, char **argv) {
  gen g;
  memset(&g, 0, sizeof g);
  g.threshold = 0.03;
  g.full = 1;
  g.seed = "42", g.resamples = "9999", g.alpha = "0.05"; // stats' defaults, when no comparison ran
  const char *tex = NULL, *md = NULL, *epoch = NULL;
  int i = options(&g, argc, argv, &tex, &md, &epoch);
  if (i < 0) return 2;
  size_t nexp = (size_t)(argc - i);
  char **exps = argv + i;
  egpu *xs = NULL;
  size_t nx = 0;
  strlist gpus = {0};
  int synthetic = 0;
  long long emax = 0;
  for (size_t e = 0; e < nexp; e++) {
    const size_t first = nx;
    gen_load_exp(&g, exps[e], &xs, &nx, &gpus, &synthetic, &emax);
    current_first(&g, exps[e], xs + first, nx - first);
  }
  strlist_sort(&gpus);
  if (epoch) {
    FILE *f = fopen(epoch, "w");
    if (!f) return fprintf(stderr, "report_gen: %s:0: cannot write\n", epoch), 2;
    fprintf(f, "%lld\n", emax);
    fclose(f);
  }
  words_init(&g);
  size_t first;
  kc_exp *ks = calloc(nexp + 1, sizeof *ks);
  expvars *evs = calloc(nexp + 1, sizeof *evs);
  if (!ks || !evs) return fputs("report_gen: out of memory\n", stderr), 2;
  for (size_t e = 0; e < nexp; e++) {
    gen_read_vars(&g, exps[e], &evs[e]);
    size_t cnt = gen_exp_range(xs, nx, exps[e], &first);
    ks[e] = (kc_exp){exps[e], &evs[e], cnt ? xs + first : NULL, cnt, g.claims_exp && !strcmp(exps[e], g.claims_exp)};
  }
  strlist plan = {0};  // the experiments the results will show (report_shown.h)
  const size_t ndata = shown_plan(ks, nexp, &plan);
  problems_init(&g, evs, nexp);
  if (doc_open(&g.d, tex, md, tmpl_str(&g, "frame", g.full ? "title-full" : "title", NULL), synthetic)) {
    fprintf(stderr, "report_gen: %s:0: cannot write\n", tex);
    return 2;
  }
  for (size_t e = 0; e < nexp; e++) g.any_kernel |= !evs[e].correctness && times_any_kernel(ks[e].xs, ks[e].n);
  brief_section(&g, ks, nexp);
  intro_section(&g, ndata, gpus.n);
  times_libraries(&g, ks, nexp);
  keyclaims_section(&g, ks, nexp);
  // the claims experiment, whether or not it is among the experiments given
  const kc_exp *ce = NULL;
  expvars cv = {0};
  for (size_t e = 0; e < nexp; e++)
    if (ks[e].headline) ce = &ks[e];
  if (g.claims_exp && !ce) gen_read_vars(&g, g.claims_exp, &cv);
  // (with --claims and no claims experiment among them, A.1 and A.4 say so: the sections keep
  // their numbers)
  if (g.claims_exp || g.claims_path) headline_section(&g, ce ? ce->e : &cv, ce ? ce->xs : NULL, ce ? ce->n : 0);
  strlist with_section = {0};  // the experiments the main appendix gives a section (A.3)
  for (size_t e = 0; e < nexp; e++)
    if (ks[e].n && !evs[e].correctness && lines_has_claims(&g, &ks[e])) strlist_add(&with_section, exps[e]);
  methodology(&g, xs, nx, &gpus, &with_section);
  results_head(&g);
  retired_intro(&g, &plan);
  lines_table(&g, ks, nexp);
  strlist nodata = {0};
  for (size_t e = 0; e < nexp; e++) {
    if (!ks[e].n) strlist_add(&nodata, exps[e]);
    else if (!g.full && !lines_has_claims(&g, &ks[e])) doc_skip(&g.d, 2);  // a row of lines_table
    else exp_section(&g, exps[e], &evs[e], ks[e].xs, ks[e].n);
  }
  nodata_section(&g, &nodata);
  shown_check(&g, &plan);  // every experiment with data was shown once, as the opening counted
  if (g.claims_path) claims_section(&g, ce ? ce->e : &cv, ce ? ce->xs : NULL, ce ? ce->n : 0);
  rules_section(&g);
  reproduce_section(&g);
  profile_section(&g);
  search_section(&g);
  if (doc_close(&g.d)) {
    fprintf(stderr, "report_gen: %s:0: write failed\n", tex);
    return 2;
  }
  return 0;
}
