// design.h — the levels of a timing experiment and estimation at the level where it varies.
//
// A sample file holds reps (one timed replay each) within rounds (one process each) within
// sessions (one measure run, machine lease or day each). Reps of one process share that process's
// offset, and processes of one session share the session's, so reps are not independent draws of
// a kernel's time: a confidence interval that pools them is too narrow. Here the unit is the
// round (the log of its median time) or the session (the mean of its rounds' units).
//
// Model, on the log scale: u_ij = mu + s_i + r_ij + e_ij, session i, round j, with s, r normal
// random effects and e the sampling error of a round's median. The estimate of mu is the mean of
// the session means (each session weighs the same); its standard error comes from the spread of
// the session means with k - 1 degrees of freedom (level session) or of the rounds with n - 1
// (level round: the rounds treated as exchangeable, i.e. conditional on the sessions measured).
// Under the model the t interval is exact for balanced designs, whatever the number of sessions;
// a bootstrap over 3-5 sessions is not (it sees at most a handful of distinct resamples and
// shrinks the variance by (k - 1) / k), which is why this estimator is used instead of one.
// tests/stats/test_design.c checks the coverage by simulation.
//
// Comparisons pair by unit when both sides ran in the same units (every round of one measure run
// times every variant once): the difference of logs per round (or per session) removes the shared
// offsets. Otherwise the two sides are independent (Welch); at level session a side measured in
// one session borrows the session variance of the other (the question "is this a plausible new
// session of the published ones?").
//
// Variance components (log-scale SDs, ~ relative SDs): rep = pooled robust SD within a round
// (1.4826 MAD of log t); round = SD of round units within sessions less the sampling variance of a
// round median (pi/2 sigma_rep^2 / reps, the normal approximation); session = SD of session means
// less the round part (method of moments, truncated at 0). NaN where the design has no replicate
// at that level.
#pragma once
#include <stddef.h>

#include "samples/samples.h"

typedef enum { LEVEL_AUTO, LEVEL_SAMPLE, LEVEL_ROUND, LEVEL_SESSION } level_t;

const char *level_name(level_t l);

typedef struct {
  unsigned session;  // index into the file's sessions
  unsigned round;
  double u;          // log of the round's median time
  double rep_var;    // robust variance of log t within the round (0 with one rep)
  size_t nrep;
} unit_t;

typedef struct {
  const samples_file *file;
  unit_t *units;     // ordered by session (first appearance in the file), then round
  size_t nunits;
  size_t nsessions;  // sessions with at least one unit
  size_t nsamples;
} design_t;

typedef struct {
  double rep, round, session;  // log-scale SDs; NaN when not estimable
} components_t;

typedef struct {
  level_t level;        // ROUND or SESSION
  double est, se, df;   // log scale: est = log median (or log speedup), se its standard error
  size_t n_sessions, n_rounds;  // units behind the estimate (the smaller side of a comparison)
  int paired;           // comparisons: 1 when paired by unit
  components_t comp;    // of one variant, or of the log ratio of a comparison
} estimate_t;

// Builds the design of group g of file f; only_session (or NULL) keeps that session's samples.
// Returns 0, or -1 when out of memory. nunits is 0 when nothing is left.
int design_build(const samples_file *f, const samples_group *g, const char *only_session,
                 design_t *d);
void design_free(design_t *d);

// The number of sessions of a that b also holds (by name).
size_t design_shared_sessions(const design_t *a, const design_t *b);
// Drops the units of d whose session other does not hold; nsessions and nsamples follow.
void design_keep_shared(design_t *d, const design_t *other);

// The level AUTO stands for: SESSION when a side has two sessions or more, else ROUND.
level_t design_auto_level(size_t nsessions_max);

// Estimate of one variant at level lv (ROUND or SESSION). se and df are NaN when the level has
// fewer than 2 units. Returns 0.
int design_estimate(const design_t *d, level_t lv, estimate_t *e);

// log(median_base / median_cand) at level lv: est > 0 means the candidate is faster. se and df
// are NaN when not estimable. Returns 0, or -1 when out of memory.
int design_compare(const design_t *b, const design_t *c, level_t lv, estimate_t *e);

// Two-sided p-value of est / se with df degrees of freedom (1 when est = 0 = se, 0 when only
// se = 0); NaN when se or df is NaN.
double design_p_value(double est, double se, double df);

// Half-width of the two-sided 1 - a interval: t_{1 - a/2, df} se (NaN when undefined).
double design_halfwidth(double se, double df, double a);
