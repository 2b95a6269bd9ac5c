// test_samples.c — the sample-file reader: both formats, metadata, groups, every error path.
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "samples/samples.h"
#include "shape.h"

static char dir[] = "/tmp/test_samples_XXXXXX";

// Writes text to a file in the scratch directory and returns its path (static buffer).
static const char *put_n(const char *name, const char *text, size_t len) {
  static char path[256];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  fwrite(text, 1, len, f);
  fclose(f);
  return path;
}

static const char *put(const char *name, const char *text) {
  return put_n(name, text, strlen(text));
}

// Reads text as file NAME and checks the error message is exactly "<path>:<want>".
static void expect_error_n(const char *name, const char *text, size_t len, const char *want) {
  const char *path = put_n(name, text, len);
  samples_file f;
  char err[512], full[512], what[1200];
  snprintf(full, sizeof full, "%s:%s", path, want);
  int rc = samples_read(path, &f, err, sizeof err);
  snprintf(what, sizeof what, "error '%s' (got '%s')", want, rc ? err : "no error");
  CHECK(rc == -1 && strcmp(err, full) == 0 && f.ngroups == 0, what);
}

static void expect_error(const char *name, const char *text, const char *want) {
  expect_error_n(name, text, strlen(text), want);
}

static const char raw[] =
    "# cudadent42 samples v1\n"
    "# experiment: phase1\n"
    "# variant: kvsplit8\n"
    "# flags: -DKV_SPLITS=8 -DUSE_MMA=1\n"
    "# gpu: NVIDIA H100 80GB HBM3\n"
    "# a free comment, not metadata\n"
    "# sm_count: 132\n"
    "shape,rep,extra,time_us,sm_clock_mhz\r\n"
    "B2_H8_S512_D64_C0,0,x,9.812,1980\r\n"
    "B1_H4_S128_K256_D128_C1,0,y,3.5,1980\n"
    "\n"
    "B2_H8_S512_D64_C0, 1 ,z, 9.9 ,1980\n";

static void good_files(void) {
  samples_file f;
  char err[512];
  int rc = samples_read(put("v.csv", raw), &f, err, sizeof err);
  CHECK(rc == 0, "raw file reads");
  if (rc) return;
  CHECK(!f.plain && !strcmp(f.variant, "kvsplit8"), "variant from metadata");
  CHECK(!strcmp(samples_meta(&f, "gpu"), "NVIDIA H100 80GB HBM3"), "metadata value with spaces");
  CHECK(!strcmp(samples_meta(&f, "flags"), "-DKV_SPLITS=8 -DUSE_MMA=1"), "metadata flags");
  CHECK(!strcmp(samples_meta(&f, "sm_count"), "132") && !samples_meta(&f, "nope"),
        "metadata lookup, missing key is NULL");
  CHECK(f.ngroups == 2 && !strcmp(f.groups[0].name, "B2_H8_S512_D64_C0") &&
            !strcmp(f.groups[1].name, "B1_H4_S128_K256_D128_C1"),
        "groups in order of first appearance");
  CHECK(f.groups[0].n == 2 && f.groups[0].t[0] == 9.812 && f.groups[0].t[1] == 9.9 &&
            f.groups[1].n == 1 && f.groups[1].t[0] == 3.5,
        "time_us found by name, in file order, CRLF and spaces tolerated");
  CHECK(samples_group_find(&f, "B1_H4_S128_K256_D128_C1") == &f.groups[1] &&
            !samples_group_find(&f, "B1"),
        "group lookup");
  samples_free(&f);

  rc = samples_read(put("plain.txt", "# note: plain\n# just a comment\n1.5\n\n  2e1 \n3\n"), &f,
                    err, sizeof err);
  CHECK(rc == 0 && f.plain && f.ngroups == 1 && f.groups[0].n == 3 && f.groups[0].t[1] == 20,
        "plain file of numbers");
  CHECK(rc == 0 && !strcmp(f.groups[0].name, SAMPLES_PLAIN_GROUP) && !strcmp(f.variant, "plain"),
        "plain file: group 'all', variant from the file stem");
  samples_free(&f);
  rc = samples_read(put("only_time.csv", "time_us,shape\n5,B1_H1_S1_D1_C0\n"), &f, err,
                    sizeof err);
  CHECK(rc == 0 && f.groups[0].t[0] == 5, "columns in any order");
  samples_free(&f);
}

