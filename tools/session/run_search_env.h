// run_search_env.h — what `session search EXP` is asked, from the environment make passes
// (mk/search.mk): every value checked before anything runs. Pure: the values come through GET
// (getenv, or a table in the tests); nothing is read from disk. The meaning of each variable: the
// header comment of run_search.h.
#pragma once
#include "session/run_util.h"

typedef struct {
  const char *exp;
  const char *b_root;                 // B (build)
  char *b, *out;                      // B/EXP, B/EXP/search (the scratch)
  const char *res, *log;              // RESULTS_DIR (results/EXP), SEARCH_LOG (RES/trials.csv)
  char *search_bin, *gates, *gatetab; // the commands (defaults under B/tools)
  strv nvcc, make_cmd, code_src;      // NVCC's, MAKE_CMD's and CODE_SRC's words
  const char *shape, *variant_dir, *strategy, *seed;
  const char *gpus;                   // GPUS (NULL: unset, the GPU this runs on)
  const char *gpu_slug;               // SEARCH_GPU (NULL: asked of a bench)
  const char *baseline;               // BASELINE
  strv baselines;                     // BASELINES' words (the compiled ones among them)
  const char *lib_bench;              // LIB_BENCH (NULL: none)
  unsigned init, max_trials, batch, jobs, time_budget, search_reps, confirm_reps, confirm_rounds, run_timeout;
  const char *warmup, *l2, *graph_calls;
  // the static gates (as `make gates` judges them)
  const char *gate_arch, *min_occupancy, *min_occupancy_cp_async, *min_ctas, *sm_count;
} search_env;

// Fills E for experiment EXP from GET. 0, or -1 with the message (no "search: ") in ERR.
int run_search_env_parse(search_env *e, const char *exp, const char *(*get)(const char *), char *err, size_t errlen);
