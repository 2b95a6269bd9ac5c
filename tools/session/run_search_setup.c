// run_search_setup.c — what a search needs of this host before its first trial (run_search.h):
// the trial log's key (the code id of CODE_SRC, nvcc's version, the GPU's slug from the first
// configuration's bench), written to RESULTS_DIR/key.txt; the search command's options of that
// key; the GPUs its trials run on; and the make of a batch, which the slug's bench needs first.
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "session/run_codeid.h"
#include "session/run_gpus.h"
#include "session/run_lock.h"
#include "session/run_search_key.h"
#include "session/run_search_state.h"

// ARGV waited for as the process of the moment (stopped on exit), its output appended to LOG
static int run_logged(search_run *r, strv *argv, const char *log) {
  run_io io = {.in = "/dev/null", .out = log, .err = "=out"};
  if (run_start(&r->cur, argv->s, &io, 0) != 0) run_die("cannot start %s", argv->s[0]);
  int rc = run_wait(&r->cur);
  r->cur.pid = 0;
  return rc;
}

// the make of targets B/EXP/<v>/status for NAMES
void run_search_build(search_run *r, const strv *names) {
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
  run_search_build(r, &one);
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
    run_lock_default_gpu(g);
    strv_push(&r->lanes, g);
  }
}

void run_search_setup(search_run *r) {
  const search_env *e = &r->e;
  key(r);
  r->gpu = gpu_slug(r);
  strv *c = &r->common;
  strv_push(c, "--dir"), strv_push(c, e->variant_dir), strv_push(c, "--log"), strv_push(c, e->log);
  strv_push(c, "--kernel-hash"), strv_push(c, r->hash), strv_push(c, "--gpu"), strv_push(c, r->gpu);
  strv_push(c, "--nvcc"), strv_push(c, r->nvcc), strv_push(c, "--shape"), strv_push(c, e->shape);
  strv_push(c, "--strategy"), strv_push(c, e->strategy), strv_push(c, "--seed"), strv_push(c, e->seed);
  write_key(r);
  lanes(r);
}
