// search_oracle.h — replay: the answer to every trial from a recorded exhaustive measurement,
// DATA/<variant>.csv raw sample files (as `make measure` writes them) and DATA/gates.csv.
// A configuration is measured (its latency: the median of its samples at the shape) when its
// sample file has the shape; gated (with its reason) when gates.csv rejects it; otherwise it is
// gated as `unmeasured` (counted and reported: a sweep that left configurations out).
#pragma once
#include <stddef.h>

#include "search_space.h"
#include "search_strategy.h"

typedef struct {
  sr_trial *t;  // per configuration: ok, y, reason (cfg = index)
  size_t ncfg, nok, nunmeasured;
  double best;  // the true best latency
  long best_cfg;
} sr_oracle;

// Returns 0, or -1 with err. Fails when no configuration is measured at SHAPE.
int sr_oracle_load(const sp_space *sp, const char *data, const char *shape, sr_oracle *o,
                   char *err, size_t errlen);
void sr_oracle_free(sr_oracle *o);

// Quantile of type 7 (R's default, numpy's linear) of sorted x[0..n), 0 <= p <= 1.
double sr_quantile(const double sorted[], size_t n, double p);
