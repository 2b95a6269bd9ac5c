// numtab — the numerics table's command (the format: numerics.h), for `session measure`.
//   numtab rows --variant V --session S LOG...
//                      the table's rows of the check lines in the LOGs (in order; run = the
//                      how-manieth check of that shape), no header, on standard output
//   numtab publish --git-rev R --code ID ROWS DIR
//                      ROWS appended to DIR/numerics.csv (written with its header when there is
//                      none), through a temporary file and a rename; the header names ID, the
//                      code the rows checked (`# code:`, as a sample file's), and R, the commit
//                      that measured them, as `# git_rev:` (the latest) and on a
//                      `# session.<id>: git_rev=R` line per session; a session of ROWS already
//                      in the table is refused (exit 3: a session is published once). A table
//                      of other code (or of none named) is replaced, as measure replaces a
//                      sample file of other code, saying so on stderr
//   numtab fold FROM DIR
//                      each session of the table FROM (another machine's copy of DIR's table)
//                      that DIR/numerics.csv lacks, published into it as `publish` does, with
//                      the git_rev= of its `# session.` line (the table's `# git_rev:` left as
//                      it is: fold measures nothing), under DIR/.publish.lock; every session to
//                      add is checked (its line, its commit, its rows' 13 fields) before the
//                      first is written; a table of other code than FROM's is left as it is
//                      (exit 2: fold never drops rows); `make fold` calls it
// Exit 0; 2 on a usage error, a malformed check line or table ("numtab: FILE:LINE: what"); 3 as
// above.
#define _DEFAULT_SOURCE  // flock(2)
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "numerics.h"

static char cleanup[4300];  // a temporary file to remove when the command dies ("" none)

static _Noreturn void die(int rc, const char *fmt, ...) {
  if (cleanup[0]) unlink(cleanup);
  va_list ap;
  va_start(ap, fmt);
  fputs("numtab: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(rc);
}

static _Noreturn void usage(void) {
  die(2, "usage: numtab rows --variant V --session S LOG... | publish --git-rev R --code ID ROWS DIR | fold FROM DIR");
}

static int is_name(const char *s) {
  return *s && strlen(s) < 128 &&
         strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-") == strlen(s);
}

typedef struct {
  char shape[128];
  unsigned n;
} seen;

static int rows(int argc, char **argv) {
  const char *variant = NULL, *session = NULL;
  int i = 2;
  for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
    if (!strcmp(argv[i], "--variant")) variant = argv[i + 1];
    else if (!strcmp(argv[i], "--session")) session = argv[i + 1];
    else usage();
  }
  if (!variant || !session || i >= argc) usage();
  if (!is_name(variant)) die(2, "--variant '%s' is not a name of [A-Za-z0-9_.+-]", variant);
  if (!is_name(session)) die(2, "--session '%s' is not a name of [A-Za-z0-9_.+-]", session);
  seen *sn = NULL;
  size_t ns = 0;
  char *line = NULL;
  size_t cap = 0;
  for (; i < argc; i++) {
    FILE *f = fopen(argv[i], "r");
    if (!f) die(2, "%s: cannot read", argv[i]);
    size_t lineno = 0;
    while (getline(&line, &cap, f) >= 0) {
      lineno++;
      numerics_check c;
      const char *why;
      int r = numerics_parse(line, &c, &why);
      if (r < 0) die(2, "%s:%zu: a check line whose %s", argv[i], lineno, why);
      if (r == 0) continue;
      size_t k = 0;
      while (k < ns && strcmp(sn[k].shape, c.shape)) k++;
      if (k == ns) {
        seen *m = realloc(sn, (ns + 1) * sizeof *sn);
        if (!m) die(2, "out of memory");
        sn = m;
        strcpy(sn[ns].shape, c.shape);
        sn[ns++].n = 0;
      }
      numerics_row(stdout, variant, session, ++sn[k].n, &c);
    }
    fclose(f);
  }
  free(line);
  free(sn);
  return fflush(stdout) ? 2 : 0;
}

