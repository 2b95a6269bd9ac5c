// test_profile_driver.c — the pure parts of `make profile`'s driver (build/tools/profile): the
// metric list and what a failed ncu run drops from it (ncu_metrics.h), the ncu command lines and
// where ncu is found (profile_ncu.h), the variants, shape and kernel chosen (profile_pick.h), the
// settings (profile_env.h). Expected values are written out by hand from the rules in the headers
// (the same rules the shell driver before it applied: grep -oE, awk over describe.txt, ls -d).
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"
#include "profile/ncu_metrics.h"
#include "profile/profile_env.h"
#include "profile/profile_metrics.h"
#include "profile/profile_ncu.h"
#include "profile/profile_pick.h"

// the words of V joined with one space (malloc'd)
static char *joined(const strv *v) {
  size_t n = 1;
  for (size_t i = 0; i < v->n; i++) n += strlen(v->s[i]) + 1;
  char *s = calloc(1, n);
  for (size_t i = 0; i < v->n; i++) { if (i) strcat(s, " "); strcat(s, v->s[i]); }
  return s;
}

static void metric_list(void) {
  strv m = {0};
  nm_metric_list(&m);
  CHECK(m.n == PM_COUNT - 1, "list: every metric with an ncu name (all but launches), once");
  CHECK(!strcmp(m.s[0], "gpu__time_duration.sum"), "list: the duration first");
  CHECK(!strcmp(m.s[20], "launch__shared_mem_per_block_static"), "list: the 21 core ones, the static smem last of them");
  CHECK(!strcmp(m.s[21], "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum"), "list: then the EXTRA ones, shared totals first");
  CHECK(!strcmp(m.s[m.n - 1], "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct"), "list: the store bytes per sector last");
  int extras = 0;
  for (size_t i = 0; i < m.n; i++) extras += nm_is_extra(m.s[i]);
  CHECK(extras == 6, "list: 6 EXTRA metrics");
  CHECK(!nm_is_extra("gpu__time_duration.sum"), "the duration is core");

  char miss[64];
  CHECK(nm_missing("==PROF== x\n==ERROR== Failed to find metric regex:^l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts\\.(sum|avg)$\n",
                   miss, sizeof miss) && !strcmp(miss, "l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts"),
        "missing: the base name in ncu's regex");
  CHECK(nm_missing("==ERROR== Failed to find metric sm__foo.sum\n==ERROR== Failed to find metric bar\n", miss, sizeof miss) &&
            !strcmp(miss, "sm__foo"), "missing: a plain name, the first mention");
  CHECK(!nm_missing("==ERROR== unnamed failure\n", miss, sizeof miss) && !*miss, "missing: none named: \"\"");
  CHECK(!nm_missing(NULL, miss, sizeof miss) && !*miss, "missing: no log: \"\"");

  size_t n0 = m.n;
  CHECK(nm_drop(&m, "l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts") == 1 && m.n == n0 - 1, "drop: the one metric of that base");
  CHECK(!strcmp(m.s[m.n - 1], "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct") && m.s[m.n] == NULL,
        "drop: the order kept, the list still NULL-terminated");
  CHECK(nm_drop(&m, "l1tex__t_requests_pipe_lsu_mem_global_op_ld") == 1, "drop: op_ld is not op_ldgsts (whole base names)");
  CHECK(nm_drop(&m, "no_such_metric") == 0, "drop: a base not in the list: 0, no new run");
  CHECK(nm_drop(&m, "") == 5 && m.n == n0 - 7, "drop: a failure naming none: the 5 EXTRA left");
  CHECK(nm_drop(&m, "") == 0, "drop: ... then nothing more");
  strv_free(&m);
  strv two = {0};
  strv_push(&two, "a.sum");
  strv_push(&two, "b.pct");
  char *j = nm_join(&two);
  CHECK(!strcmp(j, "a.sum,b.pct"), "join: with commas");
  free(j);
  strv_free(&two);
  j = nm_join(&two);
  CHECK(!strcmp(j, ""), "join: none: \"\"");
  free(j);

  char line[12];
  nm_error_line("==PROF== ok\nan error here and more\n==ERROR== later\n", line, sizeof line);
  CHECK(!strcmp(line, "an error he"), "error line: the first holding 'error', cut to the buffer");
  nm_error_line("fine\n", line, sizeof line);
  CHECK(!*line, "error line: none: \"\"");
}

