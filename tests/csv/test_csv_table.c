// test_csv_table.c — the CSV table reader (csv_table.h): meta lines, comments and blank lines, the
// header, quoted fields, columns by name, numbers, and the errors "FILE:LINE: what" (a row of the
// wrong width, an unterminated quote, no header row, a missing file), an empty file read with
// RCSV_EMPTY_OK. Expected values written by hand from the tables written here.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "csv/csv_table.h"

static char dir[] = "/tmp/test_csv_table_XXXXXX";

// DIR/NAME holding TEXT; the path (static: one at a time)
static const char *file(const char *name, const char *text) {
  static char path[256];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (!f || fputs(text, f) < 0 || fclose(f)) {
    fprintf(stderr, "test_csv_table: cannot write %s\n", path);
    exit(1);
  }
  return path;
}

static void table(void) {
  const char *p = file("t.csv",
                       "# cudadent42 stats v1\n"
                       "# gpu: nvidia-h200\n"
                       "#   note: a key after spaces\n"
                       "# not a key: the key has a space\n"
                       "#nospace:x\n"
                       "\n"
                       "name,shape,time_us\r\n"
                       "a,\"1,2\",3.5\n"
                       "\n"
                       "\"say \"\"hi\"\"\",,-2e3\n"
                       "# gpu: nvidia-h100\n"
                       "c,s,nan\n");
  rcsv t;
  char err[256] = "";
  CHECK(rcsv_read(p, &t, err, sizeof err) == 0, "table: read");
  CHECK(t.ncol == 3 && t.nrows == 3, "table: 3 columns, 3 rows (comments, blank lines skipped)");
  CHECK(!strcmp(t.path, p), "table: its path kept");
  CHECK(rcsv_col(&t, "name") == 0 && rcsv_col(&t, "time_us") == 2, "columns by name (\\r of the header dropped)");
  CHECK(rcsv_col(&t, "none") == -1, "a column the header lacks: -1");
  CHECK(!strcmp(rcsv_get(&t, 0, 1), "1,2"), "a quoted field keeps its comma");
  CHECK(!strcmp(rcsv_get(&t, 1, 0), "say \"hi\""), "\"\" in a quoted field is a quote");
  CHECK(!strcmp(rcsv_get(&t, 1, 1), ""), "an empty field");
  CHECK(!strcmp(rcsv_get(&t, 0, -1), ""), "field of column -1: empty");
  CHECK(t.rows[0].line == 8 && t.rows[1].line == 10 && t.rows[2].line == 12, "rows keep their line numbers");
  CHECK(t.nmeta == 3, "meta: 3 key lines (a key with a space, or no space after ':', is a comment)");
  CHECK(!strcmp(rcsv_meta(&t, "gpu"), "nvidia-h100"), "meta: the last value of a key");
  CHECK(!strcmp(rcsv_meta(&t, "note"), "a key after spaces"), "meta: spaces after '#' skipped");
  CHECK(rcsv_meta(&t, "nospace") == NULL && rcsv_meta(&t, "cudadent42") == NULL, "meta: a key it lacks is NULL");

  double v = 0;
  CHECK(rcsv_num(&t, 0, 2, &v, err, sizeof err) == 0 && v == 3.5, "a number");
  CHECK(rcsv_num(&t, 1, 2, &v, err, sizeof err) == 0 && v == -2000, "a number with an exponent");
  char want[300];
  snprintf(want, sizeof want, "%s:12: 'nan' is not a number (column time_us)", p);
  CHECK(rcsv_num(&t, 2, 2, &v, err, sizeof err) == -1 && !strcmp(err, want), "nan is no number, named FILE:LINE");
  snprintf(want, sizeof want, "%s:8: '1,2' is not a number (column shape)", p);
  CHECK(rcsv_num(&t, 0, 1, &v, err, sizeof err) == -1 && !strcmp(err, want), "text is no number");

  int ix[3];
  const char *const have[] = {"time_us", "name", NULL}, *const lack[] = {"name", "gpu", NULL};
  CHECK(rcsv_need(&t, have, ix, err, sizeof err) == 0 && ix[0] == 2 && ix[1] == 0, "need: the indexes of the names");
  snprintf(want, sizeof want, "%s:1: no column 'gpu'", p);
  CHECK(rcsv_need(&t, lack, ix, err, sizeof err) == -1 && !strcmp(err, want), "need: a missing column named");
  rcsv_free(&t);
  CHECK(t.nrows == 0 && t.ncol == 0 && t.path == NULL, "free: the table reads empty");
}

