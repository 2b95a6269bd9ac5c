// check.h — the tiny test vocabulary every tests/test_<tool>.c uses.
// Each check prints "ok <what>" or "not ok <what>: detail"; tests/run.sh counts them.
#pragma once
#include <math.h>
#include <stdio.h>

static int check_failures;

#define CHECK(cond, what)                                                            \
  do {                                                                                \
    if (cond) printf("ok %s\n", what);                                                \
    else { printf("not ok %s: %s:%d: %s\n", what, __FILE__, __LINE__, #cond);         \
           check_failures++; }                                                        \
  } while (0)

// |got - want| <= tol * max(1, |want|)
#define CHECK_NEAR(got, want, tol, what)                                             \
  do {                                                                                \
    double g_ = (got), w_ = (want);                                                   \
    double s_ = fabs(w_) > 1 ? fabs(w_) : 1;                                          \
    if (fabs(g_ - w_) <= (tol) * s_ && g_ == g_) printf("ok %s\n", what);             \
    else { printf("not ok %s: got %.17g want %.17g (tol %g)\n", what, g_, w_,         \
                  (double)(tol)); check_failures++; }                                 \
  } while (0)

#define CHECK_DONE() return check_failures ? 1 : 0
