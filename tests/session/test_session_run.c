// test_session_run.c — the pure parts of `session measure` (tools/session/run_*.h): its settings
// from the environment (run_env.h), the end of a run (run_end.h: the kill/timeout decision, the
// exit status, what a status and a sample file mean), the plan's bookkeeping (run_plan.h: the
// schedule, positions within a round, the builder's order and chunks, the run started ahead) and
// the queue's claims (run_queue.h), a run's command line (run_args.c: the bench protocol), and the makefile of the sessions over several
// GPUs (shards_plan.h), written out by hand. Oracles: hand counts and the definitions (61 reps in 6 rounds are 11 a round; timeout(1)
// reports 124, or 137 after a KILL; a claim is made once).
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "session/run_end.h"
#include "session/run_env.h"
#include "session/run_plan.h"
#include "session/run_queue.h"
#include "session/run_state.h"
#include "session/shards_plan.h"

// the environment of a test (env_table.h)
#define PARSE_T run_env
#include "env_table.h"
static int parse(run_env *e, const char *const *v) {
  vars = v;
  err[0] = 0;
  return run_env_parse(e, "exp", get, err, sizeof err) ? -1 : run_env_baselines(e, err, sizeof err);
}

static void env_tests(void) {
  run_env e;
  const char *const none[] = {NULL};
  CHECK(parse(&e, none) == 0, "env: nothing set is a session of the defaults");
  CHECK(e.rounds == 10 && e.reps == 50 && e.per_round == 5, "env: 10 rounds, 50 reps, 5 a round");
  CHECK(e.run_timeout == 300 && !e.serve && e.prestart && !e.hold && !e.sequential && e.settle_ms == 300,
        "env: RUN_TIMEOUT 300, SERVE 0, PRESTART 1, HOLD 0, balanced, SETTLE_MS 300");
  CHECK(!strcmp(e.b, "build/exp") && !strcmp(e.samples, "build/tools/samples") && !strcmp(e.serve_bin, "build/tools/serve"),
        "env: B/EXP and the commands under B/tools");
  CHECK(e.libs.n == 0 && !strcmp(e.git_rev, "unknown") && !strcmp(e.data_out, "data") && e.seed == 42,
        "env: no runner (none), GIT_REV unknown, data, SEED 42");
  const char *const a[] = {"ROUNDS=6",
                           "REPS=61",
                           "B=/b",
                           "LIB_BENCH=kernels/attention/problem/sdpa_bench.py",
                           "LIB_BASELINES=sdpa-cudnn sdpa-cudnn.b_2+x",
                           "SERVE=1",
                           "ORDER_SEED=123456789012345678",
                           "SESSION=a.b-1",
                           "GPU=7",
                           "RUN_TIMEOUT=0",
                           NULL};
  CHECK(parse(&e, a) == 0, "env: a full setting is taken");
  CHECK(e.per_round == 11, "env: 61 reps in 6 rounds: 11 a round (rounded up)");
  CHECK(!strcmp(e.b, "/b/exp") && !strcmp(e.gatetab, "/b/tools/gatetab"), "env: B=/b: /b/exp, /b/tools/gatetab");
  CHECK(e.libs.n == 1 && !strcmp(e.libs.s[0], "sdpa") && e.baselines.n == 2 && !strcmp(e.baselines.s[1], "sdpa-cudnn.b_2+x"),
        "env: the runner sdpa_bench.py: lib sdpa, two baselines");
  CHECK(e.serve && e.have_order_seed && e.order_seed == 123456789012345678ull && e.run_timeout == 0,
        "env: SERVE 1, an 18-digit seed, no limit");
  const char *const two[] = {"LIB_BENCH=k/a/sdpa_bench.py k/a/matmul_bench.py", "LIB_BASELINES=matmul-cublas sdpa-flash", NULL};
  char err2[256];
  CHECK(parse(&e, two) == 0 && e.libs.n == 2 && !strcmp(e.libs.s[1], "matmul") && !strcmp(e.runners.s[1], "k/a/matmul_bench.py"),
        "env: two runners, their <lib>s in order");
  CHECK(run_env_lib_of(&e, "matmul-cublas") == 1 && run_env_lib_of(&e, "sdpa-flash") == 0 && run_env_lib_of(&e, "v5") == -1 &&
            run_env_lib_of(&e, "matmulx-a") == -1,
        "env: a baseline's runner is the one of its <lib>-; a variant and a longer name have none");
  CHECK(run_env_baselines(&e, err2, sizeof err2) == 0, "env: baselines of either runner are taken");
  const char *const stray[] = {"LIB_BENCH=k/a/sdpa_bench.py", "LIB_BASELINES=cudnn-x", NULL};
  CHECK(parse(&e, stray) == -1 && strstr(err, "'cudnn-x' is no baseline of a runner here (LIB_BENCH='k/a/sdpa_bench.py'"),
        "env: a baseline of no runner here is refused, naming the runners");
  const char *const sq[] = {"SERVE=1", "ORDER=sequential", NULL};
  CHECK(parse(&e, sq) == 0 && !e.serve && e.serve_dropped && e.sequential, "env: SERVE=1 with ORDER=sequential: no server, said");
  const char *const rt[] = {"RUN_TIMEOUT=86400", NULL};
  CHECK(parse(&e, rt) == 0 && e.run_timeout == 86400, "env: RUN_TIMEOUT=86400 (a day) is the most");
  const char *const st[] = {"STREAM=1", "BUILD_MAKE=make -C x", "VARIANT=a b", "QUEUE=/q", "QUEUE_SHARED=a", "BUILD_DEPTH=3", NULL};
  CHECK(parse(&e, st) == 0 && e.stream && e.build_make.n == 3 && e.chunk == 8 && e.depth == 3 && e.variant.n == 2 && !strcmp(e.queue, "/q"),
        "env: STREAM: BUILD_MAKE's words, chunks of 8, depth 3, the variants, the queue");
  char hundred[120] = "SESSION=";
  memset(hundred + 8, 'x', 100);
  const char *const h[] = {hundred, NULL};
  CHECK(parse(&e, h) == 0, "env: a session id of 100 characters");
  REFUSED("ROUNDS: '0' is not a count >= 1", "ROUNDS=0");
  REFUSED("ROUNDS: '1000000' is not a count >= 1", "ROUNDS=1000000");
  REFUSED("REPS: '5x' is not a count >= 1", "REPS=5x");
  REFUSED("ORDER: 'random' is not balanced or sequential", "ORDER=random");
  REFUSED("RUN_TIMEOUT: '86401' is not a whole number of seconds in 0..86400 (0: no limit)", "RUN_TIMEOUT=86401");
  REFUSED("RUN_TIMEOUT: '1.5' is not a whole number of seconds in 0..86400 (0: no limit)", "RUN_TIMEOUT=1.5");
  REFUSED("RUN_TIMEOUT: '-1' is not a whole number of seconds in 0..86400 (0: no limit)", "RUN_TIMEOUT=-1");
  const char *const se[] = {"SETTLE_MS=0", NULL};
  CHECK(parse(&e, se) == 0 && e.settle_ms == 0, "env: SETTLE_MS=0: no pause");
  const char *const se2[] = {"SETTLE_MS=10000", NULL};
  CHECK(parse(&e, se2) == 0 && e.settle_ms == 10000, "env: SETTLE_MS=10000 (10 s) is the most");
  REFUSED("SETTLE_MS: '10001' is not a whole number of milliseconds in 0..10000 (0: no pause)", "SETTLE_MS=10001");
  REFUSED("SETTLE_MS: '0.5' is not a whole number of milliseconds in 0..10000 (0: no pause)", "SETTLE_MS=0.5");
  REFUSED("SERVE: '2' is not 0 or 1", "SERVE=2");
  REFUSED("PRESTART: 'yes' is not 0 or 1", "PRESTART=yes");
  REFUSED("GPU: '1234' is not a GPU index", "GPU=1234");
  REFUSED("SESSION: '..' is not a session id (1-100 of [A-Za-z0-9.-], starting with a letter or digit)", "SESSION=..");
  REFUSED("SESSION: 'a b' is not a session id (1-100 of [A-Za-z0-9.-], starting with a letter or digit)", "SESSION=a b");
  hundred[108] = 'x', hundred[109] = 0;
  REFUSED(
      "SESSION: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is not a session "
      "id (1-100 of [A-Za-z0-9.-], starting with a letter or digit)",
      hundred);
  REFUSED("ORDER_SEED: '12x' is not a number (digits only, at most 18)", "ORDER_SEED=12x");
  REFUSED("ORDER_SEED: '1234567890123456789' is not a number (digits only, at most 18)", "ORDER_SEED=1234567890123456789");
  REFUSED("LIB_BASELINES: 'sdpa-cudnn/x' is not sdpa-<backend>[.<suffix>] (suffix [A-Za-z0-9_.+-])", "LIB_BENCH=p/sdpa_bench.py",
          "LIB_BASELINES=sdpa-cudnn/x");
  REFUSED("LIB_BASELINES: 'sdpa-Cudnn' is not sdpa-<backend>[.<suffix>] (suffix [A-Za-z0-9_.+-])", "LIB_BENCH=p/sdpa_bench.py",
          "LIB_BASELINES=sdpa-Cudnn");
  REFUSED("LIB_BASELINES: 'sdpa-cudnn.' is not sdpa-<backend>[.<suffix>] (suffix [A-Za-z0-9_.+-])", "LIB_BENCH=p/sdpa_bench.py",
          "LIB_BASELINES=sdpa-cudnn.");
  REFUSED("LIB_BASELINES: 'sdpa-flash' given twice", "LIB_BENCH=p/sdpa_bench.py", "LIB_BASELINES=sdpa-flash sdpa-flash");
  REFUSED("LIB_BASELINES: 'sdpa-flash' is no baseline of a runner here (LIB_BENCH='': <lib>-<backend> of "
          "kernels/<problem>/problem/<lib>_bench.py)", "LIB_BASELINES=sdpa-flash");
  REFUSED(
      "GRAPH_CALLS=0 times plain launches; the library baselines are always timed as graph replays, so they would not compare like for "
      "like (drop GRAPH_CALLS=0 or the sdpa-* baselines)",
      "GRAPH_CALLS=0", "LIB_BENCH=p/sdpa_bench.py", "LIB_BASELINES=sdpa-flash");
  REFUSED("STREAM=1 needs BUILD_MAKE (the make that builds a gate row)", "STREAM=1", "VARIANT=a");
  REFUSED("STREAM=1 needs the variants in VARIANT", "STREAM=1", "BUILD_MAKE=make");
  REFUSED("BUILD_CHUNK: '0' is not a count >= 1", "STREAM=1", "BUILD_MAKE=make", "VARIANT=a", "BUILD_CHUNK=0");
  REFUSED("BUILD_DEPTH: '1000' is not a count >= 1", "STREAM=1", "BUILD_MAKE=make", "VARIANT=a", "BUILD_DEPTH=1000");
  REFUSED("QUEUE='/q' needs STREAM=1 (the queue's sessions build what they time)", "QUEUE=/q");
  CHECK(parse(&e, none) == 0 && !e.at_shape && !e.meta.n && e.tables, "env: no AT_SHAPE, no META, TABLES 1 by default");
  const char *const sc[] = {"AT_SHAPE=N1", "META=search_key=a/b/1 search=confirm", "TABLES=0", NULL};
  CHECK(parse(&e, sc) == 0 && !strcmp(e.at_shape, "N1") && e.meta.n == 2 && !strcmp(e.meta.s[0], "search_key=a/b/1") && !e.tables,
        "env: the search's confirmation: AT_SHAPE, META's two keys, TABLES=0");
  REFUSED("AT_SHAPE: 'N1 N2' is not one shape", "AT_SHAPE=N1 N2");
  REFUSED("META: 'Key=v' is not KEY=VALUE (KEY of [a-z0-9_])", "META=Key=v");
  REFUSED("META: 'novalue' is not KEY=VALUE (KEY of [a-z0-9_])", "META=a=1 novalue");
  REFUSED("TABLES: 'no' is not 0 or 1", "TABLES=no");
}

