// test_exp2_poly.c — the softmax's polynomial 2^x (kernels/attention/exp2_poly.h) against the C
// library's exp2 in double: relative error within the fit's 7.5e-5 (plus fp32 rounding) on every
// 2^-12 step of [-124, 0], at the half-way points and a little above 0; the clamp below -125,
// -inf and NaN; exact exponents (the shift of n into the exponent field) at whole x, where only
// 2^0's fit error stays.
#include "check.h"
#include "exp2_poly.h"

static double rel(float x) {
  const double want = exp2((double)x);
  return fabs((double)exp2_poly(x) - want) / want;
}

int main(void) {
  double worst = 0, worst_x = 0;
  for (long k = 0; k <= 124L * 4096; k++) {  // every 2^-12 from 0 down to -124
    const float x = -(float)k / 4096.0f;
    const double e = rel(x);
    if (e > worst || e != e) worst = e, worst_x = x;
  }
  printf("# worst relative error %.3e at x = %.6f\n", worst, worst_x);
  CHECK(worst <= 7.6e-5, "relative error <= 7.6e-5 on [-124, 0] (every 2^-12)");
  CHECK(worst >= 7.0e-5, "the fit's error is reached (the grid sees the extremes of the cubic)");

  // whole x: f = 0, so the result is C0 * 2^n exactly (C0 = 0.99992806)
  int whole = 1;
  for (int n = 0; n >= -124; n--)
    if (exp2_poly((float)n) != ldexpf(EXP2P_C0, n)) whole = 0;
  CHECK(whole, "x = 0, -1, ..., -124: C0 * 2^x exactly (the exponent field takes n)");

  // the half-way points, where the rounding picks n or n - 1 and f = +-1/2: within the bound
  // whichever way the tie goes
  int half = 1;
  for (int n = 0; n > -124; n--) {
    const float x = (float)n - 0.5f;
    if (!(rel(x) <= 7.6e-5)) half = 0;
  }
  CHECK(half, "x = n - 1/2: within the bound");

  // x a little above 0 (s·scale - max can round there) and up to 1/2
  CHECK(rel(1e-7f) <= 7.6e-5 && rel(1e-3f) <= 7.6e-5 && rel(0.25f) <= 7.6e-5 && rel(0.5f) <= 7.6e-5,
        "x in (0, 1/2]: within the bound");
  // x in (0, 8]: with LAZY_RESCALE a row's stale maximum lets x reach 8 (P up to 256); every 2^-12
  double up = 0;
  for (long k = 1; k <= 8L * 4096; k++) {
    const double e = rel((float)k / 4096.0f);
    if (e > up || e != e) up = e;
  }
  CHECK(up <= 7.6e-5, "relative error <= 7.6e-5 on (0, 8] (every 2^-12, lazy rescaling's range)");
  // NaN: fmaxf drops it, so the clamp's value (the special-function unit's ex2 would give NaN)
  CHECK(exp2_poly(NAN) == ldexpf(EXP2P_C0, -125), "NaN gives C0 * 2^-125");

  // just below a whole number and just above the clamp
  CHECK(rel(-1e-7f) <= 7.6e-5 && rel(-0.999999f) <= 7.6e-5, "next to 0 and to -1");
  CHECK(rel(-124.99f) <= 7.6e-5, "x = -124.99: a normal result within the bound");

  // the clamp: -125 and below (and -inf, a masked score) give 2^-125 * C0
  const float lo = ldexpf(EXP2P_C0, -125);
  CHECK(exp2_poly(-125.0f) == lo, "x = -125: C0 * 2^-125");
  CHECK(exp2_poly(-126.5f) == lo && exp2_poly(-1e30f) == lo, "x < -125 clamps to -125");
  CHECK(exp2_poly(-INFINITY) == lo, "-inf (a masked score) clamps to -125, not NaN");
  CHECK_DONE();
}
