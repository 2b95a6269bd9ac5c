// report_results.h — the one reader of results/ (report_gen --results DIR), the published record
// of the work done after the sweeps and sessions: per experiment, the confirmation of its Loop 1
// search (DIR/<exp>/loop1_results.json, written by `search results`, tools/search/search_results.c)
// and its reproductions (DIR/<exp>/<run>/claims.csv and times.csv, written by `make reproduce`,
// `stats reproduce-exp`). Every section that shows a result of results/ reads it here.
#pragma once
#include "report_ctx.h"

// the fields of loop1_results.json the appendix shows (ms as written; the caller converts)
typedef struct {
  char path[4096];
  const char *shape, *gpu, *best_config, *baseline, *verdict, *level, *samples_of, *delta_source, *criterion;
  int success;
  double best_ms, best_lo, best_hi, base_ms, speedup, speedup_lo, speedup_hi, delta;
  long n_sessions, n_rounds, candidates, rejected;
} loop1_result;

// EXP's search confirmation into *r: 1 when DIR/<exp>/loop1_results.json exists, 0 when it does
// not (or no --results was given); dies with "FILE:LINE: what" on a field missing or malformed
int results_loop1(gen *g, const char *exp, loop1_result *r);

// one reproduction: its directory's name and its tables (have_* 0 when a file is absent or empty)
typedef struct {
  char *run;
  rcsv claims, times;
  int have_claims, have_times;
} repro_run;

// EXP's reproductions (DIR/<exp>/*/ holding claims.csv or times.csv), sorted by name, into *runs
// (malloc'd); their count
size_t results_repro(gen *g, const char *exp, repro_run **runs);
