// run_search_trial.c — a lane's trials (run_search.h): for each candidate of the batch that the
// lane takes (session_deal_turn: lane k of n takes k, k + n, k + 2n, ...), while the time budget
// lasts, the static gates (GATES' row, read by GATETAB; no build status: build_failed), then the
// timing run at SHAPE under the GPU's host-wide lock (bench checks numerics first and exits 1 on a
// failure; RUN_TIMEOUT, then TERM and KILL as timeout(1) -k 5 does), and one row in the trial log
// (`search record`, under a lock beside the log: the lanes record one at a time).
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "gates/gate_outcome.h"
#include "session/run_end.h"
#include "session/run_lock.h"
#include "session/run_search_state.h"
#include "session/session_deal.h"

// V's outcome in the log: its samples (FLAG --samples) or its gate (--gated REASON)
static void record(search_run *r, const char *v, const char *flag, const char *value) {
  const search_env *e = &r->e;
  char *lock = run_fmt("%s.lock", e->log);
  int fd = run_lock_wait(lock, 1, -1);
  if (fd < 0) run_die("cannot lock %s", lock);
  strv a = {0};
  strv_push(&a, e->search_bin), strv_push(&a, "record"), strv_add(&a, &r->common);
  strv_push(&a, "--variant"), strv_push(&a, v), strv_push(&a, flag), strv_push(&a, value);
  if (run_command(a.s, NULL, NULL) != 0) run_die("cannot record %s in %s", v, e->log);
  close(fd);
  strv_free(&a);
  free(lock);
}

// whether file F has the line LINE
static int has_line(const char *f, const char *line) {
  char *t = run_read_file(f, NULL);
  strv w = strv_words(t ? t : "");
  int yes = strv_find(&w, line) >= 0;
  strv_free(&w);
  free(t);
  return yes;
}

// V's static gates: "pass", or its reason (malloc'd)
static char *gate(search_run *r, const char *v) {
  const search_env *e = &r->e;
  char *d = run_fmt("%s/%s", e->b, v), *status = run_fmt("%s/status", d), *flags = run_fmt("%s/flags", d);
  if (!run_exists(status)) {
    free(d), free(status), free(flags);
    return run_strdup(gate_outcome_str(GO_BUILD_FAILED));
  }
  const char *occ = has_line(flags, "-DCP_ASYNC=1") ? e->min_occupancy_cp_async : e->min_occupancy;
  char *ptxas = run_fmt("%s/build.log", d), *describe = run_fmt("%s/describe.txt", d);
  char *row = run_fmt("%s/runs/%s.gate", e->out, v);
  char *g[] = {e->gates, "--variant", (char *)v, "--arch", (char *)e->gate_arch, "--status", status, "--ptxas", ptxas,
               "--describe", describe, "--min-occupancy", (char *)occ, "--min-ctas", (char *)e->min_ctas,
               "--sm-count", (char *)e->sm_count, NULL};
  if (run_command(g, row, NULL) != 0) run_die("gates failed for %s", v);
  char *t[] = {e->gatetab, "get", "--rows", row, (char *)v, "verdict", "reason", NULL}, *out;
  if (run_capture(t, NULL, 0, &out) != 0 || !*out) run_die("gates failed for %s", v);
  out[strcspn(out, "\n")] = 0;  // "verdict<TAB>reason"
  char *tab = strchr(out, '\t');
  if (tab) *tab++ = 0;
  char *why = run_strdup(!strcmp(out, "pass") || !tab ? out : tab);
  free(out), free(d), free(status), free(flags), free(ptxas), free(describe), free(row);
  return why;
}

// V's timing run on GPU G, holding its lock: the exit status, as the session reads it (run_end.h)
static int timing(search_run *r, const char *v, const char *g, const char *samples) {
  const search_env *e = &r->e;
  char err[1024], *what = run_fmt("search %s trial %s", e->exp, v);
  int fd = run_lock_take(g, "search", what, err, sizeof err);
  if (fd < 0) run_die("%s", err);
  char *log = run_fmt("%s/runs/%s.log", e->out, v);
  remove(samples), remove(log);
  strv a = {0};
  strv_pushf(&a, "%s/%s/bench", e->b, v);
  strv_push(&a, "--shape"), strv_push(&a, e->shape), strv_push(&a, "--reps"), strv_pushf(&a, "%u", e->search_reps);
  strv_push(&a, "--warmup"), strv_push(&a, e->warmup), strv_push(&a, "--l2"), strv_push(&a, e->l2);
  strv_push(&a, "--graph-calls"), strv_push(&a, e->graph_calls), strv_push(&a, "--seed"), strv_push(&a, e->seed);
  strv_push(&a, "--out"), strv_push(&a, samples);
  strv_push(&a, "--meta"), strv_pushf(&a, "experiment=%s", e->exp);
  strv_push(&a, "--meta"), strv_pushf(&a, "variant=%s", v);
  strv_push(&a, "--meta"), strv_push(&a, "search=trial");
  run_io io = {.in = "/dev/null", .err = log};
  if (run_start(&r->cur, a.s, &io, e->run_timeout) != 0) run_die("cannot start %s", a.s[0]);
  int rc = run_wait(&r->cur), note;
  r->cur.pid = 0;
  close(fd);
  strv_free(&a);
  free(log), free(what);
  return run_effective_status(rc, 0, run_exists(samples), &note);
}

static void trial(search_run *r, const char *v, const char *g) {
  char *why = gate(r, v);
  if (strcmp(why, "pass")) {
    run_say("%s: %s", v, why);
    record(r, v, "--gated", why);
    free(why);
    return;
  }
  free(why);
  char *samples = run_fmt("%s/runs/%s.csv", r->e.out, v);
  int rc = timing(r, v, g, samples);
  if (rc == 0) {
    record(r, v, "--samples", samples);
  } else {  // (-1: exit 0 without a sample file)
    const char *reason = gate_outcome_str(rc == -1 ? GO_RUNTIME_ERROR : gate_outcome_of_exit(rc));
    run_say("%s: %s", v, reason);
    record(r, v, "--gated", reason);
  }
  free(samples);
}

int run_search_lane(search_run *r, const strv *batch, size_t k) {
  const char *g = r->lanes.s[k];
  if (r->visible) setenv("CUDA_VISIBLE_DEVICES", g, 1);
  for (size_t i = 0; i < batch->n && !run_search_over(r); i++)
    if (session_deal_turn(r->lanes.n, k, i, 0)) trial(r, batch->s[i], g);
  return 0;
}
