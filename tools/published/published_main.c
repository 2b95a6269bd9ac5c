// published_main.c — `published`, the command of published data against the code that ships
// (make check-published, make retire, reproduce's refusal; published_check.h) and of the record
// of retired files (published_record.h). Errors: exit 2, said on stderr.
//   published check DATA EXP           exit 1, a line per offender, when a sample file of EXP is
//       stale and not retired, or a record of EXP no longer holds; 0 when none
//   published stale DATA EXP           exit 1, a line each, when any sample file of EXP is stale,
//       retired or not
//   published retire DATA EXP [REASON] records every stale file of EXP as retired and drops EXP's
//       records that no longer hold (REASON empty or absent: "the code changed since these
//       sessions; not re-published yet")
//   published revs DATA EXP            "REV PATH" per commit EXP's sample files and profiles name
//       (published_revs.h), for make check-published to ask git about
//   published exps DATA                the experiments to check, a line each: DATA's directories
//       and those a record names (exit 1 when a directory's name is not an experiment's)
//   published summary DATA             per experiment with records, CSV `exp,files,date,reason,gpus`
//       (published_record_summary), for the appendix
//   published pause DATA EXP           "<gpu> <pause>" per GPU folder: the session pause (settle_ms)
//       its sample files were timed with (published_pause.h), for make reproduce; exit 1 when a
//       folder's files were timed with several
// Environment (from make, for EXP: mk/published.mk): PROBLEM, CODE_SRC (the sources of the
// kernels id, blank-separated), LIB_BENCH (the problem's library runners, blank-separated, if it
// has any). PROBLEM
// empty: EXP has no experiment.mk and ships no code.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <time.h>
#include "published/published_check.h"
#include "published/published_pause.h"
#include "published/published_record.h"
#include "published/published_revs.h"
#include "session/session_code_id.h"

#define DEFAULT_REASON "the code changed since these sessions; not re-published yet"

static int usage(const char *why) {
  fprintf(stderr, "check-published: %s\nusage: published check|stale|retire DATA EXP [REASON] | revs|pause DATA EXP | exps DATA | summary DATA\n", why);
  return 2;
}

static int is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static const char *env(const char *name) {
  const char *v = getenv(name);
  return v ? v : "";
}

enum { MAX_RUNNERS = 16 };
// EXP's kernels id from CODE_SRC (blank-separated) into kid, and the ids of LIB_BENCH's runners
// (blank-separated) into rid[0..*nr); none without PROBLEM. 0, or -1 after a message
static int ids(const char *exp, char kid[SESSION_CODE_ID_MAX], char rid[][SESSION_CODE_ID_MAX], size_t *nr) {
  kid[0] = 0, *nr = 0;
  if (!*env("PROBLEM")) return 0;
  char *src = strdup(env("CODE_SRC"));
  const char **path = src ? calloc(strlen(src) / 2 + 2, sizeof *path) : NULL;
  size_t n = 0;
  if (!path) { free(src); fprintf(stderr, "check-published: out of memory\n"); return -1; }
  for (char *w = strtok(src, " \t\n"); w; w = strtok(NULL, " \t\n")) path[n++] = w;
  int rc = 0;
  if (n == 0) {
    fprintf(stderr, "check-published: CODE_SRC: empty (make passes the sources of %s's code id)\n", exp);
    rc = -1;
  } else if (session_code_id_kernels("check-published", path, n, kid)) {
    rc = -1;
  }
  char *lb = rc ? NULL : strdup(env("LIB_BENCH"));
  for (char *w = lb ? strtok(lb, " \t\n") : NULL; rc == 0 && w; w = strtok(NULL, " \t\n")) {
    if (*nr == MAX_RUNNERS) {
      fprintf(stderr, "check-published: LIB_BENCH: more than %d runners\n", MAX_RUNNERS);
      rc = -1;
    } else if (session_code_id_runner("check-published", w, rid[*nr]) == 0) {
      (*nr)++;
    } else {
      rc = -1;
    }
  }
  free(lb);
  free(path);
  free(src);
  return rc;
}

// one line of words: no control character, something that is not blank
static int one_line(const char *s) {
  int word = 0;
  for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
    if (*c < 0x20 || *c == 0x7f) return 0;
    word |= *c != ' ';
  }
  return word;
}

// [A-Za-z0-9][A-Za-z0-9_.+-]*, as measure names an experiment's directory
static int experiment_name(const char *s) {
  static const char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  if (!*s || !strchr(alnum, *s)) return 0;
  for (; *s; s++)
    if (!strchr(alnum, *s) && !strchr("_.+-", *s)) return 0;
  return 1;
}

