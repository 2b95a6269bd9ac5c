// stats_summary.c — `stats summary`: one CSV row per file and shape. n, mean, sd, min, max,
// quartiles, MAD and outliers describe the raw samples; median and its CI are those of the level
// (design.h: exp of the mean log round median, t interval over rounds or sessions; level sample:
// the pooled median with a bootstrap CI), with the variance components beside them.
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sort.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samples/samples.h"
#include "stats_cli.h"
#include "summary.h"

enum { MIN_SAMPLES = 5, MIN_ROUNDS = 3 };

static const char header[] =
    "file,variant,shape,n,median,ci_lo,ci_hi,mean,sd,min,max,q1,q3,iqr,mad,mild_outliers,"
    "severe_outliers,rel_ci_halfwidth,seed,resamples,level,n_sessions,n_rounds,df,sd_rep_pct,"
    "sd_round_pct,sd_session_pct,n_gpus,sd_gpu_pct,scope,metric\n";

// Prints the row of one group; returns 0, 3 (too few samples) or 2 (failure).
static int group_row(const stats_opts *o, boot_workspace *w, const samples_file *f,
                     const samples_group *g, double *xs, double *work) {
  size_t n = 0;
  for (size_t i = 0; i < g->n; i++)
    if (!o->session || !strcmp(f->sessions[g->session[i]], o->session)) xs[n++] = g->t[i];
  if (!n) return 0;  // the group has no sample in the session asked for
  gsl_sort(xs, 1, n);
  summary_t s;
  boot_ci ci = {NAN, NAN, NAN, 0};
  summary_compute(xs, 1, n, work, &s);
  estimate_t e = {.level = LEVEL_SAMPLE, .est = NAN, .se = NAN, .df = NAN,
                  .n_sessions = f->nsessions, .comp = {NAN, NAN, NAN, NAN}};
  if (o->level == LEVEL_SAMPLE) {
    boot_params p = {o->alpha, o->resamples, o->seed, o->ci};
    if (n >= 2 && boot_median(w, &p, xs, n, &ci)) {
      fprintf(stderr, "stats: %s: %s: bootstrap failed\n", f->path, g->name);
      return 2;
    }
  } else {
    design_t d;
    if (design_build_plan(f, g, o->session, o->plan, &d) || design_estimate(&d, o->level, &e)) {
      design_free(&d);
      fprintf(stderr, "stats: out of memory\n");
      return 2;
    }
    design_free(&d);
    double h = design_halfwidth(e.se, e.df, o->alpha);
    ci = (boot_ci){exp(e.est), exp(e.est - h), exp(e.est + h), 0};
    s.median = ci.est;
  }
  csv_str(stdout, f->path, 1);
  csv_str(stdout, f->variant, 0);
  csv_str(stdout, g->name, 0);
  csv_size(stdout, s.n);
  double v[] = {s.median, ci.lo, ci.hi, s.mean, s.sd, s.min, s.max, s.q1, s.q3, s.iqr, s.mad};
  for (size_t i = 0; i < sizeof v / sizeof *v; i++) csv_num(stdout, v[i]);
  csv_size(stdout, s.mild_outliers);
  csv_size(stdout, s.severe_outliers);
  csv_num(stdout, (ci.hi - ci.lo) / 2 / s.median);
  printf(",%lu,%zu,%s", o->seed, o->resamples, level_name(e.level));
  csv_size(stdout, e.n_sessions);
  csv_size(stdout, e.n_rounds);
  double c[] = {e.df, 100 * e.comp.rep, 100 * e.comp.round, 100 * e.comp.session};
  for (size_t i = 0; i < sizeof c / sizeof *c; i++) csv_num(stdout, c[i]);
  csv_size(stdout, e.n_gpus);
  csv_num(stdout, 100 * e.comp.gpu);
  printf(",%s,%s\n", o->level == LEVEL_SAMPLE ? "na" : scope_name(&e), o->metric);
  if (o->level == LEVEL_SAMPLE) {
    if (n >= MIN_SAMPLES) return 0;
    fprintf(stderr, "stats: %s: %s: only %zu samples (need %d): inconclusive\n", f->path,
            g->name, n, MIN_SAMPLES);
    return 3;
  }
  if (e.n_rounds >= MIN_ROUNDS && !isnan(e.se)) return 0;
  fprintf(stderr, "stats: %s: %s: %zu rounds in %zu sessions on %zu GPUs at level %s (need %d "
          "rounds, 2 sessions at level session, 2 GPUs at level gpu): inconclusive\n", f->path,
          g->name, e.n_rounds, e.n_sessions, e.n_gpus, level_name(e.level), MIN_ROUNDS);
  return 3;
}

int stats_summary(const stats_opts *o) {
  boot_workspace *w = boot_alloc(o->resamples);
  if (!w) {
    fprintf(stderr, "stats: out of memory for %zu resamples\n", o->resamples);
    return 2;
  }
  fputs(header, stdout);
  int rc = 0;
  for (int i = 0; i < o->nargs && rc != 2; i++) {
    samples_file f;
    if (stats_read(o, o->args[i], &f)) {
      rc = 2;
      break;
    }
    for (size_t u = 0; u < f.nunmeasured; u++)  // another metric than call time, not recorded
      fprintf(stderr, "stats: %s: shape %s has no %s time (%s %s): no row\n", f.path,
              f.unmeasured[u], o->metric, f.has_column ? "rows without" : "no column", o->column);
    size_t nmax = 0;
    for (size_t g = 0; g < f.ngroups; g++)
      if (f.groups[g].n > nmax) nmax = f.groups[g].n;
    double *xs = malloc(nmax * sizeof *xs), *work = malloc(nmax * sizeof *work);
    for (size_t g = 0; g < f.ngroups && rc != 2; g++) {
      int r = xs && work ? group_row(o, w, &f, &f.groups[g], xs, work) : 2;
      if (r) rc = r;
    }
    free(xs);
    free(work);
    samples_free(&f);
  }
  boot_free(w);
  fflush(stdout);
  return rc;
}
