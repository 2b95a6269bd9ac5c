// test_samples_lib.c — the samples library besides the reader: the one median (hand-computed
// values and numpy's medians of the stats fixtures), round medians, the writer (whole file or
// none, no temporary left, the previous file kept on failure), the round merge and the session
// append (in memory), and what a sample file is by its first line.
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "samples/samples.h"
#include "samples/samples_median.h"
#include "samples/samples_merge.h"
#include "samples/samples_write.h"

static char dir[] = "/tmp/test_samples_lib_XXXXXX";

static const char *in_dir(const char *name) {
  static char path[256];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  return path;
}

// The whole of file PATH (malloc'ed), or NULL.
static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  char *s = calloc(1, 1 << 16);
  size_t n = fread(s, 1, (1 << 16) - 1, f);
  s[n] = '\0';
  fclose(f);
  return s;
}

// The number of entries of the scratch directory whose name holds ".tmp".
static int temp_files(void) {
  DIR *d = opendir(dir);
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));) n += strstr(e->d_name, ".tmp") != NULL;
  if (d) closedir(d);
  return n;
}

static void test_median(void) {
  double one[] = {5}, odd[] = {3, 1, 2}, even[] = {4, 1, 3, 2}, same[] = {7, 7, 7, 7};
  CHECK(samples_median(one, 1) == 5, "median of one value");
  CHECK(samples_median(odd, 3) == 2, "median of 3, 1, 2 is 2 (sorts in place)");
  CHECK(odd[0] == 1 && odd[1] == 2 && odd[2] == 3, "the array is left sorted");
  CHECK(samples_median(even, 4) == 2.5, "median of 4, 1, 3, 2 is (2 + 3) / 2");
  CHECK(samples_median(same, 4) == 7, "median of ties");
  CHECK(isnan(samples_median(NULL, 0)), "median of nothing is NaN");
  double strided[] = {1, -1, 2, -1, 10, -1, 20, -1};
  CHECK(samples_median_sorted(strided, 2, 4) == 6, "sorted, stride 2: (2 + 10) / 2");
  double big[] = {1e15, 1e15};
  CHECK(samples_median(big, 2) == 1e15, "two large values: no overflow");
  double tiny[] = {4e-9, 1e-9, 2e-9};
  CHECK(samples_median(tiny, 3) == 2e-9, "small values");
}

// numpy's medians of the data sets of tests/fixtures/stats/summary.txt (make_stats_fixtures.py).
static void test_median_numpy(void) {
  FILE *f = fopen("tests/fixtures/stats/summary.txt", "r");
  CHECK(f != NULL, "numpy fixture tests/fixtures/stats/summary.txt opens");
  if (!f) return;
  char line[1024], name[32], path[128], what[160];
  int sets = 0;
  while (fgets(line, sizeof line, f)) {
    double want;
    size_t n;
    if (line[0] == '#' || sscanf(line, "%31s %zu %lf", name, &n, &want) != 3) continue;
    snprintf(path, sizeof path, "tests/fixtures/stats/%s.txt", name);
    samples_file sf;
    char err[256];
    if (samples_read(path, &sf, err, sizeof err)) {
      CHECK(0, err);
      continue;
    }
    const samples_group *g = &sf.groups[0];
    double *x = malloc(g->n * sizeof *x);
    memcpy(x, g->t, g->n * sizeof *x);
    snprintf(what, sizeof what, "median of %s (n %zu) equals numpy.median", name, n);
    CHECK(g->n == n && samples_median(x, g->n) == want, what);
    free(x);
    samples_free(&sf);
    sets++;
  }
  fclose(f);
  CHECK(sets >= 10, "every numpy data set compared");
}

// Round medians of tests/fixtures/samples/rounds.csv, by hand: shape B1_H1_S8_D64_C0 has
// s1 round 1 {10.5, 9.5, 12.25}, s1 round 2 {11, 13, 10, 14.5}, s0 round 1 {9.25},
// s0 round 2 {8.75, 9}, s0 round 10 {30}.
static void test_round_medians(void) {
  samples_file f;
  char err[256];
  int rc = samples_read("tests/fixtures/samples/rounds.csv", &f, err, sizeof err);
  CHECK(rc == 0, "rounds fixture reads");
  if (rc) return;
  samples_round *r;
  size_t n;
  CHECK(samples_round_medians(&f.groups[0], &r, &n) == 0 && n == 5, "five rounds in the first shape");
  if (n == 5) {
    CHECK(!strcmp(f.sessions[r[0].session], "s1") && r[0].round == 1 && r[0].n == 3 && r[0].median == 10.5,
          "s1 round 1: median of 3 is 10.5");
    CHECK(r[1].round == 2 && r[1].n == 4 && r[1].median == 12, "s1 round 2: (11 + 13) / 2");
    CHECK(!strcmp(f.sessions[r[2].session], "s0") && r[2].round == 1 && r[2].median == 9.25,
          "sessions in order of first appearance, then rounds ascending");
    CHECK(r[3].round == 2 && r[3].median == 8.875, "s0 round 2: (8.75 + 9) / 2");
    CHECK(r[4].round == 10 && r[4].n == 1 && r[4].median == 30, "round 10 after round 2 (numeric order)");
  }
  free(r);
  samples_free(&f);
}