static void end_tests(void) {
  CHECK(run_deadline(1e6, 0, 5, 0, 0) == RUN_WAIT, "end: no limit: never stopped");
  CHECK(run_deadline(9.99, 10, 5, 0, 0) == RUN_WAIT, "end: 9.99 s of 10: waits");
  CHECK(run_deadline(10.0, 10, 5, 0, 0) == RUN_TERM, "end: 10 s of 10: TERM");
  CHECK(run_deadline(14.9, 10, 5, 1, 0) == RUN_WAIT, "end: TERM sent, 4.9 s of the 5 s grace: waits");
  CHECK(run_deadline(15.0, 10, 5, 1, 0) == RUN_KILL, "end: TERM sent, grace over at 15 s: KILL");
  CHECK(run_deadline(99.0, 10, 5, 1, 1) == RUN_WAIT, "end: KILL sent: nothing more");
  // (Linux wait statuses: an exit code c is c << 8, a signal s is s)
  CHECK(run_exit_status(3 << 8, 0, 0) == 3, "end: exit 3 is 3");
  CHECK(run_exit_status(SIGTERM, 0, 0) == 143, "end: ended by TERM, not ours: 143");
  CHECK(run_exit_status(0, 1, 0) == 124, "end: stopped at its limit, even exiting 0: 124");
  CHECK(run_exit_status(SIGTERM, 1, 0) == 124, "end: stopped at its limit by TERM: 124");
  CHECK(run_exit_status(SIGKILL, 1, 1) == 137, "end: KILL needed: 137");
  int note;
  CHECK(run_effective_status(1, 1, 1, &note) == 0 && note, "end: a library baseline's exit 1 with its file: 0, noted");
  CHECK(run_effective_status(1, 1, 0, &note) == 1 && !note, "end: ... without its file: a failure (1)");
  CHECK(run_effective_status(1, 0, 1, &note) == 1 && !note, "end: our variant's exit 1: numerics failed (1)");
  CHECK(run_effective_status(0, 0, 0, &note) == -1, "end: exit 0 without a file: no sample (-1)");
  CHECK(run_effective_status(0, 1, 1, &note) == 0 && run_effective_status(4, 0, 1, &note) == 4,
        "end: exit 0 with a file: 0; a crash: its status");
  CHECK(run_timeout_unclear(124, 0) && run_timeout_unclear(137, 0), "end: our run out of time (124, 137): the lock is asked");
  CHECK(!run_timeout_unclear(124, 1) && !run_timeout_unclear(1, 0) && !run_timeout_unclear(143, 0),
        "end: a library's, a numerics failure, a TERM: not");
}