// the third field (session) of a row
static void session_of(const char *row, char *out, size_t len) {
  const char *p = strchr(row, ',');
  p = p ? strchr(p + 1, ',') : NULL;
  size_t n = p ? strcspn(p + 1, ",\n") : 0;
  snprintf(out, len, "%.*s", (int)n, p ? p + 1 : "");
}

// keep_rev: the table's `# git_rev:` stays as it is when there is one (fold: no commit measured)
static int publish(const char *rows_path, const char *dir, const char *git_rev, const char *code, int keep_rev) {
  char dest[4096], tmp[4200];
  snprintf(dest, sizeof dest, "%s/numerics.csv", dir);
  snprintf(tmp, sizeof tmp, "%s/.numerics.csv.tmp.%ld", dir, (long)getpid());
  FILE *in = fopen(rows_path, "r");
  if (!in) die(2, "%s: cannot read", rows_path);
  char *line = NULL, **sess = NULL;
  size_t cap = 0, nsess = 0;
  // the sessions of ROWS (each row checked to have the table's 13 fields)
  size_t lineno = 0;
  while (getline(&line, &cap, in) >= 0) {
    lineno++;
    size_t commas = 0;
    for (const char *p = line; *p; p++) commas += *p == ',';
    if (commas != 12) die(2, "%s:%zu: not a row of the numerics table (13 fields)", rows_path, lineno);
    char s[256];
    session_of(line, s, sizeof s);
    size_t k = 0;
    while (k < nsess && strcmp(sess[k], s)) k++;
    if (k == nsess) {
      char **m = realloc(sess, (nsess + 1) * sizeof *sess);
      if (!m || !(m[nsess] = strdup(s))) die(2, "out of memory");
      sess = m, nsess++;
    }
  }
  // the table as it is: its header lines after the magic one (but its # git_rev:, which names the
  // latest commit and is written anew), then its rows after the columns line
  FILE *old = fopen(dest, "r");
  char **keep = NULL, **rows_old = NULL, *old_code = NULL, *old_rev = NULL;
  size_t nkeep = 0, nrows = 0, cols = 0;
  lineno = 0;
  while (old && getline(&line, &cap, old) >= 0) {
    lineno++;
    line[strcspn(line, "\n")] = '\0';
    if (lineno == 1 && strcmp(line, NUMERICS_MAGIC)) die(2, "%s:1: not a numerics table (no '" NUMERICS_MAGIC "' line)", dest);
    if (lineno == 1) continue;
    if (!cols && !strncmp(line, "# code: ", 8)) {
      if (!old_code && !(old_code = strdup(line + 8))) die(2, "out of memory");
      continue;
    }
    if (!cols && !strncmp(line, "# git_rev: ", 11) && !old_rev && !(old_rev = strdup(line + 11))) die(2, "out of memory");
    if (!cols && line[0] == '#') {
      if (strncmp(line, "# git_rev:", 10) && !(keep = realloc(keep, (nkeep + 1) * sizeof *keep), keep && (keep[nkeep++] = strdup(line))))
        die(2, "out of memory");
      continue;
    }
    if (!cols) {
      if (strcmp(line, NUMERICS_COLUMNS)) die(2, "%s:%zu: not a numerics table (other columns)", dest, lineno);
      cols = lineno;
      continue;
    }
    char s[256];
    session_of(line, s, sizeof s);
    for (size_t k = 0; k < nsess; k++)
      if (!strcmp(sess[k], s)) die(3, "%s: session %s is already in %s (a session is published once)", rows_path, s, dest);
    if (!(rows_old = realloc(rows_old, (nrows + 1) * sizeof *rows_old)) || !(rows_old[nrows++] = strdup(line))) die(2, "out of memory");
  }
  if (old && (!old_code || strcmp(old_code, code))) {  // another code's table: replaced
    fprintf(stderr, "numtab: %s replaced: code differs (published '%s', now '%s'); %zu earlier row(s) dropped\n",
            dest, old_code ? old_code : "none named", code, nrows);
    for (size_t k = 0; k < nkeep; k++) free(keep[k]);
    for (size_t k = 0; k < nrows; k++) free(rows_old[k]);
    nkeep = nrows = 0;
  }
  free(old_code);
  FILE *out = fopen(tmp, "w");
  if (!out) die(2, "%s: cannot write", tmp);
  fprintf(out, "%s\n# code: %s\n# git_rev: %s\n", NUMERICS_MAGIC, code, keep_rev && nkeep + nrows && old_rev ? old_rev : git_rev);
  free(old_rev);
  for (size_t k = 0; k < nkeep; k++) fprintf(out, "%s\n", keep[k]), free(keep[k]);
  for (size_t k = 0; k < nsess; k++) fprintf(out, "# session.%s: git_rev=%s\n", sess[k], git_rev);
  fprintf(out, "%s\n", NUMERICS_COLUMNS);
  for (size_t k = 0; k < nrows; k++) fprintf(out, "%s\n", rows_old[k]), free(rows_old[k]);
  free(keep), free(rows_old);
  rewind(in);
  while (getline(&line, &cap, in) >= 0) fputs(line, out);
  if (old) fclose(old);
  fclose(in);
  for (size_t k = 0; k < nsess; k++) free(sess[k]);
  free(sess);
  free(line);
  if (fclose(out) || rename(tmp, dest)) {
    unlink(tmp);
    die(2, "%s: cannot write", dest);
  }
  return 0;
}

