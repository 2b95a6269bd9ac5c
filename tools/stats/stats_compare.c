// stats_compare.c — `stats compare BASE CAND [BASE CAND ...]`: one CSV row per pair and shape
// present in both files. All rows are computed first: Holm's adjustment spans the whole run.
// At the level of the design (round or session, design.h) the speedup, its intervals and p come
// from the units; U and Cliff's delta are computed on the same units. At level sample the reps
// are pooled as if independent (BCa bootstrap, Mann-Whitney p): kept for the record.
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "calib.h"
#include "clocks.h"
#include "samples/samples.h"
#include "samples/samples_median.h"
#include "stats_cli.h"
#include "holm.h"
#include "verdict.h"

enum { MIN_SAMPLES = 5, MIN_ROUNDS = 3 };

static const char header[] =
    "shape,n_base,n_cand,median_base,median_cand,speedup,speedup_lo,speedup_hi,U,p_value,"
    "p_method,cliffs_delta,delta_lo,delta_hi,delta_magnitude,median_ci_overlap,verdict,"
    "base,cand,seed,resamples,ci_method,alpha,correction,level,pairing,n_sessions,n_rounds,df,"
    "sd_rep_pct,sd_round_pct,sd_session_pct,speedup_lo90,speedup_hi90,mde_pct,delta,"
    "delta_source,n_gpus,sd_gpu_pct,scope,family,plan,clock_base_mhz,clock_cand_mhz,"
    "throttled_base_pct,throttled_cand_pct,full_clock_rounds,full_clock_speedup,full_clock_lo,"
    "full_clock_hi,metric\n";

typedef struct {
  char *shape, *base, *cand;
  size_t nb, nc;
  boot_ci speedup, mb, mc;
  mwu_result mwu;
  cliff_result delta;
  int few;  // fewer than MIN_SAMPLES in a group (or MIN_ROUNDS rounds a side)
  verdict_t verdict;
  estimate_t e;       // the design's estimate (level SAMPLE: counts only)
  double lo2, hi2;    // the 1 - 2 alpha interval of the speedup
  double band;        // delta: the smallest effect that matters
  const char *band_src;
  int beyond_plan;    // --plan: the data hold more than the plan declares
  clock_side_t clk_b, clk_c;  // each side's SM clock
  estimate_t full;    // the comparison on the rounds at full clock of both sides (clocks.h)
} row_t;

typedef struct {
  row_t *v;
  size_t n, cap;
  double *xs, *ys;  // sorted copies
  size_t xcap;
  boot_workspace *w;
  calib_t *cal;       // A/A calibration, or NULL
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

static int design_row(const stats_opts *o, row_t *r, const samples_file *fb,
                      const samples_file *fc, const samples_group *gb, const samples_group *gc);

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
  r->lo2 = r->hi2 = NAN;
  r->e = (estimate_t){.level = LEVEL_SAMPLE, .est = NAN, .se = NAN, .df = NAN,
                      .comp = {NAN, NAN, NAN, NAN}};
  r->e.n_sessions = fb->nsessions < fc->nsessions ? fb->nsessions : fc->nsessions;
  r->clk_b = r->clk_c = (clock_side_t){NAN, NAN, NAN};
  r->full = (estimate_t){.est = NAN, .se = NAN, .df = NAN};
  if (o->level != LEVEL_SAMPLE) {
    int rc = design_row(o, r, fb, fc, gb, gc);
    if (rc) return rc;
    r->band = o->threshold;
    if (!o->delta_set && rs->cal) {
      size_t units = r->e.level == LEVEL_GPU ? r->e.n_gpus : r->e.n_sessions;
      r->band = calib_mde(rs->cal, r->e.level, units, r->e.n_rounds, o->alpha);
      if (isnan(r->band)) {
        // too few units for the calibration to give one: never a NaN delta
        r->band = o->threshold;
        r->band_src = "fixed: calibration undefined for this design";
        fprintf(stderr, "stats: %s vs %s: %s: the calibration gives no delta for %zu %s: delta "
                "= %.2f%% (the experiment's)\n", fb->path, fc->path, gb->name, units,
                r->e.level == LEVEL_GPU ? "GPUs" : "sessions", 100 * o->threshold);
      }
    }
    goto named;
  }
  r->few = nx < MIN_SAMPLES || ny < MIN_SAMPLES;
  r->band = o->threshold;
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
    r->mb.est = samples_median_sorted(x, 1, nx);
    r->mc.est = samples_median_sorted(y, 1, ny);
    r->speedup.est = r->mb.est / r->mc.est;
  }
  if (rc) {
    fprintf(stderr, "stats: %s vs %s: %s: computation failed\n", fb->path, fc->path, gb->name);
    return 2;
  }
