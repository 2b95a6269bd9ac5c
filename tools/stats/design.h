// design.h — the levels of a timing experiment and estimation at the level where it varies.
//
// A sample file holds reps (one timed replay each) within rounds (one process each) within
// sessions (one measure run each) within GPUs (the physical device, the gpu_uuid of the session's
// header line). Reps of one process share its offset, processes of one session share the
// session's, sessions of one GPU share the GPU's (identical GPUs differ by several per cent), so
// a confidence interval that pools a lower level is too narrow for a claim about the level above.
// A session without a recorded GPU (older files) counts as a GPU of its own.
//
// Model, on the log scale: u_gsj = mu + a_g + s_gs + r_gsj + e, GPU g, session s, round j, a s r
// normal random effects, e the sampling error of a round's median. A session's value is the mean
// of its rounds' units, a GPU's the mean of its sessions', and the estimate of mu is the mean of
// the GPU means (each GPU weighs the same). The standard error at each level:
//   gpu      the spread of the GPU means, G - 1 degrees of freedom: a claim about a new GPU of the
//            model (exact for balanced designs under the model; valid, wide, with 2 GPUs);
//   session  sessions on distinct GPUs: the spread of the session means, k - 1 df (the GPU and
//            the session cannot be told apart: this is the gpu level). Sessions nested in GPUs:
//            the pooled spread of the session means within their GPUs, sum(S_g - 1) df, as
//            var = s_w^2 sum(1 / S_g) / G^2 — conditional on the GPUs measured (their offsets
//            are fixed, not drawn);
//   round    the spread of the rounds, n - 1 df: conditional on the sessions measured.
// Level auto: round with one session; gpu when sessions repeat on a GPU and there are 3 GPUs
// or more; session otherwise (with fewer than 3 GPUs the interval is conditional on them:
// estimate_t.conditional says so). tests/stats/test_design.c checks coverage by simulation,
// nesting, imbalance and few GPUs included.
//
// Comparisons pair by unit when both sides ran in the same units (every round of one measure run
// times every variant once): the difference of logs per round (or per session, then nested in
// the GPUs) removes the shared offsets. Otherwise the two sides are independent (Welch).
//
// Variance components (log-scale SDs, ~ relative SDs): rep = pooled robust SD within a round
// (1.4826 MAD of log t); round = SD of round units within sessions less the sampling variance of a
// round median (pi/2 sigma_rep^2 / reps, the normal approximation); session = SD of session means
// within GPUs less the round part; gpu = SD of GPU means less the session part (method of
// moments, truncated at 0). Sessions on distinct GPUs: session holds both, gpu is NaN. NaN where
// the design has no replicate at that level.
#pragma once
#include <stddef.h>

#include "samples/samples.h"

typedef enum { LEVEL_AUTO, LEVEL_SAMPLE, LEVEL_ROUND, LEVEL_SESSION, LEVEL_GPU } level_t;

const char *level_name(level_t l);

typedef struct {
  unsigned session;  // index into the file's sessions
  unsigned round;
  double u;          // log of the round's median time
  double rep_var;    // robust variance of log t within the round (0 with one rep)
  size_t nrep;
  double clk_min;    // the lowest SM clock of its reps (MHz); NaN when one is not recorded
} unit_t;

typedef struct {
  const samples_file *file;
  unit_t *units;     // ordered by session (first appearance in the file), then round
  size_t nunits;
  size_t nsessions;  // sessions with at least one unit
  size_t nsamples;
  unsigned *gpu;     // the GPU of each of the file's sessions (ids local to this design)
  size_t ngpus;      // GPUs with at least one unit
} design_t;

typedef struct {
  double rep, round, session, gpu;  // log-scale SDs; NaN when not estimable
} components_t;

typedef struct {
  level_t level;        // ROUND or SESSION
  double est, se, df;   // log scale: est = log median (or log speedup), se its standard error
  size_t n_gpus, n_sessions, n_rounds;  // units behind the estimate (a comparison: the smaller
                                         // side)
  int paired;           // comparisons: 1 when paired by unit
  int conditional;      // 1 when the interval holds for the GPUs measured only (fewer than 3,
                        // or a level below the GPU with sessions nested in GPUs)
  components_t comp;    // of one variant, or of the log ratio of a comparison
} estimate_t;

// Builds the design of group g of file f; only_session (or NULL) keeps that session's samples.
// Each session's GPU comes from the file's header (samples_session_gpu).
// Returns 0, or -1 when out of memory. nunits is 0 when nothing is left.
int design_build(const samples_file *f, const samples_group *g, const char *only_session,
                 design_t *d);
// The same, keeping only the sessions whose header line says plan=PLAN (NULL: every session).
int design_build_plan(const samples_file *f, const samples_group *g, const char *only_session,
                      const char *plan, design_t *d);
// 1 when d holds more GPUs, or more sessions on a GPU, than plan NAME/GxSxR allows (0 when plan
// is NULL or not of that form).
int design_beyond_plan(const design_t *d, const char *plan);
void design_free(design_t *d);
// A copy of src in dst (its own units and GPU ids): 0, or -1 out of memory.
int design_copy(const design_t *src, design_t *dst);

// The number of sessions of a that b also holds (by name).
size_t design_shared_sessions(const design_t *a, const design_t *b);
// Drops the units of d whose session other does not hold; nsessions and nsamples follow.
void design_keep_shared(design_t *d, const design_t *other);

// Clock sensitivity: drops the units of d with a rep below mhz (or whose clock was not
// recorded); returns how many units are left.
size_t design_keep_full_clock(design_t *d, double mhz);
// Drops the units of d whose (session, round) other does not hold, so that the two pair by round.
void design_keep_shared_rounds(design_t *d, const design_t *other);

// The level AUTO stands for, for one design (b NULL) or a comparison: ROUND when no side has
// two sessions, GPU when sessions repeat on a GPU and there are 3 GPUs or more, else SESSION.
level_t design_auto_level(const design_t *a, const design_t *b);

// 1 when some GPU of d holds two sessions or more.
int design_nested(const design_t *d);

// Session values of d (the mean of each session's round units, sessions in order) into v and
// their GPUs into g (room for d->nsessions each); returns their number.
size_t design_session_values(const design_t *d, double *v, unsigned *g);

// The nested summary of k session values v with GPU labels g: the estimate (mean of GPU means),
// the variance of the GPU means s2_gpu (G - 1 df; NaN with one GPU), the pooled variance of the
// sessions within their GPUs s2_within (dfw = sum(S_g - 1) df; NaN when 0), h = mean of 1 / S_g.
typedef struct {
  double est, s2_gpu, s2_within, h, inv_sum;  // inv_sum = sum over GPUs of 1 / S_g
  size_t G, k, dfw;
} nested_t;
void design_nested_summary(const double *v, const unsigned *g, size_t k, nested_t *o);

// Estimate of one variant at level lv (ROUND, SESSION or GPU). se and df are NaN when the level has
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