// The sessions a table names (its `# session.<id>:` lines and its rows' session field), their
// git_rev= (NULL when its line has none) and the table's `# code:` (NULL when absent) — FILE
// checked to be a table (magic line, columns); *n = 0 when FILE does not exist and may_miss.
typedef struct {
  char **id, **rev, *code;
  size_t n;
} sessions;

static void add_session(sessions *t, const char *id, const char *rev) {
  for (size_t k = 0; k < t->n; k++)
    if (!strcmp(t->id[k], id)) return;
  char **a = realloc(t->id, (t->n + 1) * sizeof *a), **b = a ? realloc(t->rev, (t->n + 1) * sizeof *b) : NULL;
  if (a) t->id = a;
  if (b) t->rev = b;
  if (!a || !b || !(a[t->n] = strdup(id))) die(2, "out of memory");
  b[t->n++] = rev ? strdup(rev) : NULL;
}

static sessions table_sessions(const char *file, int may_miss) {
  sessions t = {0};
  FILE *f = fopen(file, "r");
  if (!f && may_miss) return t;
  if (!f) die(2, "%s: cannot read", file);
  char *line = NULL;
  size_t cap = 0, lineno = 0, cols = 0;
  while (getline(&line, &cap, f) >= 0) {
    line[strcspn(line, "\r\n")] = '\0';
    if (++lineno == 1 && strcmp(line, NUMERICS_MAGIC)) die(2, "%s:1: not a numerics table (no '" NUMERICS_MAGIC "' line)", file);
    if (lineno == 1) continue;
    if (!cols && !strncmp(line, "# code: ", 8) && !t.code && !(t.code = strdup(line + 8))) die(2, "out of memory");
    if (!cols && !strncmp(line, "# session.", 10)) {
      char *colon = strchr(line, ':'), *rev = colon ? strstr(colon, "git_rev=") : NULL;
      if (!colon) die(2, "%s:%zu: a session line without ':'", file, lineno);
      *colon = '\0';
      if (rev) rev[8 + strcspn(rev + 8, " ")] = '\0';
      add_session(&t, line + 10, rev ? rev + 8 : NULL);
      continue;
    }
    if (!cols && line[0] != '#') {
      if (strcmp(line, NUMERICS_COLUMNS)) die(2, "%s:%zu: not a numerics table (other columns)", file, lineno);
      cols = lineno;
    } else if (cols && lineno > cols) {
      size_t commas = 0;
      for (const char *p = line; *p; p++) commas += *p == ',';
      if (commas != 12) die(2, "%s:%zu: not a row of the numerics table (13 fields)", file, lineno);
      char s[256];
      session_of(line, s, sizeof s);
      add_session(&t, s, NULL);
    }
  }
  if (!cols) die(2, "%s: not a numerics table (no columns line)", file);
  free(line);
  fclose(f);
  return t;
}

