// test_design.c — the estimator of design.h validated by simulation against a known truth.
// Synthetic timings are lognormal with session, round (process) and rep effects of the sizes
// measured on the H200 (session 2% shared by every variant plus 1.5% of the variant's own,
// round 0.8%, rep 0.5%), base and candidate timed in the same rounds as `make measure` does.
// Checks, each over >= 1,000 independent draws with a fixed seed:
//   - the 95% CI of the speedup covers the true ratio in 93-97% of draws (3 sessions, level
//     session; 1 session, level round, where the truth is the session's own ratio);
//   - with no true difference FAST or SLOW is said in <= 5% of draws;
//   - with a true difference of exactly delta SAME is said in <= 5% of draws (TOST's size,
//     up to three Monte Carlo standard errors);
//   - a fresh session against 3 published ones (unpaired, the session variance borrowed):
//     identical code is SLOW in <= 5% of draws;
//   - the variance components are recovered on a large design;
//   - pooling the reps (the old unit) covers far less than 95%: the reason for the design.
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <stdlib.h>
#include <string.h>

#include "stats/calib.h"
#include "stats/design.h"
#include "stats/verdict.h"
#include "check.h"

typedef struct {
  double s_shared, s_own, r, rep;  // log-scale SDs
} sizes_t;

static char *names[] = {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9",
                        "s10", "s11", "s12", "s13", "s14", "s15", "s16", "s17", "s18", "s19"};

// A file of one group: k sessions (names from first_session on) x n rounds x r reps.
static void alloc_file(samples_file *f, size_t k, size_t n, size_t r) {
  memset(f, 0, sizeof *f);
  f->path = "sim";
  f->variant = "sim";
  f->sessions = names;
  f->nsessions = k;
  f->has_round = f->has_session = 1;
  f->groups = calloc(1, sizeof *f->groups);
  f->ngroups = 1;
  samples_group *g = f->groups;
  g->name = "B1_H1_S8_D64_C0";
  g->n = k * n * r;
  g->t = malloc(g->n * sizeof *g->t);
  g->round = malloc(g->n * sizeof *g->round);
  g->session = malloc(g->n * sizeof *g->session);
}

static void free_file(samples_file *f) {
  free(f->groups->t);
  free(f->groups->round);
  free(f->groups->session);
  free(f->groups);
}

// Fills base and cand (same design) with log mean mu_b, mu_c; the shared session effect is
// common to both, the rest is each variant's own. first: index of the first session name.
static void simulate(gsl_rng *rng, const sizes_t *z, size_t k, size_t n, size_t r, double mu_b,
                     double mu_c, samples_file *b, samples_file *c, unsigned first) {
  samples_group *gb = b->groups, *gc = c ? c->groups : NULL;
  size_t i = 0;
  for (size_t s = 0; s < k; s++) {
    double shared = gsl_ran_gaussian(rng, z->s_shared);
    double ob = gsl_ran_gaussian(rng, z->s_own), oc = gsl_ran_gaussian(rng, z->s_own);
    for (size_t j = 0; j < n; j++) {
      double rb = gsl_ran_gaussian(rng, z->r), rc = gsl_ran_gaussian(rng, z->r);
      for (size_t q = 0; q < r; q++, i++) {
        gb->t[i] = exp(mu_b + shared + ob + rb + gsl_ran_gaussian(rng, z->rep));
        gb->round[i] = (unsigned)j + 1;
        gb->session[i] = (unsigned)s + first;
        if (!gc) continue;
        gc->t[i] = exp(mu_c + shared + oc + rc + gsl_ran_gaussian(rng, z->rep));
        gc->round[i] = (unsigned)j + 1;
        gc->session[i] = (unsigned)s + first;
      }
    }
  }
}

typedef struct {
  size_t draws, cover, fast_or_slow, same, slow;
  double mean_halfwidth;
} tally_t;

// One comparison at level lv; returns its log estimate and records the verdict.
static void judge(const samples_file *b, const samples_file *c, level_t lv, double truth,
                  double delta, tally_t *t) {
  design_t db, dc;
  design_build(b, b->groups, NULL, &db);
  design_build(c, c->groups, NULL, &dc);
  estimate_t e;
  design_compare(&db, &dc, lv, &e);
  double h = design_halfwidth(e.se, e.df, 0.05), h2 = design_halfwidth(e.se, e.df, 0.10);
  double p = design_p_value(e.est, e.se, e.df);
  verdict_t v = verdict_equivalence(p, 0.05, exp(e.est), exp(e.est - h), exp(e.est + h),
                                    exp(e.est - h2), exp(e.est + h2), delta);
  t->draws++;
  t->cover += e.est - h <= truth && truth <= e.est + h;
  t->fast_or_slow += v == VERDICT_FAST || v == VERDICT_SLOW;
  t->slow += v == VERDICT_SLOW;
  t->same += v == VERDICT_SAME;
  t->mean_halfwidth += h;
  design_free(&db);
  design_free(&dc);
}

