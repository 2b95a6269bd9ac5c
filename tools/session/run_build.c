// run_build.c — STREAM=1: the variants are built while the session times them. The builder, a
// process in the background, makes their gate rows (B/EXP/<v>/gate.csv) in the order the schedule
// first times them (run_plan.h's border), BUILD_CHUNK a make call (BUILD_MAKE, the caller's make,
// so its job server bounds the compiles), BUILD_DEPTH such calls at once, each in a session of its
// own (stopped whole: compile.sh passes a TERM on to nvcc), and appends a chunk's index to its
// progress file once the chunk's make returned ("stopped" when it is stopped). A variant's timing
// waits for its own chunk alone; a row that is stale is never taken (the chunk's make brought it
// up to date before its index was written, and a build that did not finish leaves no row).
// With QUEUE, one builder serves every session of the queue: the session that takes it first
// runs it (run_queue.h), the others read its progress file and its pid.
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "session/run_state.h"

static volatile sig_atomic_t builder_stop;
static void on_term(int sig) { (void)sig; builder_stop = 1; }

static void put(int fd, const char *s) {
  if (write(fd, s, strlen(s)) < 0) {}
}

// the builder's process: never returns
static _Noreturn void builder_main(run_state *s, int out) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_term;
  sigaction(SIGTERM, &sa, NULL);
  signal(SIGINT, SIG_DFL);
  signal(SIGHUP, SIG_DFL);
  const run_plan *p = &s->plan;
  size_t depth = s->e.depth, chunk = s->e.chunk;
  run_child *mk = calloc(depth, sizeof *mk);
  size_t *idx = calloc(depth, sizeof *idx);
  if (!mk || !idx) _exit(2);
  size_t next = 0, nchunks = (p->nborder + chunk - 1) / chunk;
  for (;;) {
    size_t busy = 0;
    for (size_t k = 0; k < depth; k++) {
      if (!mk[k].pid) continue;
      if (run_running(&mk[k])) { busy++; continue; }
      char line[32];
      snprintf(line, sizeof line, "%zu\n", idx[k]);
      put(out, line);
      mk[k].pid = 0;
    }
    if (builder_stop) {
      for (size_t k = 0; k < depth; k++) run_stop(&mk[k]);
      put(out, "stopped\n");
      _exit(143);
    }
    if (next == nchunks && busy == 0) _exit(0);
    if (next < nchunks && busy < depth) {
      size_t k = 0;
      while (mk[k].pid) k++;
      strv a = {0};
      strv_add(&a, &s->e.build_make);
      strv_push(&a, "-k");
      for (size_t i = next * chunk; i < p->nborder && i < (next + 1) * chunk; i++)
        strv_pushf(&a, "%s/%s/gate.csv", s->e.b, s->timed.s[p->border[i]]);
      run_io io = {.in = "/dev/null", .out = s->blog, .err = "=out", .session = 1};
      if (run_start(&mk[k], a.s, &io, 0) != 0) _exit(2);
      strv_free(&a);
      idx[k] = next++;
      continue;
    }
    run_nap(0.01);
  }
}

void run_build_start(run_state *s) {
  const run_env *e = &s->e;
  size_t nchunks = (s->plan.nborder + e->chunk - 1) / e->chunk;
  s->chunk_done = run_alloc(nchunks + 1);
  s->why = run_alloc(s->timed.n * sizeof *s->why);
  if (!e->stream) return;
  char *runsdir = run_fmt("%s/runs", e->b);
  run_mkdir_p(runsdir);
  free(runsdir);
  s->blog = e->queue ? run_fmt("%s/build.log", e->queue) : run_fmt("%s/runs/%s.build.log", e->b, s->session);
  int mine = 1;
  if (!e->queue) {
    s->built_file = run_fmt("%s/runs/%s.built", e->b, s->session);
  } else {
    if (run_queue_join(&s->q, getpid()) != 0) run_die("QUEUE: cannot write in '%s'", e->queue);
    s->built_file = run_fmt("%s/built", e->queue);
    mine = run_queue_take_builder(&s->q);
  }
  if (!mine) return;
  if (run_touch(s->built_file) || run_touch(s->blog)) run_die("cannot write %s", s->built_file);
  int out = open(s->built_file, O_WRONLY | O_APPEND | O_CLOEXEC);
  if (out < 0) run_die("cannot write %s", s->built_file);
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) run_die("cannot fork: %s", strerror(errno));
  if (pid == 0) {
    setpgid(0, 0);
    builder_main(s, out);
  }
  setpgid(pid, pid);
  close(out);
  memset(&s->builder, 0, sizeof s->builder);
  s->builder.pid = pid;
  s->builder.t0 = run_now();
  if (e->queue) run_queue_set_builder(&s->q, pid);
}

