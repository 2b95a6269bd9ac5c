// run_end.h — how a session ends one run, as pure decisions (no processes here): when to stop a
// run that is past its limit, the exit status that reports it (as timeout(1) with -k reports it),
// and what a run's status and sample file mean for its variant.
#pragma once

typedef enum { RUN_WAIT, RUN_TERM, RUN_KILL } run_act;

// What to send a run ELAPSED seconds after it started, with a limit of LIMIT seconds (0: none) and
// GRACE seconds more before a TERM becomes a KILL; TERMED and KILLED: what was sent already.
run_act run_deadline(double elapsed, unsigned limit, unsigned grace, int termed, int killed);

// The exit status of a run from its wait status: its own exit code, 128 + a signal that ended it,
// 124 when its limit stopped it (a TERM was sent) and 137 when a KILL was needed (timeout(1)'s).
int run_exit_status(int wstatus, int termed, int killed);

// The status a session takes from a run's status RC: a library baseline (LIB) that exits 1 with
// its file written had a shape fail numerics and left it out, which is no failure (0, and *note
// set); an exit 0 with no file written (HAS_FILE 0) is no sample (-1, a status no process has).
int run_effective_status(int rc, int lib, int has_file, int *note);

// Whether a run's failure may not be its own: one of our variants' runs that ran out of time
// (124, 137) may never have had the GPU when another process held the runs' lock; the session
// then asks the lock before it records a run_timeout.
int run_timeout_unclear(int rc, int lib);