static void test_writer(void) {
  const char *path = in_dir("w.csv");
  samples_writer w;
  char err[512];
  CHECK(samples_write_open(&w, path, err, sizeof err) == 0, "writer opens");
  samples_write_line(&w, "%s", SAMPLES_VERSION_LINE);
  samples_write_meta(&w, "note", "two\nlines\r");
  samples_write_line(&w, "shape,time_us");
  samples_write_line(&w, "%s,%.3f", "B1_H1_S8_D64_C0", 1.5);
  struct stat st;
  CHECK(stat(path, &st) != 0, "nothing at PATH before close");
  CHECK(temp_files() == 1, "one temporary file while writing");
  CHECK(samples_write_close(&w, err, sizeof err) == 0, "writer closes");
  char *got = slurp(path);
  CHECK(got && !strcmp(got, "# cudadent42 samples v1\n# note: two lines \nshape,time_us\nB1_H1_S8_D64_C0,1.500\n"),
        "the file: version line, meta with line breaks as spaces, columns, row");
  free(got);
  CHECK(temp_files() == 0, "no temporary file left after close");

  // abort: the previous file stays, no temporary file
  CHECK(samples_write_open(&w, path, err, sizeof err) == 0, "second writer opens");
  samples_write_line(&w, "half");
  samples_write_abort(&w);
  got = slurp(path);
  CHECK(got && !strncmp(got, "# cudadent42 samples v1\n", 24), "abort: the previous file is kept");
  free(got);
  CHECK(temp_files() == 0, "abort: no temporary file left");

  // a rename that fails (PATH is a directory): error, temporary removed, PATH untouched
  const char *d = in_dir("isdir.csv");
  mkdir(d, 0700);
  CHECK(samples_write_open(&w, d, err, sizeof err) == 0, "writer opens beside a directory");
  samples_write_line(&w, "row");
  int rc = samples_write_close(&w, err, sizeof err);
  CHECK(rc == -1 && strstr(err, "isdir.csv: cannot write: "), "rename failure is reported with the path");
  CHECK(stat(d, &st) == 0 && S_ISDIR(st.st_mode), "rename failure: PATH left as it was");
  CHECK(temp_files() == 0, "rename failure: no temporary file left");
  rmdir(d);

  // a directory that does not exist: open fails, names the temporary file
  rc = samples_write_open(&w, in_dir("no/such.csv"), err, sizeof err);
  CHECK(rc == -1 && strstr(err, "no/such.csv.tmp.") && strstr(err, ": cannot create: No such file or directory"),
        "open failure names the temporary file and why");
}

// Merges the given texts as round files; returns the status, output in *out (malloc'ed).
static int merge_texts(const char *const texts[], size_t n, const samples_merge_opts *o, char **out, char *err) {
  FILE *in[8];
  const char *names[8];
  for (size_t i = 0; i < n; i++) {
    in[i] = fmemopen((void *)texts[i], strlen(texts[i]), "r");
    names[i] = "round";
  }
  size_t len;
  FILE *m = open_memstream(out, &len);
  int rc = samples_merge(in, names, n, o, m, err, 512);
  fclose(m);
  for (size_t i = 0; i < n; i++) fclose(in[i]);
  return rc;
}

