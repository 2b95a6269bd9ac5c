// search_log.h — the trial log of a search: an append-only CSV, one row per finished trial,
//   # cudadent42 search trials v1
//   kernel_hash,gpu,nvcc,shape,flags,variant,strategy,seed,verdict,reason,median_us,reps,date
// keyed by (kernel_hash, gpu, nvcc, shape, flags): a row answers any later search with the same
// kernel sources, GPU, compiler and shape, so a rerun measures nothing and a killed search
// resumes. verdict is pass (median_us over reps samples) or reject (reason: a gate name,
// median_us and reps empty). Rows are appended with one write(2) each; a last line without its
// newline (a write cut short) is ignored with a warning.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "search_space.h"
#include "search_strategy.h"

typedef struct {
  const char *kernel_hash, *gpu, *nvcc, *shape;
} slog_key;

// The trials of KEY whose flags are a configuration of SP, in file order (a configuration seen
// again keeps its first row). A missing file is an empty history. Returns 0, or -1 with err
// ("FILE:LINE: what").
int slog_read(const char *path, const slog_key *key, const sp_space *sp, sr_trial **out,
              size_t *n, char *err, size_t errlen);

// Appends one row (reason NULL for a pass). Returns 0, or -1 with err.
int slog_append(const char *path, const slog_key *key, const sp_space *sp, size_t cfg,
                const char *strategy, uint64_t seed, const char *reason, double median_us,
                size_t reps, char *err, size_t errlen);

// 1 when s is a valid key field or gate reason: [A-Za-z0-9_.+:-]+ (no comma, quote, space).
int slog_field_ok(const char *s);