named:
  r->shape = dup(gb->name);
  r->base = dup(fb->variant);
  r->cand = dup(fc->variant);
  if (!r->shape || !r->base || !r->cand) {
    fprintf(stderr, "stats: %s vs %s: %s: computation failed\n", fb->path, fc->path, gb->name);
    free(r->shape), free(r->base), free(r->cand);
    return 2;
  }
  rs->n++;
  if (r->few && o->level == LEVEL_SAMPLE)
    fprintf(stderr, "stats: %s vs %s: %s: %zu and %zu samples (need %d each): AMBIGUOUS\n",
            fb->path, fc->path, gb->name, nx, ny, MIN_SAMPLES);
  return 0;
}

// Unit values exp(u) of a design, for U and Cliff's delta on the units (sorted).
static double *unit_times(const design_t *d) {
  double *v = malloc((d->nunits ? d->nunits : 1) * sizeof *v);
  if (!v) return NULL;
  for (size_t i = 0; i < d->nunits; i++) v[i] = exp(d->units[i].u);
  gsl_sort(v, 1, d->nunits);
  return v;
}

// The row at the level of the design; 0 or 2 after a message.
static int design_row(const stats_opts *o, row_t *r, const samples_file *fb,
                      const samples_file *fc, const samples_group *gb, const samples_group *gc) {
  design_t db, dc;
  if (design_build_plan(fb, gb, o->session, o->plan, &db) ||
      design_build_plan(fc, gc, o->session, o->plan, &dc)) {
    design_free(&db);
    fprintf(stderr, "stats: out of memory\n");
    return 2;
  }
  // --common-sessions: both sides on the sessions they share (dc first: db then still holds all)
  if (o->common_sessions && design_shared_sessions(&db, &dc) >= 2) {
    design_keep_shared(&dc, &db);
    design_keep_shared(&db, &dc);
  }
  int rc = 0;
  if (o->plan && (design_beyond_plan(&db, o->plan) || design_beyond_plan(&dc, o->plan))) {
    r->beyond_plan = 1;
    fprintf(stderr, "stats: %s vs %s: %s: more GPUs or sessions than plan %s declares: sessions "
            "were added beyond the plan\n", fb->path, fc->path, gb->name, o->plan);
  }
  estimate_t eb, ec;
  level_t lv = o->level == LEVEL_AUTO ? design_auto_level(&db, &dc) : o->level;
  clocks_side(&db, gb, &r->clk_b);
  clocks_side(&dc, gc, &r->clk_c);
  if (design_compare(&db, &dc, lv, &r->e) || design_estimate(&db, lv, &eb) ||
      design_estimate(&dc, lv, &ec) ||
      clocks_full_compare(&db, &dc, lv, r->clk_b.floor_mhz, r->clk_c.floor_mhz, &r->full))
    rc = 2;
  double *ub = rc ? NULL : unit_times(&db), *uc = rc ? NULL : unit_times(&dc);
  if (!rc && (!ub || !uc)) rc = 2;
  r->nb = db.nsamples;
  r->nc = dc.nsamples;
  if (!rc && db.nunits && dc.nunits) {
    rc = mwu_test(ub, 1, db.nunits, uc, 1, dc.nunits, o->alternative, MWU_ASYMPTOTIC,
                  o->continuity, &r->mwu);
    if (!rc) rc = cliff_delta(ub, 1, db.nunits, uc, 1, dc.nunits, o->alpha, o->delta_ci, &r->delta);
  } else if (!rc) {
    r->mwu = (mwu_result){NAN, NAN, 0, 0};
    r->delta = (cliff_result){NAN, NAN, NAN, NAN};
  }
  free(ub);
  free(uc);
  if (rc) {
    fprintf(stderr, "stats: %s vs %s: %s: computation failed\n", fb->path, fc->path, gb->name);
    design_free(&db), design_free(&dc);
    return 2;
  }
  double h = design_halfwidth(r->e.se, r->e.df, o->alpha);
  double h2 = design_halfwidth(r->e.se, r->e.df, 2 * o->alpha);
  r->speedup = (boot_ci){exp(r->e.est), exp(r->e.est - h), exp(r->e.est + h), 0};
  r->lo2 = exp(r->e.est - h2);
  r->hi2 = exp(r->e.est + h2);
  double hb = design_halfwidth(eb.se, eb.df, o->alpha), hc = design_halfwidth(ec.se, ec.df, o->alpha);
  r->mb = (boot_ci){exp(eb.est), exp(eb.est - hb), exp(eb.est + hb), 0};
  r->mc = (boot_ci){exp(ec.est), exp(ec.est - hc), exp(ec.est + hc), 0};
  r->mwu.p = design_p_value(r->e.est, r->e.se, r->e.df);
  size_t rb = eb.n_rounds, rcn = ec.n_rounds;
  const char *why = NULL;
  if (rb < MIN_ROUNDS || rcn < MIN_ROUNDS) why = "fewer than 3 rounds a side";
  else if (isnan(r->e.se))
    why = lv == LEVEL_GPU       ? "one GPU on each side: no GPU-level spread (--level session compares within the GPUs)"
          : lv == LEVEL_SESSION ? "one session on each side: no session-level spread (--level round compares within the sessions)"
                                : "no spread at this level";
  if (why) {
    r->few = 1;
    fprintf(stderr, "stats: %s vs %s: %s: %zu and %zu rounds, %zu and %zu sessions at level %s: "
            "%s: AMBIGUOUS\n", fb->path, fc->path, gb->name, rb, rcn, eb.n_sessions,
            ec.n_sessions, level_name(lv), why);
  }
  design_free(&db);
  design_free(&dc);
  return 0;
}

