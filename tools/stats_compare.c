// stats_compare.c — `stats compare BASE CAND [BASE CAND ...]`: one CSV row per pair and shape
// present in both files. All rows are computed first: Holm's adjustment spans the whole run.
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samples.h"
#include "stats_cli.h"
#include "holm.h"
#include "verdict.h"

enum { MIN_SAMPLES = 5 };

static const char header[] =
    "shape,n_base,n_cand,median_base,median_cand,speedup,speedup_lo,speedup_hi,U,p_value,"
    "p_method,cliffs_delta,delta_lo,delta_hi,delta_magnitude,median_ci_overlap,verdict,"
    "base,cand,seed,resamples,ci_method,alpha,correction\n";

typedef struct {
  char *shape, *base, *cand;
  size_t nb, nc;
  boot_ci speedup, mb, mc;
  mwu_result mwu;
  cliff_result delta;
  int few;  // fewer than MIN_SAMPLES in a group
  verdict_t verdict;
} row_t;

typedef struct {
  row_t *v;
  size_t n, cap;
  double *xs, *ys;  // sorted copies
  size_t xcap;
  boot_workspace *w;
} rows_t;

static char *dup(const char *s) {
  char *p = malloc(strlen(s) + 1);
  return p ? strcpy(p, s) : NULL;
}

static int reserve(double **a, size_t n) {
  double *p = realloc(*a, (n ? n : 1) * sizeof *p);
  if (!p) return GSL_ENOMEM;
  *a = p;
  return 0;
}

// Computes the statistics of one shape; returns 0 or 2 after a message.
static int compute(const stats_opts *o, rows_t *rs, const samples_file *fb,
                   const samples_file *fc, const samples_group *gb, const samples_group *gc) {
  if (rs->n == rs->cap) {
    size_t cap = rs->cap ? 2 * rs->cap : 16;
    row_t *v = realloc(rs->v, cap * sizeof *v);
    if (!v) return 2;
    rs->v = v;
    rs->cap = cap;
  }
  size_t nmax = gb->n > gc->n ? gb->n : gc->n;
  if (nmax > rs->xcap) {
    if (reserve(&rs->xs, nmax) || reserve(&rs->ys, nmax)) return 2;
    rs->xcap = nmax;
  }
  double *x = rs->xs, *y = rs->ys;
  size_t nx = gb->n, ny = gc->n;
  memcpy(x, gb->t, nx * sizeof *x);
  memcpy(y, gc->t, ny * sizeof *y);
  gsl_sort(x, 1, nx);
  gsl_sort(y, 1, ny);

  row_t *r = &rs->v[rs->n];
  memset(r, 0, sizeof *r);
  r->nb = nx;
  r->nc = ny;
  r->few = nx < MIN_SAMPLES || ny < MIN_SAMPLES;
  int rc = mwu_test(x, 1, nx, y, 1, ny, o->alternative, o->method, o->continuity, &r->mwu);
  if (rc == GSL_EFAILED) {
    fprintf(stderr, "stats: %s vs %s: %s: exact p-value too costly (min(U, n1*n2 - U) > %d); "
            "use --method asymptotic\n", fb->path, fc->path, gb->name, MWU_EXACT_MAX_K);
    return 2;
  }
  if (rc == 0) rc = cliff_delta(x, 1, nx, y, 1, ny, o->alpha, o->delta_ci, &r->delta);
  boot_ci none = {NAN, NAN, NAN, 0};
  r->speedup = r->mb = r->mc = none;
  if (rc == 0 && nx >= 2 && ny >= 2) {
    boot_params p = {o->alpha, o->resamples, o->seed, o->ci};
    rc = boot_ratio(rs->w, &p, x, nx, y, ny, &r->speedup, &r->mb, &r->mc);
  } else if (rc == 0) {
    r->mb.est = gsl_stats_median_from_sorted_data(x, 1, nx);
    r->mc.est = gsl_stats_median_from_sorted_data(y, 1, ny);
    r->speedup.est = r->mb.est / r->mc.est;
  }
  r->shape = dup(gb->name);
  r->base = dup(fb->variant);
  r->cand = dup(fc->variant);
  if (rc || !r->shape || !r->base || !r->cand) {
    fprintf(stderr, "stats: %s vs %s: %s: computation failed\n", fb->path, fc->path, gb->name);
    free(r->shape), free(r->base), free(r->cand);
    return 2;
  }
  rs->n++;
  if (r->few)
    fprintf(stderr, "stats: %s vs %s: %s: %zu and %zu samples (need %d each): AMBIGUOUS\n",
            fb->path, fc->path, gb->name, nx, ny, MIN_SAMPLES);
  return 0;
}

