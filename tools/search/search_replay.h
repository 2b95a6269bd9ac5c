// search_replay.h — the strategy comparison on a recorded landscape (no GPU): every strategy
// is run for seeds seed0, seed0+1, ...; a trial is answered by the oracle (search_oracle.h).
// Evaluations to come within tol of the true best: the 1-based trial count (gated trials
// count: they cost a build) at which the best latency so far is <= (1 + tol) x the best.
#pragma once
#include <stdint.h>
#include <stdio.h>

#include "search_oracle.h"
#include "search_strategy.h"

// One run. curve[0..T) receives best-so-far / true best after each trial (INFINITY before the
// first measured one; the last value carried on when the space runs out). Returns the
// evaluations to come within tol (the run goes on past T until then; the space is finite).
size_t sr_replay_one(const sp_space *sp, const sr_opts *o, const sr_oracle *or, size_t batch,
                     double tol, size_t T, double curve[]);

// All three strategies over `seeds` seeds: one CSV row per strategy to csv
// (strategy,shape,median_evals,q1_evals,q3_evals,seeds; type-7 quartiles), and the curves
// (trial, then median, q1, q3 of best-so-far/best per strategy; NaN where undefined) as one
// whitespace-separated block to curves. Returns 0.
int sr_replay(const sp_space *sp, const sr_opts *o, const sr_oracle *or, const char *shape,
              size_t seeds, size_t batch, double tol, size_t T, FILE *csv, FILE *curves);
