// predict.c — see predict.h.
#include "predict.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdio.h>

#include "design.h"

// Var(D) and its df for G published GPUs of the same spreads and mg fresh GPUs (hf: the mean of
// 1 / sessions over the fresh GPUs).
static void variance(const prediction_t *p, double G, double mg, double hf, double *var, double *df) {
  *var = *df = NAN;
  if (p->G >= 2) {
    // a fresh GPU mean of n sessions: sigma_a^2 + sigma_s^2 / n = s_G^2 + s_w^2 (1 / n - h)
    double a = p->s2_gpu * (1 / G + 1 / mg), dfa = G - 1;
    double b = p->k > p->G && !isnan(p->s2_within) ? p->s2_within * (hf - p->h) / mg : 0;
    if (b < 0) b = 0;  // fresh GPUs of more sessions than the published: left out (conservative)
    double dfb = (double)(p->k - p->G);
    *var = a + b;
    *df = b > 0 ? (a + b) * (a + b) / (a * a / dfa + b * b / dfb) : dfa;
    if (!(*var > 0)) *df = dfa;  // no spread at all: the GPU df stand
  } else if (p->k >= 2 && !isnan(p->s2_within)) {
    *var = p->s2_within * (1 / (double)p->k + hf / mg);
    *df = (double)(p->k - 1);
  }
}

void predict_new_session(const double *v, const unsigned *g, size_t k, const double *fv,
                         const unsigned *fg, size_t m, prediction_t *p) {
  nested_t N, F;
  design_nested_summary(v, g, k, &N);
  design_nested_summary(fv, fg, m, &F);  // the fresh sessions nested in their GPUs
  *p = (prediction_t){.published = k ? N.est : NAN, .fresh = m ? F.est : NAN, .s2_gpu = N.s2_gpu,
                      .s2_within = N.s2_within, .h = N.h, .G = N.G, .k = k, .m = m, .mg = F.G,
                      .hf = F.h, .conditional = N.G == 1};
  p->d = p->fresh - p->published;
  double var;
  p->df = NAN;
  if (k && m) variance(p, (double)N.G, (double)F.G, F.h, &var, &p->df);
  p->se = k && m ? sqrt(var) : NAN;
}

verdict_t predict_verdict(const prediction_t *p, int sign, double alpha, double delta,
                          double *lo, double *hi, double *lo2, double *hi2, same_by_t *by) {
  *lo = *hi = *lo2 = *hi2 = NAN;
  if (by) *by = SAME_NOT;
  double h = design_halfwidth(p->se, p->df, alpha), h2 = design_halfwidth(p->se, p->df, 2 * alpha);
  if (isnan(h) || isnan(p->d) || isnan(delta)) return VERDICT_AMBIGUOUS;
  double d = sign * p->d, band = log1p(delta);
  *lo = exp(d - h), *hi = exp(d + h), *lo2 = exp(d - h2), *hi2 = exp(d + h2);
  if (d + h < -band) return VERDICT_SLOW;
  if (d - h > band) return VERDICT_FAST;
  int member = d - h <= 0 && 0 <= d + h && fabs(d) <= band;
  int equivalent = d - h2 >= -band && d + h2 <= band;
  if (by) *by = (same_by_t)(member * SAME_MEMBER + equivalent * SAME_EQUIVALENT);
  return member || equivalent ? VERDICT_SAME : VERDICT_AMBIGUOUS;
}

double predict_slow_mde(const prediction_t *p, double alpha, double delta) {
  // the interval's half-width, and t(0.8) se more: where the 1 - alpha interval lies below the
  // band in 80% of fresh sessions (the power the A/A calibration's MDE takes, calib.c)
  double h = design_halfwidth(p->se, p->df, alpha), power = design_halfwidth(p->se, p->df, 0.4);
  return isnan(h) || isnan(power) ? NAN : -expm1(-(log1p(delta) + h + power));
}

void predict_resolution(const prediction_t *p, double alpha, double delta, char *buf, size_t n) {
  double band = log1p(delta), room = band - fabs(p->d);
  if (isnan(p->se)) {
    snprintf(buf, n, "%zu published session(s) on %zu GPU(s) give no spread to predict a new "
             "session from: publish sessions on 3 GPUs or more", p->k, p->G);
    return;
  }
  if (room <= 0) {
    snprintf(buf, n, "the fresh value is %.2f%% from the published one, beyond delta = %.2f%%, "
             "yet inside what the published spread allows: fresh sessions on more GPUs tell a "
             "change from a GPU's offset", 100 * fabs(expm1(p->d)), 100 * delta);
    return;
  }
  // the fewest published GPUs (at this spread), then fresh sessions, whose interval fits
  // (fresh GPUs first, one session each, then published GPUs)
  for (size_t m = p->mg < 16 ? p->mg : 16; m <= 16; m++)
    for (size_t G = p->G < 2 ? 2 : p->G; G <= 64; G++) {
      double var, df;
      prediction_t q = *p;
      q.G = G;
      q.k = p->k - p->G + G;  // as many repeated sessions as now
      if (p->G < 2) q.s2_gpu = p->s2_within, q.k = G;  // one GPU: its session spread stands in
      variance(&q, (double)G, (double)m, 1, &var, &df);
      if (design_halfwidth(sqrt(var), df, 2 * alpha) > room) continue;
      char fresh[80] = "";
      if (m > p->mg) snprintf(fresh, sizeof fresh, " and %zu fresh sessions on as many GPUs", m);
      snprintf(buf, n, "the %.0f%% prediction interval is wider than +-%.2f%% around the fresh "
               "value: at this spread about %zu published GPUs (now %zu)%s would resolve it",
               100 * (1 - 2 * alpha), 100 * delta, G, p->G, fresh);
      return;
    }
  double s2 = (isnan(p->s2_gpu) ? 0 : p->s2_gpu) + (isnan(p->s2_within) ? 0 : p->s2_within);
  snprintf(buf, n, "the spread of one session on a new GPU (%.2f%%) is too large for delta = "
           "%.2f%%: no design of up to 64 GPUs and 16 fresh ones resolves it; a larger DELTA would",
           100 * sqrt(s2), 100 * delta);
}
