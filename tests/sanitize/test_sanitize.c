// test_sanitize.c — the pure parts of `make sanitize` (tools/sanitize/): a compute-sanitizer log
// read into its error count, first message and verdict; the shapes chosen for a variant; the
// settings checked; the table's header and rows; a run's command line. The expected values are
// those the shell pipeline the driver replaced gave on the same text (grep -oE 'ERROR SUMMARY:
// [0-9]+' | tail -n 1; grep -m1 -E '^========= [A-Z]|Invalid|Race|error' | sed 's/^========= //' |
// tr -d '",' | cut -c1-200; awk over bytes= | sort -g -s | head), the banner excepted (below).
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "sanitize/san_env.h"
#include "sanitize/san_jobs.h"
#include "sanitize/san_log.h"
#include "sanitize/san_shapes.h"
#include "sanitize/san_table.h"

// a log as compute-sanitizer writes one: its banner, a finding with its frames, the summary
static const char REAL[] =
    "========= COMPUTE-SANITIZER\n"
    "check: M16 ok\n"
    "========= Invalid __global__ read of size 4 bytes\n"
    "=========     at attn_fwd(\"x\", 3)+0x70 in /src/attn.cu:12\n"
    "========= ERROR SUMMARY: 1 error\n";

static const char *table[][2] = {{NULL, NULL}, {NULL, NULL}, {NULL, NULL}, {NULL, NULL}};
static const char *get(const char *k) {
  for (size_t i = 0; table[i][0]; i++)
    if (!strcmp(table[i][0], k)) return table[i][1];
  return NULL;
}
static void set(const char *k0, const char *v0, const char *k1, const char *v1) {
  table[0][0] = k0, table[0][1] = v0, table[1][0] = k1, table[1][1] = v1;
}

static void test_log(void) {
  char m[300];
  CHECK(san_log_errors(REAL) == 1, "errors: ERROR SUMMARY: 1 error is 1");
  CHECK(san_log_errors("========= ERROR SUMMARY: 3 errors\nx\n========= ERROR SUMMARY: 12 errors\n") == 12,
        "errors: the last summary counts");
  CHECK(san_log_errors("ERROR SUMMARY: none\n") == 0 && san_log_errors("") == 0 && san_log_errors(NULL) == 0,
        "errors: none without a number, an empty log, no log");
  static const struct { const char *log, *want, *what; } first[] = {
      {REAL, "Invalid __global__ read of size 4 bytes", "first message: the finding, past the banner, the prefix dropped"},
      {"bench: cuda error 700 at \"launch\", stream 0\n========= ERROR SUMMARY: 0 errors\n", "bench: cuda error 700 at launch stream 0",
       "first message: a line with 'error', quotes and commas dropped"},
      {"x\n========= Race reported between Write access at ...\n", "Race reported between Write access at ...", "first message: a race"},
      {"ok\n=========     at frame\n", "", "first message: none when no line names one (a frame starts with a blank)"},
  };
  for (size_t i = 0; i < sizeof first / sizeof *first; i++) {
    san_log_first(first[i].log, m, sizeof m);
    CHECK(!strcmp(m, first[i].want), first[i].what);
  }
  char longl[400];
  memset(longl, 'a', 300);
  memcpy(longl, "Invalid", 7);
  longl[300] = 0;
  san_log_first(longl, m, sizeof m);
  CHECK(strlen(m) == SAN_MSG_MAX, "first message: at most 200 bytes");

  san_result r;
  san_log_verdict(0, "========= ERROR SUMMARY: 0 errors\n", 300, &r);
  CHECK(r.clean && r.errors == 0 && !*r.msg, "verdict: exit 0, no error: clean, no message");
  san_log_verdict(1, "========= ERROR SUMMARY: 0 errors\n", 300, &r);
  CHECK(r.clean && !strcmp(r.msg, "no sanitizer error; bench --check failed numerics"), "verdict: exit 1 (numerics) alone is clean, and says so");
  san_log_verdict(9, REAL, 300, &r);
  CHECK(!r.clean && r.errors == 1 && !strcmp(r.msg, "Invalid __global__ read of size 4 bytes"), "verdict: errors found: an error with its first message");
  san_log_verdict(0, REAL, 300, &r);
  CHECK(!r.clean && r.errors == 1, "verdict: errors in the summary are an error whatever the exit");
  san_log_verdict(4, "========= COMPUTE-SANITIZER\n", 300, &r);
  CHECK(!r.clean && r.errors == 0 && !strcmp(r.msg, "exit 4"), "verdict: a crash with no message: exit 4");
  san_log_verdict(124, REAL, 60, &r);
  CHECK(!r.clean && !strcmp(r.msg, "timed out after 60 s"), "verdict: 124, the limit: timed out");
  san_log_verdict(137, NULL, 60, &r);
  CHECK(!r.clean && !strcmp(r.msg, "timed out after 60 s"), "verdict: 137 (KILL after the limit): timed out");
}

