// run_runs.c — step 1 of a session: the timing, in rounds, in the schedule's order (run_plan.h).
// Every timing process checks numerics at each shape before it times it (bench exits 1 on a
// failure, writing no file), so a variant is never timed at a shape it computes wrong. A variant
// whose run fails numerics (exit 1), crashes or runs past RUN_TIMEOUT gets a runtime row (numerics
// / runtime_error / run_timeout) and no more runs; nothing of it is published.
// Our variants' runs are processes of their own (SERVE=0), started ahead of their turn (PRESTART=1:
// the next run opens the device while the one before it still works the GPU, then waits for its
// turn, bench --after, which comes when the one before has written its sample file), or jobs of
// one process per round (SERVE=1: run_serve.c). The runs of one GPU share a lock (bench
// --gpu-lock, <GPU lock>.runs), held while a run opens the device and from a run's first timed call
// to its end. Library baselines run through their runner (run_lib_argv), never started ahead.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "gates/gate_outcome.h"
#include "session/run_end.h"
#include "session/run_lock.h"
#include "session/run_state.h"

// one of our variants' timing process, in the background, into C. With TURN (PRESTART), it
// opens the device and waits for TURN to exist before it launches anything (bench --after), and
// RUN_TIMEOUT counts from then (bench --limit); a limit of twice that and a minute stops one that
// never gets its turn
static void start_bench(run_state *s, size_t v, unsigned r, const char *turn, run_child *c) {
  const unsigned lim = s->e.run_timeout;
  strv a = {0};
  strv_pushf(&a, "%s/%s/bench", s->e.b, s->timed.s[v]);
  run_shape_args(s, v, &a);
  run_args(s, v, r, &a);
  strv_add(&a, &s->nvml_from);
  strv_push(&a, "--gpu-lock"), strv_push(&a, s->run_lock);
  char *flags = run_flags_of(s, v);
  strv_push(&a, "--meta"), strv_pushf(&a, "flags=%s", flags);
  free(flags);
  if (turn) {
    strv_push(&a, "--after"), strv_push(&a, turn);
    strv_push(&a, "--parent"), strv_pushf(&a, "%ld", (long)getpid());
    if (lim) strv_push(&a, "--limit"), strv_pushf(&a, "%u", lim);
  }
  char *log = run_fmt("%s/%s.log", s->runs, s->timed.s[v]);
  run_io io = {.err = log};
  if (run_start(c, a.s, &io, turn ? (lim ? 2 * lim + 60 : 0) : lim) != 0) run_die("cannot start %s", a.s[0]);
  free(log);
  strv_free(&a);
}

// The GPU left idle SETTLE_MS before a run starts timing: after a run that drew the board to its
// power limit, the driver keeps its software power cap on for some hundreds of milliseconds, and a
// light shape timed in that time runs slower although NVML's SM clock reads its target (scratch
// sessions on an H200, 20 served rounds of six GEMM builds with 8192^3 the last shape of each run:
// hd's round medians at M = 64 spread over 15.1-18.4 us with no pause, 15.1-15.6 us with 300 ms).
// The run's own clock wait then brings the clock back up from idle before it times.
static void settle(const run_state *s) {
  for (double t0 = run_now(); run_now() - t0 < s->e.settle_ms / 1e3;) {
    run_check_signal();
    run_nap(0.005);
  }
}

static void stop_next(run_state *s) {
  run_stop(&s->next);
  s->next_item = SIZE_MAX;
}

static int ours_cb(void *ctx, size_t v) {
  run_state *s = ctx;
  return run_queue_ours(&s->q, v, s->timed.s[v], run_is_lib(s, v) || strv_find(&s->shared, s->timed.s[v]) >= 0);
}
static int built_cb(void *ctx, size_t v) { return run_built(ctx, v); }

