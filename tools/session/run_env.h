// run_env.h — what a measure session is asked, from the environment make passes (mk/measure.mk):
// every value checked, as the session's first step, before anything runs. Pure: the values come
// through GET (getenv, or a table in the tests); nothing is read from disk. The meaning of each
// variable: the header comment of run_session.h.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include "session/run_util.h"

typedef struct {
  const char *exp;
  char *b;                     // B/EXP (B: build)
  const char *b_root;          // B
  char *samples, *gatetab, *numtab, *serve_bin;  // the commands (defaults under B/tools)
  unsigned rounds, reps, per_round;  // per_round: REPS / ROUNDS, rounded up
  int sequential;              // ORDER=sequential (else balanced)
  const char *order;           // "balanced" or "sequential"
  unsigned run_timeout;        // RUN_TIMEOUT, seconds, 0: no limit
  int serve, serve_dropped;    // SERVE (serve_dropped: SERVE=1 given with ORDER=sequential)
  int prestart, hold;          // PRESTART, HOLD_DEVICE
  const char *gpu;             // GPU (NULL: unset)
  const char *session;         // SESSION (NULL: unset, the session names itself)
  int have_order_seed;
  uint64_t order_seed;         // ORDER_SEED, when given
  const char *lib_bench;       // LIB_BENCH (NULL: unset): the problem's runners, blank-separated
  strv runners, libs;          // each runner of LIB_BENCH and its <lib> (<lib>_bench.py), alike in order
  strv baselines;              // LIB_BASELINES, checked
  int stream;                  // STREAM (non-empty)
  strv build_make;             // BUILD_MAKE's words
  unsigned chunk, depth;       // BUILD_CHUNK (8), BUILD_DEPTH (1)
  strv variant;                // VARIANT's words
  const char *queue;           // QUEUE (NULL: none)
  strv queue_shared;           // QUEUE_SHARED's words
  int shard;                   // SHARD (non-empty)
  const char *done_file, *plan_tag, *git_rev, *data_out, *problem, *warmup, *l2, *graph_calls;
  long long seed;              // SEED (42)
  strv shapes, code_src;       // SHAPES, CODE_SRC
  const char *at_shape;        // AT_SHAPE (NULL: unset): every run timed at this shape alone
  strv meta;                   // META's words (KEY=VALUE): more --meta keys of every run
  int tables;                  // TABLES (1; 0: the experiment's gate tables left alone)
  unsigned serve_start_timeout;  // SERVE_START_TIMEOUT (120)
  unsigned settle_ms;          // SETTLE_MS (300): the GPU left idle this long before each run
} run_env;

// Fills E for experiment EXP from GET. 0, or -1 with the message (no "measure: ") in ERR.
int run_env_parse(run_env *e, const char *exp, const char *(*get)(const char *), char *err, size_t errlen);
// The library baselines' names checked (after the session has found their runner, LIB_BENCH):
// 0, or -1 with the message in ERR.
int run_env_baselines(const run_env *e, char *err, size_t errlen);
// the build directory B through GET (build when unset) into *B, and EXP's in it, B/EXP (malloc'd)
char *run_env_exp_dir(const char *(*get)(const char *), const char *exp, const char **b);
// the timing method through GET: WARMUP (10), L2 (cold), GRAPH_CALLS (20)
void run_env_timing(const char *(*get)(const char *), const char **warmup, const char **l2, const char **graph_calls);
// RUN_TIMEOUT through GET (300 when unset), seconds in 0..86400 (0: no limit), into *OUT; 0, or -1
// with ERR
int run_env_run_timeout(const char *(*get)(const char *), unsigned *out, char *err, size_t errlen);
// SESSION (*SESSION, NULL when unset) and ORDER_SEED (*HAVE_SEED and *SEED, when set) through GET,
// checked; 0, or -1 with ERR
int run_env_session(const char *(*get)(const char *), const char **session, int *have_seed, uint64_t *seed, char *err, size_t errlen);
// whether NAME is a session id: 1-100 of [A-Za-z0-9.-], the first a letter or digit
int run_env_session_ok(const char *name);
// whether NAME is a library baseline of LIB: <lib>-<backend>[.<suffix>], backend [a-z0-9]+, suffix
// [A-Za-z0-9_+-][A-Za-z0-9_.+-]*
int run_env_baseline_ok(const char *lib, const char *name);
// the index in E's runners of the one whose <lib> names baseline NAME (<lib>-*), or -1
int run_env_lib_of(const run_env *e, const char *name);
