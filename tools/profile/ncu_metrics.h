// ncu_metrics.h — the metric list `make profile` asks Nsight Compute for, and what a failed run
// drops from it before ncu runs again. The names are profile_metrics.h's (pm_defs): the core ones
// in that order, then the EXTRA ones (totals over all shared-memory operations, the cp.async
// (LDGSTS) counters and the bytes-per-sector ratios), which a GPU or an ncu version may not know.
// A run that fails with "==ERROR== Failed to find metric regex:^BASE\.(sum|…)$" (or "Failed to
// find metric BASE…") drops every metric of base name BASE (the name up to its first '.');
// a failure that names no metric drops the EXTRA ones.
#pragma once
#include <stddef.h>
#include "session/run_util.h"

// The whole list: core, then EXTRA (appended to *out).
void nm_metric_list(strv *out);
// Whether NAME (an ncu metric name) is one of the EXTRA ones.
int nm_is_extra(const char *name);
// The base name of the first metric that LOG (an ncu run's output) says ncu could not find, into
// OUT (of N bytes): 1, or 0 when the log names none.
int nm_missing(const char *log, char *out, size_t n);
// The first line of LOG holding "==ERROR==" or "error", at most N - 1 bytes of it, into OUT ("" when
// none): what a retry's message quotes.
void nm_error_line(const char *log, char *out, size_t n);
// *METRICS after a failed run: without the metrics of base name MISS, or without the EXTRA ones
// when MISS is "" (the order of the rest kept). The number dropped (0: a new run cannot help).
size_t nm_drop(strv *metrics, const char *miss);
// The metrics joined with commas, as --metrics takes them (malloc'd).
char *nm_join(const strv *metrics);