// callbacks of run_plan_next: variant v ours / built when the bit v of the masks is set
static unsigned ours_mask, built_mask;
static int ours(void *c, size_t v) { (void)c; return (int)(ours_mask >> v & 1); }
static int built(void *c, size_t v) { (void)c; return (int)(built_mask >> v & 1); }

static void plan_tests(void) {
  run_plan p;
  const char lib3[3] = {0, 0, 1};
  // sequential, variants a b L (L a library baseline), 2 rounds: a1 a2 b1 b2 L1 L2
  CHECK(run_plan_make(&p, 3, lib3, 2, 1, 0, 1) == 0 && p.n == 6, "plan: 3 variants x 2 rounds, 6 runs");
  const run_item want[6] = {{0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 1}, {2, 2}};
  int same = 1;
  for (size_t i = 0; i < 6; i++) same &= p.item[i].v == want[i].v && p.item[i].r == want[i].r;
  CHECK(same, "plan: sequential is variant-major (a1 a2 b1 b2 L1 L2)");
  CHECK(p.nborder == 2 && p.border[0] == 0 && p.border[1] == 1, "plan: the builder makes a, then b (not L)");
  CHECK(p.chunk_of[0] == 0 && p.chunk_of[1] == 1 && p.chunk_of[2] == SIZE_MAX, "plan: chunks of 1: a in 0, b in 1, L in none");
  ours_mask = built_mask = 7;
  CHECK(run_plan_next(&p, 0, ours, built, NULL) == 1, "plan: after a1, a2 starts ahead");
  p.dead[0] = 1;
  CHECK(run_plan_next(&p, 0, ours, built, NULL) == 2, "plan: a dead: after a1, b1 (a2 skipped)");
  built_mask = 1;
  CHECK(run_plan_next(&p, 0, ours, built, NULL) == SIZE_MAX, "plan: b1 next but b not built: nothing starts ahead");
  built_mask = 7, ours_mask = 5;
  CHECK(run_plan_next(&p, 0, ours, built, NULL) == SIZE_MAX, "plan: b another session's: L1 next, a library's: nothing");
  CHECK(run_plan_next(&p, 5, ours, built, NULL) == SIZE_MAX, "plan: after the last run, nothing");
  // positions: the how-many-th run of its round that started
  CHECK(run_plan_start(&p, 1, 1) == 1 && run_plan_start(&p, 2, 1) == 2 && run_plan_start(&p, 2, 2) == 1,
        "plan: positions b1 1, L1 2, L2 1");
  CHECK(run_plan_pos(&p, 1, 1) == 1 && run_plan_pos(&p, 2, 1) == 2 && run_plan_pos(&p, 0, 1) == 0, "plan: recorded (a1, never started: 0)");
  run_plan_free(&p);
  // balanced, 4 variants in 5 rounds: every round holds each variant once; chunks of 3
  const char lib4[4] = {0};
  CHECK(run_plan_make(&p, 4, lib4, 5, 0, 12345, 3) == 0, "plan: balanced, 4 x 5");
  int rounds_ok = 1;
  for (unsigned r = 0; r < 5; r++) {
    unsigned seen = 0;
    for (size_t k = 0; k < 4; k++) { rounds_ok &= p.item[r * 4 + k].r == r + 1; seen |= 1u << p.item[r * 4 + k].v; }
    rounds_ok &= seen == 15;
  }
  CHECK(rounds_ok, "plan: balanced: round r's 4 runs hold every variant once, rounds in order");
  int border_ok = p.nborder == 4;
  for (size_t k = 0; k < 4; k++) border_ok &= p.border[k] == p.item[k].v && p.chunk_of[p.border[k]] == k / 3;
  CHECK(border_ok, "plan: the builder's order is round 1's; chunks of 3: 0 0 0 1");
  run_plan_free(&p);
}

