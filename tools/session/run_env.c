// run_env.c — see run_env.h.
#include "session/run_env.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

// S is LO..HI digits, the first not 0 when NONZERO
static int digits(const char *s, size_t lo, size_t hi, int nonzero) {
  size_t n = strlen(s);
  return n >= lo && n <= hi && strspn(s, "0123456789") == n && !(nonzero && s[0] == '0');
}
static const char *val(const char *(*get)(const char *), const char *k, const char *dflt) {
  const char *v = get(k);
  return v && *v ? v : dflt;
}

int run_env_session_ok(const char *s) {
  size_t n = strlen(s);
  return n >= 1 && n <= 100 && strchr(ALNUM, s[0]) && s[0] && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-") == n;
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

// the <lib> of a runner path: its base name less _bench.py (basename(1)'s rule: not the whole name)
static char *lib_of(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strlen(base), k = strlen("_bench.py");
  char *s = run_strdup(base);
  if (n > k && !strcmp(base + n - k, "_bench.py")) s[n - k] = 0;
  return s;
}

int run_env_parse(run_env *e, const char *exp, const char *(*get)(const char *), char *err, size_t n) {
  memset(e, 0, sizeof *e);
  e->exp = exp;
  e->b_root = val(get, "B", "build");
  e->b = run_fmt("%s/%s", e->b_root, exp);
  const char *v;
  e->samples = (v = val(get, "SAMPLES_BIN", NULL)) ? run_strdup(v) : run_fmt("%s/tools/samples", e->b_root);
  e->gatetab = (v = val(get, "GATETAB", NULL)) ? run_strdup(v) : run_fmt("%s/tools/gatetab", e->b_root);
  e->numtab = (v = val(get, "NUMTAB", NULL)) ? run_strdup(v) : run_fmt("%s/tools/numtab", e->b_root);
  e->serve_bin = (v = val(get, "SERVE_BIN", NULL)) ? run_strdup(v) : run_fmt("%s/tools/serve", e->b_root);
  const char *rounds = val(get, "ROUNDS", "10"), *reps = val(get, "REPS", "50");
  if (!digits(rounds, 1, 6, 1)) return run_errf(err, n, "ROUNDS: '%s' is not a count >= 1", rounds);
  if (!digits(reps, 1, 9, 1)) return run_errf(err, n, "REPS: '%s' is not a count >= 1", reps);
  e->rounds = (unsigned)atol(rounds);
  e->reps = (unsigned)atol(reps);
  e->per_round = (e->reps + e->rounds - 1) / e->rounds;
  e->order = val(get, "ORDER", "balanced");
  if (strcmp(e->order, "balanced") && strcmp(e->order, "sequential"))
    return run_errf(err, n, "ORDER: '%s' is not balanced or sequential", e->order);
  e->sequential = !strcmp(e->order, "sequential");
  const char *rt = val(get, "RUN_TIMEOUT", "300");
  if (!digits(rt, 1, 5, 0) || atol(rt) > 86400)
    return run_errf(err, n, "RUN_TIMEOUT: '%s' is not a whole number of seconds in 0..86400 (0: no limit)", rt);
  e->run_timeout = (unsigned)atol(rt);
  const char *serve = val(get, "SERVE", "0");
  if (strcmp(serve, "0") && strcmp(serve, "1")) return run_errf(err, n, "SERVE: '%s' is not 0 or 1", serve);
  e->serve = serve[0] == '1';
  if (e->serve && e->sequential) e->serve = 0, e->serve_dropped = 1;
  e->baselines = strv_words(val(get, "LIB_BASELINES", ""));
  if (!strcmp(val(get, "GRAPH_CALLS", "20"), "0") && e->baselines.n)
    return run_errf(err, n, "GRAPH_CALLS=0 times plain launches; the library baselines are always timed as graph replays, so they would not compare like for like (drop GRAPH_CALLS=0 or the sdpa-* baselines)");
  if ((e->gpu = val(get, "GPU", NULL)) && !digits(e->gpu, 1, 3, 0)) return run_errf(err, n, "GPU: '%s' is not a GPU index", e->gpu);
  if ((e->session = val(get, "SESSION", NULL)) && !run_env_session_ok(e->session))
    return run_errf(err, n, "SESSION: '%s' is not a session id (1-100 of [A-Za-z0-9.-], starting with a letter or digit)", e->session);
  if ((v = val(get, "ORDER_SEED", NULL))) {
    if (!digits(v, 1, 18, 0)) return run_errf(err, n, "ORDER_SEED: '%s' is not a number (digits only, at most 18)", v);
    e->have_order_seed = 1;
    e->order_seed = strtoull(v, NULL, 10);
  }
  e->problem = val(get, "PROBLEM", "");
  e->code_src = strv_words(val(get, "CODE_SRC", ""));
  e->lib_bench = val(get, "LIB_BENCH", NULL);
  e->lib = lib_of(e->lib_bench ? e->lib_bench : "none_bench.py");
  for (size_t i = 0; i < e->baselines.n; i++) {
    const char *bl = e->baselines.s[i];
    if (!run_env_baseline_ok(e->lib, bl))
      return run_errf(err, n, "LIB_BASELINES: '%s' is not %s-<backend>[.<suffix>] (suffix [A-Za-z0-9_.+-])", bl, e->lib);
    for (size_t j = 0; j < i; j++)
      if (!strcmp(e->baselines.s[j], bl)) return run_errf(err, n, "LIB_BASELINES: '%s' given twice", bl);
  }
  e->stream = *val(get, "STREAM", "") != 0;
  e->variant = strv_words(val(get, "VARIANT", ""));
  e->chunk = 8;
  e->depth = 1;
  if (e->stream) {
    e->build_make = strv_words(val(get, "BUILD_MAKE", ""));
    if (!e->build_make.n) return run_errf(err, n, "STREAM=1 needs BUILD_MAKE (the make that builds a gate row)");
    const char *c = val(get, "BUILD_CHUNK", "8");
    if (!digits(c, 1, 4, 1)) return run_errf(err, n, "BUILD_CHUNK: '%s' is not a count >= 1", c);
    e->chunk = (unsigned)atol(c);
    if (!e->variant.n) return run_errf(err, n, "STREAM=1 needs the variants in VARIANT");
  }
  e->queue = val(get, "QUEUE", NULL);
  if (e->queue && !e->stream)
    return run_errf(err, n, "QUEUE='%s' needs STREAM=1 (the queue's sessions build what they time)", e->queue);
  e->queue_shared = strv_words(val(get, "QUEUE_SHARED", ""));
  if (e->stream) {
    const char *d = val(get, "BUILD_DEPTH", "1");
    if (!digits(d, 1, 3, 1)) return run_errf(err, n, "BUILD_DEPTH: '%s' is not a count >= 1", d);
    e->depth = (unsigned)atol(d);
  }
  const char *pre = val(get, "PRESTART", "1");
  if (strcmp(pre, "0") && strcmp(pre, "1")) return run_errf(err, n, "PRESTART: '%s' is not 0 or 1", pre);
  e->prestart = pre[0] == '1';
  e->hold = !strcmp(val(get, "HOLD_DEVICE", "0"), "1");
  e->shard = *val(get, "SHARD", "") != 0;
  e->done_file = val(get, "DONE_FILE", NULL);
  e->plan_tag = val(get, "PLAN_TAG", "");
  e->git_rev = val(get, "GIT_REV", "unknown");
  e->data_out = val(get, "DATA_OUT", "data");
  e->warmup = val(get, "WARMUP", "10");
  e->l2 = val(get, "L2", "cold");
  e->graph_calls = val(get, "GRAPH_CALLS", "20");
  e->seed = atoll(val(get, "SEED", "42"));
  e->shapes = strv_words(val(get, "SHAPES", ""));
  const char *sst = val(get, "SERVE_START_TIMEOUT", "120");
  e->serve_start_timeout = (unsigned)atol(sst);
  return 0;
}