static void errors(void) {
  expect_error("e1.txt", "1\nabc\n", "2: 'abc' is not a number");
  expect_error("e2.txt", "1\nnan\n", "2: 'nan' is not a finite number");
  expect_error("e3.txt", "1\n2\n-inf\n", "3: '-inf' is not a finite number");
  expect_error("e4.txt", "1\n-2\n", "2: '-2' is negative");
  expect_error("e5.txt", "0\n", "1: '0' is not a positive time");
  expect_error("e6.txt", "1e999\n", "1: '1e999' is out of range");
  expect_error("e7.txt", "", "1: no samples");
  expect_error("e8.txt", "# only comments\n\n", "2: no samples");
  expect_error("e9.csv", "shape,time_us\n", "1: no samples after the header row");
  expect_error("e10.csv", "shape,rep,time\nB1_H1_S1_D1_C0,0,1\n",
               "1: missing 'time_us' column in header row");
  expect_error("e11.csv", "variant,time_us\nx,1\n", "1: missing 'shape' column in header row");
  expect_error("e12.csv", "shape,time_us\nB1_H1_S1_D1_C0,1,2\n", "2: expected 2 fields, found 3");
  expect_error("e13.csv", "shape,time_us\nB1_H1_S1_D1_C0,\n", "2: empty sample");
  expect_error("e14.csv", "shape,time_us\n,1\n", "2: empty shape");
  {  // the problems named are those with a folder kernels/<p>/problem/ (the tree, not the registry)
    char want[512] = "2: 'B1_H1_S0_D1_C0' is not a shape name of any problem (";
    FILE *ls = popen("ls -d kernels/*/problem/ | cut -d/ -f2 | LC_ALL=C sort | paste -sd, - | sed 's/,/, /g'", "r");
    char names[256] = "";
    if (ls && fgets(names, sizeof names, ls)) names[strcspn(names, "\n")] = '\0';
    if (ls) pclose(ls);
    CHECK(*names != '\0', "the problems' folders are listed (kernels/*/problem/)");
    strcat(strcat(want, names), ")");
    expect_error("e15.csv", "shape,time_us\nB1_H1_S0_D1_C0,1\n", want);
  }
  expect_error("e16.csv", "# cudadent42 samples v2\nshape,time_us\n",
               "1: unsupported samples format version 2");
  expect_error("e17.csv", "shape,time_us\nB1_H1_S1_D1_C0,1x\n", "2: '1x' is not a number");
  expect_error_n("e18.txt", "1\n2\0003\n", 6, "2: NUL byte in line");
  char many[400] = "shape,time_us";
  for (int i = 0; i < 63; i++) strcat(many, ",c");
  strcat(many, "\n");
  expect_error("e19.csv", many, "1: more than 64 columns");
  samples_file f;
  char err[512];
  CHECK(samples_read("/nonexistent/x.csv", &f, err, sizeof err) == -1 &&
            strstr(err, "/nonexistent/x.csv: cannot open: ") == err,
        "missing file: cannot open");
}

// Another time column (samples_read_column): the hand-written files of
// tests/fixtures/samples/kernel/, whose values are known by construction.
static void other_column(void) {
  samples_file f;
  char err[512];
  const char *lib = "tests/fixtures/samples/kernel/lib.csv";
  int rc = samples_read_column(lib, "kernel_us", &f, err, sizeof err);
  CHECK(rc == 0 && f.has_column && f.ngroups == 1 && !strcmp(f.groups[0].name, "B2_H8_S512_D64_C0"),
        "kernel_us of a library file (python_call_us beside it): the shape with every value");
  const double k[] = {0.9, 1, 1.1, 1.9, 2, 2.1, 3.9, 4, 4.1};
  int same = rc == 0 && f.ngroups == 1 && f.groups[0].n == 9;
  for (size_t i = 0; same && i < 9; i++) same = f.groups[0].t[i] == k[i] && f.groups[0].round[i] == i / 3 + 1;
  CHECK(same, "kernel_us values in file order, with their rounds (not time_us, not python_call_us)");
  CHECK(rc == 0 && f.nunmeasured == 1 && !strcmp(f.unmeasured[0], "B2_H8_S1024_D64_C0"),
        "a shape with an empty kernel_us row has no kernel samples: named unmeasured");
  if (rc == 0) samples_free(&f);
  rc = samples_read_column(lib, NULL, &f, err, sizeof err);
  CHECK(rc == 0 && f.ngroups == 2 && f.groups[0].t[0] == 1.9 && f.groups[1].n == 9 &&
            f.groups[1].t[4] == 20 && f.nunmeasured == 0,
        "no column named: time_us, every shape (an empty kernel_us is no error)");
  if (rc == 0) samples_free(&f);
  rc = samples_read_column(lib, "time_us", &f, err, sizeof err);
  CHECK(rc == 0 && f.ngroups == 2 && f.groups[0].t[8] == 8.1, "time_us named: the default");
  if (rc == 0) samples_free(&f);
  rc = samples_read_column("tests/fixtures/samples/kernel/ours.csv", "kernel_us", &f, err, sizeof err);
  CHECK(rc == 0 && f.ngroups == 1 && f.groups[0].n == 9 && f.groups[0].t[7] == 2.56 &&
            f.nunmeasured == 1 && !strcmp(f.unmeasured[0], "B2_H8_S1024_D64_C0"),
        "the bench's columns: kernel_us read, a shape empty throughout unmeasured");
  if (rc == 0) samples_free(&f);
  rc = samples_read_column("tests/fixtures/samples/kernel/old.csv", "kernel_us", &f, err, sizeof err);
  CHECK(rc == 0 && !f.has_column && f.ngroups == 0 && f.nunmeasured == 1 &&
            !strcmp(samples_meta(&f, "variant"), "old"),
        "a file without kernel_us reads: no samples in it, its metadata kept");
  if (rc == 0) samples_free(&f);
  rc = samples_read_column(put("k_plain.txt", "1.5\n2\n"), "kernel_us", &f, err, sizeof err);
  CHECK(rc == 0 && f.plain && !f.has_column && f.ngroups == 0, "a plain file has no kernel_us");
  if (rc == 0) samples_free(&f);
  const char *bad = put("k_bad.csv", "shape,time_us,kernel_us\nB1_H1_S1_D1_C0,2,1\nB1_H1_S1_D1_C0,2,abc\n");
  char want[600];
  snprintf(want, sizeof want, "%s:3: kernel_us 'abc' is not a number", bad);
  rc = samples_read_column(bad, "kernel_us", &f, err, sizeof err);
  CHECK(rc == -1 && !strcmp(err, want), "a kernel_us that is not a number: file:line: what");
  rc = samples_read_column(put("k_neg.csv", "shape,time_us,kernel_us\nB1_H1_S1_D1_C0,2,-1\n"),
                           "kernel_us", &f, err, sizeof err);
  CHECK(rc == -1 && strstr(err, ":2: kernel_us '-1' is negative"), "a negative kernel_us is an error");
  rc = samples_read_column(put("k_time.csv", "shape,time_us,kernel_us\nB1_H1_S1_D1_C0,x,1\n"),
                           "kernel_us", &f, err, sizeof err);
  CHECK(rc == -1 && strstr(err, ":2: 'x' is not a number"), "time_us is checked whatever column is read");
  rc = samples_read_column(put("k_empty.csv", "shape,time_us,kernel_us\n"), "kernel_us", &f, err, sizeof err);
  CHECK(rc == -1 && strstr(err, ":1: no samples after the header row"), "a file of no rows is still an error");
  rc = samples_read_column(put("k_twice.csv", "shape,time_us,kernel_us,kernel_us\nB1_H1_S1_D1_C0,1,1,1\n"),
                           "kernel_us", &f, err, sizeof err);
  CHECK(rc == -1 && strstr(err, ":1: column 'kernel_us' named twice"), "the column named twice");
}