static const char DESCRIBE[] = "shape=M4096 kernel=k bytes=10000\n"
                               "shape=M16 kernel=k flops=1 bytes=900\n"
                               "shape=NOBYTES kernel=k\n"
                               "shape=M64 kernel=k bytes=5e3\n"
                               "shape=M32 kernel=k bytes=900\n";

static int shapes_are(const strv *s, const char *want) {
  char buf[256] = "";
  for (size_t i = 0; i < s->n; i++) snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? " " : "", s->s[i]);
  return !strcmp(buf, want);
}

static void test_shapes(void) {
  strv s;
  san_shapes(NULL, "M4096\nM16\nM64\nM32\n", DESCRIBE, 2, &s);
  CHECK(shapes_are(&s, "M16 M32"), "shapes: the 2 of fewest bytes, equal bytes in the file's order");
  strv_free(&s);
  san_shapes("", NULL, DESCRIBE, 3, &s);
  CHECK(shapes_are(&s, "M16 M32 M64"), "shapes: 3; bytes=5e3 read as a number, a line without bytes= left out");
  strv_free(&s);
  san_shapes(NULL, NULL, DESCRIBE, 9, &s);
  CHECK(shapes_are(&s, "M16 M32 M64 M4096"), "shapes: fewer than asked: all of them");
  strv_free(&s);
  san_shapes("M64  M4096 M9", "M4096\nM16\nM64\nM32\n", DESCRIBE, 2, &s);
  CHECK(shapes_are(&s, "M64 M4096"), "shapes: SANITIZE_SHAPES's that the variant runs, in their order");
  strv_free(&s);
  san_shapes("M6 M9", "M4096\nM64\n", DESCRIBE, 1, &s);
  CHECK(shapes_are(&s, "M16"), "shapes: none of SANITIZE_SHAPES run (M6 is no line, only a prefix): the smallest");
  strv_free(&s);
  san_shapes(NULL, NULL, NULL, 2, &s);
  CHECK(s.n == 0, "shapes: no describe.txt: none (bench --check's own)");
  strv_free(&s);
}

