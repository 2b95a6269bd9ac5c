// report_primary.h — the opening of section A.0, in both documents (report_primary.c): the claims
// one experiment declares (PRIMARY), stated with their scope (which build against which library
// and its version, at which shapes, on kernel or call time, on how many GPUs × sessions × rounds ×
// reps, Δ and where it came from), then one table of them: each side's median, our TFLOPS and
// share of the measured roof, the speedup with its 95% CI, the verdict and Δ.
#pragma once
#include "report_keyclaims.h"

// writes the statement and table of K's declared claims; 1 when it has any (a primary row of
// one of its comparison tables), else 0 and nothing written
int primary_opening(gen *g, const kc_exp *k);