static void queue_tests(void) {
  char dir[] = "/tmp/test_session_run.XXXXXX";
  CHECK(mkdtemp(dir) != NULL, "queue: a directory");
  run_queue q1, q2, none;
  CHECK(run_queue_open(&q1, dir, 3) == 0 && run_queue_open(&q2, dir, 3) == 0, "queue: two sessions open it");
  char nd[64];
  snprintf(nd, sizeof nd, "%s/none", dir);
  CHECK(run_queue_open(&none, nd, 1) == -1, "queue: a missing directory is refused");
  run_queue_close(&none);
  CHECK(run_queue_ours(&q1, 0, "a", 0) == 1, "queue: session 1 claims a");
  CHECK(run_queue_ours(&q2, 0, "a", 0) == 0, "queue: session 2 does not get a");
  CHECK(run_queue_ours(&q2, 1, "b", 0) == 1 && run_queue_ours(&q1, 1, "b", 0) == 0, "queue: session 2 claims b, session 1 does not get it");
  CHECK(run_queue_ours(&q1, 0, "a", 0) == 1 && run_queue_ours(&q2, 0, "a", 0) == 0, "queue: asked again, the same answers");
  CHECK(run_queue_ours(&q1, 2, "c", 1) == 1 && run_queue_ours(&q2, 2, "c", 1) == 1, "queue: a shared variant is every session's");
  char path[128];
  snprintf(path, sizeof path, "%s/v.a", dir);
  struct stat st;
  int a_there = stat(path, &st) == 0;
  snprintf(path, sizeof path, "%s/v.c", dir);
  CHECK(a_there && stat(path, &st) != 0, "queue: the claim of a is v.a; a shared one is not claimed");
  run_queue noq;
  run_queue_open(&noq, NULL, 1);
  CHECK(run_queue_ours(&noq, 0, "a", 0) == 1, "queue: without a queue, every variant is the session's");
  run_queue_close(&noq);
  CHECK(run_queue_take_builder(&q1) == 1 && run_queue_take_builder(&q2) == 0, "queue: one session takes the builder");
  CHECK(run_queue_builder(&q1) == 0, "queue: the builder's pid not written yet: 0");
  CHECK(run_queue_set_builder(&q1, 4242) == 0 && run_queue_builder(&q2) == 4242, "queue: its pid written, read by the other");
  run_queue_join(&q1, getpid());
  CHECK(!run_queue_others(&q1, getpid()), "queue: this session alone: no other");
  pid_t dead = fork();
  if (dead == 0) _exit(0);
  waitpid(dead, NULL, 0);
  run_queue_join(&q1, dead);
  CHECK(!run_queue_others(&q1, getpid()), "queue: a session whose process has ended is no other");
  run_queue_join(&q1, getppid());
  CHECK(run_queue_others(&q1, getpid()), "queue: a live other session (this test's parent) is");
  run_queue_leave(&q1, getppid());
  CHECK(!run_queue_others(&q1, getpid()), "queue: gone once it left");
  run_queue_close(&q1);
  run_queue_close(&q2);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) printf("# could not remove %s\n", dir);
}