// the attention problem's grammar through the registry of kernels/harness/shape.h (axes B H S K D C)
static int att_parse(const char *name, problem_shape *s) {
  char why[160];
  const problem_host *p = problem_host_of_shape(name);
  return p && !strcmp(p->name, "attention") && p->parse(name, s, why, sizeof why) == 0 ? 0 : -1;
}

static void shapes(void) {
  problem_shape s;
  char buf[64];
  const problem_host *att = problem_host_find("attention");
  CHECK(att != NULL, "attention is registered");
  CHECK(att_parse("B2_H8_S512_D64_C0", &s) == 0 && s.v[0] == 2 && s.v[1] == 8 && s.v[2] == 512 &&
            s.v[3] == 512 && s.v[4] == 64 && s.v[5] == 0,
        "shape without K: skv = sq");
  CHECK(att_parse("B1_H16_S128_K4096_D128_C1", &s) == 0 && s.v[3] == 4096 && s.v[5] == 1, "shape with K");
  att->format(&s, buf, sizeof buf);
  CHECK(!strcmp(buf, "B1_H16_S128_K4096_D128_C1"), "format with K");
  CHECK(att_parse("B2_H8_S512_K512_D64_C0", &s) != 0,
        "a K equal to S is refused (one grammar with bench: the canonical name omits it)");
  s = (problem_shape){{2, 8, 512, 512, 64, 0}};
  att->format(&s, buf, sizeof buf);
  CHECK(!strcmp(buf, "B2_H8_S512_D64_C0"), "format omits K equal to S");
  const char *bad[] = {"", "B2_H8_S512_D64", "B2_H8_S512_D64_C2", "B2_H8_S512_D64_C0x",
                       "B0_H8_S512_D64_C0", "B02_H8_S512_D64_C0", "B2_H8_D64_S512_C0",
                       "B2_H8_S512_K_D64_C0", "b2_H8_S512_D64_C0", "B2_H8_S99999999999_D64_C0",
                       "B+2_H8_S512_D64_C0", "B2_H8_S512__D64_C0"};
  int all = 1;
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    int rc = att_parse(bad[i], &s);
    if (rc != -1) printf("# accepted '%s'\n", bad[i]);
    all &= rc == -1;
  }
  CHECK(all, "malformed shape names are refused");
}

int main(void) {
  if (!mkdtemp(dir)) return 2;
  good_files();
  errors();
  other_column();
  shapes();
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd)) return 2;
  CHECK_DONE();
}
