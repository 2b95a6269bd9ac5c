// test_plot_ticks.c — the ticks of tools/report/plot_ticks.c against ticks worked out by hand:
// the speedups of an A/A (0.9938 to 1.0107: the old figure printed 0.0005 steps that ran
// together), a forest of 0.72 to 1.6, latencies of 8 to 45 µs on a log axis (the old one spanned
// 1 to 100 µs with three ticks), a log axis over 0.4 to 8, and the refusals.
#include <string.h>

#include "check.h"
#include "report/plot_ticks.h"

static int same(const double *got, size_t n, const double *want, size_t m) {
  if (n != m) return 0;
  for (size_t i = 0; i < n; i++)
    if (fabs(got[i] - want[i]) > 1e-9 * fmax(1, fabs(want[i]))) return 0;
  return 1;
}

int main(void) {
  double v[TICKS_MAX];
  size_t n;
  // 0.9938 .. 1.0107 with at most 6: step 0.005 gives 0.995 .. 1.01 (4 ticks); 0.0025 would give 7
  n = ticks_linear(0.9938, 1.0107, 6, v);
  CHECK(same(v, n, (double[]){0.995, 1, 1.005, 1.01}, 4), "linear: an A/A's 0.994-1.011 in steps of 0.005");
  n = ticks_linear(0.72, 1.6, 7, v);
  CHECK(same(v, n, (double[]){0.8, 1, 1.2, 1.4, 1.6}, 5), "linear: 0.72-1.6 in steps of 0.2 (0.1 would give 9)");
  n = ticks_linear(0, 10, 6, v);
  CHECK(same(v, n, (double[]){0, 2, 4, 6, 8, 10}, 6), "linear: 0-10 with at most 6 in steps of 2");
  n = ticks_linear(0, 10, 5, v);
  CHECK(same(v, n, (double[]){0, 2.5, 5, 7.5, 10}, 5), "linear: 0-10 with at most 5 in steps of 2.5");
  n = ticks_linear(-1, 1, 3, v);
  CHECK(same(v, n, (double[]){-1, 0, 1}, 3) && !signbit(v[1]), "linear: -1-1 in steps of 1, no -0");
  CHECK(ticks_linear(1, 1, 5, v) == 0, "linear: an empty range has no ticks");
  CHECK(ticks_linear(0, NAN, 5, v) == 0, "linear: NaN has no ticks");
  CHECK(ticks_linear(0, 1, 1, v) == 0, "linear: fewer than 2 allowed is refused");
  // log 8..45: {1} none, {1,2,5} 10 20 (2 < 3), {1,2,3,5,7} 10 20 30 (3)
  n = ticks_log(8, 45, 3, 8, v);
  CHECK(same(v, n, (double[]){10, 20, 30}, 3), "log: 8-45 µs gets 10, 20, 30");
  n = ticks_log(0.4, 8, 4, 8, v);
  CHECK(same(v, n, (double[]){0.5, 1, 2, 5}, 4), "log: 0.4-8 gets 0.5, 1, 2, 5");
  n = ticks_log(0.05, 2000, 4, 8, v);
  CHECK(same(v, n, (double[]){0.1, 1, 10, 100, 1000}, 5), "log: five decades get the powers of ten");
  // 100..130: every mantissa set gives 100 alone: linear, at most 4: 100 110 120 130
  n = ticks_log(100, 130, 3, 4, v);
  CHECK(same(v, n, (double[]){100, 110, 120, 130}, 4), "log: a range too narrow for any set falls back to linear");
  CHECK(ticks_log(0, 10, 3, 8, v) == 0, "log: a range from 0 is refused");
  // 40 decades: even the powers of ten are 41 ticks, more than V holds: never written past
  // TICKS_MAX (a guard below V), and linear ticks within MAXN instead
  double big[TICKS_MAX + 1];
  big[TICKS_MAX] = -7;
  n = ticks_log(1e-20, 1e20, 3, 64, big);
  CHECK(big[TICKS_MAX] == -7 && n >= 2 && n <= TICKS_MAX, "log: a range of more decades than V holds writes at most TICKS_MAX ticks");
  // 1e0..1e31: 32 powers of ten, exactly TICKS_MAX, fit when MAXN allows
  n = ticks_log(1, 1e31, 3, 64, big);
  CHECK(n == TICKS_MAX && big[0] == 1 && big[TICKS_MAX] == -7, "log: exactly TICKS_MAX powers of ten, all written, none past V");
  char buf[128] = "";
  FILE *f = fmemopen(buf, sizeof buf, "w");
  ticks_put(f, "xtv", (double[]){0.8, 1, 1.25}, 3);
  fclose(f);
  CHECK(!strcmp(buf, "xtv = \"0.8 1 1.25\"\n"), "ticks_put: a gnuplot word list of the labels");
  CHECK_DONE();
}