// the makefile shards_write makes of the environment V on GPUS (host h), or "ERR: <message>"
static char *shards(const char *gpus_spec, uint64_t queue_seed, const char *const *v) {
  shards_in in;
  vars = v;
  char *buf = NULL;
  size_t len = 0;
  if (shards_parse(&in, "x", get, err, sizeof err)) return run_fmt("ERR: %s", err);
  strv gpus;
  if (shards_gpus(gpus_spec, "0\n1\n2\n", &gpus, err, sizeof err)) return run_fmt("ERR: %s", err);
  FILE *f = open_memstream(&buf, &len);
  int rc = shards_write(f, &in, &gpus, "h", queue_seed, err, sizeof err);
  fclose(f);
  if (rc) { CHECK(len == 0, "shards: nothing written on an error"); free(buf); return run_fmt("ERR: %s", err); }
  return buf;
}
#define SHARDS_EQ(got, want, what)                     \
  do {                                                \
    char *g_ = (got);                                 \
    CHECK(!strcmp(g_, want), what);                   \
    if (strcmp(g_, want)) printf("# got:\n%s\n", g_); \
    free(g_);                                         \
  } while (0)

static void shards_tests(void) {
  const char *const rounds[] = {"B=/b", "ALL_VARIANTS=a b c", "ROUNDS=5", "REPS=50", "START=S", "MAKE_CMD=mk", NULL};
  SHARDS_EQ(shards("0,1", 0, rounds),
            "# shards.mk — written by `session shards` for x on GPUs 0 1 (do not edit)\n"
            ".PHONY: all prebuild shard0 shard1\nall: shard0 shard1\n"
            "prebuild:\n\t+@mk /b/x/gates.csv\n"
            "shard0: prebuild\n\t+@rm -f /b/x/shards.0.done && mk measure-one GPU=0 SESSION=h-gpu0-S DONE_FILE=/b/x/shards.0.done ROUNDS=3 "
            "REPS=30\n"
            "shard1: prebuild\n\t+@rm -f /b/x/shards.1.done && mk measure-one GPU=1 SESSION=h-gpu1-S DONE_FILE=/b/x/shards.1.done ROUNDS=2 "
            "REPS=20\n",
            "shards: 5 rounds of 50 reps on GPUs 0,1: 3 rounds (30 reps) and 2 (20), the gate table built first");
  const char *const queue[] = {"B=/b", "ALL_VARIANTS=a b c", "BASELINE=a", "ROUNDS=1", "REPS=10", "START=S", "MAKE_CMD=mk", NULL};
  SHARDS_EQ(
      shards("0 2", 99, queue),
      "# shards.mk — written by `session shards` for x on GPUs 0 2 (do not edit)\n"
      ".PHONY: all prebuild shard0 shard1\nall: shard0 shard1\n"
      "prebuild:\n\t+@mk /b/x/a/gate.csv\n"
      "shard0: prebuild\n\t+@rm -f /b/x/shards.0.done && mk measure-one GPU=0 SESSION=h-gpu0-S DONE_FILE=/b/x/shards.0.done ORDER_SEED=99 "
      "VARIANT='a b c' QUEUE=/b/x/queue QUEUE_SHARED='a ' STREAM=1\n"
      "shard1: prebuild\n\t+@rm -f /b/x/shards.1.done && mk measure-one GPU=2 SESSION=h-gpu2-S DONE_FILE=/b/x/shards.1.done ORDER_SEED=99 "
      "VARIANT='a b c' QUEUE=/b/x/queue QUEUE_SHARED='a ' STREAM=1\n",
      "shards: one round on GPUs 0 and 2: one queue, one seed, the baseline a shared and built first, built while timed");
  const char *const one[] = {"B=/b", "ALL_VARIANTS=a b", "ROUNDS=4", "REPS=40", "START=S", "ORDER_SEED=7", NULL};
  SHARDS_EQ(
      shards("3", 0, one),
      "# shards.mk — written by `session shards` for x on GPUs 3 (do not edit)\n"
      ".PHONY: all prebuild shard0\nall: shard0\nprebuild:\n\t@:\n"
      "shard0: prebuild\n\t+@rm -f /b/x/shards.0.done && make measure-one GPU=3 SESSION=h-gpu3-S DONE_FILE=/b/x/shards.0.done ORDER_SEED=7 "
      "ROUNDS=4 REPS=40 VARIANT='a b' STREAM=1\n",
      "shards: one GPU: its session builds all while it times them, ORDER_SEED + 0, make by default");
  // Slurm, 3 jobs, one round: b, c, d dealt in turn, a (shared) on each; 3 variants (2 + a library
  // baseline) x (1 + 1) processes x 300 s = 1800 s: 30 minutes (rounded up from 30)
  const char *const slurm[] = {
      "B=/b",         "ALL_VARIANTS=a b c d", "BASELINE=a",           "ROUNDS=1",     "REPS=10", "START=S", "MAKE_CMD=mk", "RUNNER=slurm",
      "SLURM_JOBS=3", "LIB_BASELINES=sdpa-x", "SLURM_PARTITION=it's", "ORDER_SEED=7", NULL};
  char *sl = shards("0,1,2", 0, slurm);
  CHECK(strstr(sl, "prebuild:\n\t+@mk /b/x/gates.csv\n") != NULL, "shards: Slurm: the gate table built first");
  CHECK(strstr(sl,
               "shard2: prebuild\n\t+@rm -rf /b/x/slurm/h-job2-S && mkdir -p /b/x/slurm/h-job2-S && srun --job-name=cudadent42-x-2 "
               "--gres=gpu:1 --ntasks=1 --time=30 --kill-on-bad-exit=1 --partition='it'\\''s' --output=/b/x/slurm/h-job2-S/job.log mk "
               "measure-one SESSION=h-job2-S DATA_OUT=/b/x/slurm/h-job2-S/data DONE_FILE=/b/x/slurm/h-job2-S/DONE ORDER_SEED=9 VARIANT='a "
               "d'\n") != NULL,
        "shards: Slurm job 2: a and d, 30 minutes, its stage, ORDER_SEED + 2, the partition quoted");
  if (!strstr(sl, "VARIANT='a d'")) printf("# got:\n%s\n", sl);
  free(sl);
  const char *const more[] = {"ALL_VARIANTS=a", "ROUNDS=1", "REPS=10", "START=S", "RUNNER=slurm", "SLURM_JOBS=2", NULL};
  sl = shards("0,1", 0, more);
  CHECK(strstr(sl, "shard1:\n\t@:\n") != NULL, "shards: more jobs than variants: job 1 does nothing");
  free(sl);
  const char *const nolimit[] = {"ALL_VARIANTS=a b", "ROUNDS=1", "REPS=10", "RUNNER=slurm", "SLURM_JOBS=2", "RUN_TIMEOUT=0", NULL};
  SHARDS_EQ(shards("0,1", 0, nolimit), "ERR: RUN_TIMEOUT=0 (no limit) gives a Slurm job no time limit: set SLURM_TIME (minutes)",
            "shards: Slurm with no limit and no SLURM_TIME is refused");
  const char *const plan[] = {"ALL_VARIANTS=a", "ROUNDS=3", "REPS=60", "PLAN_ROUNDS=3", NULL};
  SHARDS_EQ(
      shards("0,1", 0, plan),
      "ERR: the experiment's plan declares 3 rounds a session: on 2 GPUs pass ROUNDS=6 REPS=120 (each GPU then times every variant in 3 "
      "rounds; ROUNDS=3 would deal 3 rounds over them)",
      "shards: a plan of 3 rounds a session on 2 GPUs wants ROUNDS=6 REPS=120");
  const char *const none[] = {"ALL_VARIANTS=a b", "VARIANT=zz", NULL};
  SHARDS_EQ(shards("0", 0, none), "ERR: VARIANT='zz' names none of the experiment's variants", "shards: VARIANT naming none is refused");
  const char *const ok[] = {"ALL_VARIANTS=a", NULL};
  SHARDS_EQ(shards("0,0", 0, ok), "ERR: GPU 0 is listed twice (two timing jobs on one GPU would disturb each other)",
            "shards: a GPU twice is refused");
  SHARDS_EQ(shards("1,-2", 0, ok), "ERR: '-2' is not a GPU index (GPUS=all, or indices such as 0,1)", "shards: -2 is no GPU index");
  strv g;
  CHECK(shards_gpus("all", "0\n1\n", &g, err, sizeof err) == 0 && g.n == 2 && !strcmp(g.s[1], "1"),
        "shards: GPUS=all: the indices nvidia-smi lists");
  CHECK(shards_gpus("all", NULL, &g, err, sizeof err) == -1 && !strcmp(err, "'all' needs nvidia-smi to list the GPUs"),
        "shards: GPUS=all without nvidia-smi");
}