static void test_merge(void) {
  samples_merge_opts o = {2, "s9", "3 1", "2026-01-01T00:00:00Z", "h", "GPU-u", "11", "v", "47", NULL, NULL};
  const char *rounds[] = {"# cudadent42 samples v1\n# git_rev: r1\nshape,rep,time_us\nA,0,1\nB,0,2\nA,1,3\n",
                          "", "# date: ignored\nshape,rep,time_us\nB,0,4\nA,0,5"};
  char *out = NULL, err[512];
  int rc = merge_texts(rounds, 3, &o, &out, err);
  CHECK(rc == 0, "merge of two rounds (and an empty file, which takes no round number)");
  CHECK(out && !strcmp(out, "# cudadent42 samples v1\n# git_rev: r1\n# rounds: 2\n# temp_end_c_last_round: 47\n"
                            "# session.s9: date=2026-01-01T00:00:00Z host=h gpu_uuid=GPU-u git_rev=r1 rounds=2 "
                            "order_seed=11\nshape,rep,time_us,round,session,position\nA,0,1,1,s9,3\nB,0,2,1,s9,3\n"
                            "A,1,3,1,s9,3\nB,1,4,2,s9,1\nA,2,5,2,s9,1\n"),
        "merged: round 1's header, rounds, last temperature, session line, reps renumbered per shape");
  free(out);
  const char *dealt[] = {"# order: balanced\n# order_seed: 11\nshape,rep,time_us\nA,0,1\n"};
  samples_merge_opts one = o;
  one.rounds = 1;
  rc = merge_texts(dealt, 1, &one, &out, err);
  CHECK(rc == 0 && out && strstr(out, "\n# session.s9: date=2026-01-01T00:00:00Z host=h gpu_uuid=GPU-u git_rev=unknown "
                                      "rounds=1 order_seed=11 order=balanced\n"),
        "merge: round 1's # order: is the session line's order= (the header alone would be relabelled by an append)");
  free(out);
  const char *bad[] = {"shape,rep,time_us\nA,0,1\n", "shape,time_us\nA,1\n"};
  rc = merge_texts(bad, 2, &o, &out, err);
  CHECK(rc == SAMPLES_MERGE_COLUMNS && !strcmp(err, "measure: v: round 2 has columns shape,time_us, round 1 shape,rep,time_us"),
        "a round with other columns: status 3 and the message");
  free(out);
}

static void test_append(void) {
  const char *old = "# k: old\n# session.s1: a\nshape,time_us,session\nA,1,s1\n# dropped\nB,2,s1\n";
  const char *new_ = "# k: new\n# session.s2: b\nshape,time_us,session\nA,3,s2\n";
  FILE *o = fmemopen((void *)old, strlen(old), "r"), *n = fmemopen((void *)new_, strlen(new_), "r");
  char *out = NULL, err[256];
  size_t len;
  FILE *m = open_memstream(&out, &len);
  int rc = samples_append(o, n, "old", "new", m, err, sizeof err);
  fclose(m);
  CHECK(rc == 0 && !strcmp(out, "# k: new\n# session.s1: a\n# session.s2: b\nshape,time_us,session\nA,1,s1\nB,2,s1\nA,3,s2\n"),
        "append: NEW's header, OLD's then NEW's session lines, OLD's rows, NEW's rows");
  free(out);
  fclose(o);
  fclose(n);
  const char *none = "# only comments\n";
  o = fmemopen((void *)old, strlen(old), "r"), n = fmemopen((void *)none, strlen(none), "r");
  m = open_memstream(&out, &len);
  rc = samples_append(o, n, "old", "new", m, err, sizeof err);
  fclose(m);
  CHECK(rc == -1 && !strcmp(err, "new: no CSV header row"), "append: a NEW without a header row is refused");
  free(out);
  fclose(o);
  fclose(n);
}

// a sample file is known by its first line alone
static void test_is_sample_file(void) {
  static const struct {
    const char *name, *text;
    int want;
  } cases[] = {
      {"s.csv", "# cudadent42 samples v1\nshape,rep,time_us\n", 1},
      {"s2.csv", "# cudadent42 samples v2\n", 1},  // (the reader refuses the version, not this test)
      {"gates.csv", "variant,verdict,reason,detail\n", 0},
      {"numerics.csv", "# cudadent42 numerics v1\n# git_rev: abc\n", 0},
      {"late.csv", "# note\n# cudadent42 samples v1\n", 0},
      {"short.csv", "# cudadent42 sample", 0},
      {"empty.csv", "", 0},
  };
  char what[120];
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    FILE *f = fopen(in_dir(cases[i].name), "w");
    if (f) fputs(cases[i].text, f), fclose(f);
    snprintf(what, sizeof what, "is sample file: %s: %s", cases[i].name, cases[i].want ? "yes" : "no");
    CHECK(samples_is_sample_file(in_dir(cases[i].name)) == cases[i].want, what);
  }
  CHECK(!samples_is_sample_file(in_dir("absent.csv")), "is sample file: an absent file: no");
  CHECK(!samples_is_sample_file(dir), "is sample file: a directory: no");
}

int main(void) {
  if (!mkdtemp(dir)) return perror("mkdtemp"), 1;
  test_is_sample_file();
  test_median();
  test_median_numpy();
  test_round_medians();
  test_writer();
  test_merge();
  test_append();
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd)) perror("rm");
  CHECK_DONE();
}
