// run_proc.h — the processes of a session: each started in a process group of its own (stopped
// whole, as timeout(1) stops its command), with its stdin, stdout and stderr redirected as asked
// and none of the session's other files (they are opened close-on-exec); a limit enforced by the
// waiter (run_end.h: TERM at the limit, KILL 5 s later). Waits poll, so that a signal to the
// session (TERM, INT, HUP) is never held back: the session then exits 128 + the signal, and its
// exit handler stops what it started.
#pragma once
#include <signal.h>
#include <sys/types.h>

typedef struct {
  pid_t pid;       // 0: none
  double t0;       // run_now() at the start
  unsigned limit;  // seconds, 0: none
  int termed, killed, done, status;  // status: run_exit_status once done
} run_child;

typedef struct {
  const char *in;   // a file for stdin (NULL: the session's)
  const char *out;  // a file stdout is appended to (NULL: the session's)
  const char *err;  // a file stderr is appended to (NULL: the session's; "=out": with stdout)
  int out_fd;       // > 0: this descriptor as stdout (out is then not used)
  int session;      // 1: a session of its own (setsid), not only a process group
} run_io;

// the signal that asked the session to stop (0: none), set by the handlers run_signals installs
extern volatile sig_atomic_t run_signalled;
void run_signals(void);
// exits 128 + the signal when one came
void run_check_signal(void);

// starts ARGV (searched in PATH) with IO; 0, or -1 when it could not fork
int run_start(run_child *c, char *const argv[], const run_io *io, unsigned limit);
// starts FN(ARG) in a child process (a fork of this one, in a process group of its own; its exit
// status FN's return) with IO's out and err, its signals handled as run_signals handles them here,
// its run_signalled cleared; 0, or -1 when it could not fork
int run_start_fn(run_child *c, int (*fn)(void *), void *arg, const run_io *io, unsigned limit);
// 1 while C runs (it enforces C's limit); 0 once it ended (c->status set)
int run_running(run_child *c);
// C's exit status, once it ended (run_end.h); a signal to the session exits meanwhile
int run_wait(run_child *c);
// sends SIG to C's process group
void run_signal(run_child *c, int sig);
// TERM to C's group, then waits for C (no limit on the wait: a run stopped stops)
void run_stop(run_child *c);
// ARGV's stdout (trailing newlines removed; malloc'd, "" when none) into *out, its stderr to ERR
// (NULL: the session's; a file name), stopped after LIMIT s (0: none); its exit status
int run_capture(char *const argv[], const char *err, unsigned limit, char **out);
// the path NAME runs from (command -v: NAME itself when it holds a '/' and is executable, else the
// first directory of PATH where it is executable, joined with it; malloc'd), or NULL
char *run_which(const char *name);
// whether NAME can be run (run_which finds it)
int run_runnable(const char *name);
// ARGV run to its end, stdout to OUT (a file, truncated; NULL: the session's); its exit status
int run_command(char *const argv[], const char *out, const char *err);
