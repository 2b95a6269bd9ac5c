// run_serve.c — SERVE=1: the runs of our variants in a round are jobs of one process on the GPU
// (SERVE_BIN, tools/pipeline/serve.cu), which opens the device once and then loads each variant's
// kernel.so and times it with the run's own command line (bench --served): making a context is
// paid once per round, not once per run. Rounds never share a process: each round gets servers of
// its own. The protocol: the server reads job file names from a FIFO (runs/serve.fifo) and makes
// its --ready file once it has opened the device; a job file holds the kernel.so, the log and the
// arguments, one a line; the job's exit status comes back in <job>.rc. A job that fails or crashes
// ends its server (its status is the job's), and the round's next job starts a new one. A job is
// stopped past RUN_TIMEOUT by its own limit (bench --limit: exit 124), and, should that fail, its
// server is killed at twice that and a minute. A server that cannot start (the device, the shared
// CUDA runtime) or fails on its own (exit 3: a job file, log or .rc it could not read or write)
// stops the session, saying why: it is no variant's failure.
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "session/run_lock.h"
#include "session/run_state.h"

// the last two lines of the server's log, each followed by a blank
static char *log_tail(const char *log) {
  char *text = run_read_file(log, NULL);
  if (!text) return run_strdup("");
  size_t n = strlen(text);
  if (n && text[n - 1] == '\n') text[--n] = 0;
  char *start = text;
  int k = 0;
  for (char *c = text + n; c > text; c--)
    if (c[-1] == '\n' && ++k == 2) { start = c; break; }
  for (char *c = start; *c; c++)
    if (*c == '\n') *c = ' ';
  char *t = run_fmt("%s ", start);
  free(text);
  return t;
}

static _Noreturn void serve_fail(run_state *s, int rc) {
  char *log = run_fmt("%s/serve.log", s->runs);
  run_die("the server on GPU %s failed (exit %d), no variant's fault: %s(see %s)", s->gpu_index, rc, log_tail(log), log);
}

static void close_fd(run_state *s) {
  if (s->srv_fd >= 0) close(s->srv_fd);
  s->srv_fd = -1;
}

// the server's input closed: it exits at its end; waited for (a minute at most)
void run_serve_stop(run_state *s) {
  if (!s->srv.pid) return;
  close_fd(s);
  double t0 = run_now();
  while (run_running(&s->srv) && run_now() - t0 < 60) run_nap(0.002);
  if (!s->srv.done) run_signal(&s->srv, SIGKILL);
  run_wait(&s->srv);
  s->srv.pid = 0;
}

// a new server for round R's jobs, reading them from a FIFO, once it has opened the device
static void serve_start(run_state *s, unsigned r) {
  char *fifo = run_fmt("%s/serve.fifo", s->runs), *ready = run_fmt("%s/serve.ready", s->runs);
  char *log = run_fmt("%s/serve.log", s->runs);
  remove(fifo);
  remove(ready);
  if (mkfifo(fifo, 0666) != 0) run_die("cannot make %s", fifo);
  char *a[] = {s->e.serve_bin, "--gpu-lock", s->run_lock, "--ready", ready, NULL};
  run_io io = {.in = fifo, .out = log, .err = "=out"};
  if (run_start(&s->srv, a, &io, 0) != 0) run_die("cannot start %s", s->e.serve_bin);
  while ((s->srv_fd = open(fifo, O_WRONLY | O_CLOEXEC)) < 0) {
    if (errno != EINTR) run_die("cannot open %s", fifo);
    run_check_signal();
  }
  s->srv_round = r;
  // (bounded: a server that cannot take the runs' lock, or open the device, within
  // SERVE_START_TIMEOUT seconds ends the session, saying so)
  double t0 = run_now();
  const unsigned limit = s->e.serve_start_timeout;
  while (!run_exists(ready) && run_running(&s->srv) && run_now() - t0 < limit) { run_check_signal(); run_nap(0.002); }
  if (run_exists(ready)) { free(fifo); free(ready); free(log); return; }
  if (run_running(&s->srv)) {
    run_signal(&s->srv, SIGKILL);
    close_fd(s);
    run_wait(&s->srv);
    s->srv.pid = 0;
    char *who = run_lock_holders(s->gpu_index, (long)getpid());
    run_die(
        "the server on GPU %s did not open the device within %u s (SERVE_START_TIMEOUT): the runs' lock %s held by another process?%s%s",
        s->gpu_index, limit, s->run_lock, *who ? " Other holders of the GPU: " : "", who);
  }
  close_fd(s);
  int rc = run_wait(&s->srv);
  s->srv.pid = 0;
  serve_fail(s, rc);
}

int run_serve_job(run_state *s, size_t v, unsigned r) {
  const double t0 = run_now();
  const char *name = s->timed.s[v];
  if (!s->srv.pid || s->srv_round != r) { run_serve_stop(s); serve_start(s, r); }
  strv a = {0};
  char *dir = run_fmt("%s/%s", s->e.b, name), real[PATH_MAX];
  strv_pushf(&a, "%s/kernel.so", realpath(dir, real) ? real : "");
  free(dir);
  char *log = run_fmt("%s/%s.log", s->runs, name);
  strv_push(&a, log);
  run_shape_args(s, v, &a);
  run_args(s, v, r, &a);
  char *flags = run_flags_of(s, v);
  strv_push(&a, "--meta"), strv_pushf(&a, "flags=%s", flags);
  free(flags);
  strv_add(&a, &s->nvml_from);
  strv_push(&a, "--gpu-lock"), strv_push(&a, s->run_lock);
  if (s->e.run_timeout) strv_push(&a, "--limit"), strv_pushf(&a, "%u", s->e.run_timeout);
  strv_push(&a, "--served");
  char *job = run_fmt("%s/job.%s.r%u", s->runs, name, r), *rcf = run_fmt("%s.rc", job);
  remove(rcf);
  FILE *f = fopen(job, "w");
  int ok = f != NULL;
  for (size_t i = 0; ok && i < a.n; i++) ok = fprintf(f, "%s\n", a.s[i]) >= 0;
  if (!f || fclose(f) != 0 || !ok) run_die("cannot write %s", job);
  strv_free(&a);
  // (a server that has ended cannot take it: the write fails, EPIPE)
  char *line = run_fmt("%s\n", job);
  const unsigned most = 2 * s->e.run_timeout + 60;
  if (write(s->srv_fd, line, strlen(line)) == (ssize_t)strlen(line)) {
    while (!run_exists(rcf) && run_running(&s->srv)) {
      if (s->e.run_timeout > 0 && run_now() - t0 > most) {
        FILE *l = fopen(log, "a");
        if (l) { fprintf(l, "measure: no answer from the server within %u s: killed\n", most); fclose(l); }
        run_signal(&s->srv, SIGKILL);
        break;
      }
      run_check_signal();
      run_nap(0.002);
    }
  }
  free(line);
  int rc;
  if (run_exists(rcf)) {
    char *t = run_read_file(rcf, NULL);
    if (t) t[strcspn(t, "\n")] = 0;
    rc = t && *t && strspn(t, "0123456789") == strlen(t) ? atoi(t) : -1;
    free(t);
    if (rc != 0) run_serve_stop(s);  // (a job that failed ends its server)
  } else {
    close_fd(s);
    rc = run_wait(&s->srv);
    s->srv.pid = 0;
    if (rc == 3) serve_fail(s, 3);
    if (rc == 0) rc = -1;  // (a server that ended without the job's answer failed it)
  }
  free(job);
  free(rcf);
  free(log);
  return rc;
}