static int bytewise(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

// the experiments to check, sorted, once each, on stdout
static int exps(const char *data) {
  published_entries recs = {0};
  if (published_record_read(data, NULL, &recs)) return 2;
  DIR *d = opendir(data);
  if (!d) { published_entries_free(&recs); fprintf(stderr, "check-published: %s: cannot read the directory\n", data); return 2; }
  size_t cap = recs.n + 64, n = 0;
  char **name = malloc(cap * sizeof *name);
  int bad = 0, rc = name ? 0 : 2;
  for (size_t i = 0; rc == 0 && i < recs.n; i++)
    if (!(name[n++] = strndup(recs.e[i].path, strcspn(recs.e[i].path, "/")))) rc = 2;
  for (struct dirent *e; rc == 0 && (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    char *p = malloc(strlen(data) + strlen(e->d_name) + 2);
    if (!p) { rc = 2; break; }
    sprintf(p, "%s/%s", data, e->d_name);
    const int dir = is_dir(p);
    free(p);
    if (!dir) continue;
    if (!experiment_name(e->d_name)) {
      fprintf(stderr, "check-published: %s/%s/: not an experiment name ([A-Za-z0-9_.+-]): not checked\n", data, e->d_name);
      bad = 1;
      continue;
    }
    if (n == cap) {
      char **g = realloc(name, (cap *= 2) * sizeof *name);
      if (!g) { rc = 2; break; }
      name = g;
    }
    if (!(name[n++] = strdup(e->d_name))) rc = 2;
  }
  closedir(d);
  if (rc) fprintf(stderr, "check-published: out of memory\n");
  else qsort(name, n, sizeof *name, bytewise);
  for (size_t i = 0; i < n; i++) {
    if (!rc && name[i] && (i == 0 || strcmp(name[i], name[i - 1]))) printf("%s\n", name[i]);
  }
  for (size_t i = 0; name && i < n; i++) free(name[i]);
  free(name);
  published_entries_free(&recs);
  if (!rc && fflush(stdout)) rc = 2;
  return rc ? rc : bad;
}

static int summary(const char *data) {
  published_entries recs = {0};
  int rc = published_record_read(data, NULL, &recs) ? 2 : published_record_summary(&recs, stdout) ? 2 : 0;
  if (rc == 0 && fflush(stdout)) rc = 2;
  published_entries_free(&recs);
  return rc;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "", *data = argc > 2 ? argv[2] : "", *exp = argc > 3 ? argv[3] : "";
  if (!strcmp(mode, "summary")) {
    if (argc != 3) { fprintf(stderr, "retired: usage: published summary DATA\n"); return 2; }
    return summary(data);
  }
  if (!strcmp(mode, "revs")) {
    if (argc != 4 || !is_dir(data)) return usage("revs: published revs DATA EXP (DATA a directory)");
    return published_revs("check-published", data, exp, stdout) || fflush(stdout) ? 2 : 0;
  }
  if (!strcmp(mode, "pause")) {
    if (argc != 4 || !is_dir(data)) return usage("pause: published pause DATA EXP (DATA a directory)");
    int rc = published_pauses("reproduce", data, exp, stdout);
    return rc < 0 || fflush(stdout) ? 2 : rc;
  }
  if (!strcmp(mode, "exps")) {
    if (!is_dir(data)) { fprintf(stderr, "check-published: DATA='%s': no such directory\n", data); return 2; }
    return exps(data);
  }
  published_mode m;
  if (!strcmp(mode, "check")) m = PUBLISHED_CHECK;
  else if (!strcmp(mode, "stale")) m = PUBLISHED_STALE;
  else if (!strcmp(mode, "retire")) m = PUBLISHED_RETIRE;
  else return usage(*mode ? "not a mode" : "no mode");
  if (!*exp || !is_dir(data)) {
    fprintf(stderr, "check-published: usage: published %s DATA EXP (DATA a directory)\n", mode);
    return 2;
  }
  static char rid[MAX_RUNNERS][SESSION_CODE_ID_MAX];
  char kid[SESSION_CODE_ID_MAX], day[16];
  const char *runners[MAX_RUNNERS];
  size_t nr = 0;
  if (ids(exp, kid, rid, &nr)) return 2;
  for (size_t i = 0; i < nr; i++) runners[i] = rid[i];
  const char *reason = argc > 4 && *argv[4] ? argv[4] : DEFAULT_REASON;
  if (m == PUBLISHED_RETIRE && !one_line(reason)) { fprintf(stderr, "check-published: REASON: one line of words, please\n"); return 2; }
  const time_t now = time(NULL);
  struct tm utc;
  if (!gmtime_r(&now, &utc) || !strftime(day, sizeof day, "%Y-%m-%d", &utc)) { fprintf(stderr, "check-published: no date\n"); return 2; }
  const published_job j = {data, exp, kid, runners, nr, day, reason};
  return published_check(m, &j);
}
