// test_published_record.c — DATA/RETIRED (published_record.h): the records read (comments and
// blank lines skipped, one experiment's by its path, a broken record refused with file:line), the
// record rewritten (an experiment's records replaced, the others' and every comment kept, the
// records in bytewise order, no file made for nothing), and the summary the appendix reads.
// Oracles: the format's definition, worked by hand below.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "published/capture.h"
#include "published/published_record.h"

static char dir[] = "/tmp/test_published_record.XXXXXX", file[64], err[64];

static void put(const char *text) {
  FILE *f = fopen(file, "w");
  if (!f || fputs(text, f) < 0 || fclose(f)) { perror(file); exit(1); }
}

// the whole of PATH ("" when it cannot be read), in buf
static const char *slurp(const char *path, char *buf, size_t n) {
  FILE *f = fopen(path, "r");
  size_t k = f ? fread(buf, 1, n - 1, f) : 0;
  buf[k] = 0;
  if (f) fclose(f);
  return buf;
}

// published_record_read with stderr into err; the read's return
static int read_err(const char *exp, published_entries *out) {
  const int saved = capture_begin(err), rc = published_record_read(dir, exp, out);
  capture_end(saved);
  return rc;
}

int main(void) {
  if (!mkdtemp(dir)) { perror(dir); return 1; }
  snprintf(file, sizeof file, "%s/RETIRED", dir);
  snprintf(err, sizeof err, "%s/err", dir);
  char buf[4096];

  published_entries l = {0};
  CHECK(published_record_read(dir, NULL, &l) == 0 && l.n == 0, "no record file: no records, no error");
  put("# a comment\n\n"
      "vecadd/gpu/v8.csv kernels:000000000000 2026-11-01 a reason, in words\n"
      "   \t\n"
      "phase1/gpu/sdpa-flash.csv sdpa:111111111111 2026-11-02 \"quoted\" reason\n"
      "# a comment between\n"
      "vecaddx/gpu/a.csv none 2026-11-03 another experiment whose name starts the same\n"
      "vecadd/gpu/b.csv kernels:222222222222 2026-11-01 later, the same day\n");
  CHECK(published_record_read(dir, NULL, &l) == 0 && l.n == 4, "all records: 4 (comments and blank lines skipped)");
  CHECK(l.n == 4 && !strcmp(l.e[1].path, "phase1/gpu/sdpa-flash.csv") && !strcmp(l.e[1].code, "sdpa:111111111111"),
        "... a record's path and code");
  CHECK(l.n == 4 && !strcmp(l.e[1].line, "phase1/gpu/sdpa-flash.csv sdpa:111111111111 2026-11-02 \"quoted\" reason"),
        "... and its line as written");
  published_entries_free(&l);
  CHECK(published_record_read(dir, "vecadd", &l) == 0 && l.n == 2 && !strcmp(l.e[1].path, "vecadd/gpu/b.csv"),
        "one experiment's records: vecadd's 2, not vecaddx's");
  published_entries_free(&l);

  FILE *o = fopen(err, "w");
  CHECK(o && published_record_summary(&(published_entries){0}, o) == 0 && !fclose(o) &&
            !strcmp(slurp(err, buf, sizeof buf), "exp,files,date,reason,gpus\n"),
        "summary of no records: the header row alone");
  published_record_read(dir, NULL, &l);
  o = fopen(err, "w");
  CHECK(o && published_record_summary(&l, o) == 0 && !fclose(o) &&
            !strcmp(slurp(err, buf, sizeof buf), "exp,files,date,reason,gpus\n"
                                                 "phase1,1,2026-11-02,\"\"\"quoted\"\" reason\",gpu:1\n"
                                                 "vecadd,2,2026-11-01,\"later, the same day\",gpu:2\n"
                                                 "vecaddx,1,2026-11-03,\"another experiment whose name starts the same\",gpu:1\n"),
        "summary: per experiment the files, the latest day, that day's last reason, quotes doubled, its GPUs' files, sorted");
  published_entries_free(&l);

  char *lines[] = {"vecadd/gpu/c.csv none 2026-11-28 new", "vecadd/gpu/a.csv kernels:333333333333 2026-11-28 new"};
  CHECK(published_record_write(dir, "vecadd", lines, 2) == 0, "write: vecadd's records replaced");
  CHECK(!strcmp(slurp(file, buf, sizeof buf), "# a comment\n# a comment between\n"
                                              "phase1/gpu/sdpa-flash.csv sdpa:111111111111 2026-11-02 \"quoted\" reason\n"
                                              "vecadd/gpu/a.csv kernels:333333333333 2026-11-28 new\n"
                                              "vecadd/gpu/c.csv none 2026-11-28 new\n"
                                              "vecaddx/gpu/a.csv none 2026-11-03 another experiment whose name starts the same\n"),
        "... the comments first, the others' records kept, all sorted bytewise, blank lines gone");
  CHECK(published_record_write(dir, "vecadd", NULL, 0) == 0 && !strstr(slurp(file, buf, sizeof buf), "vecadd/"),
        "write nothing for vecadd: its records dropped");
  remove(file);
  CHECK(published_record_write(dir, "vecadd", NULL, 0) == 0 && access(file, F_OK) != 0, "no file and nothing to record: no file made");
  CHECK(published_record_write(dir, "vecadd", lines, 1) == 0 && !strncmp(slurp(file, buf, sizeof buf), "# RETIRED", 9) &&
            strstr(buf, "# <exp>/<gpu>/[profile/]<variant>.csv <code> <YYYY-MM-DD> <reason>\nvecadd/gpu/c.csv none 2026-11-28 new\n"),
        "a new file: the three header comments, then the record");

  const char *broken[] = {"vecadd/gpu/v.csv kernels:0 2026-11-01\n", "vecadd/v.csv kernels:0 2026-11-01 why\n",
                          "vecadd/gpu/v.txt kernels:0 2026-11-01 why\n", "vecadd/gpu/v.csv kernels:0 26-11-01 why\n",
                          "vecadd//v.csv kernels:0 2026-11-01 why\n", "vecadd/gpu/.csv kernels:0 2026-11-01 why\n"};
  for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
    char what[160], want[96];
    snprintf(buf, sizeof buf, "# c\nvecadd/gpu/ok.csv none 2026-11-01 fine\n%s", broken[i]);
    put(buf);
    const int rc = read_err(NULL, &l);
    published_entries_free(&l);
    snprintf(want, sizeof want, "retired: %s:3: not a record", file);
    snprintf(what, sizeof what, "a broken record refused with file:line: %.*s", (int)strlen(broken[i]) - 1, broken[i]);
    CHECK(rc == -1 && strstr(slurp(err, buf, sizeof buf), want), what);
  }
  snprintf(buf, sizeof buf, "rm -rf '%s'", dir);
  if (system(buf)) printf("# %s: not removed\n", dir);
  CHECK_DONE();
}