static void test_env(void) {
  san_env e;
  char err[512];
  set(NULL, NULL, NULL, NULL);
  CHECK(san_env_parse(&e, "x", get, err, sizeof err) == 0 && !strcmp(e.b, "build/x") && !strcmp(e.gatetab, "build/tools/gatetab") &&
            e.shapes == 2 && e.timeout == 300 && e.jobs == 1 && e.tools.n == 4 && !strcmp(e.tools.s[3], "synccheck") &&
            !strcmp(e.data_out, "data") && !strcmp(e.git_rev, "unknown") && !e.lock_held,
        "settings: the defaults");
  san_env_free(&e);
  set("SAN_TOOLS", " racecheck\tmemcheck ", "B", "/tmp/b");
  CHECK(san_env_parse(&e, "x", get, err, sizeof err) == 0 && e.tools.n == 2 && !strcmp(e.tools.s[0], "racecheck") &&
            !strcmp(e.b, "/tmp/b/x") && !strcmp(e.gatetab, "/tmp/b/tools/gatetab"),
        "settings: SAN_TOOLS's words in order, B");
  san_env_free(&e);
  struct { const char *k, *v, *msg; } bad[] = {
      {"SAN_TOOLS", "memcheck leakcheck", "SAN_TOOLS: 'leakcheck' is not a tool of compute-sanitizer's"},
      {"SAN_TOOLS", "memcheck memcheck", "SAN_TOOLS: 'memcheck' given twice"},
      {"SAN_TOOLS", " ", "SAN_TOOLS: no tool"},
      {"SAN_SHAPES", "0", "SAN_SHAPES: '0' is not a whole number in 1..999"},
      {"SAN_SHAPES", "two", "SAN_SHAPES: 'two' is not"},
      {"SAN_JOBS", "-1", "SAN_JOBS: '-1' is not"},
      {"SAN_JOBS", "1000", "SAN_JOBS: '1000' is not"},
      {"SAN_TIMEOUT", "5m", "SAN_TIMEOUT: '5m' is not a whole number in 0..9999999 (0: no limit)"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    set(bad[i].k, bad[i].v, NULL, NULL);
    int rc = san_env_parse(&e, "x", get, err, sizeof err);
    char what[160];
    snprintf(what, sizeof what, "settings: %s='%s' refused, saying so", bad[i].k, bad[i].v);
    CHECK(rc == -1 && !strncmp(err, bad[i].msg, strlen(bad[i].msg)), what);
    san_env_free(&e);
  }
  set("SAN_TIMEOUT", "0", "GPU_LOCK_HELD", "1");
  CHECK(san_env_parse(&e, "x", get, err, sizeof err) == 0 && e.timeout == 0 && e.lock_held, "settings: SAN_TIMEOUT=0 (no limit), GPU_LOCK_HELD");
  san_env_free(&e);
  set("SANITIZE_SHAPES", "M16 M64", "SANITIZE_SHAPES_RACECHECK", "M16");
  CHECK(san_env_parse(&e, "x", get, err, sizeof err) == 0 && e.want_of.n == 4 && !strcmp(e.want_of.s[0], "M16 M64") &&
            !strcmp(e.want_of.s[1], "M16") && !strcmp(e.want_of.s[2], "M16 M64") && !strcmp(e.want_of.s[3], "M16 M64"),
        "settings: SANITIZE_SHAPES_RACECHECK is racecheck's list, the other tools keep SANITIZE_SHAPES");
  san_env_free(&e);
  set("SANITIZE_SHAPES", "M64", "SANITIZE_SHAPES_RACECHECK", "");
  CHECK(san_env_parse(&e, "x", get, err, sizeof err) == 0 && e.want_of.n == 4 && !strcmp(e.want_of.s[1], "M64"),
        "settings: an empty SANITIZE_SHAPES_<TOOL> is unset: the tool takes SANITIZE_SHAPES");
  san_env_free(&e);
  set("SAN_TOOLS", "synccheck racecheck", "SANITIZE_SHAPES_RACECHECK", "M16");
  CHECK(san_env_parse(&e, "x", get, err, sizeof err) == 0 && e.want_of.n == 2 && !*e.want_of.s[0] && !strcmp(e.want_of.s[1], "M16"),
        "settings: want_of follows SAN_TOOLS's order");
  san_env_free(&e);
  set(NULL, NULL, NULL, NULL);
  CHECK(san_env_parse(&e, "../x", get, err, sizeof err) == -1 && strstr(err, "not an experiment name"), "settings: EXP with a / refused");
  san_env_free(&e);
}

static void test_table(void) {
  char *text = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&text, &len);
  strv tools = strv_words("memcheck racecheck"), want = {0};
  strv_push(&want, " M16  M4096 ");
  strv_push(&want, "");
  san_table_head(m, "x", "0123456789ab", "fake-gpu", 1700000000, &tools, &want);
  san_result clean = {1, 0, ""}, bad = {0, 3, "Invalid __global__ read"};
  san_table_row(m, "good", "memcheck", 2, &clean);
  san_table_row(m, "racy", "racecheck", 1, &bad);
  fclose(m);
  CHECK(!strcmp(text, "# cudadent42 sanitize v1\n# experiment: x\n# git_rev: 0123456789ab\n# gpu_slug: fake-gpu\n"
                      "# date: 2023-11-14T22:13:20Z\n# tools: memcheck racecheck\n# shapes.memcheck: M16 M4096\n"
                      "variant,tool,shapes,result,errors,first_message\n"
                      "good,memcheck,2,clean,0,\"\"\nracy,racecheck,1,error,3,\"Invalid __global__ read\"\n"),
        "table: the header (date by date -u -d @1700000000; the shapes asked of a tool asked any), a clean row and an "
        "error row, as the report reads them");
  free(text);
  strv_free(&tools);
  strv_free(&want);
}

static void test_argv(void) {
  san_job j = {.variant = "v", .tool = "memcheck"};
  strv_push(&j.shapes, "M16");
  strv_push(&j.shapes, "M64");
  strv a;
  san_job_argv(&j, "cs", "build/x", &a);
  CHECK(shapes_are(&a, "cs --tool memcheck --error-exitcode 9 --leak-check full build/x/v/bench --check --shape M16 --shape M64"),
        "command line: memcheck looks for leaks too");
  strv_free(&a);
  j.tool = "synccheck";
  san_job_argv(&j, "cs", "b", &a);
  CHECK(shapes_are(&a, "cs --tool synccheck --error-exitcode 9 b/v/bench --check --shape M16 --shape M64"), "command line: another tool");
  strv_free(&a);
  strv_free(&j.shapes);
}

int main(void) {
  test_log();
  test_shapes();
  test_env();
  test_table();
  test_argv();
  CHECK_DONE();
}