static void ncu_lines(void) {
  pn_run r = {"/x/ncu", "b/e/v/bench", "b/e/profile/v", "k1", "m1,m2", "B1_S2", "42", "/t/v.samples.csv"};
  strv a = {0};
  pn_profile_argv(&r, &a);
  char *s = joined(&a);
  CHECK(!strcmp(s, "/x/ncu --clock-control none --target-processes all --kernel-name-base function --kernel-name regex:^k1$ "
                   "--launch-skip 1 --launch-count 3 --metrics m1,m2 --export b/e/profile/v --force-overwrite b/e/v/bench "
                   "--shape B1_S2 --reps 3 --warmup 1 --l2 hot --hot-batch 1 --seed 42 --out /t/v.samples.csv"),
        "profile argv: ncu's options, then the bench in timing mode");
  CHECK(a.s[a.n] == NULL, "profile argv: NULL-terminated");
  free(s);
  strv_free(&a);
  pn_import_argv("ncu", "r.ncu-rep", 1, &a);
  s = joined(&a);
  CHECK(!strcmp(s, "ncu --import r.ncu-rep --csv --page raw --print-units base"), "import argv: base units");
  free(s);
  strv_free(&a);
  pn_import_argv("ncu", "r.ncu-rep", 0, &a);
  s = joined(&a);
  CHECK(!strcmp(s, "ncu --import r.ncu-rep --csv --page raw"), "import argv: without them");
  free(s);
  strv_free(&a);

  char root[] = "/tmp/test_profile_driver.XXXXXX";
  CHECK(mkdtemp(root) != NULL, "a root directory");
  char *empty = run_fmt("%s/empty", root);
  run_mkdir_p(empty);
  setenv("PATH", empty, 1);
  CHECK(pn_find(root) == NULL, "find: nothing installed: NULL");
  const char *inst[] = {"/opt/nvidia/nsight-compute/2025.1.0/ncu", "/usr/local/cuda/bin/ncu",
                        "/usr/local/cuda/nsight-compute-2024.3.0/ncu", "/usr/local/cuda/nsight-compute-2023.2.0/ncu"};
  const char *want[] = {"/opt/nvidia/nsight-compute/2025.1.0/ncu", "/usr/local/cuda/bin/ncu",
                        "/usr/local/cuda/nsight-compute-2024.3.0/ncu", "/usr/local/cuda/nsight-compute-2024.3.0/ncu"};
  const char *what[] = {"find: only under /opt: that one", "find: cuda/bin sorts after /opt",
                        "find: a nsight-compute-* of the toolkit sorts last", "find: of two, the newer release"};
  for (int i = 0; i < 4; i++) {
    char *f = run_fmt("%s%s", root, inst[i]), *d = run_fmt("%.*s", (int)(strrchr(f, '/') - f), f);
    run_mkdir_p(d);
    run_touch(f);
    chmod(f, 0755);
    char *got = pn_find(root), *w = run_fmt("%s%s", root, want[i]);
    CHECK(got && !strcmp(got, w), what[i]);
    free(got);
    free(w);
    free(f);
    free(d);
  }
  char *onpath = run_fmt("%s/ncu", empty);
  run_touch(onpath);
  chmod(onpath, 0755);
  char *got = pn_find(root);
  CHECK(got && !strcmp(got, onpath), "find: ncu on PATH comes first");
  free(got);
  free(onpath);
  free(empty);
  run_rm_rf(root);
}

// checks that pp_kernel_of(DESCRIBE, SHAPE) is WANT
static void kernel_is(const char *describe, const char *shape, const char *want, const char *what) {
  char *k = pp_kernel_of(describe, shape);
  CHECK(!strcmp(k, want), what);
  free(k);
}

