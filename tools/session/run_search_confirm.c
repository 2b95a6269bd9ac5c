// run_search_confirm.c — the search's confirmation (run_search.h): the best and BASELINE measured
// as one `session measure` session (run_session.h) in a process of its own, its settings set
// here, its published files copied to RESULTS_DIR/confirm/{cand,base}.csv; kept when those are
// already of this key (run_search_key.h: the confirmation's tag).
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "session/run_env.h"
#include "session/run_search_key.h"
#include "session/run_search_state.h"
#include "session/run_session.h"
#include "session/session_code_id.h"

void run_search_baseline(search_run *r) {
  const search_env *e = &r->e;
  char lib[SESSION_CODE_ID_MAX];
  strv runners = strv_words(e->lib_bench ? e->lib_bench : "");  // LIB_BENCH: one <lib> per runner
  for (size_t i = 0; i < runners.n && !r->lib; i++)
    r->lib = session_code_id_lib(runners.s[i], lib) == 0 && run_env_baseline_ok(lib, e->baseline);
  strv_free(&runners);
  if (r->lib) return;
  char *f = run_fmt("%s/%s.flags", e->variant_dir, e->baseline);
  int ours = run_exists(f) || strv_find(&e->baselines, e->baseline) >= 0;
  free(f);
  if (!ours)
    run_die("baseline '%s' is not a variant of %s, nor one of its BASELINES, nor a baseline of a library runner (<lib>-* of %s)",
            e->baseline, e->exp, e->lib_bench ? e->lib_bench : "no LIB_BENCH");
}

typedef struct {
  search_run *r;
  const char *best, *tag, *data;
} confirm;

static void set(const char *k, const char *v) {
  if (v) setenv(k, v, 1);
  else unsetenv(k);
}

// the confirmation's process: a measure session of the two, its settings in the environment
static int measure_main(void *arg) {
  const confirm *c = arg;
  const search_run *r = c->r;
  const search_env *e = &r->e;
  char *v = r->lib ? run_strdup(c->best) : run_fmt("%s %s", c->best, e->baseline);
  char *make = run_strdup("");
  for (size_t i = 0; i < e->make_cmd.n; i++) {
    char *t = run_fmt("%s%s%s", make, i ? " " : "", e->make_cmd.s[i]);
    free(make), make = t;
  }
  char *reps = run_fmt("%u", e->confirm_reps), *rounds = run_fmt("%u", e->confirm_rounds);
  char *meta = run_fmt("search_key=%s search=confirm", c->tag);
  set("VARIANT", v), set("LIB_BASELINES", r->lib ? e->baseline : NULL);
  set("STREAM", "1"), set("BUILD_MAKE", make), set("BUILD_CHUNK", "8"), set("BUILD_DEPTH", "1");
  set("REPS", reps), set("ROUNDS", rounds), set("ORDER", "balanced"), set("SEED", e->seed);
  set("SHAPES", e->shape), set("AT_SHAPE", e->shape), set("META", meta), set("TABLES", "0");
  set("DATA_OUT", c->data), set("SERVE", "0"), set("HOLD_DEVICE", "0");
  set("GPU", r->visible ? r->lanes.s[0] : NULL);
  set("QUEUE", NULL), set("QUEUE_SHARED", NULL), set("SHARD", NULL), set("DONE_FILE", NULL), set("PLAN_TAG", NULL);
  return run_measure(e->exp);
}

// FROM copied to TO (a temporary file, renamed)
static void copy(const char *from, const char *to) {
  size_t n;
  char *t = run_read_file(from, &n), *tmp = run_fmt("%s.tmp", to);
  FILE *o = t ? fopen(tmp, "w") : NULL;
  if (!o || fwrite(t, 1, n, o) != n || fclose(o) != 0 || rename(tmp, to) != 0) run_die("cannot write %s from %s", to, from);
  free(t), free(tmp);
}

void run_search_confirm(search_run *r, const char *best) {
  const search_env *e = &r->e;
  char *tag = run_search_tag(r->hash, r->gpu, r->nvcc, e->shape, e->confirm_reps, e->confirm_rounds);
  char *cand = run_fmt("%s/confirm/cand.csv", e->res), *base = run_fmt("%s/confirm/base.csv", e->res);
  char *ct = run_read_file(cand, NULL), *bt = run_read_file(base, NULL);
  int fresh = run_search_fresh(ct, tag, best) && run_search_fresh(bt, tag, e->baseline);
  free(ct), free(bt);
  if (fresh) {
    run_say("confirmation of %s and %s already measured: %s/confirm/", best, e->baseline, e->res);
  } else {
    char *data = run_fmt("%s/confirm", e->out), *dest = run_fmt("%s/confirm.dest", e->out);
    if (run_rm_rf(data) || run_mkdir_p(data)) run_die("cannot make %s", data);
    remove(dest);
    run_say("confirmation of %s against %s: %u rounds, a measure session", best, e->baseline, e->confirm_rounds);
    confirm c = {r, best, tag, data};
    run_io io = {.out = dest};
    if (run_start_fn(&r->cur, measure_main, &c, &io, 0) != 0) run_die("cannot fork");
    int rc = run_wait(&r->cur);
    r->cur.pid = 0;
    // (the session's directory: the last line of its output, the runs' own output before it)
    char *out = run_read_file(dest, NULL), *d = out;
    if (rc != 0 || !out) run_die("the confirmation session of %s and %s failed (exit %d)", best, e->baseline, rc);
    while (*out && out[strlen(out) - 1] == '\n') out[strlen(out) - 1] = 0;
    if (strrchr(out, '\n')) d = strrchr(out, '\n') + 1;
    // (both, or neither: a pair of one key or none)
    const char *name[] = {best, e->baseline}, *to[] = {cand, base};
    char *f[2];
    for (int k = 0; k < 2; k++)
      if (!run_exists(f[k] = run_fmt("%s/%s.csv", d, name[k])))
        run_die("confirmation of %s: no samples (its runs failed, above; torch missing?)", name[k]);
    for (int k = 0; k < 2; k++) copy(f[k], to[k]), free(f[k]);
    free(out), free(data), free(dest);
  }
  char *names = run_fmt("%s/confirm/names.txt", e->res);
  FILE *o = fopen(names, "w");
  if (!o || fprintf(o, "%s\n%s\n", best, e->baseline) < 0 || fclose(o) != 0) run_die("cannot write %s", names);
  run_say("confirmation samples in %s/confirm/; on a machine with GSL: make search-confirm EXP=%s", e->res, e->exp);
  free(names), free(tag), free(cand), free(base);
}