static void sessions_free(sessions *t) {
  for (size_t k = 0; k < t->n; k++) free(t->id[k]), free(t->rev[k]);
  free(t->id), free(t->rev), free(t->code);
}

static int fold(const char *from, const char *dir) {
  char dest[4096], lock[4200];
  snprintf(dest, sizeof dest, "%s/numerics.csv", dir);
  snprintf(lock, sizeof lock, "%s/.publish.lock", dir);
  // the lock measure's publishing holds (mk/measure.mk, run_publish.c), held to the end
  int fd = open(lock, O_CREAT | O_RDWR, 0666);
  if (fd < 0 || flock(fd, LOCK_EX)) die(2, "%s: cannot lock", lock);
  sessions a = table_sessions(from, 0), d = table_sessions(dest, 1);
  if (!a.code) die(2, "%s: names no code (no '# code:' line): not folded", from);
  if (d.n && (!d.code || strcmp(d.code, a.code)))
    die(2, "%s: of other code (published '%s', %s '%s'): not folded, %s left as it is", from,
        d.code ? d.code : "none named", from, a.code, dest);
  // every session to add checked before the first is written: its line and its commit
  int *add = calloc(a.n ? a.n : 1, sizeof *add);
  if (!add) die(2, "out of memory");
  for (size_t k = 0; k < a.n; k++) {
    int there = 0;
    for (size_t j = 0; j < d.n && !there; j++) there = !strcmp(d.id[j], a.id[k]);
    if (there) continue;
    if (!a.rev[k]) die(2, "%s: session %s has no '# session.%s: git_rev=...' line: not folded", from, a.id[k], a.id[k]);
    if (!*a.rev[k] || strpbrk(a.rev[k], "\r\t")) die(2, "%s: session %s's git_rev= is not a word: not folded", from, a.id[k]);
    add[k] = 1;
  }
  size_t added = 0;
  char *line = NULL;
  size_t cap = 0;
  for (size_t k = 0; k < a.n; k++) {
    if (!add[k]) continue;
    snprintf(cleanup, sizeof cleanup, "%s/.numerics.fold.%ld", dir, (long)getpid());
    FILE *in = fopen(from, "r"), *out = fopen(cleanup, "w");
    if (!in || !out) die(2, "%s: cannot write", cleanup);
    int body = 0;
    while (getline(&line, &cap, in) >= 0) {
      line[strcspn(line, "\r\n")] = '\0';
      char s[256];
      if (body) session_of(line, s, sizeof s);
      if (body && !strcmp(s, a.id[k])) fprintf(out, "%s\n", line);
      if (!strcmp(line, NUMERICS_COLUMNS)) body = 1;
    }
    fclose(in);
    if (fclose(out)) die(2, "%s: cannot write", cleanup);
    publish(cleanup, dir, a.rev[k], a.code, 1);
    unlink(cleanup);
    cleanup[0] = '\0';
    added++;
  }
  free(line), free(add);
  sessions_free(&a), sessions_free(&d);
  close(fd);
  fprintf(stderr, "numtab: %zu session(s) of %s added to %s\n", added, from, dest);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) usage();
  if (!strcmp(argv[1], "fold") && argc == 4) return fold(argv[2], argv[3]);
  if (!strcmp(argv[1], "rows")) return rows(argc, argv);
  if (!strcmp(argv[1], "publish") && argc == 8 && !strcmp(argv[2], "--git-rev") && !strcmp(argv[4], "--code")) {
    if (!*argv[3] || strchr(argv[3], '\n')) die(2, "--git-rev: '%s' is not one line", argv[3]);
    if (!*argv[5] || strpbrk(argv[5], "\n ")) die(2, "--code: '%s' is not one word (kernels:<12 hex>)", argv[5]);
    return publish(argv[6], argv[7], argv[3], argv[5], 0);
  }
  usage();
}