static void picks(void) {
  strv v = {0};
  pp_variants("a\nb\nc\n", "", "", &v);
  CHECK(v.n == 3, "variants: no selection: all that passed");
  strv_free(&v);
  pp_variants("a\nb\nc-x\n", "c-x  a\tzz", NULL, &v);
  CHECK(v.n == 2 && !strcmp(v.s[0], "a") && !strcmp(v.s[1], "c-x"), "variants: VARIANTS words, in the pass list's order");
  strv_free(&v);
  pp_variants("a\nab\n", "a ab", "ab", &v);
  CHECK(v.n == 1 && !strcmp(v.s[0], "ab"), "variants: VARIANT, an exact name");
  strv_free(&v);
  pp_variants("a\nb\n", "a", "b", &v);
  CHECK(v.n == 0, "variants: VARIANT not among VARIANTS: none");
  strv_free(&v);
  pp_variants("", "a", "", &v);
  CHECK(v.n == 0, "variants: nothing passed: none");
  strv_free(&v);

  const char *d = "shape=S1 kernel=k_small grid=2\nshape=S2 kernel=k_big grid=16\nshape=S2 kernel=k_late\n";
  kernel_is(d, "S2", "k_big", "kernel: the first line of the shape");
  kernel_is(d, "S9", "k_small", "kernel: a shape not in the plan: the first line's");
  kernel_is("shape=S1 grid=1\nkernel=k2 shape=S1\n", "S1", "k2",
            "kernel: a line of the shape without one is passed over, the words in any order");
  kernel_is("", "S1", "", "kernel: no plan: \"\"");
  kernel_is("shape=S1\tkernel=ns::k\n", "S1", "ns::k", "kernel: tab-separated, a qualified name");
  CHECK(pp_kernel_name_ok("flash_attn_fwd") && pp_kernel_name_ok("_k2") && pp_kernel_name_ok("ns::k"), "kernel name: C names");
  CHECK(!pp_kernel_name_ok("") && !pp_kernel_name_ok("2k") && !pp_kernel_name_ok("k.*") && !pp_kernel_name_ok("a b"),
        "kernel name: empty, a digit first, regex characters, blanks refused");
  char *l = pp_first_line("B2_H8\nB1_H1\n");
  CHECK(!strcmp(l, "B2_H8"), "first line");
  free(l);
  l = pp_first_line(NULL);
  CHECK(!strcmp(l, ""), "first line: no file: \"\"");
  free(l);
}

static const char *const *fake_env;
static const char *fake_get(const char *k) {
  for (const char *const *e = fake_env; *e; e += 2)
    if (!strcmp(e[0], k)) return e[1];
  return NULL;
}

static void settings(void) {
  pf_settings s;
  char err[256];
  static const char *none[] = {NULL};
  fake_env = none;
  CHECK(pf_settings_read(&s, "phase1", fake_get, err, sizeof err) == 0, "settings: defaults");
  CHECK(!strcmp(s.b, "build/phase1") && !strcmp(s.out, "build/phase1/profile") && !strcmp(s.tools, "build/tools") &&
            !strcmp(s.session_bin, "build/tools/session") && !strcmp(s.data_out, "data"),
        "settings: paths under build/ and data/");
  CHECK(s.timeout == 110 && !strcmp(s.seed, "42") && !strcmp(s.bank_max, "0.5") && !strcmp(s.coalesce, "2") &&
            !strcmp(s.ideal, "4") && !s.publish && !s.lock_held,
        "settings: the default values");
  pf_settings_free(&s);
  static const char *set[] = {"B", "/b", "PUBLISH", "1", "PROFILE_TIMEOUT", "0", "TOOLS", "", "GPU_LOCK_HELD", "1", NULL};
  fake_env = set;
  CHECK(pf_settings_read(&s, "e", fake_get, err, sizeof err) == 0 && !strcmp(s.b, "/b/e") && !strcmp(s.tools, "/b/tools") &&
            s.publish && s.timeout == 0 && s.lock_held,
        "settings: B, PUBLISH=1, no limit, an empty TOOLS takes its default, the lock held");
  pf_settings_free(&s);
  static const char *pub2[] = {"PUBLISH", "yes", NULL};
  fake_env = pub2;
  CHECK(pf_settings_read(&s, "e", fake_get, err, sizeof err) == 0 && !s.publish, "settings: PUBLISH other than 1: not published");
  pf_settings_free(&s);
  const char *bad[][3] = {{"PROFILE_TIMEOUT", "1m", "PROFILE_TIMEOUT '1m' is not a count of seconds"},
                          {"SEED", "-1", "SEED '-1' is not a whole number"},
                          {"BANK_CONFLICT_MAX", "half", "BANK_CONFLICT_MAX 'half' is not a number"},
                          {"COALESCE_FACTOR", "1e999", "COALESCE_FACTOR '1e999' is not a number"}};
  for (int i = 0; i < 4; i++) {
    const char *e[] = {bad[i][0], bad[i][1], NULL};
    fake_env = e;
    CHECK(pf_settings_read(&s, "e", fake_get, err, sizeof err) == -1 && !strcmp(err, bad[i][2]), bad[i][2]);
    pf_settings_free(&s);
  }
  fake_env = none;
  const char *exps[] = {"", "a/b", "..", "-x"};
  for (int i = 0; i < 4; i++) {
    CHECK(pf_settings_read(&s, exps[i], fake_get, err, sizeof err) == -1 && strstr(err, "is not an experiment name"),
          "settings: EXP not a directory name refused");
    pf_settings_free(&s);
  }
}

int main(void) {
  metric_list();
  ncu_lines();
  picks();
  settings();
  CHECK_DONE();
}
