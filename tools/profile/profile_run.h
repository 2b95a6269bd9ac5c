// profile_run.h — one variant of `make profile` under Nsight Compute: its shape and main kernel
// (profile_pick.h), ncu with the metric list of ncu_metrics.h, run again up to 4 times with the
// metrics a failure named dropped (ncu_metrics.h; each failed run's log kept as OUT/V.tryN.log),
// each run stopped after PROFILE_TIMEOUT s (TERM, KILL 5 s later: exit 124 or 137, not retried);
// then its report read back as the raw page (OUT/raw/V.csv) and made tidy by ncu_csv (OUT/V.csv).
// Outputs under OUT = B/EXP/profile: V.ncu-rep (for the Nsight GUI), raw/V.csv, V.csv, V.log.
// Messages `profile: V: what` on stderr; ncu refused the GPU's counters (ERR_NVGPUCTRPERM) ends
// the command (exit 2).
#pragma once
#include <stddef.h>
#include "profile_env.h"
#include "session/run_proc.h"

// Profiles variant V, the I-th of N, with ncu NCU; the bench's samples go to TMP. 0 with OUT/V.csv
// written, or -1 having said why.
int pr_variant(const pf_settings *s, const char *ncu, const char *tmp, const char *v, size_t i, size_t n);
// ARGV run to its end with IO, stopped after LIMIT s (0: none) and stopped, then the command ended
// (128 + the signal), when a signal asks this command to stop; its exit status.
int pr_run(char *const argv[], const run_io *io, unsigned limit);
