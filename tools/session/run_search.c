// run_search.c — see run_search.h: the search's set-up (its settings, its lock; the key of its
// trial log, run_search_setup.c), the batches (proposed, built, their trials dealt over the GPUs'
// workers), the best, then the confirmation (run_search_confirm.c); on any exit, the processes it
// started are stopped.
#define _GNU_SOURCE
#include "session/run_search.h"
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "session/run_lock.h"
#include "session/run_search_state.h"

static search_run R;
static run_child *workers;
static size_t nworkers;

static const char *env(const char *k) { return getenv(k); }

// on any exit: the process waited for, and (the search's own process) its workers
static void on_exit_stop(void) {
  if (getpid() == R.owner)
    for (size_t k = 0; k < nworkers; k++) run_stop(&workers[k]);
  run_stop(&R.cur);
}

// a worker: lane K's trials of BATCH
struct lane {
  search_run *r;
  const strv *batch;
  size_t k;
};
static int lane_main(void *arg) {
  struct lane *x = arg;
  return run_search_lane(x->r, x->batch, x->k);
}

// one batch's trials: one worker a GPU (a process each), or this process on one
static void trials(search_run *r, const strv *batch) {
  size_t n = r->lanes.n;
  if (n == 1) {
    run_search_lane(r, batch, 0);
    return;
  }
  workers = run_alloc(n * sizeof *workers);
  struct lane *l = run_alloc(n * sizeof *l);
  for (size_t k = 0; k < n; k++) {
    l[k] = (struct lane){r, batch, k};
    if (run_start_fn(&workers[k], lane_main, &l[k], NULL, 0) != 0) run_die("cannot fork");
    nworkers = k + 1;
  }
  int bad = 0;
  for (size_t k = 0; k < n; k++) {
    int rc = run_wait(&workers[k]);
    if (rc != 0 && !bad) bad = 1, run_say("the trials on GPU %s stopped (exit %d)", r->lanes.s[k], rc);
  }
  nworkers = 0;
  free(workers), free(l);
  workers = NULL;
  if (bad) exit(2);
}

int run_search(const char *exp) {
  search_run *r = &R;
  run_prog = "search";
  run_signals();
  char err[1024];
  if (run_search_env_parse(&r->e, exp, env, err, sizeof err)) run_die("%s", err);
  const search_env *e = &r->e;
  struct stat st;
  if (stat(e->variant_dir, &st) != 0 || !S_ISDIR(st.st_mode)) run_die("%s: no variant directory '%s'", exp, e->variant_dir);
  char *runs = run_fmt("%s/runs", e->out), *conf = run_fmt("%s/confirm", e->res), *logd = run_strdup(e->log);
  if (run_mkdir_p(runs) || run_mkdir_p(conf) || run_mkdir_p(dirname(logd)))
    run_die("cannot make %s, %s or the log's directory", runs, conf);
  free(runs), free(conf), free(logd);
  char *lock = run_fmt("%s/.lock", e->out);
  if (run_lock_wait(lock, 1, 0) < 0) run_die("%s: another search of %s is running", lock, exp);
  free(lock);
  r->owner = getpid();
  atexit(on_exit_stop);
  run_search_baseline(r);
  run_search_setup(r);
  const strv *c = &r->common;
  run_say("%s at %s on %s (kernel %s, nvcc %s): %s, seed %s, log %s", exp, e->shape, r->gpu, r->hash, r->nvcc, e->strategy, e->seed,
          e->log);
  r->start = time(NULL);
  while (!run_search_over(r)) {
    strv a = {0};
    strv_push(&a, e->search_bin), strv_push(&a, "propose"), strv_add(&a, c);
    strv_push(&a, "--init"), strv_pushf(&a, "%u", e->init), strv_push(&a, "--batch"), strv_pushf(&a, "%u", e->batch);
    strv_push(&a, "--max-trials"), strv_pushf(&a, "%u", e->max_trials);
    char *out;
    if (run_capture(a.s, NULL, 0, &out) != 0) run_die("propose failed");
    strv_free(&a);
    strv batch = strv_words(out);
    free(out);
    if (!batch.n) break;
    char *names = run_strdup("");
    for (size_t i = 0; i < batch.n; i++) {
      char *t = run_fmt("%s%s%s", names, i ? " " : "", batch.s[i]);
      free(names), names = t;
    }
    run_say("building %zu: %s", batch.n, names);
    free(names);
    run_search_build(r, &batch);
    trials(r, &batch);
    strv_free(&batch);
  }
  if (run_search_over(r)) run_say("time budget of %u s reached; rerun to resume", e->time_budget);
  strv a = {0};
  strv_push(&a, e->search_bin), strv_push(&a, "best"), strv_add(&a, c);
  char *out;
  if (run_capture(a.s, NULL, 0, &out) != 0) run_die("nothing measured in %s for this key", e->log);
  strv_free(&a);
  strv b = strv_words(out);
  free(out);
  if (b.n != 5) run_die("%s best: not 'variant median trials measured gated'", e->search_bin);
  run_say("best of %s trials (%s measured, %s gated): %s, median %s us", b.s[2], b.s[3], b.s[4], b.s[0], b.s[1]);
  run_search_confirm(r, b.s[0]);
  strv_free(&b);
  return 0;
}
