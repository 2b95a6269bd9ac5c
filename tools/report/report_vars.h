// report_vars.h — an experiment's definition as the report tools see it: the KEY=value lines
// that `make` extracts from experiments/<exp>/experiment.mk into build/<exp>/experiment.vars
// (DESCRIPTION, KERNEL, SHAPES, BASELINE, BASELINES, LIBRARIES, COMPARE, PRIMARY, REPORT_STYLE:
// timing, correctness or sweep), and the list of
// sample files of one <gpu> directory of data/<exp>/.
#pragma once
#include <stddef.h>

typedef struct {
  char **v;
  size_t n;
} strlist;

typedef struct {
  char *description, *kernel, *baseline;
  char *legend;  // LEGEND: how the experiment's variant names read (optional)
  int correctness; // REPORT_STYLE: 0 timing (the default), 1 correctness
  int sweep;       // REPORT_STYLE sweep (the default of a space experiment, SPACE :=): the
                   // configurations of a recorded sweep, one round each (report_sweep.c)
  strlist shapes, baselines;
  strlist libraries; // LIBRARIES: the production libraries ours is judged against (`@lib`);
                     // BASELINES when the experiment names none
  strlist cmp_cand, cmp_base; // COMPARE pairs cand:base, same length
  strlist dispatch;  // the dispatching variants (variants/*.dispatch): one build serving each
                     // shape with another variant; never picked as the fastest of ours
  strlist primary;   // PRIMARY: the pairs cand:base the experiment claims (its words as they are)
  strlist kernels;   // KERNELS: NAME=SOURCE of each variant built from its own KERNEL_<NAME>
  char *goal;        // GOAL: the speedup the claims aim at, as written (NULL: none declared)
  strlist goal_at;   // GOAL_AT: goals per shape, SHAPE:SPEEDUP[:LOWER] words as written
  char *plan_tag;    // PLAN_TAG: the declared plan, NAME/GxSxR (NULL: none declared)
  char *claims_history; // CLAIMS_HISTORY: how and when the claims were declared, as written (NULL: none)
  int claims_rank;   // CLAIMS_RANK: the place of its claims in A.0, 1 first (0: none declared)
} expvars;

// Reads PATH (a missing file gives empty vars and 0). -1 with "FILE:LINE: what" in err.
int expvars_read(const char *path, expvars *e, char *err, size_t errlen);
void expvars_free(expvars *e);
// The goal of a claim at SHAPE: GOAL_AT's word for SHAPE, else GOAL (its CI's lower end the goal
// itself). 1 with the speedup and the CI's lower end a claim must reach, 0 when none applies.
int expvars_goal_at(const expvars *e, const char *shape, double *goal, double *lo);
// NAME is one of BASELINES or LIBRARIES
int expvars_is_baseline(const expvars *e, const char *name);
// NAME is a dispatching variant
int expvars_is_dispatch(const expvars *e, const char *name);
// the index of the pair CAND:BASE among the experiment's declared claims (PRIMARY), or -1
int expvars_claim(const expvars *e, const char *cand, const char *base);
// the kernel source variant NAME is built from: its own KERNEL_<NAME>, else KERNEL (NULL: none)
const char *expvars_kernel_of(const expvars *e, const char *name);

void strlist_add(strlist *l, const char *s);
void strlist_add_once(strlist *l, const char *s);  // unless it holds S already
void strlist_free(strlist *l);
int strlist_has(const strlist *l, const char *s);
void strlist_sort(strlist *l);

// Sample files of DIR: every *.csv whose first line starts with SAMPLES_MAGIC, sorted by name;
// names gets the variant names (file name without .csv); others (may be NULL) the names of the
// other *.csv files but gates.csv (e.g. aa_check.csv). Returns 0, or -1 when DIR cannot be read.
#define SAMPLES_MAGIC "# cudadent42 samples"
int sample_files(const char *dir, strlist *paths, strlist *names, strlist *others);

// Sub-directories of DIR, sorted (empty list when DIR is missing).
void subdirs(const char *dir, strlist *out);
