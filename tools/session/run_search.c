// run_search.c — see run_search.h: the search's set-up (its settings, its lock, the key of its
// trial log), the batches (proposed, built, their trials dealt over the GPUs' workers), the best,
// then the confirmation (run_search_confirm.c); on any exit, the processes it started are stopped.
#define _GNU_SOURCE
#include "session/run_search.h"
#include <dirent.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "session/run_codeid.h"
#include "session/run_gpus.h"
#include "session/run_lock.h"
#include "session/run_search_key.h"
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

// ARGV waited for as the process of the moment (stopped on exit), its output appended to LOG
static int run_logged(search_run *r, strv *argv, const char *log) {
  run_io io = {.in = "/dev/null", .out = log, .err = "=out"};
  if (run_start(&r->cur, argv->s, &io, 0) != 0) run_die("cannot start %s", argv->s[0]);
  int rc = run_wait(&r->cur);
  r->cur.pid = 0;
  return rc;
}

// the make of targets B/EXP/<v>/status for NAMES
static void build(search_run *r, const strv *names) {
  strv a = {0};
  strv_add(&a, &r->e.make_cmd);
  strv_pushf(&a, "-j%u", r->e.jobs);
  strv_push(&a, "-k");
  for (size_t i = 0; i < names->n; i++) strv_pushf(&a, "%s/%s/status", r->e.b, names->s[i]);
  char *log = run_fmt("%s/build.log", r->e.out);
  run_logged(r, &a, log);  // (a variant that did not build is gated build_failed)
  free(log);
  strv_free(&a);
}

// the first configuration of the space (its flag files' names, in C order)
static char *first_variant(const search_run *r) {
  struct dirent **ls;
  int n = scandir(r->e.variant_dir, &ls, NULL, alphasort);
  char *first = NULL;
  for (int i = 0; i < n; i++) {
    size_t l = strlen(ls[i]->d_name);
    if (!first && l > 6 && !strcmp(ls[i]->d_name + l - 6, ".flags")) first = run_fmt("%.*s", (int)(l - 6), ls[i]->d_name);
    free(ls[i]);
  }
  if (n > 0) free(ls);
  if (!first) run_die("%s: no configuration in %s", r->e.exp, r->e.variant_dir);
  return first;
}

// the GPU's slug: SEARCH_GPU, else what the first configuration's bench says
static char *gpu_slug(search_run *r) {
  if (r->e.gpu_slug) return run_strdup(r->e.gpu_slug);
  strv one = {0};
  char *first = first_variant(r);
  strv_push(&one, first);
  build(r, &one);
  strv_free(&one);
  char *bench = run_fmt("%s/%s/bench", r->e.b, first), *gerr = run_fmt("%s/gpu.err", r->e.out), *slug;
  char *a[] = {bench, "--gpu-slug", NULL};
  remove(gerr);
  if (run_capture(a, gerr, 0, &slug) != 0 || !*slug) {
    char *why = run_read_file(gerr, NULL);
    if (why && strlen(why) > 300) why[300] = 0;
    while (why && *why && why[strlen(why) - 1] == '\n') why[strlen(why) - 1] = 0;
    run_die("no usable GPU here (%s); the replay mode needs none: make search EXP=%s REPLAY=1", why ? why : "", r->e.exp);
  }
  free(first), free(bench), free(gerr);
  return slug;
}

// the kernel hash and the nvcc version: with the GPU and shape, the trial log's key
static void key(search_run *r) {
  char *code = run_code_id("kernels", r->e.code_src.s, r->e.code_src.n);
  if (!code) run_die("no code id for %s (CODE_SRC '%s')", r->e.exp, r->e.code_src.s[0]);
  run_search_hash(code, r->e.graph_calls, r->hash);
  free(code);
  strv a = {0};
  strv_add(&a, &r->e.nvcc);
  strv_push(&a, "--version");
  char *out;
  int rc = run_capture(a.s, "/dev/null", 60, &out);
  if (rc != 0 || run_search_nvcc(out, r->nvcc, sizeof r->nvcc))
    run_die("cannot read the nvcc version from '%s --version'", r->e.nvcc.n ? r->e.nvcc.s[0] : "nvcc");
  free(out);
  strv_free(&a);
}

static void write_key(const search_run *r) {
  char *f = run_fmt("%s/key.txt", r->e.res), *t = run_fmt("%s/.key.txt.tmp", r->e.res);
  FILE *o = fopen(t, "w");
  if (!o) run_die("cannot write %s", f);
  fprintf(o, "--kernel-hash\n%s\n--gpu\n%s\n--nvcc\n%s\n--shape\n%s\n", r->hash, r->gpu, r->nvcc, r->e.shape);
  if (fclose(o) != 0 || rename(t, f) != 0) run_die("cannot write %s", f);
  free(f), free(t);
}

// the GPUs the trials run on: GPUS's, else the one this runs on
static void lanes(search_run *r) {
  char err[512];
  if (r->e.gpus) {
    if (run_gpu_list(r->e.gpus, &r->lanes, err, sizeof err)) run_die("GPUS: %s", err);
    r->visible = 1;
  } else {
    char g[16];
    run_gpu_default(g);
    strv_push(&r->lanes, g);
  }
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
  run_who = "search";
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
  key(r);
  r->gpu = gpu_slug(r);
  strv *c = &r->common;
  strv_push(c, "--dir"), strv_push(c, e->variant_dir), strv_push(c, "--log"), strv_push(c, e->log);
  strv_push(c, "--kernel-hash"), strv_push(c, r->hash), strv_push(c, "--gpu"), strv_push(c, r->gpu);
  strv_push(c, "--nvcc"), strv_push(c, r->nvcc), strv_push(c, "--shape"), strv_push(c, e->shape);
  strv_push(c, "--strategy"), strv_push(c, e->strategy), strv_push(c, "--seed"), strv_push(c, e->seed);
  write_key(r);
  run_say("%s at %s on %s (kernel %s, nvcc %s): %s, seed %s, log %s", exp, e->shape, r->gpu, r->hash, r->nvcc, e->strategy, e->seed,
          e->log);
  lanes(r);
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
    build(r, &batch);
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