// The note on shape NAME, which file f holds without samples of the metric (not recorded).
static void say_unmeasured(const stats_opts *o, const samples_file *f, const char *name) {
  fprintf(stderr, "stats: %s: shape %s has no %s time (%s %s): skipped\n", f->path, name, o->metric,
          f->has_column ? "rows without" : "no column", o->column);
}

static int compare_pair(const stats_opts *o, rows_t *rs, const char *bpath, const char *cpath) {
  samples_file fb, fc;
  if (stats_read(o, bpath, &fb)) return 2;
  if (stats_read(o, cpath, &fc)) {
    samples_free(&fb);
    return 2;
  }
  int rc = 0;
  size_t common = 0;
  for (size_t i = 0; i < fb.ngroups && !rc; i++) {
    if (o->shape && strcmp(fb.groups[i].name, o->shape)) continue;
    const samples_group *gc = samples_group_find(&fc, fb.groups[i].name);
    if (!gc) {
      if (stats_unmeasured(&fc, fb.groups[i].name)) say_unmeasured(o, &fc, fb.groups[i].name);
      else fprintf(stderr, "stats: %s: shape %s is not in %s: skipped\n", bpath, fb.groups[i].name, cpath);
      continue;
    }
    common++;
    rc = compute(o, rs, &fb, &fc, &fb.groups[i], gc);
  }
  for (size_t i = 0; i < fc.ngroups && !rc; i++) {
    const char *name = fc.groups[i].name;
    if ((o->shape && strcmp(name, o->shape)) || samples_group_find(&fb, name)) continue;
    if (stats_unmeasured(&fb, name)) say_unmeasured(o, &fb, name);
    else fprintf(stderr, "stats: %s: shape %s is not in %s: skipped\n", cpath, name, bpath);
  }
  // a shape both hold without the metric (another metric than call time: not recorded; one side
  // only is said above); that the pair then has nothing to compare is no error
  for (size_t i = 0; i < fb.nunmeasured && !rc; i++)
    if ((!o->shape || !strcmp(fb.unmeasured[i], o->shape)) && stats_unmeasured(&fc, fb.unmeasured[i]))
      say_unmeasured(o, &fb, fb.unmeasured[i]);
  if (!rc && common == 0 && (fb.nunmeasured || fc.nunmeasured))
    fprintf(stderr, "stats: %s vs %s: no shape with %s time on both sides: skipped\n", bpath, cpath,
            o->metric);
  else if (!rc && common == 0) {
    if (o->shape) fprintf(stderr, "stats: %s and %s do not both hold shape %s\n", bpath, cpath, o->shape);
    else fprintf(stderr, "stats: %s and %s have no shape in common\n", bpath, cpath);
    rc = 2;
  }
  samples_free(&fb);
  samples_free(&fc);
  return rc;
}

