// test_published_check.c — published data against the code that ships (published_check.h,
// published_scan.h) on a fixture DATA: the sample files found and their codes (the first non-empty
// `# code:` of the header, up to a blank; none without one; gate tables, profiles and hidden files
// are not samples); check fails on a stale file (another id, -dirty, none, a baseline against its
// runner's id, an experiment that ships nothing) with one line each and passes once retire
// recorded them; a record that no longer holds fails check until retire drops it; stale names every
// stale file, retired or not. Oracles: the definitions, and the messages make check-published users
// read.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "check.h"
#include "published/capture.h"
#include "published/published_check.h"
#include "published/published_pause.h"
#include "published/published_record.h"
#include "published/published_scan.h"

static char dir[] = "/tmp/test_published_check.XXXXXX", err[80], buf[16384];
#define K "kernels:aaaaaaaaaaaa"
#define R "sdpa:bbbbbbbbbbbb"

static void put(const char *rel, const char *text) {
  char p[256];
  snprintf(p, sizeof p, "%s/%s", dir, rel);
  for (char *s = strchr(p + strlen(dir) + 1, '/'); s; s = strchr(s + 1, '/')) *s = 0, mkdir(p, 0755), *s = '/';
  FILE *f = fopen(p, "w");
  if (!f || fputs(text, f) < 0 || fclose(f)) { perror(p); exit(1); }
}

static void sample(const char *rel, const char *code) {
  char t[256];
  snprintf(t, sizeof t, "# cudadent42 samples v1\n%s%s%sshape,rep,time_us\nN1,0,1.5\n", code ? "# code: " : "", code ? code : "", code ? "\n" : "");
  put(rel, t);
}

// MODE on EXP (ships: its kernels id K and runner R, else nothing), its messages into buf
static int run(published_mode mode, const char *exp, int ships) {
  static const char *const runners[] = {R " torch=1"};
  const published_job j = {dir, exp, ships ? K : "", runners, ships ? 1 : 0, "2026-11-28", "a test"};
  const int saved = capture_begin(err), rc = published_check(mode, &j);
  capture_end(saved);
  FILE *f = fopen(err, "r");
  size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
  buf[n] = 0;
  if (f) fclose(f);
  return rc;
}

static size_t lines(const char *s) {
  size_t n = 0;
  for (; *s; s++) n += *s == '\n';
  return n;
}

