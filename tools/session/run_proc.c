// run_proc.c — see run_proc.h.
#define _GNU_SOURCE
#include "session/run_proc.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "session/run_end.h"
#include "session/run_util.h"

enum { GRACE_S = 5 };
volatile sig_atomic_t run_signalled;

static void on_signal(int sig) {
  if (!run_signalled) run_signalled = sig;
}
void run_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;  // (no SA_RESTART: a blocking call returns EINTR)
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);  // (a write to a server that has ended fails, not fatal)
}
void run_check_signal(void) {
  if (run_signalled) exit(128 + run_signalled);
}

static void redirect(const char *path, int fd, int flags) {
  int f = open(path, flags, 0666);
  if (f < 0) {
    fprintf(stderr, "%s: %s: %s\n", run_prog, path, strerror(errno));
    _exit(127);
  }
  if (f != fd) { dup2(f, fd); close(f); }
}

// a child of this process with IO, in a process group (or IO's session) of its own, its
// signals as they are by default: 0 in the child, its pid here, or -1 when it could not fork
static pid_t fork_child(run_child *c, const run_io *io, unsigned limit) {
  memset(c, 0, sizeof *c);
  fflush(stdout);
  fflush(stderr);
  pid_t p = fork();
  if (p < 0) return -1;
  if (p == 0) {
    signal(SIGPIPE, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    if (io && io->session) setsid();
    else setpgid(0, 0);
    if (io && io->in) redirect(io->in, 0, O_RDONLY);
    if (io && io->out_fd > 0) dup2(io->out_fd, 1);
    else if (io && io->out) redirect(io->out, 1, O_WRONLY | O_CREAT | O_APPEND);
    if (io && io->err && !strcmp(io->err, "=out")) dup2(1, 2);
    else if (io && io->err) redirect(io->err, 2, O_WRONLY | O_CREAT | O_APPEND);
    return 0;
  }
  if (!(io && io->session)) setpgid(p, p);  // (both sides: the group exists before either goes on)
  c->pid = p;
  c->t0 = run_now();
  c->limit = limit;
  return p;
}

int run_start(run_child *c, char *const argv[], const run_io *io, unsigned limit) {
  pid_t p = fork_child(c, io, limit);
  if (p == 0) {
    execvp(argv[0], argv);
    fprintf(stderr, "%s: cannot run %s: %s\n", run_prog, argv[0], strerror(errno));
    _exit(127);
  }
  return p < 0 ? -1 : 0;
}

int run_start_fn(run_child *c, int (*fn)(void *), void *arg, const run_io *io, unsigned limit) {
  pid_t p = fork_child(c, io, limit);
  if (p == 0) {
    run_signalled = 0;
    run_signals();
    exit(fn(arg));
  }
  return p < 0 ? -1 : 0;
}

void run_signal(run_child *c, int sig) {
  // (its group; the process alone while it has not made its group yet)
  if (c->pid > 0 && !c->done && kill(-c->pid, sig) != 0) kill(c->pid, sig);
}

int run_running(run_child *c) {
  if (c->pid <= 0 || c->done) return 0;
  int st;
  pid_t r = waitpid(c->pid, &st, WNOHANG);
  if (r == c->pid) {
    c->done = 1;
    c->status = run_exit_status(st, c->termed, c->killed);
    return 0;
  }
  if (r < 0 && errno != EINTR) { c->done = 1; c->status = -1; return 0; }
  switch (run_deadline(run_now() - c->t0, c->limit, GRACE_S, c->termed, c->killed)) {
    case RUN_TERM: c->termed = 1; run_signal(c, SIGTERM); break;
    case RUN_KILL: c->killed = 1; run_signal(c, SIGKILL); break;
    case RUN_WAIT: break;
  }
  return 1;
}

int run_wait(run_child *c) {
  while (run_running(c)) {
    run_check_signal();
    run_nap(0.002);
  }
  return c->status;
}

void run_stop(run_child *c) {
  if (c->pid <= 0) return;
  if (!c->done) {
    run_signal(c, SIGTERM);
    int st;
    while (waitpid(c->pid, &st, 0) < 0 && errno == EINTR) {}
    c->done = 1;
  }
  c->pid = 0;
}

int run_capture(char *const argv[], const char *err, unsigned limit, char **out) {
  int fd[2];
  if (pipe2(fd, O_CLOEXEC) != 0) run_die("cannot make a pipe: %s", strerror(errno));
  run_child c;
  run_io io = {.out_fd = fd[1], .err = err};
  if (run_start(&c, argv, &io, limit) != 0) run_die("cannot fork: %s", strerror(errno));
  close(fd[1]);
  size_t n = 0, cap = 4096;
  char *s = run_alloc(cap);
  for (;;) {
    if (run_signalled) { run_stop(&c); run_check_signal(); }
    int alive = run_running(&c);
    struct pollfd p = {fd[0], POLLIN, 0};
    int k = poll(&p, 1, alive ? 100 : 0);
    if (k > 0) {
      if (n + 4096 > cap) { cap *= 2; s = realloc(s, cap); if (!s) run_die("out of memory"); }
      ssize_t r = read(fd[0], s + n, cap - n - 1);
      if (r > 0) { n += (size_t)r; continue; }
      if (r < 0 && errno == EINTR) continue;
      break;
    }
    if (!alive) break;  // (nothing left to read: a process it left behind may hold the pipe)
  }
  close(fd[0]);
  int rc = run_wait(&c);
  while (n && s[n - 1] == '\n') n--;
  s[n] = 0;
  *out = s;
  return rc;
}

int run_command(char *const argv[], const char *out, const char *err) {
  if (out) {
    FILE *f = fopen(out, "w");
    if (!f) return -1;
    fclose(f);
  }
  run_child c;
  run_io io = {.out = out, .err = err};
  if (run_start(&c, argv, &io, 0) != 0) run_die("cannot fork: %s", strerror(errno));
  return run_wait(&c);
}

char *run_which(const char *name) {
  if (strchr(name, '/')) return access(name, X_OK) == 0 ? run_strdup(name) : NULL;
  const char *path = getenv("PATH");
  char *p = run_strdup(path ? path : ""), *found = NULL;
  for (char *dir = strtok(p, ":"); dir && !found; dir = strtok(NULL, ":")) {
    char *f = run_fmt("%s/%s", *dir ? dir : ".", name);
    if (access(f, X_OK) == 0) found = f;
    else free(f);
  }
  free(p);
  return found;
}

int run_runnable(const char *name) {
  char *f = run_which(name);
  int found = f != NULL;
  free(f);
  return found;
}