static char *join(const strv *a) {
  char *j = run_strdup("");
  for (size_t i = 0; i < a->n; i++) {
    char *t = run_fmt("%s%s%s", j, i ? " " : "", a->s[i]);
    free(j);
    j = t;
  }
  return j;
}

static void args_tests(void) {
  char dir[] = "/tmp/test_session_args.XXXXXX";
  CHECK(mkdtemp(dir) != NULL, "args: a build directory");
  char *b = run_fmt("B=%s", dir), *vdir = run_fmt("%s/exp/v8", dir);
  run_mkdir_p(vdir);
  char *f = run_fmt("%s/shapes.txt", vdir);
  FILE *o = fopen(f, "w");
  fputs("N1\nN1000\n", o);
  fclose(o);
  free(f);
  f = run_fmt("%s/flags", vdir);
  o = fopen(f, "w");
  fputs("-DVEC=8\n-DBLOCK=256\n", o);
  fclose(o);
  free(f);
  run_state s;
  memset(&s, 0, sizeof s);
  const char *const v[] = {b, "ROUNDS=3", "REPS=7", "WARMUP=4", "L2=warm", "GRAPH_CALLS=5", "SEED=100", "GIT_REV=abc", "SHAPES=N1 N2",
                           "LIB_BENCH=k/p/sdpa_bench.py", "LIB_BASELINES=sdpa-cudnn.b", "SAMPLES_BIN=/s/samples", "SETTLE_MS=250", NULL};
  CHECK(parse(&s.e, v) == 0, "args: the settings");
  strv_push(&s.timed, "v8");
  strv_push(&s.timed, "sdpa-cudnn.b");
  s.ncand = 1;
  s.session = "sess", s.host = "h", s.gpu_uuid = "GPU-1", s.order_seed = 9, s.runs = "/r";
  char *codes[] = {"sdpa:def torch=1"};
  s.code_kernels = "kernels:abc", s.code_libs = codes;
  strcpy(s.gpu_index, "2");
  strv a = {0};
  run_args(&s, 0, 2, &a);
  char *j = join(&a);
  CHECK(!strcmp(j, "--reps 3 --warmup 4 --l2 warm --graph-calls 5 --seed 102 --out /r/v8.r2.csv --meta experiment=exp --meta variant=v8 "
                   "--meta round=2 --meta git_rev=abc --meta order=balanced --meta session=sess --meta host=h --meta gpu_uuid=GPU-1 "
                   "--meta gpu_index=2 --meta order_seed=9 --meta code=kernels:abc --meta settle_ms=250"),
        "args: v8's round 2: 7 reps in 3 rounds are 3 a round, seed 100 + 2, its round file, the header's keys, our code, the pause");
  if (strstr(j, "--reps 3") != j) printf("# got: %s\n", j);
  free(j);
  strv_free(&a);
  run_lib_argv(&s, 1, 1, &a);
  j = join(&a);
  CHECK(
      !strcmp(j,
              "python3 k/p/sdpa_bench.py --backend sdpa-cudnn --shape N1 --shape N2 --reps 3 --warmup 4 --l2 warm --graph-calls 5 "
              "--seed 101 --out /r/sdpa-cudnn.b.r1.csv --meta experiment=exp --meta variant=sdpa-cudnn.b --meta round=1 --meta git_rev=abc "
              "--meta order=balanced --meta session=sess --meta host=h --meta gpu_uuid=GPU-1 --meta gpu_index=2 --meta order_seed=9 "
              "--meta code=sdpa:def torch=1 --meta settle_ms=250 --meta flags= --samples-bin /s/samples"),
      "args: the A/A copy sdpa-cudnn.b runs backend sdpa-cudnn at SHAPES, published under its own name, the runner's code");
  free(j);
  strv_free(&a);
  run_shape_args(&s, 0, &a);
  j = join(&a);
  CHECK(!strcmp(j, "--shape N1 --shape N1000"), "args: v8's shapes from its build's shapes.txt");
  free(j);
  strv_free(&a);
  j = run_flags_of(&s, 0);
  CHECK(!strcmp(j, "-DVEC=8 -DBLOCK=256"), "args: v8's flags on one line");
  free(j);
  // the search's confirmation: one shape for every run, more header keys after the session's
  const char *const c[] = {b, "ROUNDS=3", "REPS=7", "SEED=100", "SHAPES=N1 N2", "AT_SHAPE=N2", "META=search_key=k/1 search=confirm",
                           "LIB_BENCH=k/p/sdpa_bench.py", "LIB_BASELINES=sdpa-cudnn.b", NULL};
  CHECK(parse(&s.e, c) == 0, "args: the confirmation's settings");
  run_shape_args(&s, 0, &a);
  j = join(&a);
  CHECK(!strcmp(j, "--shape N2"), "args: AT_SHAPE: v8 at N2 alone, not its build's shapes");
  free(j);
  strv_free(&a);
  run_lib_argv(&s, 1, 1, &a);
  j = join(&a);
  CHECK(strstr(j, "--backend sdpa-cudnn --shape N2 --reps 3 ") && !strstr(j, "N1"), "args: AT_SHAPE: the library's run at N2 alone");
  CHECK(strstr(j, "--meta code=sdpa:def torch=1 --meta settle_ms=300 --meta search_key=k/1 --meta search=confirm --meta flags="),
        "args: META's keys after the session's (the pause's default 300 ms among them), before the runner's own");
  free(j);
  strv_free(&a);
  char *cmd = run_fmt("rm -rf '%s'", dir);
  if (system(cmd) != 0) printf("# could not remove %s\n", dir);
  free(cmd), free(b), free(vdir);
}

