// predict.h — is a fresh session a plausible new member of a published design?
//
// The published sessions (values v: a session's mean log time, or its mean log speedup over
// the rounds it paired) are nested in G GPUs (design.h's model: a GPU offset, a session offset,
// round noise). A fresh session on a GPU the data has not seen draws a new GPU offset and a new
// session offset, so its value f differs from the published estimate mu (the mean of the GPU
// means) by D = f - mu with, under "nothing changed",
//     Var(D) = Var(mu) + Var(one session on a new GPU)
//            = s_G^2 / G + s_G^2 + s_w^2 (1 - h)                       (m = 1 fresh session)
// where s_G^2 is the variance of the GPU means (G - 1 df), s_w^2 the pooled variance of sessions
// within their GPUs (sum(S_g - 1) df) and h the mean of 1 / S_g: a GPU mean of S_g sessions has
// variance sigma_a^2 + sigma_s^2 / S_g, one session sigma_a^2 + sigma_s^2, and s_w^2 estimates
// sigma_s^2 (both include the round noise, the fresh session being timed as a published one
// was). Fresh sessions on m_G new GPUs, n_g on each: the fresh value is the mean of their GPU
// means and its part is (s_G^2 + s_w^2 (mean(1 / n_g) - h)) / m_G (the second term left out
// where it would be negative). The
// degrees of freedom are Satterthwaite's. Published on one GPU only, the prediction is
// conditional on it: Var(D) = s_w^2 (1 / k + 1 / m), sum(S_g - 1) df, and a new GPU's offset is
// not in it (the ratio of two variants timed in the same rounds, where the offset cancels, is
// the question such data can answer). tests/stats/test_nested.c checks the interval's coverage,
// and the verdicts, by simulation.
//
// Verdicts on the shift exp(D) (for a time: published / fresh, so that < 1 is slower), with
// delta the smallest change that matters:
//   SLOW       the 1 - alpha interval of the shift lies below 1 / (1 + delta)
//   FAST       it lies above 1 + delta
//   SAME       the fresh session is a plausible new member of the published design: the 1 -
//              alpha interval holds 1 and the shift itself lies inside [1 / (1 + delta), 1 +
//              delta] (SAME_MEMBER); or the 1 - 2 alpha interval lies inside that band (two
//              one-sided tests, SAME_EQUIVALENT: the design could have told a change of delta).
//              A member whose interval is wider than the band says so through
//              predict_slow_mde: the drop such a row reads SLOW with 80% power.
//   AMBIGUOUS  otherwise; predict_resolution says what would resolve it.
// A member's SAME is what "nothing changed" gives in about 1 - alpha of fresh sessions where the
// GPUs' spread is well inside delta, fewer where a GPU alone moves the value by about delta
// (tests/stats/test_nested.c measures both); an equivalence alone would read AMBIGUOUS at every
// row whose published GPUs spread wider than delta, whatever the fresh session gives.
#pragma once
#include <stddef.h>

#include "verdict.h"

typedef struct {
  double d, se, df;     // D, sqrt(Var(D)), its degrees of freedom (se NaN: not estimable)
  double published;     // mu
  double fresh;         // the fresh sessions' mean
  double s2_gpu, s2_within, h;
  size_t G, k, m, mg;   // published GPUs and sessions, fresh sessions and GPUs
  double hf;            // the mean of 1 / sessions over the fresh GPUs
  int conditional;      // published on one GPU: a new GPU's offset is not in the interval
} prediction_t;

// The prediction of m fresh session values fv on GPUs fg from k published values v on GPUs g
// (the fresh value: the mean of its GPUs' means). published, fresh, d and se are NaN when a side
// has no session.
void predict_new_session(const double *v, const unsigned *g, size_t k, const double *fv,
                         const unsigned *fg, size_t m, prediction_t *p);

typedef enum { SAME_NOT = 0, SAME_MEMBER = 1, SAME_EQUIVALENT = 2, SAME_BOTH = 3 } same_by_t;

// The verdict on sign * D (sign -1 for times) and its intervals (exp scale; NaN when se is);
// *by (may be NULL): on what grounds a SAME stands.
verdict_t predict_verdict(const prediction_t *p, int sign, double alpha, double delta,
                          double *lo, double *hi, double *lo2, double *hi2, same_by_t *by);

// The drop of the shift (a fraction: 0.05 is a shift of 0.95; for a time, 1/0.95 - 1 = 5.3% more
// time) that reads SLOW in 80% of fresh sessions at this spread: (1 + delta) e^(h + t(0.8) se) in
// the shift's terms, the minimum detectable effect of the row (the A/A calibration's power). A
// SAME of a row cannot rule out a drop below it. NaN when the interval is not estimable.
double predict_slow_mde(const prediction_t *p, double alpha, double delta);

// What would resolve an AMBIGUOUS prediction, into buf (one sentence).
void predict_resolution(const prediction_t *p, double alpha, double delta, char *buf, size_t n);