// Coverage of the pooled-reps (sample-level) t interval of the log ratio, for contrast.
static int pooled_covers(const samples_file *b, const samples_file *c, double truth) {
  const samples_group *gb = b->groups, *gc = c->groups;
  double mb = 0, mc = 0, vb = 0, vc = 0;
  size_t n = gb->n;
  for (size_t i = 0; i < n; i++) mb += log(gb->t[i]) / n, mc += log(gc->t[i]) / n;
  for (size_t i = 0; i < n; i++) {
    vb += (log(gb->t[i]) - mb) * (log(gb->t[i]) - mb) / (n - 1);
    vc += (log(gc->t[i]) - mc) * (log(gc->t[i]) - mc) / (n - 1);
  }
  double h = 1.96 * sqrt(vb / n + vc / n);
  return mb - mc - h <= truth && truth <= mb - mc + h;
}

int main(void) {
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(rng, 20261122);
  const sizes_t h200 = {0.02, 0.015, 0.008, 0.005};
  const size_t draws = 2000;
  char what[200];

  // 3 sessions x 10 rounds x 30 reps, true speedup 1.25, level session
  {
    samples_file b, c;
    alloc_file(&b, 3, 10, 30);
    alloc_file(&c, 3, 10, 30);
    tally_t t = {0};
    size_t pooled = 0;
    double truth = log(1.25);
    for (size_t d = 0; d < draws; d++) {
      simulate(rng, &h200, 3, 10, 30, log(10 * 1.25), log(10), &b, &c, 0);
      judge(&b, &c, LEVEL_SESSION, truth, 0.03, &t);
      pooled += pooled_covers(&b, &c, truth);
    }
    double cov = (double)t.cover / t.draws;
    snprintf(what, sizeof what, "3 sessions, level session: 95%% CI covers the true ratio in "
             "93-97%% of %zu draws (%.3f)", t.draws, cov);
    CHECK(cov >= 0.93 && cov <= 0.97, what);
    double pc = (double)pooled / draws;
    snprintf(what, sizeof what, "pooling the reps as independent covers far less (%.3f < 0.5)",
             pc);
    CHECK(pc < 0.5, what);
    free_file(&b);
    free_file(&c);
  }
  // the same design under the null: FAST/SLOW <= 5%
  {
    samples_file b, c;
    alloc_file(&b, 3, 10, 30);
    alloc_file(&c, 3, 10, 30);
    tally_t t = {0};
    for (size_t d = 0; d < draws; d++) {
      simulate(rng, &h200, 3, 10, 30, log(10), log(10), &b, &c, 0);
      judge(&b, &c, LEVEL_SESSION, 0, 0.03, &t);
    }
    double fp = (double)t.fast_or_slow / t.draws;
    snprintf(what, sizeof what, "null, 3 sessions: FAST or SLOW in <= 5%% (%.4f)", fp);
    CHECK(fp <= 0.05, what);
    free_file(&b);
    free_file(&c);
  }
  // one session x 10 rounds, level round: covers the session's own ratio (no own session effect)
  {
    const sizes_t one = {0.02, 0, 0.008, 0.005};
    samples_file b, c;
    alloc_file(&b, 1, 10, 30);
    alloc_file(&c, 1, 10, 30);
    tally_t t = {0}, n0 = {0};
    for (size_t d = 0; d < draws; d++) {
      simulate(rng, &one, 1, 10, 30, log(7.5), log(10), &b, &c, 0);
      judge(&b, &c, LEVEL_ROUND, log(0.75), 0.03, &t);
      simulate(rng, &one, 1, 10, 30, log(10), log(10), &b, &c, 0);
      judge(&b, &c, LEVEL_ROUND, 0, 0.03, &n0);
    }
    double cov = (double)t.cover / t.draws, fp = (double)n0.fast_or_slow / n0.draws;
    snprintf(what, sizeof what, "1 session, level round: coverage in 93-97%% (%.3f)", cov);
    CHECK(cov >= 0.93 && cov <= 0.97, what);
    snprintf(what, sizeof what, "1 session, null: FAST or SLOW in <= 5%% (%.4f)", fp);
    CHECK(fp <= 0.05, what);
  // equivalence: a true slowdown of exactly delta is SAME in <= 5% (TOST at 5%)
    tally_t eq = {0}, id = {0};
    double delta = 0.01;
    for (size_t d = 0; d < draws; d++) {
      simulate(rng, &one, 1, 10, 30, log(10), log(10 * (1 + delta)), &b, &c, 0);
      judge(&b, &c, LEVEL_ROUND, -log1p(delta), delta, &eq);
      simulate(rng, &one, 1, 10, 30, log(10), log(10), &b, &c, 0);
      judge(&b, &c, LEVEL_ROUND, 0, delta, &id);
    }
    // at the margin TOST's size is 5% exactly: allow three Monte Carlo standard errors
    double same = (double)eq.same / eq.draws, same0 = (double)id.same / id.draws;
    double tol = 0.05 + 3 * sqrt(0.05 * 0.95 / (double)eq.draws);
    snprintf(what, sizeof what, "a true change of delta = 1%% is SAME in <= 5%% (%.4f, Monte "
             "Carlo bound %.4f)", same, tol);
    CHECK(same <= tol, what);
    snprintf(what, sizeof what, "identical code is SAME in most draws when delta is resolvable "
             "(%.3f > 0.5)", same0);
    CHECK(same0 > 0.5, what);
    free_file(&b);
    free_file(&c);
  }
  // reproduce: a fresh session (1 x 10 rounds) against 3 published sessions, identical code
  {
    samples_file pub, fresh, dummy;
    alloc_file(&pub, 3, 10, 30);
    alloc_file(&fresh, 1, 10, 30);
    alloc_file(&dummy, 3, 10, 30);
    fresh.sessions = names + 3;  // a session the published file does not have
    tally_t t = {0};
    const sizes_t one_variant = {0.024, 0, 0.008, 0.005};
    for (size_t d = 0; d < draws; d++) {
      simulate(rng, &one_variant, 3, 10, 30, log(10), 0, &pub, NULL, 0);
      simulate(rng, &one_variant, 1, 10, 30, log(10), 0, &fresh, NULL, 0);
      judge(&pub, &fresh, LEVEL_SESSION, 0, 0.03, &t);
    }
    double slow = (double)t.slow / t.draws, cov = (double)t.cover / t.draws;
    snprintf(what, sizeof what, "fresh session vs 3 published: identical code SLOW in <= 5%% "
             "(%.4f)", slow);
    CHECK(slow <= 0.05, what);
    snprintf(what, sizeof what, "fresh session vs 3 published: coverage in 93-97%% (%.3f)", cov);
    CHECK(cov >= 0.93 && cov <= 0.97, what);
    fresh.sessions = names;
    free_file(&pub);
    free_file(&fresh);
    free_file(&dummy);
  }
  // variance components on a large design (20 sessions x 20 rounds x 50 reps), one variant
  {
    samples_file f;
    alloc_file(&f, 20, 20, 50);
    const sizes_t z = {0.02, 0, 0.008, 0.005};
    double rep = 0, round = 0, sess = 0;
    const int reps = 50;
    for (int d = 0; d < reps; d++) {
      simulate(rng, &z, 20, 20, 50, log(10), 0, &f, NULL, 0);
      design_t dd;
      estimate_t e;
      design_build(&f, f.groups, NULL, &dd);
      design_estimate(&dd, LEVEL_AUTO, &e);
      rep += e.comp.rep / reps, round += e.comp.round / reps, sess += e.comp.session / reps;
      if (d == 0) {
        CHECK(e.level == LEVEL_SESSION, "auto level with 20 sessions is session");
        CHECK(e.n_sessions == 20 && e.n_rounds == 400, "20 sessions and 400 rounds counted");
      }
      design_free(&dd);
    }
    CHECK_NEAR(rep, 0.005, 0.0005 / 1.0, "rep SD recovered (0.5% +- 0.05)");
    CHECK_NEAR(round, 0.008, 0.0008, "round SD recovered (0.8% +- 0.08)");
    CHECK_NEAR(sess, 0.02, 0.002, "session SD recovered (2% +- 0.2)");
    free_file(&f);
  }
  // the session filter and the minimum detectable effect
  {
    samples_file f;
    alloc_file(&f, 3, 10, 30);
    simulate(rng, &h200, 3, 10, 30, log(10), 0, &f, NULL, 0);
    design_t d;
    design_build(&f, f.groups, "s1", &d);
    CHECK(d.nunits == 10 && d.nsessions == 1 && d.nsamples == 300, "session filter keeps one session");
    design_free(&d);
    calib_t cal = {"x", 0.01, 0.02, 1, 3};
    // hand calculation: sqrt(0.02^2/3 + 0.01^2/30) = 0.01169045; t_{.975,2} = 4.302653,
    // t_{.8,2} = 1.060660; exp(5.363313 * 0.01169045) - 1 = 0.0647069
    CHECK_NEAR(calib_mde(&cal, LEVEL_SESSION, 3, 30, 0.05), 0.0647069, 1e-5,
               "MDE of 3 sessions x 10 rounds (hand calculation)");
    // sqrt(0.01^2 / 10) = 0.00316228; t_{.975,9} = 2.262157, t_{.8,9} = 0.883029:
    // exp(3.145186 * 0.00316228) - 1 = 0.0099956
    CHECK_NEAR(calib_mde(&cal, LEVEL_ROUND, 1, 10, 0.05), 0.0099956, 1e-5,
               "MDE of 1 session x 10 rounds (hand calculation)");
    free_file(&f);
  }
  gsl_rng_free(rng);
  CHECK_DONE();
}
