// run_env.c — see run_env.h.
#include "session/run_env.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "session/session_code_id.h"

static const char *ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";


int run_env_session_ok(const char *s) {
  size_t n = strlen(s);
  return n >= 1 && n <= 100 && strchr(ALNUM, s[0]) && s[0] &&
         strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-") == n;
}

int run_env_baseline_ok(const char *lib, const char *name) {
  size_t l = strlen(lib);
  if (strncmp(name, lib, l) || name[l] != '-') return 0;
  const char *b = name + l + 1;
  size_t k = strspn(b, "abcdefghijklmnopqrstuvwxyz0123456789");
  if (k == 0) return 0;
  if (!b[k]) return 1;
  const char *s = b + k;
  if (*s != '.' || !s[1] || !strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+-", s[1])) return 0;
  return strspn(s + 2, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-") == strlen(s + 2);
}

int run_env_lib_of(const run_env *e, const char *name) {
  for (size_t i = 0; i < e->libs.n; i++) {
    const size_t k = strlen(e->libs.s[i]);
    if (!strncmp(name, e->libs.s[i], k) && name[k] == '-') return (int)i;
  }
  return -1;
}

int run_env_baselines(const run_env *e, char *err, size_t n) {
  for (size_t i = 0; i < e->baselines.n; i++) {
    const char *bl = e->baselines.s[i];
    const int l = run_env_lib_of(e, bl);
    if (l < 0)
      return run_errf(err, n,
                      "LIB_BASELINES: '%s' is no baseline of a runner here (LIB_BENCH='%s': <lib>-<backend> of "
                      "kernels/<problem>/problem/<lib>_bench.py)", bl, e->lib_bench ? e->lib_bench : "");
    if (!run_env_baseline_ok(e->libs.s[l], bl))
      return run_errf(err, n, "LIB_BASELINES: '%s' is not %s-<backend>[.<suffix>] (suffix [A-Za-z0-9_.+-])", bl, e->libs.s[l]);
    for (size_t j = 0; j < i; j++)
      if (!strcmp(e->baselines.s[j], bl)) return run_errf(err, n, "LIB_BASELINES: '%s' given twice", bl);
  }
  return 0;
}

char *run_env_exp_dir(const char *(*get)(const char *), const char *exp, const char **b) {
  *b = run_val(get, "B", "build");
  return run_fmt("%s/%s", *b, exp);
}

void run_env_timing(const char *(*get)(const char *), const char **warmup, const char **l2, const char **graph_calls) {
  *warmup = run_val(get, "WARMUP", "10");
  *l2 = run_val(get, "L2", "cold");
  *graph_calls = run_val(get, "GRAPH_CALLS", "20");
}

int run_env_run_timeout(const char *(*get)(const char *), unsigned *out, char *err, size_t n) {
  const char *rt = run_val(get, "RUN_TIMEOUT", "300");
  if (!run_digits(rt, 1, 5, 0) || atol(rt) > 86400)
    return run_errf(err, n, "RUN_TIMEOUT: '%s' is not a whole number of seconds in 0..86400 (0: no limit)", rt);
  *out = (unsigned)atol(rt);
  return 0;
}

int run_env_session(const char *(*get)(const char *), const char **session, int *have_seed, uint64_t *seed, char *err, size_t n) {
  const char *v;
  if ((*session = run_val(get, "SESSION", NULL)) && !run_env_session_ok(*session))
    return run_errf(err, n, "SESSION: '%s' is not a session id (1-100 of [A-Za-z0-9.-], starting with a letter or digit)", *session);
  if ((v = run_val(get, "ORDER_SEED", NULL))) {
    if (!run_digits(v, 1, 18, 0)) return run_errf(err, n, "ORDER_SEED: '%s' is not a number (digits only, at most 18)", v);
    *have_seed = 1;
    *seed = strtoull(v, NULL, 10);
  }
  return 0;
}

int run_env_parse(run_env *e, const char *exp, const char *(*get)(const char *), char *err, size_t n) {
  memset(e, 0, sizeof *e);
  e->exp = exp;
  e->b = run_env_exp_dir(get, exp, &e->b_root);
  e->samples = run_tool(get, "SAMPLES_BIN", e->b_root, "samples");
  e->gatetab = run_tool(get, "GATETAB", e->b_root, "gatetab");
  e->numtab = run_tool(get, "NUMTAB", e->b_root, "numtab");
  e->serve_bin = run_tool(get, "SERVE_BIN", e->b_root, "serve");
  const char *rounds = run_val(get, "ROUNDS", "10"), *reps = run_val(get, "REPS", "50");
  if (!run_digits(rounds, 1, 6, 1)) return run_errf(err, n, "ROUNDS: '%s' is not a count >= 1", rounds);
  if (!run_digits(reps, 1, 9, 1)) return run_errf(err, n, "REPS: '%s' is not a count >= 1", reps);
  e->rounds = (unsigned)atol(rounds);
  e->reps = (unsigned)atol(reps);
  e->per_round = (e->reps + e->rounds - 1) / e->rounds;
  e->order = run_val(get, "ORDER", "balanced");
  if (strcmp(e->order, "balanced") && strcmp(e->order, "sequential"))
    return run_errf(err, n, "ORDER: '%s' is not balanced or sequential", e->order);
  e->sequential = !strcmp(e->order, "sequential");
  if (run_env_run_timeout(get, &e->run_timeout, err, n)) return -1;
  const char *serve = run_val(get, "SERVE", "0");
  if (strcmp(serve, "0") && strcmp(serve, "1")) return run_errf(err, n, "SERVE: '%s' is not 0 or 1", serve);
  e->serve = serve[0] == '1';
  if (e->serve && e->sequential) e->serve = 0, e->serve_dropped = 1;
  e->baselines = strv_words(run_val(get, "LIB_BASELINES", ""));
  run_env_timing(get, &e->warmup, &e->l2, &e->graph_calls);
  if (!strcmp(e->graph_calls, "0") && e->baselines.n)
    return run_errf(err, n,
                    "GRAPH_CALLS=0 times plain launches; the library baselines are always timed as graph replays, so they would not "
                    "compare like for like (drop GRAPH_CALLS=0 or the sdpa-* baselines)");
  if ((e->gpu = run_val(get, "GPU", NULL)) && !run_digits(e->gpu, 1, 3, 0)) return run_errf(err, n, "GPU: '%s' is not a GPU index", e->gpu);
  if (run_env_session(get, &e->session, &e->have_order_seed, &e->order_seed, err, n)) return -1;
  e->problem = run_val(get, "PROBLEM", "");
  e->code_src = strv_words(run_val(get, "CODE_SRC", ""));
  e->lib_bench = run_val(get, "LIB_BENCH", NULL);
  e->runners = strv_words(e->lib_bench ? e->lib_bench : "");
  for (size_t i = 0; i < e->runners.n; i++) {
    char lib[SESSION_CODE_ID_MAX];
    if (session_code_id_lib(e->runners.s[i], lib) != 0) return run_errf(err, n, "LIB_BENCH: '%s': the name is too long", e->runners.s[i]);
    strv_push(&e->libs, lib);
  }
  e->stream = *run_val(get, "STREAM", "") != 0;
  e->variant = strv_words(run_val(get, "VARIANT", ""));
  e->chunk = 8;
  e->depth = 1;
  if (e->stream) {
    e->build_make = strv_words(run_val(get, "BUILD_MAKE", ""));
    if (!e->build_make.n) return run_errf(err, n, "STREAM=1 needs BUILD_MAKE (the make that builds a gate row)");
    const char *c = run_val(get, "BUILD_CHUNK", "8");
    if (!run_digits(c, 1, 4, 1)) return run_errf(err, n, "BUILD_CHUNK: '%s' is not a count >= 1", c);
    e->chunk = (unsigned)atol(c);
    if (!e->variant.n) return run_errf(err, n, "STREAM=1 needs the variants in VARIANT");
  }
  e->queue = run_val(get, "QUEUE", NULL);
  if (e->queue && !e->stream)
    return run_errf(err, n, "QUEUE='%s' needs STREAM=1 (the queue's sessions build what they time)", e->queue);
  e->queue_shared = strv_words(run_val(get, "QUEUE_SHARED", ""));
  if (e->stream) {
    const char *d = run_val(get, "BUILD_DEPTH", "1");
    if (!run_digits(d, 1, 3, 1)) return run_errf(err, n, "BUILD_DEPTH: '%s' is not a count >= 1", d);
    e->depth = (unsigned)atol(d);
  }
  const char *pre = run_val(get, "PRESTART", "1");
  if (strcmp(pre, "0") && strcmp(pre, "1")) return run_errf(err, n, "PRESTART: '%s' is not 0 or 1", pre);
  e->prestart = pre[0] == '1';
  e->hold = !strcmp(run_val(get, "HOLD_DEVICE", "0"), "1");
  e->shard = *run_val(get, "SHARD", "") != 0;
  e->done_file = run_val(get, "DONE_FILE", NULL);
  e->plan_tag = run_val(get, "PLAN_TAG", "");
  e->git_rev = run_val(get, "GIT_REV", "unknown");
  e->data_out = run_val(get, "DATA_OUT", "data");
  e->seed = atoll(run_val(get, "SEED", "42"));
  e->shapes = strv_words(run_val(get, "SHAPES", ""));
  e->at_shape = run_val(get, "AT_SHAPE", NULL);
  if (e->at_shape && strcspn(e->at_shape, " \t\n") != strlen(e->at_shape))
    return run_errf(err, n, "AT_SHAPE: '%s' is not one shape", e->at_shape);
  e->meta = strv_words(run_val(get, "META", ""));
  for (size_t i = 0; i < e->meta.n; i++) {
    const char *m = e->meta.s[i];
    if (strspn(m, "abcdefghijklmnopqrstuvwxyz0123456789_") == 0 || m[strspn(m, "abcdefghijklmnopqrstuvwxyz0123456789_")] != '=')
      return run_errf(err, n, "META: '%s' is not KEY=VALUE (KEY of [a-z0-9_])", m);
  }
  const char *tables = run_val(get, "TABLES", "1");
  if (strcmp(tables, "0") && strcmp(tables, "1")) return run_errf(err, n, "TABLES: '%s' is not 0 or 1", tables);
  e->tables = tables[0] == '1';
  const char *settle = run_val(get, "SETTLE_MS", "300");
  if (!run_digits(settle, 1, 5, 0) || atol(settle) > 10000)
    return run_errf(err, n, "SETTLE_MS: '%s' is not a whole number of milliseconds in 0..10000 (0: no pause)", settle);
  e->settle_ms = (unsigned)atol(settle);
  const char *sst = run_val(get, "SERVE_START_TIMEOUT", "120");
  e->serve_start_timeout = (unsigned)atol(sst);
  return 0;
}
