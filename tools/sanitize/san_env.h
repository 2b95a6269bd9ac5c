// san_env.h — what `make sanitize` asks, from the environment mk/sanitize.mk passes, every value
// checked before anything runs. Pure: the values come through GET (getenv, or a table in the tests).
//   B                build directory (build); the experiment's is B/EXP
//   GATETAB          the gate table's command (B/tools/gatetab)
//   DATA_OUT         where the table is published, DATA_OUT/EXP/<gpu>/sanitize.csv (data)
//   GIT_REV          the commit, recorded in the table's header (unknown)
//   SANITIZE_SHAPES  shapes to use where the variant runs them (the experiment's edge cases)
//   SANITIZE_SHAPES_<TOOL>  a tool's own list in place of it (TOOL upper case, e.g. RACECHECK: its
//                    cost grows with the shared-memory accesses, so it may need smaller shapes)
//   SAN_SHAPES       else how many of the smallest (2; 1..999)
//   SAN_TOOLS        compute-sanitizer's tools, each once (memcheck racecheck initcheck synccheck)
//   SAN_TIMEOUT      seconds a run may take (300; 0: no limit)
//   SAN_JOBS         sanitizer processes at a time (1; 1..999): sanitized processes share a GPU well
//   GPU_LOCK_HELD    non-empty: a caller holds the GPU's lock already (else make sanitize takes it)
#pragma once
#include <stddef.h>
#include "session/run_util.h"

typedef struct {
  const char *exp, *b_root, *data_out, *git_rev, *want;
  char *b, *gatetab;  // B/EXP, the command
  strv tools;
  strv want_of;  // per tool of TOOLS, in its order: SANITIZE_SHAPES_<TOOL> where set, else WANT
  unsigned shapes, timeout, jobs;
  int lock_held;
} san_env;

// the tools SAN_TOOLS may name, space-separated (its default)
extern const char SAN_ALL_TOOLS[];

// Fills E for experiment EXP from GET. 0, or -1 with the message (no "sanitize: ") in ERR.
int san_env_parse(san_env *e, const char *exp, const char *(*get)(const char *), char *err, size_t n);
void san_env_free(san_env *e);
