// verdict.h — the verdict of one comparison row and the exit code of a run.
//   FAST       p < alpha, speedup_lo > 1 and speedup > 1 + threshold
//   SLOW       p < alpha, speedup_hi < 1 and speedup < 1 / (1 + threshold)
//   SAME       the speedup CI lies inside [1 / (1 + threshold), 1 + threshold]
//   AMBIGUOUS  otherwise (also when any input is NaN)
// Exit code: 1 if any row is SLOW, else 3 if any is AMBIGUOUS, else 0.
#pragma once
#include <stddef.h>

typedef enum { VERDICT_FAST, VERDICT_SLOW, VERDICT_SAME, VERDICT_AMBIGUOUS } verdict_t;

// The rule at the level of the design (rounds or sessions as units), with delta the smallest
// effect that matters (from the A/A calibration or the experiment):
//   FAST       p < alpha, the 1 - alpha CI of the speedup above 1 and the estimate above 1 + delta
//   SLOW       p < alpha, the CI below 1 and the estimate below 1 / (1 + delta)
//   SAME       the 1 - 2 alpha CI inside [1 / (1 + delta), 1 + delta] (two one-sided tests at alpha)
//   AMBIGUOUS  otherwise (also when any input is NaN)
verdict_t verdict_equivalence(double p, double alpha, double speedup, double lo, double hi,
                              double lo2, double hi2, double delta);

verdict_t verdict_decide(double p, double alpha, double speedup, double lo, double hi,
                         double threshold);
const char *verdict_name(verdict_t v);
int verdict_exit_code(const verdict_t v[], size_t n);