// the next run this session will make after item I, started ahead if it is one of our variants
static void prestart_after(run_state *s, size_t i) {
  if (s->next.pid) return;  // (one run ahead at most)
  size_t j = run_plan_next(&s->plan, i, ours_cb, built_cb, s);
  if (j == SIZE_MAX) return;
  free(s->next_turn);
  s->next_turn = run_fmt("%s/turn.%zu", s->runs, j + 1);
  remove(s->next_turn);
  start_bench(s, s->plan.item[j].v, s->plan.item[j].r, s->next_turn, &s->next);
  s->next_item = j;
}

// a library baseline's run, waited for
static int run_lib(run_state *s, size_t v, unsigned r) {
  strv a = {0};
  run_lib_argv(s, v, r, &a);
  char *log = run_fmt("%s/%s.log", s->runs, s->timed.s[v]);
  run_io io = {.err = log};
  if (run_start(&s->cur, a.s, &io, s->e.run_timeout) != 0) run_die("cannot start python3");
  free(log);
  strv_free(&a);
  int rc = run_wait(&s->cur);
  s->cur.pid = 0;
  return rc;
}

// an own process's run of V in round R (item I), waited for
static int run_own(run_state *s, size_t i, size_t v, unsigned r, const char *f) {
  if (s->next_item == i) {  // started ahead: its turn now (if not given already)
    s->cur = s->next;
    memset(&s->next, 0, sizeof s->next);
    s->next_item = SIZE_MAX;
    if (!run_exists(s->next_turn)) settle(s), run_touch(s->next_turn);
  } else {
    settle(s);
    start_bench(s, v, r, NULL, &s->cur);
  }
  if (s->e.prestart) prestart_after(s, i);  // the next run, started while this one works
  // the next run's turn comes as soon as this one's sample file is there: it has done with the
  // GPU, and its exit (the context's teardown) overlaps the next one's set-up and numerics check
  if (s->next.pid) {
    while (!run_exists(f) && run_running(&s->cur)) { run_check_signal(); run_nap(0.002); }
    if (run_exists(f)) settle(s), run_touch(s->next_turn);
  }
  int rc = run_wait(&s->cur);
  s->cur.pid = 0;
  return rc;
}

// the first line of LOG with verdict=fail, else its last line
static char *fail_detail(const char *log) {
  char *text = run_read_file(log, NULL), *d = NULL, *last = NULL;
  for (char *l = text, *nl; l && *l; l = nl ? nl + 1 : l + strlen(l)) {
    nl = strchr(l, '\n');
    size_t n = nl ? (size_t)(nl - l) : strlen(l);
    char *line = run_fmt("%.*s", (int)n, l);
    if (strstr(line, "verdict=fail")) { d = line; break; }
    free(last);
    last = line;
    if (!nl) break;
  }
  if (d) free(last);
  else d = last ? last : run_strdup("");
  free(text);
  return d;
}

// whether LINE holds ": [i/N] " (a run's progress line: "bench: [1/2] SHAPE median X us")
static int progress_line(const char *l) {
  for (const char *b = strstr(l, ": ["); b; b = strstr(b + 1, ": [")) {
    const char *c = b + 3;
    size_t k = strspn(c, "0123456789");
    if (!k || c[k] != '/') continue;
    c += k + 1;
    k = strspn(c, "0123456789");
    if (k && c[k] == ']' && c[k + 1] == ' ') return 1;
  }
  return 0;
}

// the progress lines among the last N lines of LOG, indented, on stderr
static void progress(const char *log, size_t n) {
  char *text = run_read_file(log, NULL);
  if (!text) return;
  strv lines = {0};
  for (char *l = text, *nl; *l; l = nl + 1) {
    nl = strchr(l, '\n');
    if (nl) *nl = 0;
    strv_push(&lines, l);
    if (!nl) break;
  }
  for (size_t i = lines.n > n ? lines.n - n : 0; i < lines.n; i++)
    if (progress_line(lines.s[i])) fprintf(stderr, "  %s\n", lines.s[i]);
  strv_free(&lines);
  free(text);
}

