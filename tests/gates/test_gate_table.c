// test_gate_table.c — unit tests of the gate table (tools/gates/gate_table.h, gate_merge.h,
// gate_outcome.h): the outcome words, parse and write (round trip to the same bytes, empty
// fields, quoted commas, doubled quotes, line breaks), the three layouts, every read error once,
// the merge of runtime rows, GATE_WAIVE and a stage's update, and a variant's build status file
// (build_status.h). Every expected text is written
// out by hand below from the format's rules, not taken from the code's output.
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "gates/build_status.h"
#include "gates/gate_merge.h"
#include "gates/gate_table.h"

static char dir[] = "/tmp/test_gate_table.XXXXXX";
static char err[1024];

// PATH of a file under dir holding TEXT
static const char *file(const char *name, const char *text) {
  static char p[4][256];
  static int k;
  char *path = p[k++ % 4];
  snprintf(path, 256, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  fputs(text, f);
  fclose(f);
  return path;
}

// T written in its layout, as a string (static buffer)
static const char *written(const gt_table *t) {
  static char buf[8192];
  FILE *m = fmemopen(buf, sizeof buf, "w");
  gt_write(m, t);
  fclose(m);
  return buf;
}

static void test_outcomes(void) {
  static const char *const words[GO_COUNT] = {
      "", "build_failed", "build_timeout", "invalid_config", "smem_overflow", "register_spill",
      "low_occupancy", "too_few_ctas", "numerics", "runtime_error", "run_timeout", "bank_conflicts",
      "bad_coalescing"};
  int ok = 1;
  for (int o = 0; o < GO_COUNT; o++)
    ok &= !strcmp(gate_outcome_str((gate_outcome)o), words[o]) && gate_outcome_parse(words[o]) == o;
  CHECK(ok, "every outcome to its word and back");
  CHECK(gate_outcome_parse("numeric") == -1 && gate_outcome_parse("Numerics") == -1, "an unknown word is -1");
  CHECK(gate_outcome_stage(GO_INVALID_CONFIG) == GS_BUILD && gate_outcome_stage(GO_TOO_FEW_CTAS) == GS_STATIC &&
        gate_outcome_stage(GO_RUN_TIMEOUT) == GS_RUN && gate_outcome_stage(GO_BAD_COALESCING) == GS_COUNTERS &&
        gate_outcome_stage(GO_PASS) == GS_NONE, "stages: build, static, run, counters, none for a pass");
  CHECK(gate_stage_parse("counters") == GS_COUNTERS && gate_stage_parse("run") == GS_RUN &&
        gate_stage_parse("none") == -1, "stage words");
  CHECK(gate_outcome_of_exit(1) == GO_NUMERICS && gate_outcome_of_exit(124) == GO_RUN_TIMEOUT &&
        gate_outcome_of_exit(137) == GO_RUN_TIMEOUT && gate_outcome_of_exit(2) == GO_RUNTIME_ERROR &&
        gate_outcome_of_exit(139) == GO_RUNTIME_ERROR, "exit 1 numerics, 124/137 run_timeout, else runtime_error");
}

// a table as gates.c and the shell merge before gatetab wrote them: quoted only where needed, a runtime detail
// always quoted, 16 columns with empty resource fields
static const char *const TABLE =
    "variant,verdict,reason,detail,kernel,regs,spill_stores,spill_loads,stack,smem_static,smem_dynamic,threads,blocks_per_sm,occupancy,ctas_min,ctas_max\n"
    "a,pass,,\"occupancy 0.1875 at shape S, limited by registers\",_Z1kv,147,0,0,0,0,40976,128,3,0.1875,4,1024\n"
    "bad,reject,invalid_config,\"static assertion failed with \"\"X, Y\"\"\",,,,,,,,,,,,\n"
    "w,pass,waived:too_few_ctas,at most 256 CTAs,_Z1kv,95,0,0,0,0,42512,128,5,0.3125,2,256\n"
    "n,reject,numerics,\"check verdict=fail\",,,,,,,,,,,,\n";

static void test_read_write(void) {
  gt_table t;
  int rc = gt_read(file("g.csv", TABLE), GT_TABLE, &t, err, sizeof err);
  CHECK(rc == 0 && t.n == 4 && t.head.nf == 16, "a 16-column table of 4 rows reads");
  if (rc) return;
  CHECK(!strcmp(t.rows[0].f[3], "occupancy 0.1875 at shape S, limited by registers") && t.rows[0].pass &&
        t.rows[0].reason == GO_PASS, "a quoted comma is one field; pass with no reason");
  CHECK(!strcmp(t.rows[1].f[3], "static assertion failed with \"X, Y\"") && !t.rows[1].pass &&
        t.rows[1].reason == GO_INVALID_CONFIG, "doubled quotes read as one");
  CHECK(t.rows[1].nf == 16 && !strcmp(t.rows[1].f[4], "") && !strcmp(t.rows[1].f[15], ""), "empty fields kept, the last one too");
  CHECK(t.rows[2].pass && t.rows[2].waived && t.rows[2].reason == GO_TOO_FEW_CTAS, "waived:too_few_ctas is a pass, the reason too_few_ctas");
  CHECK(t.rows[3].quoted[3] && !t.rows[2].quoted[3], "quoting remembered per field");
  CHECK(!strcmp(written(&t), TABLE), "written back: the same bytes");
  CHECK(gt_col(&t, "regs") == 5 && gt_col(&t, "detail") == 3 && gt_col(&t, "nope") == -1, "columns by name");
  CHECK(gt_find(&t, "w") == &t.rows[2] && gt_find(&t, "x") == NULL, "a row by variant");
  gt_free(&t);

  // CRLF ends, a blank line, no final line end
  rc = gt_read(file("crlf.csv", "variant,verdict,reason\r\nv,pass,\r\n\r\nu,reject,run_timeout"), GT_TABLE, &t, err, sizeof err);
  CHECK(rc == 0 && t.n == 2 && !strcmp(t.rows[0].f[2], "") && t.rows[1].reason == GO_RUN_TIMEOUT,
        "CRLF, a blank line and no final line end");
  CHECK(rc == 0 && !strcmp(written(&t), "variant,verdict,reason\nv,pass,\nu,reject,run_timeout\n"), "... written with LF");
  if (!rc) gt_free(&t);

  // a field that needs quotes: comma, quote, line break (a row stays one line)
  gt_row r;
  gt_row_init(&r, 4);
  gt_row_set(&r, 0, "v", 0);
  gt_row_verdict(&r, GO_REGISTER_SPILL, 0);
  gt_row_set(&r, 3, "a,b \"c\"\nd", 0);
  gt_init(&t, GT_ROWS, "-", NULL, 0);
  gt_add(&t, &r);
  CHECK(!strcmp(written(&t), "v,reject,register_spill,\"a,b \"\"c\"\" d\"\n"), "comma, quote and line break quoted, the break a space");
  gt_row_verdict(&t.rows[0], GO_REGISTER_SPILL, 1);
  CHECK(t.rows[0].pass && !strcmp(t.rows[0].f[1], "pass") && !strcmp(t.rows[0].f[2], "waived:register_spill"), "a waived verdict");
  gt_free(&t);
  gt_row_free(&r);
}

static void test_layouts(void) {
  gt_table t;
  const char *rows = "v1,reject,build_timeout,,,,,,,,,,,,,\nv2,pass,,x,k,1,0,0,0,0,0,32,1,0.5000,1,1\n";
  int rc = gt_read(file("rows.csv", rows), GT_ROWS, &t, err, sizeof err);
  CHECK(rc == 0 && t.n == 2 && t.rows[0].reason == GO_BUILD_TIMEOUT && !strcmp(t.rows[1].f[3], "x"), "rows without a header");
  CHECK(rc == 0 && !strcmp(written(&t), rows), "... written back the same");
  CHECK(rc == 0 && gt_col(&t, "occupancy") == 13, "... columns of the static table");
  if (!rc) gt_free(&t);
  const char *rt = "crashy,runtime_error,\"bench: cudaErrorMisalignedAddress\"\nwrong,numerics,\"a, b\"\ncrashy,numerics,\"x\"\n";
  rc = gt_read(file("runtime.csv", rt), GT_RUNTIME, &t, err, sizeof err);
  CHECK(rc == 0 && t.n == 3 && t.rows[0].nf == 4 && !strcmp(t.rows[0].f[1], "reject") &&
        t.rows[0].reason == GO_RUNTIME_ERROR && !strcmp(t.rows[1].f[3], "a, b"), "runtime rows held as variant,reject,reason,detail");
  CHECK(rc == 0 && gt_find(&t, "crashy")->reason == GO_RUNTIME_ERROR, "... a variant's first row counts");
  CHECK(rc == 0 && !strcmp(written(&t), rt), "... written back as variant,reason,detail, the same bytes");
  if (!rc) gt_free(&t);

  gt_row r;
  char long_detail[400];
  memset(long_detail, 'x', sizeof long_detail - 1);
  long_detail[sizeof long_detail - 1] = 0;
  gt_runtime_row(&r, "v", GO_NUMERICS, "check \"s\"\r\nverdict=fail");
  gt_init(&t, GT_RUNTIME, "-", NULL, 0);
  gt_add(&t, &r);
  gt_row_free(&r);
  gt_runtime_row(&r, "v", GO_RUNTIME_ERROR, long_detail);
  gt_add(&t, &r);
  CHECK(!strcmp(t.rows[0].f[3], "check s verdict=fail"), "a runtime detail: quotes and CR dropped, LF a space");
  CHECK(strlen(t.rows[1].f[3]) == 300, "... at most 300 bytes");
  const char *want = "v,numerics,\"check s verdict=fail\"\nv,runtime_error,\"xxx";
  CHECK(!strncmp(written(&t), want, strlen(want)), "... always quoted");
  gt_row_free(&r);
  gt_free(&t);
}

// every read error, each once: its file and line named
static void test_errors(void) {
  static const struct { gt_kind kind; const char *text, *want; } bad[] = {
      {GT_TABLE, "variant,verdict,reason\nv,pass,\"x\n", "e.csv:2: unterminated quoted field 3"},
      {GT_TABLE, "variant,verdict,reason\nv,pa\"ss,\n", "e.csv:2: a quote inside unquoted field 2"},
      {GT_TABLE, "variant,verdict,reason,detail\nv,pass,,\"x\"y\n", "e.csv:2: text after the closing quote of field 4"},
      {GT_TABLE, "variant,verdict,reason\nv,pass,,\n", "e.csv:2: 4 fields, the header has 3"},
      {GT_TABLE, "variant,verdict\nv,pass\n", "e.csv:1: the header does not start with variant,verdict,reason"},
      {GT_TABLE, "", "e.csv: no header line"},
      {GT_TABLE, "variant,verdict,reason\n,pass,\n", "e.csv:2: no variant"},
      {GT_TABLE, "variant,verdict,reason\nv,fail,\n", "e.csv:2: verdict 'fail' is neither pass nor reject"},
      {GT_TABLE, "variant,verdict,reason\nv,reject,too_slow\n", "e.csv:2: unknown gate reason 'too_slow'"},
      {GT_TABLE, "variant,verdict,reason\nv,reject,\n", "e.csv:2: a reject with no reason"},
      {GT_TABLE, "variant,verdict,reason\nv,pass,numerics\n", "e.csv:2: a pass with reason 'numerics' (only waived:<reason>)"},
      {GT_TABLE, "variant,verdict,reason\nv,pass,waived:\n", "e.csv:2: 'waived:' names no reason"},
      {GT_TABLE, "variant,verdict,reason\nv,pass,\nu,pass,\nv,pass,\n", "e.csv:4: variant 'v' twice (line 2 first)"},
      {GT_ROWS, "v,pass,,x\nu,pass,\n", "e.csv:2: 3 fields, the first row has 4"},
      {GT_ROWS, "v,pass\n", "e.csv:1: 2 fields, a row has at least variant,verdict,reason"},
      {GT_RUNTIME, "v,numerics\n", "e.csv:1: 2 fields, a runtime row has 3"},
      {GT_RUNTIME, "v,,\"x\"\n", "e.csv:1: a reject with no reason"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    gt_table t;
    char what[300];
    err[0] = 0;
    int rc = gt_read(file("e.csv", bad[i].text), bad[i].kind, &t, err, sizeof err);
    const char *tail = strstr(err, "e.csv");
    snprintf(what, sizeof what, "error: %s", bad[i].want);
    CHECK(rc == -1 && tail && !strcmp(tail, bad[i].want), what);
    if (rc == 0) gt_free(&t);
  }
  gt_table t;
  char missing[300];
  snprintf(missing, sizeof missing, "%s/none.csv", dir);
  CHECK(gt_read(missing, GT_TABLE, &t, err, sizeof err) == -1 && strstr(err, "none.csv: No such file"), "error: a missing file");
}

static void test_merge(void) {
  gt_table st, rt, out;
  const char *s = "variant,verdict,reason,detail,kernel,regs\n"
                  "good,pass,,,k,1\nwrong,pass,,,k,1\ncrashy,pass,,\"o, x\",k,2\nbad,reject,build_failed,\"x, y\",,\n";
  const char *r = "wrong,numerics,\"check shape=x verdict=fail\"\ncrashy,runtime_error,\"bench: e\"\ncrashy,numerics,\"later\"\nghost,numerics,\"x\"\n";
  if (gt_read(file("st.csv", s), GT_TABLE, &st, err, sizeof err) || gt_read(file("rt.csv", r), GT_RUNTIME, &rt, err, sizeof err)) {
    CHECK(0, err);
    return;
  }
  gm_merge(&st, &rt, "out.csv", &out);
  CHECK(!strcmp(written(&out), "variant,verdict,reason,detail,kernel,regs\n"
                               "good,pass,,,k,1\n"
                               "wrong,reject,numerics,\"check shape=x verdict=fail\",k,1\n"
                               "crashy,reject,runtime_error,\"bench: e\",k,2\n"
                               "bad,reject,build_failed,\"x, y\",,\n"),
        "merge: a runtime row's reason and detail replace the static ones, the first row counts, other columns kept, an unknown variant left out");
  CHECK(!strcmp(written(&st), s), "merge: the static table unchanged");
  gt_free(&out);

  // GATE_WAIVE
  CHECK(gm_waive(&st, "bad:build_failed good:numerics", err, sizeof err) == 0 &&
        !strcmp(st.rows[3].f[1], "pass") && !strcmp(st.rows[3].f[2], "waived:build_failed") && st.rows[3].pass,
        "waive: a named reject becomes pass, waived:<reason>");
  CHECK(!strcmp(st.rows[0].f[2], "") && st.rows[0].pass, "waive: a pass named with another reason stays as it is");
  CHECK(gm_waive(&st, "bad", err, sizeof err) == -1 && !strcmp(err, "GATE_WAIVE: 'bad' is not VARIANT:REASON"), "waive: error: not V:R");
  CHECK(gm_waive(&st, "bad:slow", err, sizeof err) == -1 && !strcmp(err, "GATE_WAIVE: 'bad:slow': unknown gate reason 'slow'"),
        "waive: error: an unknown reason");

  // the counter stage replaces its own earlier rows of the variants it ran, and only those
  gt_table cg;
  const char *c = "variant,verdict,reason,detail\ncrashy,pass,,\"shape s: fine\"\nwrong,reject,bank_conflicts,\"shape s: 6.5 > 0.5\"\n";
  gt_free(&rt);
  r = "crashy,bank_conflicts,\"old\"\nwrong,numerics,\"n\"\nwrong,bad_coalescing,\"old\"\nother,bank_conflicts,\"kept\"\n";
  if (gt_read(file("cg.csv", c), GT_TABLE, &cg, err, sizeof err) || gt_read(file("rt.csv", r), GT_RUNTIME, &rt, err, sizeof err)) {
    CHECK(0, err);
    return;
  }
  gm_runtime_update(&rt, &cg, GS_COUNTERS);
  CHECK(!strcmp(written(&rt), "wrong,numerics,\"n\"\nother,bank_conflicts,\"kept\"\nwrong,bank_conflicts,\"shape s: 6.5 > 0.5\"\n"),
        "update: the stage's rows of its variants dropped, other stages and variants kept, its rejects appended");
  gt_free(&cg);
  gt_free(&rt);
  gt_free(&st);
}

static void test_build_status(void) {
  CHECK(bs_parse("ok") == GO_PASS && bs_parse("build_failed") == GO_BUILD_FAILED &&
            bs_parse("build_timeout") == GO_BUILD_TIMEOUT && bs_parse("invalid_config") == GO_INVALID_CONFIG,
        "status words: ok and the build stage's three reasons");
  CHECK(bs_parse("numerics") == -1 && bs_parse("smem_overflow") == -1 && bs_parse("") == -1 && bs_parse("OK") == -1,
        "status words: another stage's reason, an empty word, OK refused");
  char buf[256];
  FILE *m = fmemopen(buf, sizeof buf, "w");
  int rc = bs_write(m, GO_INVALID_CONFIG, "static_assert:\r\nBLOCK_M % 16");
  fclose(m);
  CHECK(rc == 0 && !strcmp(buf, "invalid_config\nstatic_assert:  BLOCK_M % 16\n"), "write: the word, the detail one line");
  m = fmemopen(buf, sizeof buf, "w");
  rc = bs_write(m, GO_PASS, "");
  fclose(m);
  CHECK(rc == 0 && !strcmp(buf, "ok\n\n"), "write: ok, an empty detail");
  m = fmemopen(buf, sizeof buf, "w");
  CHECK(bs_write(m, GO_RUN_TIMEOUT, "x") == -1, "write: a reason of another stage refused");
  fclose(m);
  gate_outcome o = GO_COUNT;
  char detail[64];
  rc = bs_read(file("st1", "build_timeout\r\ncompile exceeded 120 s\r\nmore\n"), &o, detail, sizeof detail, err, sizeof err);
  CHECK(rc == 0 && o == GO_BUILD_TIMEOUT && !strcmp(detail, "compile exceeded 120 s"), "read: the word and line 2, CRLF stripped");
  rc = bs_read(file("st2", "ok\n"), &o, detail, sizeof detail, err, sizeof err);
  CHECK(rc == 0 && o == GO_PASS && !strcmp(detail, ""), "read: ok without a detail");
  const char *p = file("st3", "compiled\nx\n");
  rc = bs_read(p, &o, detail, sizeof detail, err, sizeof err);
  char want[400];
  snprintf(want, sizeof want, "%s:1: unknown status 'compiled'", p);
  CHECK(rc == -1 && !strcmp(err, want), "read: error: an unknown word, file:1");
  p = file("st4", "");
  rc = bs_read(p, &o, detail, sizeof detail, err, sizeof err);
  snprintf(want, sizeof want, "%s:1: empty status file", p);
  CHECK(rc == -1 && !strcmp(err, want), "read: error: an empty file");
  snprintf(want, sizeof want, "%s/none", dir);
  rc = bs_read(want, &o, detail, sizeof detail, err, sizeof err);
  CHECK(rc == -1 && strstr(err, "none: No such file"), "read: error: a missing file");
}

int main(void) {
  if (!mkdtemp(dir)) return 1;
  test_build_status();
  test_outcomes();
  test_read_write();
  test_layouts();
  test_errors();
  test_merge();
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd)) return 1;
  CHECK_DONE();
}