int main(void) {
  if (!mkdtemp(dir)) { perror(dir); return 1; }
  snprintf(err, sizeof err, "%s/err", dir);
  sample("e/g/v1.csv", K);
  sample("e/g/v8.csv", "kernels:000000000000");
  sample("e/g/dirty.csv", K "-dirty");
  sample("e/g/nocode.csv", NULL);
  sample("e/g/sdpa-cudnn.csv", R " torch=9 cudnn=1");
  sample("e/g/sdpa-flash.csv", "sdpa:000000000000 torch=9");
  put("e/g/gates.csv", "variant,verdict,reason\nv1,pass,\n");
  put("e/g/profile/v8.csv", "# cudadent42 samples v1\n# code: kernels:000000000000\n");
  put("e/g/.hidden.csv", "# cudadent42 samples v1\n# code: kernels:000000000000\n");
  put("e/g/header.csv", "# cudadent42 samples v1\n# code:\n# code: \t" K "\r\n# code: kernels:111111111111\nx\n# code: y\n");
  put("e/g/empty.csv", "");
  sample("o/g/x.csv", K);

  published_entries s = {0};
  CHECK(published_scan("t", dir, "e", &s) == 0 && s.n == 7, "scan: the 7 sample files of e (no gate table, profile, hidden or empty file)");
  const published_entry *h = published_entries_find(&s, "e/g/header.csv"), *n = published_entries_find(&s, "e/g/nocode.csv");
  CHECK(h && !strcmp(h->code, K), "scan: the first non-empty # code:, up to a blank or CR");
  CHECK(n && !strcmp(n->code, "none"), "scan: no # code: line: none");
  const published_entry *c = published_entries_find(&s, "e/g/sdpa-cudnn.csv");
  CHECK(c && !strcmp(c->code, R), "scan: a library's id up to its first space");
  CHECK(s.n == 7 && !strcmp(s.e[0].path, "e/g/dirty.csv") && !strcmp(s.e[6].path, "e/g/v8.csv"), "scan: sorted by path");
  published_entries_free(&s);
  CHECK(published_scan("t", dir, "nothing", &s) == 0 && s.n == 0, "scan: no such experiment: none");

  CHECK(run(PUBLISHED_CHECK, "e", 1) == 1, "check: stale files: 1");
  CHECK(lines(buf) == 4, "... a line per offender: v8, dirty, nocode, sdpa-flash");
  char want[512];
  snprintf(want, sizeof want, "check-published: %s/e/g/v8.csv: code kernels:000000000000 is not the code that ships (" K
           "): re-publish it (make measure EXP=e) or retire it (make retire EXP=e)\n", dir);
  CHECK(strstr(buf, want), "... naming the file, both ids and what to do");
  snprintf(want, sizeof want, "%s/e/g/sdpa-flash.csv: code sdpa:000000000000 is not the code that ships (" R ")", dir);
  CHECK(strstr(buf, want), "... a baseline against its runner's id, up to the first space");
  CHECK(!strstr(buf, "sdpa-cudnn") && !strstr(buf, "v1.csv") && !strstr(buf, "header.csv"), "... the current ones not named");
  CHECK(run(PUBLISHED_CHECK, "o", 0) == 1, "check: an experiment that ships nothing: 1");
  snprintf(want, sizeof want, "check-published: %s/o/g/x.csv: code " K ", but nothing of o ships (no experiment.mk): retire it (make retire EXP=o)\n", dir);
  CHECK(strstr(buf, want), "... saying so");

  CHECK(run(PUBLISHED_RETIRE, "e", 1) == 0, "retire: 0");
  snprintf(want, sizeof want, "retire: e: 4 stale sample files retired in %s/RETIRED (4 newly, 0 already), 0 records dropped\n", dir);
  CHECK(strstr(buf, want), "... saying what it recorded");
  published_entries r = {0};
  CHECK(published_record_read(dir, "e", &r) == 0 && r.n == 4, "... 4 records");
  const published_entry *v8 = published_entries_find(&r, "e/g/v8.csv");
  CHECK(v8 && !strcmp(v8->line, "e/g/v8.csv kernels:000000000000 2026-11-28 a test"), "... path, code, day, reason");
  published_entries_free(&r);
  CHECK(run(PUBLISHED_CHECK, "e", 1) == 0 && !*buf, "check: every stale file retired: 0, silent");
  CHECK(run(PUBLISHED_STALE, "e", 1) == 1 && lines(buf) == 4, "stale: the retired ones still stale, a line each");
  snprintf(want, sizeof want, "reproduce: %s/e/g/dirty.csv: published from code " K "-dirty, not the code that ships (" K
           "): a fresh session cannot be judged against it; re-publish it (make measure EXP=e)\n", dir);
  CHECK(strstr(buf, want), "... naming the file, both ids and what to do");
  CHECK(run(PUBLISHED_STALE, "o", 0) == 1 && strstr(buf, "(nothing: o has no experiment.mk)"), "stale: an experiment that ships nothing");

  sample("e/g/v8.csv", K);  // re-published
  char gone[256];
  snprintf(gone, sizeof gone, "%s/e/g/nocode.csv", dir);
  remove(gone);
  CHECK(run(PUBLISHED_CHECK, "e", 1) == 1 && lines(buf) == 2, "check: a re-published and a vanished file still recorded: 1, a line each");
  snprintf(want, sizeof want, "check-published: %s/e/g/v8.csv: retired in %s/RETIRED, but its code " K " is the code that ships: drop the record (make retire EXP=e)\n", dir, dir);
  CHECK(strstr(buf, want), "... re-published: drop the record");
  snprintf(want, sizeof want, "check-published: %s/e/g/nocode.csv: retired in %s/RETIRED, but there is no such sample file: drop the record (make retire EXP=e)\n", dir, dir);
  CHECK(strstr(buf, want), "... gone: drop the record");
  sample("e/g/dirty.csv", "kernels:111111111111");  // re-published by other stale code
  CHECK(run(PUBLISHED_CHECK, "e", 1) == 1 && strstr(buf, "dirty.csv: code kernels:111111111111 is not the code that ships"),
        "check: a file whose code differs from its record's is not retired");
  CHECK(run(PUBLISHED_RETIRE, "e", 1) == 0 && strstr(buf, "retire: e: 2 stale sample files retired") &&
            strstr(buf, "(1 newly, 1 already), 2 records dropped"),
        "retire: prunes the records that no longer hold, keeps the one that does");
  CHECK(run(PUBLISHED_CHECK, "e", 1) == 0, "... then check passes");

  // profiles (DATA/<exp>/<gpu>/profile/<v>.csv) carry their code as sample files do; one written
  // before they did (the column line first) is of code none
  put("e/g/profile/cur.csv", "# cudadent42 profile v1\n# code: " K "\n# git_rev: abc\n# gpu: g\nvariant,shape,metric,value,unit\n");
  put("e/g/profile/old.csv", "variant,shape,metric,value,unit\r\ncur,N1,duration,1,ns\n");
  put("e/g/profile/other.csv", "variant,shape,metric,value,unit,extra\n");
  CHECK(published_scan("t", dir, "e", &s) == 0, "scan: with profiles");
  const published_entry *pc = published_entries_find(&s, "e/g/profile/cur.csv"), *po = published_entries_find(&s, "e/g/profile/old.csv");
  CHECK(pc && !strcmp(pc->code, K) && published_is_profile(pc->path), "scan: a profile's # code:");
  CHECK(po && !strcmp(po->code, "none"), "scan: a profile from before they carried their code: none");
  CHECK(!published_entries_find(&s, "e/g/profile/other.csv") && !published_entries_find(&s, "e/g/profile/v8.csv"),
        "scan: a CSV of profile/ that is no profile is not one");
  CHECK(!published_is_profile("e/g/v1.csv") && !published_is_profile("e/profile/x/v.csv") && published_is_profile("e/g/profile/v.csv") &&
            !published_is_profile("e/profile/v.csv") && published_is_profile("e/profile/profile/v.csv") &&
            !published_is_profile("e/g/x/profile/v.csv") && !published_is_profile("e//profile/v.csv") && !published_is_profile("e/g/profile/"),
        "is_profile: <exp>/<gpu>/profile/<v>.csv only (a GPU folder named profile included)");
  published_entries_free(&s);
  CHECK(run(PUBLISHED_CHECK, "e", 1) == 1 && lines(buf) == 1, "check: a stale profile fails, one line");
  snprintf(want, sizeof want, "check-published: %s/e/g/profile/old.csv: code none is not the code that ships (" K
           "): profile it again (make profile EXP=e VARIANT=old PUBLISH=1) or retire it (make retire EXP=e)\n", dir);
  CHECK(strstr(buf, want), "... saying how to profile it again");
  CHECK(run(PUBLISHED_STALE, "e", 1) == 1 && !strstr(buf, "profile/"), "stale: profiles are not timings: not named");
  CHECK(run(PUBLISHED_RETIRE, "e", 1) == 0 && strstr(buf, "retire: e: 3 stale files (sample files and profiles) retired") &&
            strstr(buf, "(1 newly, 2 already)"),
        "retire: records the profile beside the sample file, saying so");
  CHECK(run(PUBLISHED_CHECK, "e", 1) == 0, "... then check passes");
  CHECK(published_record_read(dir, "e", &r) == 0 && published_entries_find(&r, "e/g/profile/old.csv"), "... the profile's record");
  char *sum = NULL;
  size_t sumn = 0;
  FILE *mem = open_memstream(&sum, &sumn);
  CHECK(mem && published_record_summary(&r, mem) == 0 && fclose(mem) == 0 && strstr(sum, "\ne,2,") && strstr(sum, ",g:2\n"),
        "summary: the appendix's count of retired timings leaves the profile out (the 2 sample files, not 3)");
  free(sum);
  published_entries_free(&r);
  remove(strcat(strcpy(gone, dir), "/e/g/profile/old.csv"));
  CHECK(run(PUBLISHED_CHECK, "e", 1) == 1 && strstr(buf, "profile/old.csv: retired in") && strstr(buf, "but there is no such profile"),
        "check: a retired profile gone: drop the record");
  // the pauses (settle_ms) an experiment's published sessions were timed with, per GPU folder, for
  // make reproduce (the samples reader's reading of the key: samples_pause)
  put("p/g/a.csv", "# cudadent42 samples v1\n# settle_ms: 300\nshape,rep,time_us\nN1,0,1.5\n");
  put("p/g/b.csv", "# cudadent42 samples v1\n# settle_ms: 300\nshape,rep,time_us\nN1,0,1.5\n");
  put("p/h/c.csv", "# cudadent42 samples v1\nshape,rep,time_us\nN1,0,1.5\n");
  put("p/g/gates.csv", "variant,verdict\n");
  put("p/g/profile/v.csv", "# cudadent42 profile v1\n# settle_ms: 5\nvariant,shape,metric,value,unit\n");
  char *pz = NULL;
  size_t pzn = 0;
  int prc;
  FILE *pm = open_memstream(&pz, &pzn);
  prc = published_pauses("t", dir, "p", pm);
  fclose(pm);
  CHECK(prc == 0 && !strcmp(pz, "g 300\nh 0\n"),
        "pause: a line per GPU folder; a file without the key is 0; the gate table and the profile are not timed samples");
  free(pz);
  pm = open_memstream(&pz, &pzn);
  CHECK(pm && published_pauses("t", dir, "none", pm) == 0 && fclose(pm) == 0 && !*pz, "pause: no sample file: nothing");
  free(pz);
  // a folder of two pauses: refused, its line not written, the others' still
  put("p/h/d.csv", "# cudadent42 samples v1\n# settle_ms: 300\nshape,rep,time_us\nN1,0,1.5\n");
  pm = open_memstream(&pz, &pzn);
  int saved = capture_begin(err);
  prc = published_pauses("t", dir, "p", pm);
  capture_end(saved);
  fclose(pm);
  FILE *ef = fopen(err, "r");
  size_t en = ef ? fread(buf, 1, sizeof buf - 1, ef) : 0;
  buf[en] = 0;
  if (ef) fclose(ef);
  CHECK(prc == 1 && !strcmp(pz, "g 300\n") && strstr(buf, "/p/h: its sample files were timed with several pauses (0, 300 ms)") &&
            strstr(buf, "re-publish it (make measure EXP=p)"),
        "pause: a folder timed with several: exit 1, said, its line left out");
  free(pz);
  // a retired file does not count (DATA/RETIRED): the folder is one pause again
  put("RETIRED", "p/h/c.csv none 2026-11-29 a test\n");
  pm = open_memstream(&pz, &pzn);
  prc = published_pauses("t", dir, "p", pm);
  fclose(pm);
  CHECK(prc == 0 && !strcmp(pz, "g 300\nh 300\n"), "pause: a retired file is not counted");
  free(pz);
  // a key given twice with two values: the reader refuses the file, and so does pause
  put("p/h/e.csv", "# cudadent42 samples v1\n# settle_ms: 300\n# settle_ms: 0\nshape,rep,time_us\nN1,0,1.5\n");
  pm = open_memstream(&pz, &pzn);
  saved = capture_begin(err);
  prc = published_pauses("t", dir, "p", pm);
  capture_end(saved);
  fclose(pm), free(pz);
  CHECK(prc == -1, "pause: a file the samples reader refuses: -1");
  snprintf(buf, sizeof buf, "rm -rf '%s'", dir);
  if (system(buf)) printf("# %s: not removed\n", dir);
  CHECK_DONE();
}
