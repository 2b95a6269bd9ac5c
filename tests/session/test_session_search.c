// test_session_search.c — the pure parts of `session search` (tools/session/run_search*.h): its
// settings from the environment (run_search_env.h), the key of its trial log and confirmation
// (run_search_key.h), and the dealing of a batch's candidates over its GPUs' workers
// (session_deal_turn as the lanes use it). Oracles: sha256sum run in the shell (`printf
// 'kernels:a84a814123d3 graph_calls=20\n' | sha256sum | cut -c1-16` is 120a3cebe86fffd8, the hash
// of the test fixture's key), what `nvcc --version` prints, hand counts.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "session/run_search_env.h"
#include "session/run_search_key.h"
#include "session/session_deal.h"

#define PARSE_T search_env
#include "env_table.h"
static int parse(search_env *e, const char *const *v) {
  vars = v;
  err[0] = 0;
  return run_search_env_parse(e, "exp", get, err, sizeof err);
}
// the three settings a search cannot do without
#define NEED "SHAPE=B2_H8_S512_D64_C0", "CODE_SRC=kernels/harness kernels/attention", "BASELINE=sdpa-cudnn"

static void env_tests(void) {
  search_env e;
  const char *const min[] = {NEED, NULL};
  CHECK(parse(&e, min) == 0, "env: SHAPE, CODE_SRC and BASELINE are enough");
  CHECK(!strcmp(e.b, "build/exp") && !strcmp(e.out, "build/exp/search") && !strcmp(e.res, "results/exp") &&
            !strcmp(e.log, "results/exp/trials.csv"),
        "env: B/EXP, its search scratch, results/EXP and its trials.csv");
  CHECK(!strcmp(e.search_bin, "build/tools/search") && !strcmp(e.gates, "build/tools/gates") && !strcmp(e.gatetab, "build/tools/gatetab"),
        "env: the commands under B/tools");
  CHECK(e.init == 20 && e.max_trials == 100 && e.batch == 8 && e.jobs == 16 && e.time_budget == 0 && e.search_reps == 20 &&
            e.confirm_reps == 100 && e.confirm_rounds == 10 && e.run_timeout == 300,
        "env: the defaults (INIT 20, MAX_TRIALS 100, BATCH 8, JOBS 16, no budget, 20 reps, 100 in 10 rounds, 300 s)");
  CHECK(!strcmp(e.strategy, "lhs+tpe") && !strcmp(e.seed, "42") && !e.gpus && !e.gpu_slug && !e.lib_bench,
        "env: lhs+tpe, seed 42, no GPUS, no slug given, no runner");
  CHECK(e.code_src.n == 2 && e.nvcc.n == 1 && !strcmp(e.nvcc.s[0], "nvcc") && e.make_cmd.n == 1 && !strcmp(e.make_cmd.s[0], "make"),
        "env: CODE_SRC's two paths, nvcc, make");
  const char *const full[] = {NEED, "B=/b", "RESULTS_DIR=/r", "MAKE_CMD=make --no-print-directory EXP=x", "GPUS=0,1", "TIME_BUDGET=0",
                              "CONFIRM_ROUNDS=9999", "MAX_TRIALS=0", "SEARCH_BIN=/s", "BASELINES=cublas-gemm sdpa-cudnn", NULL};
  CHECK(parse(&e, full) == 0, "env: a full setting is taken");
  CHECK(!strcmp(e.b, "/b/exp") && !strcmp(e.log, "/r/trials.csv") && !strcmp(e.search_bin, "/s") && !strcmp(e.gatetab, "/b/tools/gatetab"),
        "env: B=/b, RESULTS_DIR=/r: the log in it; SEARCH_BIN given");
  CHECK(e.make_cmd.n == 3 && !strcmp(e.make_cmd.s[2], "EXP=x") && !strcmp(e.gpus, "0,1") && e.baselines.n == 2,
        "env: MAKE_CMD's words, GPUS, BASELINES' words");
  CHECK(e.confirm_rounds == 9999 && e.max_trials == 0, "env: 9999 rounds the most, MAX_TRIALS 0 (nothing more to try)");
  const char *const empty[] = {NEED, "GPUS=", "SEARCH_GPU=", NULL};
  CHECK(parse(&e, empty) == 0 && !e.gpus && !e.gpu_slug, "env: an empty GPUS or SEARCH_GPU is unset");

  REFUSED("exp: no shape (SHAPES is empty)", "CODE_SRC=k", "BASELINE=b");
  REFUSED("CODE_SRC: empty (make passes the sources a bench of exp is compiled from)", "SHAPE=s", "BASELINE=b", "CODE_SRC= ");
  REFUSED("exp: no BASELINE to confirm against", "SHAPE=s", "CODE_SRC=k");
  REFUSED("CONFIRM_ROUNDS: '0' is not a count of rounds", NEED, "CONFIRM_ROUNDS=0");
  REFUSED("CONFIRM_ROUNDS: '10000' is not a count of rounds", NEED, "CONFIRM_ROUNDS=10000");
  REFUSED("CONFIRM_ROUNDS: '1x' is not a count of rounds", NEED, "CONFIRM_ROUNDS=1x");
  REFUSED("BATCH: '0' is not a count >= 1", NEED, "BATCH=0");
  REFUSED("MAX_TRIALS: '-1' is not a count (0 or more)", NEED, "MAX_TRIALS=-1");
  REFUSED("TIME_BUDGET: '1h' is not a count (0 or more)", NEED, "TIME_BUDGET=1h");
  REFUSED("SEED: '4 2' is not a non-negative integer", NEED, "SEED=4 2");
  REFUSED("SESSION: 'a b' is not a session id (1-100 of [A-Za-z0-9.-], starting with a letter or digit)", NEED, "SESSION=a b");
  REFUSED("ORDER_SEED: 'x' is not a number (digits only, at most 18)", NEED, "ORDER_SEED=x");
  REFUSED("RUN_TIMEOUT: '86401' is not a whole number of seconds in 0..86400 (0: no limit)", NEED, "RUN_TIMEOUT=86401");
}