static void numbers(void) {
  double v = 7;
  CHECK(rcsv_strtod("1.25", &v) == 0 && v == 1.25, "strtod: 1.25");
  CHECK(rcsv_strtod("", &v) == -1 && v == 1.25, "strtod: empty refused, v untouched");
  CHECK(rcsv_strtod("1.5x", &v) == -1, "strtod: trailing text refused");
  CHECK(rcsv_strtod("inf", &v) == -1 && rcsv_strtod("1e999", &v) == -1, "strtod: infinite and out of range refused");
}

// READ's error on TEXT is "FILE:" followed by WANT
static void error_case(const char *what, const char *text, unsigned flags, const char *want) {
  const char *p = file("bad.csv", text);
  rcsv t;
  char err[256] = "", full[300];
  snprintf(full, sizeof full, "%s:%s", p, want);
  int rc = rcsv_read_flags(p, flags, &t, err, sizeof err);
  CHECK(rc == -1 && !strcmp(err, full), what);
  if (rc == -1) CHECK(t.nrows == 0 && t.col == NULL && t.path == NULL, "... nothing left to free");
  if (rc == 0) rcsv_free(&t);
}

static void errors(void) {
  error_case("a row of the wrong width", "a,b\n1,2\n1,2,3\n", 0, "3: 3 fields, header has 2");
  error_case("an unterminated quote", "a,b\n1,\"2\n", 0, "2: unterminated quote");
  error_case("no header row", "# only: meta\n\n", 0, "2: no header row");
  error_case("an empty file", "", 0, "0: no header row");
  error_case("RCSV_EMPTY_OK: a bad row is still an error", "a\n1,2\n", RCSV_EMPTY_OK, "2: 2 fields, header has 1");

  rcsv t;
  char err[256] = "", path[300];
  const char *p = file("empty.csv", "# gpu: x\n");
  CHECK(rcsv_read_flags(p, RCSV_EMPTY_OK, &t, err, sizeof err) == 0, "RCSV_EMPTY_OK: no header row reads");
  CHECK(t.ncol == 0 && t.nrows == 0 && rcsv_col(&t, "a") == -1, "... a table of no columns and no rows");
  CHECK(!strcmp(rcsv_meta(&t, "gpu"), "x"), "... its meta kept");
  rcsv_free(&t);
  p = file("header.csv", "a,b");
  CHECK(rcsv_read(p, &t, err, sizeof err) == 0 && t.ncol == 2 && t.nrows == 0, "a header alone, no newline: no rows");
  rcsv_free(&t);

  snprintf(path, sizeof path, "%s/missing.csv", dir);
  CHECK(rcsv_read(path, &t, err, sizeof err) == -1 && !strncmp(err, path, strlen(path)) &&
            strstr(err, ":0: cannot open: ") != NULL,
        "a missing file: FILE:0: cannot open");
  CHECK(rcsv_read_flags(path, RCSV_EMPTY_OK, &t, err, sizeof err) == -1, "RCSV_EMPTY_OK: a missing file is still an error");
}

int main(void) {
  if (!mkdtemp(dir)) {
    perror("test_csv_table: mkdtemp");
    return 1;
  }
  table();
  numbers();
  errors();
  const char *const names[] = {"t.csv", "bad.csv", "empty.csv", "header.csv"};
  char path[300];
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    remove(path);
  }
  rmdir(dir);
  CHECK_DONE();
}