// whether process P lives (a zombie does not: it has ended, its parent has not yet asked)
static int alive(pid_t p) {
  if (kill(p, 0) != 0 && errno != EPERM) return 0;
  char path[64];
  snprintf(path, sizeof path, "/proc/%ld/stat", (long)p);
  char *st = run_read_file(path, NULL);
  if (!st) return 1;
  char *r = strrchr(st, ')');
  int z = r && r[1] == ' ' && r[2] == 'Z';
  free(st);
  return !z;
}

// whether the builder may still write (its pid, once known, is a live process)
static int builder_alive(run_state *s) {
  if (s->builder.pid) return run_running(&s->builder);
  if (!s->e.queue) return 0;
  pid_t p = run_queue_builder(&s->q);
  return p == 0 || alive(p);  // (0: the first session has not written it yet)
}

// the builder's progress lines not read yet
static void read_progress(run_state *s) {
  char *text = run_read_file(s->built_file, NULL);
  if (!text) return;
  size_t line = 0, nb = s->plan.nborder, chunk = s->e.chunk;
  for (char *l = text, *nl; (nl = strchr(l, '\n')); l = nl + 1, line++) {
    if (line < s->lines_read) continue;
    s->lines_read++;
    *nl = 0;
    if (!*l || strspn(l, "0123456789") != strlen(l)) continue;
    size_t c = strtoul(l, NULL, 10);
    if (c * chunk >= nb) continue;
    s->chunk_done[c] = 1;
    size_t hi = (c + 1) * chunk < nb ? (c + 1) * chunk : nb;
    run_say("built %zu-%zu of %zu variants", c * chunk + 1, hi, nb);
  }
  free(text);
}

int run_built(run_state *s, size_t v) {
  if (!s->e.stream) return 1;
  if (s->why[v]) return 0;
  size_t c = s->plan.chunk_of[v];
  int last = 0;
  for (;;) {
    read_progress(s);
    if (s->chunk_done[c]) break;
    // (one more look once the builder is gone: it may have written its last line just before)
    if (last) { s->why[v] = run_fmt("the builder stopped (see %s)", s->blog); return 0; }
    if (!builder_alive(s)) last = 1;
    if (!last) { run_check_signal(); run_nap(0.05); }
  }
  strv a = {0};
  strv_push(&a, s->e.gatetab);
  strv_push(&a, "get");
  strv_push(&a, "--rows");
  strv_pushf(&a, "%s/%s/gate.csv", s->e.b, s->timed.s[v]);
  strv_push(&a, s->timed.s[v]);
  strv_push(&a, "verdict");
  strv_push(&a, "reason");
  char *out;
  run_capture(a.s, "/dev/null", 0, &out);
  strv_free(&a);
  out[strcspn(out, "\n")] = 0;  // (its first line: "verdict<TAB>reason")
  char *tab = strchr(out, '\t');
  if (tab) *tab++ = 0;
  int pass = !strcmp(out, "pass");
  if (!pass && !*out) s->why[v] = run_fmt("no gate row (see %s)", s->blog);
  else if (!pass) s->why[v] = run_fmt("static gates: %s", tab ? tab : "");
  free(out);
  return pass;
}