// a staged session's own GPU directory (shards_staged_slug) and a header value (run_header_value)
static void collect_tests(void) {
  const char *d = "/b/fake/slurm/s1";
  const char *slug = shards_staged_slug(d, "fake", "/b/fake/slurm/s1/data/fake/h100-sxm");
  CHECK(slug && !strcmp(slug, "h100-sxm"), "staged: its own <session>/data/EXP/<slug>: the slug");
  CHECK(!shards_staged_slug(d, "fake", "/b/fake/slurm/s2/data/fake/h100"), "staged: another session's: refused");
  CHECK(!shards_staged_slug(d, "fake", "/b/fake/slurm/s1/data/other/h100"), "staged: another experiment's: refused");
  CHECK(!shards_staged_slug(d, "fake", "/b/fake/slurm/s1/data/fakex/h100"), "staged: an experiment the name starts: refused");
  CHECK(!shards_staged_slug(d, "fake", "/b/fake/slurm/s1/data/fake"), "staged: the experiment's directory: refused");
  CHECK(!shards_staged_slug(d, "fake", "/b/fake/slurm/s1/data/fake/a/b"), "staged: deeper: refused ('/' in the slug)");
  CHECK(!shards_staged_slug(d, "fake", "/b/fake/slurm/s1/data/fake/-x"), "staged: a slug starting '-': refused");
  CHECK(!shards_staged_slug(d, "fake", "/b/fake/slurm/s1/data/fake/H100"), "staged: upper case: refused");
  char s80[81], p[200];
  memset(s80, 'a', 80), s80[80] = 0;
  snprintf(p, sizeof p, "%s/data/fake/%s", d, s80);
  CHECK(shards_staged_slug(d, "fake", p) != NULL, "staged: a slug of 80: taken");
  snprintf(p, sizeof p, "%s/data/fake/%sa", d, s80);
  CHECK(!shards_staged_slug(d, "fake", p), "staged: a slug of 81: refused");

  char f[] = "/tmp/test_session_hval.XXXXXX";
  int fd = mkstemp(f);
  FILE *o = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (o) {
    fputs("# cudadent42 numerics v1\n# git_rev:  abc123 \t\n# git_rev: later\nvariant,x\n# rows: no\n", o);
    fclose(o);
  }
  char *v = run_header_value(f, "git_rev");
  CHECK(!strcmp(v, "abc123"), "header value: the first, trimmed");
  free(v);
  v = run_header_value(f, "rows");
  CHECK(!strcmp(v, ""), "header value: a comment after the columns line is not the header's");
  free(v);
  v = run_header_value("/nonexistent/x", "git_rev");
  CHECK(!strcmp(v, ""), "header value: an unreadable file: empty");
  free(v);
  unlink(f);
}

int main(void) {
  collect_tests();
  env_tests();
  end_tests();
  plan_tests();
  queue_tests();
  shards_tests();
  args_tests();
  CHECK_DONE();
}