static void key_tests(void) {
  char h[17], v[32];
  run_search_hash("kernels:a84a814123d3", "20", h);
  CHECK(!strcmp(h, "120a3cebe86fffd8"), "hash: the code id and graph_calls=20, as sha256sum gives it");
  run_search_hash("sdpa:0123456789ab torch=2.5", "0", h);
  CHECK(!strcmp(h, "02ad108d25900615"), "hash: another id and GRAPH_CALLS, another hash (sha256sum's)");
  const char *nv = "nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2025 NVIDIA Corporation\n"
                   "Built on Wed_Aug_20_01:58:59_PM_PDT_2025\nCuda compilation tools, release 13.0, V13.0.88\n"
                   "Build cuda_13.0.r13.0/compiler.36424714_0\n";
  CHECK(run_search_nvcc(nv, v, sizeof v) == 0 && !strcmp(v, "13.0.88"), "nvcc: 'release 13.0, V13.0.88' is 13.0.88");
  CHECK(run_search_nvcc("a, V1.2\nb, V3.4, V5.6x\nc\n", v, sizeof v) == 0 && !strcmp(v, "5.6"),
        "nvcc: the last ', V' of the last line that has one, its digits and dots");
  CHECK(run_search_nvcc("release 13.0 V13.0.88\n, Vx\n", v, sizeof v) == -1, "nvcc: no ', V<digit>': none");
  CHECK(run_search_nvcc("", v, sizeof v) == -1, "nvcc: no output: none");
  char small[4];
  CHECK(run_search_nvcc(", V13.0.88", small, sizeof small) == -1, "nvcc: a version longer than the buffer: none");
  char *tag = run_search_tag("120a3cebe86fffd8", "nvidia-h200", "13.0.88", "B2_H8_S512_D64_C0", 100, 10);
  CHECK(!strcmp(tag, "120a3cebe86fffd8/nvidia-h200/13.0.88/B2_H8_S512_D64_C0/100/10"), "tag: hash/gpu/nvcc/shape/reps/rounds");
  char *f = "# cudadent42 samples v1\n# variant: m64\n# search_key: 120a3cebe86fffd8/nvidia-h200/13.0.88/B2_H8_S512_D64_C0/100/10\n"
            "shape,rep,time_us\n";
  CHECK(run_search_fresh(f, tag, "m64"), "fresh: the key and the variant");
  CHECK(!run_search_fresh(f, tag, "m6"), "fresh: another variant (a prefix of it): not");
  CHECK(!run_search_fresh(f, "120a3cebe86fffd8/nvidia-h200/13.0.88/B2_H8_S512_D64_C0/100/1", "m64"),
        "fresh: another tag (a prefix of the file's): not");
  CHECK(!run_search_fresh("# variant: m64\n", tag, "m64"), "fresh: no search_key: not");
  CHECK(!run_search_fresh(NULL, tag, "m64"), "fresh: no file: not");
  free(tag);
}

// lane k of n takes the batch's candidates k, k + n, k + 2n, ...: each exactly once
static void lane_tests(void) {
  int ok = 1;
  for (size_t n = 1; n <= 8; n++)
    for (size_t k = 0; k < n; k++)
      for (size_t i = 0; i < 20; i++) ok &= session_deal_turn(n, k, i, 0) == (i % n == k);
  CHECK(ok, "lanes: of n = 1..8, lane k takes candidates k, k + n, k + 2n, ... of a batch of 20");
  size_t got[3] = {0}, want[3] = {3, 3, 2};
  for (size_t k = 0; k < 3; k++)
    for (size_t i = 0; i < 8; i++) got[k] += (size_t)session_deal_turn(3, k, i, 0);
  CHECK(got[0] == want[0] && got[1] == want[1] && got[2] == want[2], "lanes: 8 candidates on 3 GPUs: 3, 3, 2");
}

int main(void) {
  env_tests();
  key_tests();
  lane_tests();
  CHECK_DONE();
}