static int compare_pair(const stats_opts *o, rows_t *rs, const char *bpath, const char *cpath) {
  samples_file fb, fc;
  char err[512];
  if (samples_read(bpath, &fb, err, sizeof err)) {
    fprintf(stderr, "stats: %s\n", err);
    return 2;
  }
  if (samples_read(cpath, &fc, err, sizeof err)) {
    fprintf(stderr, "stats: %s\n", err);
    samples_free(&fb);
    return 2;
  }
  int rc = 0;
  size_t common = 0;
  for (size_t i = 0; i < fb.ngroups && !rc; i++) {
    const samples_group *gc = samples_group_find(&fc, fb.groups[i].name);
    if (!gc) {
      fprintf(stderr, "stats: %s: shape %s is not in %s: skipped\n", bpath, fb.groups[i].name,
              cpath);
      continue;
    }
    common++;
    rc = compute(o, rs, &fb, &fc, &fb.groups[i], gc);
  }
  for (size_t i = 0; i < fc.ngroups && !rc; i++)
    if (!samples_group_find(&fb, fc.groups[i].name))
      fprintf(stderr, "stats: %s: shape %s is not in %s: skipped\n", cpath, fc.groups[i].name,
              bpath);
  if (!rc && common == 0) {
    fprintf(stderr, "stats: %s and %s have no shape in common\n", bpath, cpath);
    rc = 2;
  }
  samples_free(&fb);
  samples_free(&fc);
  return rc;
}

static const char *overlap(const row_t *r) {
  double a = r->mb.lo, b = r->mb.hi, c = r->mc.lo, d = r->mc.hi;
  if (isnan(a) || isnan(b) || isnan(c) || isnan(d)) return "na";
  return a <= d && c <= b ? "yes" : "no";
}

static void print_row(const stats_opts *o, const row_t *r) {
  csv_str(stdout, r->shape, 1);
  csv_size(stdout, r->nb);
  csv_size(stdout, r->nc);
  double v[] = {r->mb.est, r->mc.est, r->speedup.est, r->speedup.lo, r->speedup.hi};
  for (size_t i = 0; i < sizeof v / sizeof *v; i++) csv_num(stdout, v[i]);
  printf(",%.15g", r->mwu.u);
  csv_num(stdout, r->mwu.p);
  printf(",%s", r->mwu.exact ? "exact" : "asymptotic");
  csv_num(stdout, r->delta.delta);
  csv_num(stdout, r->delta.lo);
  csv_num(stdout, r->delta.hi);
  printf(",%s,%s,%s", cliff_magnitude(r->delta.delta), overlap(r), verdict_name(r->verdict));
  csv_str(stdout, r->base, 0);
  csv_str(stdout, r->cand, 0);
  printf(",%lu,%zu,%s", o->seed, o->resamples, ci_method_name(o->ci));
  csv_num(stdout, o->alpha);
  printf(",%s\n", o->holm ? "holm" : "none");
}

int stats_compare(const stats_opts *o) {
  rows_t rs = {0};
  rs.w = boot_alloc(o->resamples);
  int rc = rs.w ? 0 : 2;
  if (!rs.w) fprintf(stderr, "stats: out of memory for %zu resamples\n", o->resamples);
  for (int i = 0; i + 1 < o->nargs && !rc; i += 2)
    rc = compare_pair(o, &rs, o->args[i], o->args[i + 1]);
  double *p = rc ? NULL : malloc((rs.n ? rs.n : 1) * sizeof *p);
  verdict_t *vs = rc ? NULL : malloc((rs.n ? rs.n : 1) * sizeof *vs);
  if (!rc && (!p || !vs)) rc = 2;
  if (!rc) {
    for (size_t i = 0; i < rs.n; i++) p[i] = rs.v[i].mwu.p;
    if (o->holm && holm_adjust(p, rs.n, p)) rc = 2;
  }
  if (!rc) {
    fputs(header, stdout);
    for (size_t i = 0; i < rs.n; i++) {
      row_t *r = &rs.v[i];
      r->mwu.p = p[i];
      r->verdict = r->few ? VERDICT_AMBIGUOUS
                          : verdict_decide(p[i], o->alpha, r->speedup.est, r->speedup.lo,
                                           r->speedup.hi, o->threshold);
      vs[i] = r->verdict;
      print_row(o, r);
    }
    rc = verdict_exit_code(vs, rs.n);
  }
  for (size_t i = 0; i < rs.n; i++) free(rs.v[i].shape), free(rs.v[i].base), free(rs.v[i].cand);
  free(rs.v);
  free(rs.xs);
  free(rs.ys);
  free(p);
  free(vs);
  boot_free(rs.w);
  fflush(stdout);
  return rc;
}
