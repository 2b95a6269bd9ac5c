// plot_ticks.c — tick values chosen from the data range (plot_ticks.h).
#include "plot_ticks.h"

#include <math.h>

size_t ticks_linear(double lo, double hi, size_t maxn, double v[]) {
  if (!isfinite(lo) || !isfinite(hi) || hi <= lo || maxn < 2) return 0;
  static const double mant[] = {1, 2, 2.5, 5};
  double p = pow(10, floor(log10((hi - lo) / (double)maxn)) - 1);
  for (int guard = 0; guard < 40; guard++, p *= 10)
    for (size_t m = 0; m < sizeof mant / sizeof mant[0]; m++) {
      double step = mant[m] * p, first = ceil(lo / step - 1e-9);
      size_t n = (size_t)(floor(hi / step + 1e-9) - first + 1);
      if (n > maxn || n > TICKS_MAX) continue;
      for (size_t i = 0; i < n; i++) {
        double t = (first + (double)i) * step;
        v[i] = fabs(t) < step * 1e-9 ? 0 : t;  // no "-0" or 1e-17 for zero
      }
      return n;
    }
  return 0;
}

size_t ticks_log(double lo, double hi, size_t minn, size_t maxn, double v[]) {
  if (!(lo > 0) || !isfinite(hi) || hi <= lo) return 0;
  static const double sets[][10] = {{1}, {1, 2, 5}, {1, 2, 3, 5, 7}, {1, 2, 3, 4, 5, 6, 7, 8, 9}};
  static const size_t nset[] = {1, 3, 5, 9};
  if (maxn > TICKS_MAX) maxn = TICKS_MAX;  // V holds TICKS_MAX
  for (size_t s = 0; s < 4; s++) {
    size_t n = 0;  // ticks in range so far; written to V while there is room
    for (double d = pow(10, floor(log10(lo))); d <= hi * 1.000001 && n <= maxn; d *= 10)
      for (size_t m = 0; m < nset[s] && n <= maxn; m++) {
        double t = sets[s][m] * d;
        if (t >= lo * 0.999999 && t <= hi * 1.000001) {
          if (n < maxn) v[n] = t;
          n++;
        }
      }
    if (n >= minn && n <= maxn) return n;
    if (n > maxn) break;  // finer sets only add ticks
  }
  return ticks_linear(lo, hi, maxn, v);
}

void ticks_put(FILE *f, const char *name, const double v[], size_t n) {
  fprintf(f, "%s = \"", name);
  for (size_t i = 0; i < n; i++) fprintf(f, "%s%.6g", i ? " " : "", v[i]);
  fprintf(f, "\"\n");
}