// For an AMBIGUOUS row at a design level: what would resolve it, on stderr. The standard error is
// taken to shrink as 1/sqrt(units) when both sides grow alike.
static void say_resolution(const stats_opts *o, const row_t *r) {
  double band = log1p(r->band), room = band - fabs(r->e.est);
  int gpu = r->e.level == LEVEL_GPU, session = r->e.level == LEVEL_SESSION;
  size_t n = gpu ? r->e.n_gpus : session ? r->e.n_sessions : r->e.n_rounds;
  const char *unit = gpu ? "GPUs" : session ? "sessions" : "rounds";
  if (isnan(r->e.se) || !n) return;
  if (room <= 0) {
    fprintf(stderr, "stats: %s vs %s: %s: AMBIGUOUS: the estimate %.4g is %.2f%% from 1, beyond "
            "delta = %.2f%%: more %s can make it FAST or SLOW, not SAME\n", r->base, r->cand,
            r->shape, r->speedup.est, 100 * fabs(expm1(r->e.est)), 100 * r->band, unit);
    return;
  }
  size_t need = 0;
  for (size_t m = n + 1; m <= 100000 && !need; m += m < 1000 ? 1 : m / 100)
    if (design_halfwidth(r->e.se * sqrt((double)n / (double)m), (double)(m - 1), 2 * o->alpha) <= room)
      need = m;
  if (need)
    fprintf(stderr, "stats: %s vs %s: %s: AMBIGUOUS: the %.0f%% CI [%.4g, %.4g] is not inside "
            "+-%.2f%%; at this spread about %zu %s (now %zu) would resolve it\n", r->base, r->cand,
            r->shape, 100 * (1 - 2 * o->alpha), r->lo2, r->hi2, 100 * r->band, need, unit, n);
  else
    fprintf(stderr, "stats: %s vs %s: %s: AMBIGUOUS: the %.0f%% CI [%.4g, %.4g] is not inside "
            "+-%.2f%%, nor would it be with 100000 %s\n", r->base, r->cand, r->shape,
            100 * (1 - 2 * o->alpha), r->lo2, r->hi2, 100 * r->band, unit);
}

static const char *overlap(const row_t *r) {
  double a = r->mb.lo, b = r->mb.hi, c = r->mc.lo, d = r->mc.hi;
  if (isnan(a) || isnan(b) || isnan(c) || isnan(d)) return "na";
  return a <= d && c <= b ? "yes" : "no";
}

