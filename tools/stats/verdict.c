// verdict.c — see verdict.h.
#include "verdict.h"

verdict_t verdict_decide(double p, double alpha, double speedup, double lo, double hi,
                         double threshold) {
  double band_hi = 1 + threshold, band_lo = 1 / band_hi;
  if (p < alpha && lo > 1 && speedup > band_hi) return VERDICT_FAST;
  if (p < alpha && hi < 1 && speedup < band_lo) return VERDICT_SLOW;
  if (lo >= band_lo && hi <= band_hi) return VERDICT_SAME;
  return VERDICT_AMBIGUOUS;
}

const char *verdict_name(verdict_t v) {
  static const char *names[] = {"FAST", "SLOW", "SAME", "AMBIGUOUS"};
  return names[v];
}

int verdict_exit_code(const verdict_t v[], size_t n) {
  int ambiguous = 0;
  for (size_t i = 0; i < n; i++) {
    if (v[i] == VERDICT_SLOW) return 1;
    if (v[i] == VERDICT_AMBIGUOUS) ambiguous = 1;
  }
  return ambiguous ? 3 : 0;
}

verdict_t verdict_equivalence(double p, double alpha, double speedup, double lo, double hi,
                              double lo2, double hi2, double delta) {
  double band_hi = 1 + delta, band_lo = 1 / band_hi;
  if (p < alpha && lo > 1 && speedup > band_hi) return VERDICT_FAST;
  if (p < alpha && hi < 1 && speedup < band_lo) return VERDICT_SLOW;
  if (lo2 >= band_lo && hi2 <= band_hi) return VERDICT_SAME;
  return VERDICT_AMBIGUOUS;
}
