// san_jobs.h — the sanitizer runs: one job per (variant, tool), run PAR at a time (SAN_JOBS), each
// `CS --tool T --error-exitcode 9 [--leak-check full] B/V/bench --check --shape S...` in a process
// group of its own (session/run_proc.h), stopped after LIMIT s (TERM, KILL 5 s later: 124, 137),
// its stdout and stderr in B/V/sanitize.T.log; its verdict read from that log (san_log.h) and said
// on stderr, "sanitize: V T: clean|error (message)". A TERM, INT or HUP stops the runs and exits
// 128 + the signal.
#pragma once
#include "sanitize/san_log.h"
#include "session/run_util.h"

typedef struct {
  const char *variant, *tool;
  strv shapes;
  san_result r;  // set by san_jobs_run ("no result" when the job could not start)
} san_job;

// the command line of job J of compute-sanitizer CS, the experiment's build directory B (a new list)
void san_job_argv(const san_job *j, const char *cs, const char *b, strv *argv);
// runs the N jobs J, PAR at a time
void san_jobs_run(san_job *j, size_t n, const char *cs, const char *b, unsigned par, unsigned limit);
