// numerics.h — the numerics table: what the numerics gate measured at each shape of each run.
// A timed run (`bench`, run by `session measure`) checks every shape before it times it and
// prints one line per shape to its log (kernels/harness/bench_check.cu):
//   check shape=S max_abs_err=E max_rel_err=E allclose_violations=N nan=N rerun_mismatch=N
//   workspace_dirty=N uniform=pass|fail hard=pass|fail verdict=pass|fail
// The table (DATA/<exp>/<gpu>/numerics.csv, published by measure beside gates.csv) holds those
// lines as rows, a session's appended to the file while the code is the same (rows of other code
// replace it, as a sample file is replaced):
//   # cudadent42 numerics v1
//   # code: kernels:<12 hex>              (the code the rows checked; absent in tables published
//                                          before it was recorded)
//   # git_rev: R                          (the commit of the latest session published)
//   # session.<id>: git_rev=R             (one per session: the commit that measured it)
//   variant,shape,session,run,max_abs_err,max_rel_err,allclose_violations,nan,rerun_mismatch,
//   workspace_dirty,uniform,hard,verdict
// `run` counts the variant's checks of that shape in the session's log, from 1 (one per round
// that reached the shape; a run that failed numerics stops, so the last run may be a fail).
// GSL-free C11.
#pragma once
#include <stddef.h>
#include <stdio.h>

#define NUMERICS_MAGIC "# cudadent42 numerics v1"
#define NUMERICS_COLUMNS                                                                            \
  "variant,shape,session,run,max_abs_err,max_rel_err,allclose_violations,nan,rerun_mismatch,"     \
  "workspace_dirty,uniform,hard,verdict"

typedef struct {
  char shape[128];
  double max_abs_err, max_rel_err;
  long violations, nan, mismatch, dirty;
  char uniform[8], hard[8], verdict[8];  // "pass" or "fail"
} numerics_check;

// Parses LINE if it is a check line (starts with "check shape="): 1 with *c filled; 0 when it is
// another line; -1 when it starts so but a field is missing or malformed (why: a short reason).
int numerics_parse(const char *line, numerics_check *c, const char **why);

// Writes one row of the table (no newline inside the fields: variant and session are names of
// [A-Za-z0-9_.+-], checked by the caller).
void numerics_row(FILE *out, const char *variant, const char *session, unsigned run,
                  const numerics_check *c);
