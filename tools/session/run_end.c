// run_end.c — see run_end.h.
#include "session/run_end.h"
#include <signal.h>
#include <sys/wait.h>

run_act run_deadline(double elapsed, unsigned limit, unsigned grace, int termed, int killed) {
  if (limit == 0 || killed) return RUN_WAIT;
  if (!termed) return elapsed >= (double)limit ? RUN_TERM : RUN_WAIT;
  return elapsed >= (double)limit + (double)grace ? RUN_KILL : RUN_WAIT;
}

int run_exit_status(int wstatus, int termed, int killed) {
  if (killed) return 128 + SIGKILL;
  if (termed) return 124;
  if (WIFEXITED(wstatus)) return WEXITSTATUS(wstatus);
  if (WIFSIGNALED(wstatus)) return 128 + WTERMSIG(wstatus);
  return -1;
}

int run_effective_status(int rc, int lib, int has_file, int *note) {
  *note = 0;
  if (rc == 1 && lib && has_file) { *note = 1; return 0; }
  if (rc == 0 && !has_file) return -1;
  return rc;
}

int run_timeout_unclear(int rc, int lib) { return (rc == 124 || rc == 137) && !lib; }