static void print_row(const stats_opts *o, const row_t *r, const char *cal_path) {
  csv_str(stdout, r->shape, 1);
  csv_size(stdout, r->nb);
  csv_size(stdout, r->nc);
  double v[] = {r->mb.est, r->mc.est, r->speedup.est, r->speedup.lo, r->speedup.hi};
  for (size_t i = 0; i < sizeof v / sizeof *v; i++) csv_num(stdout, v[i]);
  printf(",%.15g", r->mwu.u);
  csv_num(stdout, r->mwu.p);
  printf(",%s", r->e.level != LEVEL_SAMPLE ? (r->e.paired ? "t-paired" : "t-welch")
                : r->mwu.exact                  ? "exact"
                                                : "asymptotic");
  csv_num(stdout, r->delta.delta);
  csv_num(stdout, r->delta.lo);
  csv_num(stdout, r->delta.hi);
  printf(",%s,%s,%s", cliff_magnitude(r->delta.delta), overlap(r), verdict_name(r->verdict));
  csv_str(stdout, r->base, 0);
  csv_str(stdout, r->cand, 0);
  printf(",%lu,%zu,%s", o->seed, o->resamples, ci_method_name(o->ci));
  csv_num(stdout, o->alpha);
  printf(",%s,%s,%s", o->holm ? "holm" : "none", level_name(r->e.level),
         r->e.level == LEVEL_SAMPLE ? "none" : r->e.paired ? "paired" : "unpaired");
  csv_size(stdout, r->e.n_sessions);
  csv_size(stdout, r->e.n_rounds);
  double w[] = {r->e.df, 100 * r->e.comp.rep, 100 * r->e.comp.round, 100 * r->e.comp.session,
                r->lo2, r->hi2, 100 * mde_of(r->e.se, r->e.df, o->alpha), r->band};
  for (size_t i = 0; i < sizeof w / sizeof *w; i++) csv_num(stdout, w[i]);
  csv_str(stdout, r->band_src ? r->band_src : o->delta_set || !cal_path ? (o->delta_set ? "fixed" : "default") : cal_path, 0);
  csv_size(stdout, r->e.n_gpus);
  csv_num(stdout, 100 * r->e.comp.gpu);
  printf(",%s,%s,%s%s", r->e.level == LEVEL_SAMPLE ? "na" : scope_name(&r->e),
         o->family ? o->family : "all", o->plan ? o->plan : "none", r->beyond_plan ? "+beyond" : "");
  // the clocks: empty where not recorded; the full-clock interval at the row's 1 - alpha
  double fh = design_halfwidth(r->full.se, r->full.df, o->alpha);
  double c[] = {r->clk_b.median_mhz, r->clk_c.median_mhz, r->clk_b.throttled_pct,
                r->clk_c.throttled_pct};
  for (size_t i = 0; i < sizeof c / sizeof *c; i++) csv_opt(stdout, c[i]);
  if (isnan(r->full.est)) fputs(",,,,", stdout);
  else {
    csv_size(stdout, r->full.n_rounds);
    csv_opt(stdout, exp(r->full.est));
    csv_opt(stdout, exp(r->full.est - fh));
    csv_opt(stdout, exp(r->full.est + fh));
  }
  printf(",%s\n", o->metric);
}

int stats_compare(const stats_opts *o) {
  rows_t rs = {0};
  calib_t cal;
  if (o->calibration && !o->delta_set) {
    if (calib_read(o->calibration, &cal)) return 2;
    rs.cal = &cal;
  }
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
      if (r->few) r->verdict = VERDICT_AMBIGUOUS;
      else if (r->e.level == LEVEL_SAMPLE)
        r->verdict = verdict_decide(p[i], o->alpha, r->speedup.est, r->speedup.lo,
                                    r->speedup.hi, o->threshold);
      else
        r->verdict = verdict_equivalence(p[i], o->alpha, r->speedup.est, r->speedup.lo,
                                         r->speedup.hi, r->lo2, r->hi2, r->band);
      vs[i] = r->verdict;
      if (r->verdict == VERDICT_AMBIGUOUS && !r->few && r->e.level != LEVEL_SAMPLE)
        say_resolution(o, r);
      print_row(o, r, rs.cal ? rs.cal->path : NULL);
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
