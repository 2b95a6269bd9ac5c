// run_args.c — the command line of one timed run (the `bench` protocol: kernels/harness/bench_args.h):
// the arguments every run of a variant in a round takes (reps, warm-up, L2, graph calls, its
// seed, its round file, the --meta keys of its sample file's header, META's after them), a
// variant's shapes (AT_SHAPE, else its build's) and flags from its build, and a library
// baseline's runner (run_lib_argv: how a library baseline is run, in one place). No processes here: the lists are tested by hand (test_session_run).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "session/run_state.h"

char *run_round_file(const run_state *s, size_t v, unsigned r) { return run_fmt("%s/%s.r%u.csv", s->runs, s->timed.s[v], r); }

static const char *code_of(const run_state *s, size_t v) {
  const int l = run_is_lib(s, v) ? run_env_lib_of(&s->e, s->timed.s[v]) : -1;
  return l >= 0 && s->code_libs && s->code_libs[l] ? s->code_libs[l] : s->code_kernels;
}

void run_args(const run_state *s, size_t v, unsigned r, strv *a) {
  const run_env *e = &s->e;
  char *f = run_round_file(s, v, r);
  strv_push(a, "--reps"), strv_pushf(a, "%u", e->per_round);
  strv_push(a, "--warmup"), strv_push(a, e->warmup);
  strv_push(a, "--l2"), strv_push(a, e->l2);
  strv_push(a, "--graph-calls"), strv_push(a, e->graph_calls);
  strv_push(a, "--seed"), strv_pushf(a, "%lld", e->seed + r);
  strv_push(a, "--out"), strv_push(a, f);
  strv_push(a, "--meta"), strv_pushf(a, "experiment=%s", e->exp);
  strv_push(a, "--meta"), strv_pushf(a, "variant=%s", s->timed.s[v]);
  strv_push(a, "--meta"), strv_pushf(a, "round=%u", r);
  strv_push(a, "--meta"), strv_pushf(a, "git_rev=%s", e->git_rev);
  strv_push(a, "--meta"), strv_pushf(a, "order=%s", e->order);
  strv_push(a, "--meta"), strv_pushf(a, "session=%s", s->session);
  strv_push(a, "--meta"), strv_pushf(a, "host=%s", s->host);
  strv_push(a, "--meta"), strv_pushf(a, "gpu_uuid=%s", s->gpu_uuid);
  strv_push(a, "--meta"), strv_pushf(a, "gpu_index=%s", s->gpu_index);
  strv_push(a, "--meta"), strv_pushf(a, "order_seed=%llu", (unsigned long long)s->order_seed);
  strv_push(a, "--meta"), strv_pushf(a, "code=%s", code_of(s, v));
  strv_push(a, "--meta"), strv_pushf(a, "settle_ms=%u", e->settle_ms);
  for (size_t i = 0; i < e->meta.n; i++) strv_push(a, "--meta"), strv_push(a, e->meta.s[i]);
  free(f);
}

void run_shape_args(const run_state *s, size_t v, strv *a) {
  if (s->e.at_shape) {
    strv_push(a, "--shape"), strv_push(a, s->e.at_shape);
    return;
  }
  char *f = run_fmt("%s/%s/shapes.txt", s->e.b, s->timed.s[v]);
  char *text = run_read_file(f, NULL);
  free(f);
  strv w = strv_words(text ? text : "");
  for (size_t i = 0; i < w.n; i++) strv_push(a, "--shape"), strv_push(a, w.s[i]);
  strv_free(&w);
  free(text);
}

char *run_flags_of(const run_state *s, size_t v) {
  char *f = run_fmt("%s/%s/flags", s->e.b, s->timed.s[v]);
  char *text = run_read_file(f, NULL);
  free(f);
  if (!text) return run_strdup("");
  for (char *c = text; *c; c++)
    if (*c == '\n') *c = ' ';
  size_t n = strlen(text);
  if (n && text[n - 1] == ' ') text[n - 1] = 0;
  return text;
}

void run_lib_argv(const run_state *s, size_t v, unsigned r, strv *a) {
  const char *name = s->timed.s[v];
  const int l = run_env_lib_of(&s->e, name);  // (its runner: checked when the session began)
  strv_push(a, "python3");
  strv_push(a, l >= 0 ? s->e.runners.s[l] : "");
  strv_push(a, "--backend");
  strv_pushf(a, "%.*s", (int)strcspn(name, "."), name);  // (sdpa-cudnn.b: the backend is sdpa-cudnn)
  if (s->e.at_shape) strv_push(a, "--shape"), strv_push(a, s->e.at_shape);
  else
    for (size_t i = 0; i < s->e.shapes.n; i++) strv_push(a, "--shape"), strv_push(a, s->e.shapes.s[i]);
  run_args(s, v, r, a);
  strv_push(a, "--meta"), strv_push(a, "flags=");
  strv_push(a, "--samples-bin"), strv_push(a, s->e.samples);
}

