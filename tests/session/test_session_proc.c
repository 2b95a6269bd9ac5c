// test_session_proc.c — the processes of `session measure` (run_proc.h) with real, small commands
// (sh, sleep): what a run's stdout gives back, its exit status as the session reads it (its own
// code; 124 when its limit stopped it, as timeout(1) reports it; 128 + a signal that ended it; 127
// for a command that is not there), a file its stdout goes to, where a command runs from
// (run_which) and a file copied. Oracles: the shell's own statuses and the definitions.
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "session/run_proc.h"
#include "session/run_util.h"

int main(void) {
  char *out;
  char *echo[] = {"sh", "-c", "echo hi; echo there; echo", NULL};
  CHECK(run_capture(echo, NULL, 0, &out) == 0 && !strcmp(out, "hi\nthere"), "capture: two lines, the trailing newlines removed");
  free(out);
  char *three[] = {"sh", "-c", "exit 3", NULL};
  CHECK(run_capture(three, NULL, 0, &out) == 3 && !*out, "capture: exit 3 is 3, nothing written is \"\"");
  free(out);
  char *none[] = {"no-such-command-here", NULL};
  CHECK(run_capture(none, "/dev/null", 0, &out) == 127, "capture: a command that is not there: 127");
  free(out);
  double t0 = run_now();
  char *slow[] = {"sleep", "5", NULL};
  int rc = run_capture(slow, NULL, 1, &out);
  double took = run_now() - t0;
  CHECK(rc == 124 && took >= 1.0 && took < 3.0, "capture: sleep 5 with a limit of 1 s: stopped after 1 s, 124");
  free(out);
  char dir[] = "/tmp/test_session_proc.XXXXXX";
  CHECK(mkdtemp(dir) != NULL, "a directory");
  char *f = run_fmt("%s/out", dir);
  char *x[] = {"sh", "-c", "echo x", NULL};
  char *text = NULL;
  CHECK(run_command(x, f, NULL) == 0 && (text = run_read_file(f, NULL)) && !strcmp(text, "x\n"), "command: its stdout in the file");
  free(text);
  char *g = run_fmt("%s/copy", dir);
  CHECK(run_copy_file(f, g) == 0 && (text = run_read_file(g, NULL)) && !strcmp(text, "x\n"), "copy: the same bytes");
  free(text);
  CHECK(run_copy_file(g, f) == 0 && run_copy_file("/nonexistent/x", g) == -1, "copy: over a file; from none: -1");
  remove(g);
  free(g);
  remove(f);
  rmdir(dir);
  free(f);
  char *sh = run_which("sh");
  CHECK(sh && sh[0] == '/' && !strcmp(strrchr(sh, '/'), "/sh") && access(sh, X_OK) == 0, "which: sh, a path in PATH");
  char *same = sh ? run_which(sh) : NULL;
  CHECK(same && !strcmp(same, sh), "which: a path holding '/' that runs: itself");
  free(same);
  free(sh);
  CHECK(run_which("no-such-command-here") == NULL && run_which("/nonexistent/sh") == NULL, "which: none: NULL");
  CHECK(!strcmp(run_prog, "measure"), "the messages' word: measure unless a command sets its own");
  run_child c;
  char *wait30[] = {"sleep", "30", NULL};
  CHECK(run_start(&c, wait30, NULL, 0) == 0 && run_running(&c), "start: sleep 30 runs");
  run_signal(&c, SIGTERM);
  CHECK(run_wait(&c) == 128 + SIGTERM, "a TERM not from its limit: 143");
  CHECK(!run_running(&c), "... and it has ended");
  CHECK_DONE();
}
