// run_search_env.c — see run_search_env.h.
#include "session/run_search_env.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "session/run_env.h"

// K's value through GET as a count of LO..HI digits (NONZERO: the first not 0) into *OUT; else -1
// with the message
static int count(const char *(*get)(const char *), const char *k, const char *dflt, size_t hi, int nonzero, unsigned *out,
                 char *err, size_t n) {
  const char *v = run_val(get, k, dflt);
  if (!run_digits(v, 1, hi, nonzero))
    return run_errf(err, n, "%s: '%s' is not a count%s", k, v, nonzero ? " >= 1" : " (0 or more)");
  *out = (unsigned)strtoul(v, NULL, 10);
  return 0;
}

int run_search_env_parse(search_env *e, const char *exp, const char *(*get)(const char *), char *err, size_t n) {
  memset(e, 0, sizeof *e);
  e->exp = exp;
  e->b = run_env_exp_dir(get, exp, &e->b_root);
  e->out = run_fmt("%s/search", e->b);
  const char *v;
  e->search_bin = run_tool(get, "SEARCH_BIN", e->b_root, "search");
  e->gates = run_tool(get, "GATES", e->b_root, "gates");
  e->gatetab = run_tool(get, "GATETAB", e->b_root, "gatetab");
  if (!(e->shape = run_val(get, "SHAPE", NULL))) return run_errf(err, n, "%s: no shape (SHAPES is empty)", exp);
  e->variant_dir = run_val(get, "VARIANT_DIR", "");
  e->res = (v = run_val(get, "RESULTS_DIR", NULL)) ? v : run_fmt("results/%s", exp);
  e->log = (v = run_val(get, "SEARCH_LOG", NULL)) ? v : run_fmt("%s/trials.csv", e->res);
  e->code_src = strv_words(run_val(get, "CODE_SRC", ""));
  if (!e->code_src.n) return run_errf(err, n, "CODE_SRC: empty (make passes the sources a bench of %s is compiled from)", exp);
  e->nvcc = strv_words(run_val(get, "NVCC", "nvcc"));
  e->make_cmd = strv_words(run_val(get, "MAKE_CMD", "make"));
  e->strategy = run_val(get, "STRATEGY", "lhs+tpe");
  e->seed = run_val(get, "SEED", "42");
  if (!run_digits(e->seed, 1, 18, 0)) return run_errf(err, n, "SEED: '%s' is not a non-negative integer", e->seed);
  e->gpus = run_val(get, "GPUS", NULL);
  e->gpu_slug = run_val(get, "SEARCH_GPU", NULL);
  e->baseline = run_val(get, "BASELINE", NULL);
  if (!e->baseline) return run_errf(err, n, "%s: no BASELINE to confirm against", exp);
  e->baselines = strv_words(run_val(get, "BASELINES", ""));
  e->lib_bench = run_val(get, "LIB_BENCH", NULL);
  if (count(get, "INIT", "20", 6, 0, &e->init, err, n) || count(get, "MAX_TRIALS", "100", 6, 0, &e->max_trials, err, n) ||
      count(get, "BATCH", "8", 4, 1, &e->batch, err, n) || count(get, "JOBS", "16", 4, 1, &e->jobs, err, n) ||
      count(get, "TIME_BUDGET", "0", 9, 0, &e->time_budget, err, n) ||
      count(get, "SEARCH_REPS", "20", 9, 1, &e->search_reps, err, n) ||
      count(get, "CONFIRM_REPS", "100", 9, 1, &e->confirm_reps, err, n) || run_env_run_timeout(get, &e->run_timeout, err, n))
    return -1;
  v = run_val(get, "CONFIRM_ROUNDS", "10");
  if (!run_digits(v, 1, 4, 1)) return run_errf(err, n, "CONFIRM_ROUNDS: '%s' is not a count of rounds", v);
  e->confirm_rounds = (unsigned)atoi(v);
  // the confirmation session's id and order seed, checked now as it will check them: not after the trials
  int have_seed;
  uint64_t seed;
  if (run_env_session(get, &v, &have_seed, &seed, err, n)) return -1;
  run_env_timing(get, &e->warmup, &e->l2, &e->graph_calls);  // (as its confirmation session's)
  e->gate_arch = run_val(get, "GATE_ARCH", "sm_90");
  e->min_occupancy = run_val(get, "MIN_OCCUPANCY", "0");
  e->min_occupancy_cp_async = run_val(get, "MIN_OCCUPANCY_CP_ASYNC", "0");
  e->min_ctas = run_val(get, "MIN_CTAS", "0");
  e->sm_count = run_val(get, "SM_COUNT", "132");
  return 0;
}
