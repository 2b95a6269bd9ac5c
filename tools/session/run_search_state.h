// run_search_state.h — one search's state, shared by its steps (run_search.c runs the batches,
// run_search_setup.c finds the key and builds, run_search_trial.c times a lane's trials,
// run_search_confirm.c the confirmation).
// Not a library interface: the steps of one command, in files of one concept each.
#pragma once
#include <sys/types.h>
#include <time.h>
#include "session/run_proc.h"
#include "session/run_search_env.h"
#include "session/run_util.h"

typedef struct {
  search_env e;
  char hash[17], nvcc[32];
  char *gpu;          // the GPU's slug
  strv common;        // the search command's key and strategy options
  strv lanes;         // the GPU indices the trials are timed on, one worker each
  int visible;        // 1 (GPUS given): a lane's runs see its GPU alone
  int lib;            // 1: BASELINE is a library baseline (run by LIB_BENCH)
  time_t start;
  pid_t owner;        // the search's own process (not a worker)
  run_child cur;      // the process this one waits for (a build, a timing run, the confirmation)
} search_run;

// whether TIME_BUDGET has passed
static inline int run_search_over(const search_run *r) {
  return r->e.time_budget > 0 && time(NULL) - r->start >= (time_t)r->e.time_budget;
}
// run_search_setup.c: the trial log's key (r->hash, r->nvcc, r->gpu; RESULTS_DIR/key.txt), the
// search command's options of it (r->common), and the GPUs the trials run on (r->lanes)
void run_search_setup(search_run *r);
// the make of B/EXP/<v>/status for NAMES (a variant that did not build is gated build_failed)
void run_search_build(search_run *r, const strv *names);
// run_search_trial.c: the trials of BATCH that lane K takes, one after the other; 0
int run_search_lane(search_run *r, const strv *batch, size_t k);
// run_search_confirm.c: which kind of baseline BASELINE is (r->lib), or exit 2 naming it
void run_search_baseline(search_run *r);
// the confirmation of BEST against BASELINE into RESULTS_DIR/confirm/
void run_search_confirm(search_run *r, const char *best);