static void reject(run_state *s, size_t v, const char *reason, const char *detail) {
  char *a[] = {s->e.gatetab, "reject", s->runtime, s->timed.s[v], (char *)reason, (char *)detail, NULL};
  if (run_command(a, NULL, NULL) != 0) run_die("cannot record %s's gate row", s->timed.s[v]);
  run_say("%s: %s: %s", s->timed.s[v], reason, detail);
}

void run_rounds(run_state *s) {
  run_plan *p = &s->plan;
  s->next_item = SIZE_MAX;
  size_t nshapes = s->e.shapes.n && !s->e.at_shape ? s->e.shapes.n : 1;
  for (size_t i = 0; i < p->n; i++) {
    size_t v = p->item[i].v;
    unsigned r = p->item[i].r;
    const char *name = s->timed.s[v];
    int lib = run_is_lib(s, v);
    if (p->dead[v]) {
      if (s->next_item == i) stop_next(s);
      continue;
    }
    if (!ours_cb(s, v)) continue;
    if (!lib && !run_built(s, v)) {
      run_say("%s: %s: not timed", name, s->why[v]);
      p->dead[v] = 1;
      continue;
    }
    run_plan_start(p, v, r);  // its position: the how-many-th process of its round
    run_say("[%zu/%zu] round %u/%u %s (session %s)", i + 1, p->n, r, p->rounds, name, s->session);
    char *f = run_round_file(s, v, r);
    if (lib || s->e.serve) settle(s);  // (run_own settles before the run's turn)
    int rc = lib ? run_lib(s, v, r) : s->e.serve ? run_serve_job(s, v, r) : run_own(s, i, v, r, f);
    int note;
    rc = run_effective_status(rc, lib, run_exists(f), &note);
    free(f);
    char *log = run_fmt("%s/%s.log", s->runs, name);
    if (note) run_say("%s: a shape failed numerics and was left out (see %s)", name, log);
    if (rc == 0) { progress(log, nshapes); free(log); continue; }
    // a run that ran out of time while another process held the runs' lock may never have had the
    // GPU: the session stops and says so, never blaming the variant with a run_timeout
    if (run_timeout_unclear(rc, lib)) {
      int fd = run_lock_wait(s->run_lock, 1, 10);
      if (fd < 0) {
        char *who = run_lock_holders(s->gpu_index, (long)getpid());
        run_die(
            "%s: its run ran out of time while another process held the runs' lock on GPU %s (%s%s%s): no verdict on %s; free the lock (or "
            "choose GPU_LOCK_DIR) and measure again",
            name, s->gpu_index, s->run_lock, *who ? "; other holders of the GPU: " : "", who, name);
      }
      close(fd);
    }
    p->dead[v] = 1;
    if (lib) {
      if (rc == 5) run_say("%s: unavailable (its library is not installed here)", name);
      else if (rc == -1) run_say("%s: failed (exit 0 without a sample file), see %s", name, log);
      else run_say("%s: failed (exit %d), see %s", name, rc, log);
    } else if (rc == -1) {
      char *d = run_fmt("exit 0 without a sample file (round %u)", r);
      reject(s, v, "runtime_error", d);
      free(d);
    } else {
      char *d = fail_detail(log);
      reject(s, v, gate_outcome_str(gate_outcome_of_exit(rc)), d);
      free(d);
    }
    free(log);
  }
  run_serve_stop(s);
  // (the turn files and the FIFO)
  for (size_t i = 0; i < p->n; i++) {
    char *t = run_fmt("%s/turn.%zu", s->runs, i + 1);
    remove(t);
    free(t);
  }
  char *fifo = run_fmt("%s/serve.fifo", s->runs);
  remove(fifo);
  free(fifo);
  // QUEUE: the session that runs the builder lets it finish (the others' variants may still be building)
  if (s->e.queue && s->builder.pid) {
    run_wait(&s->builder);
    s->builder.pid = 0;
  }
}
