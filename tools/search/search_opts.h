// search_opts.h — the command line of `search` (search_main.c): one option set shared by the
// commands; each command checks the ones it needs.
#pragma once
#include <stddef.h>

#include "search_log.h"
#include "search_strategy.h"

typedef struct {
  const char *cmd, *dir, *log, *variant, *samples, *gated, *data, *out, *curves, *compare,
      *summary, *baseline, *exp, *filed_as;
  const char *shapes[16];
  size_t nshapes;
  slog_key key;
  sr_opts so;
  size_t batch, max_trials, seeds, trials;
  double tol;
} search_opts;

// Parses argv (argv[1] is the command). Returns 0, or 2 after a message on stderr.
int search_parse(int argc, char **argv, search_opts *o);
// 2 after "search: CMD: --OPT is required" when v is NULL, else 0.
int search_need(const search_opts *o, const char *v, const char *opt);
