// calib.h — the smallest effect that matters (delta), from an A/A calibration.
//
// `stats aa` writes, per A/A pair and shape, the variance components of the log ratio of two
// identical variants measured in the same rounds (sd_round_pct: rounds within a session,
// sd_session_pct: sessions). A comparison of k sessions of n rounds in all then resolves, at
// alpha two-sided and 80% power, the minimum detectable effect
//     mde = exp((t_{1-alpha/2, df} + t_{0.8, df}) sqrt(s_session^2 / k + s_round^2 / n)) - 1
// with df = k - 1 at level session, n - 1 at level round (where the session part is left out:
// the comparison is conditional on its sessions). The calibration's largest components (over
// its pairs and shapes) stand for every shape: the noisiest measured pair bounds the rest.
#pragma once
#include <stddef.h>

#include "design.h"

typedef struct {
  char path[512];
  double sd_round, sd_session;  // log scale; sd_session NaN when the calibration had 1 session
  size_t rows, sessions;
} calib_t;

// Reads a calibration file; 0, or 2 after a message "stats: FILE:LINE: what" on stderr.
int calib_read(const char *path, calib_t *c);

// The minimum detectable effect (a relative change, e.g. 0.021) for a design of n_sessions
// sessions (level gpu: GPUs) and n_rounds rounds in all at level lv, or NaN when undefined (n
// too small: the caller then says so and uses the experiment's delta).
double calib_mde(const calib_t *c, level_t lv, size_t n_sessions, size_t n_rounds, double alpha);

// The same from a comparison's own standard error and degrees of freedom.
double mde_of(double se, double df, double alpha);
