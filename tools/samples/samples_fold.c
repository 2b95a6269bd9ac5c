// samples_fold.c — the sessions of another copy of a published GPU folder that this one lacks,
// published into it (samples_fold.h).
#define _DEFAULT_SOURCE  // mkdtemp, scandir
#include "samples_fold.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "samples.h"
#include "samples_publish.h"

// The experiment of the GPU folder DEST (the name of its parent) into out: 0, or -1 when DEST has
// no two last components that are names (not empty, `.` or `..`).
static int experiment_of(const char *dest, char *out, size_t len) {
  char p[4096];
  snprintf(p, sizeof p, "%s", dest);
  char *part[2] = {NULL, NULL};
  for (int k = 0; k < 2; k++) {
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') p[--n] = '\0';
    char *slash = strrchr(p, '/');
    part[k] = slash ? slash + 1 : p;
    if (!*part[k] || !strcmp(part[k], ".") || !strcmp(part[k], "..") || (!slash && k == 0)) return -1;
    if (slash) *slash = '\0';
    if (!slash) break;
  }
  if (!part[1]) return -1;
  snprintf(out, len, "%s", part[1]);
  return 0;
}

// A line of a sample file without its line end; 0 at the end of the file.
static int next_line(FILE *f, char **line, size_t *cap) {
  ssize_t n = getline(line, cap, f);
  if (n < 0) return 0;
  while (n && ((*line)[n - 1] == '\n' || (*line)[n - 1] == '\r')) (*line)[--n] = '\0';
  return 1;
}

static int blank(const char *s) { return !s[strspn(s, " \t")]; }

// The session field (column col, blanks around it dropped as the reader drops them) of a row is id.
static int row_of(const char *row, size_t col, const char *id) {
  char tok[256];
  if (!samples_csv_field(row, col, tok, sizeof tok)) return 0;
  const char *s = tok + strspn(tok, " \t");
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1])) n--;
  return n == strlen(id) && !strncmp(s, id, n);
}

// Session ID of the sample file FROM cut out into OUT, the header lines (but session lines) of
// HDR: 0, or -1 when a file does not read or FROM has no session column.
static int cut_session(const char *from, const char *hdr, const char *id, FILE *out) {
  FILE *h = fopen(hdr, "r"), *in = h ? fopen(from, "r") : NULL;
  char *line = NULL, *row = NULL, *sline = NULL, sid[256];
  size_t cap = 0, col = 0;
  int rc = in ? 0 : -1;
  while (!rc && next_line(h, &line, &cap) && (line[0] == '#' || blank(line)))
    if (line[0] == '#' && !samples_session_line(line, sid, sizeof sid)) fprintf(out, "%s\n", line);
  // FROM's session line (before or after its header row) and its header row
  while (!rc && next_line(in, &line, &cap)) {
    if (line[0] == '#') {
      if (!sline && samples_session_line(line, sid, sizeof sid) && !strcmp(sid, id) && !(sline = strdup(line))) rc = -1;
    } else if (!row && !blank(line) && !(row = strdup(line))) rc = -1;
  }
  if (!rc && (!sline || !row || !(col = samples_csv_column(row, "session")))) rc = -1;
  if (!rc) fprintf(out, "%s\n%s\n", sline, row);
  if (!rc) rewind(in);
  int body = 0;
  while (!rc && next_line(in, &line, &cap)) {
    if (line[0] == '#' || blank(line)) continue;
    if (body++ && row_of(line, col, id)) fprintf(out, "%s\n", line);
  }
  if (in && ferror(in)) rc = -1;
  free(line), free(row), free(sline);
  if (in) fclose(in);
  if (h) fclose(h);
  return rc;
}

// The samples of session s in f.
static size_t samples_of(const samples_file *f, size_t s) {
  size_t n = 0;
  for (size_t g = 0; g < f->ngroups; g++)
    for (size_t i = 0; i < f->groups[g].n; i++) n += f->groups[g].session[i] == s;
  return n;
}

// The value of date= on session s's line ("" when none) into out.
static void date_of(const samples_file *f, size_t s, char *out, size_t len) {
  size_t n = 0;
  const char *d = samples_session_value(f, s, "date", &n);
  snprintf(out, len, "%.*s", d ? (int)n : 0, d ? d : "");
}

// One FROM file (variant v, read in *f): 0 every session in DEST, 1 one not (said).
static int fold_file(const char *dest, const char *from, const samples_file *f, const char *v,
                     const char *tmpdir, FILE *msg, size_t *folded) {
  samples_file pub, cut;
  char err[1024], out[4096], cutp[4608], why[4200], newest[64] = "", d[64];
  snprintf(out, sizeof out, "%s/%s.csv", dest, v);
  snprintf(cutp, sizeof cutp, "%s/%s.csv", tmpdir, v);
  int have = access(out, F_OK) == 0, rc = 0;
  if (have && samples_read(out, &pub, err, sizeof err)) {
    fprintf(msg, "fold: %s: not folded: %s\n", v, err);
    return 1;
  }
  if (have && samples_publish_why_not(out, from, why, sizeof why)) {
    fprintf(msg, "fold: %s: not folded: %s; %s is left as it is\n", v, why, out);
    samples_free(&pub);
    return 1;
  }
  for (size_t s = 0; have && s < pub.nsessions; s++)
    if (date_of(&pub, s, d, sizeof d), strcmp(d, newest) > 0) snprintf(newest, sizeof newest, "%s", d);
  // the session FROM's header lines describe: its `# session:`, else its newest by date=
  const char *described = samples_meta(f, "session");
  char best[64] = "";
  for (size_t s = 0; !described && s < f->nsessions; s++)
    if (date_of(f, s, d, sizeof d), strcmp(d, best) > 0) snprintf(best, sizeof best, "%s", d);
  for (size_t s = 0; !described && best[0] && s < f->nsessions; s++)
    if (date_of(f, s, d, sizeof d), !strcmp(d, best)) described = f->sessions[s];
  for (size_t s = 0; !rc && s < f->nsessions; s++) {
    const char *id = f->sessions[s];
    int there = 0;
    for (size_t k = 0; have && k < pub.nsessions && !there; k++) there = !strcmp(pub.sessions[k], id);
    if (there) {
      fprintf(msg, "fold: %s: session %s is in %s already\n", v, id, out);
      continue;
    }
    date_of(f, s, d, sizeof d);
    int from_header = !have || (described && !strcmp(described, id) && strcmp(d, newest) > 0);
    FILE *c = fopen(cutp, "w");
    int bad = !c || cut_session(from, from_header ? from : out, id, c);
    if (c && fclose(c)) bad = 1;
    if (!bad && samples_read(cutp, &cut, err, sizeof err)) bad = 2;
    else if (!bad) {
      if (cut.nsessions != 1 || samples_of(&cut, 0) != samples_of(f, s)) bad = 3;
      samples_free(&cut);
    }
    int r = -1;
    if (bad == 2) fprintf(msg, "fold: %s: session %s: what was cut out of %s does not read: %s\n", v, id, from, err);
    else if (bad == 3) fprintf(msg, "fold: %s: session %s: what was cut out of %s does not hold its %zu samples\n", v, id, from, samples_of(f, s));
    else if (bad) fprintf(msg, "fold: %s: session %s: cannot cut it out of %s into %s\n", v, id, from, cutp);
    else r = samples_publish_one(dest, cutp, 0, "fold", msg);
    unlink(cutp);
    if (r < 0) rc = 1;
    if (r == 0) {
      *folded += 1;
      if (strcmp(d, newest) > 0) snprintf(newest, sizeof newest, "%s", d);
      if (!have && !samples_read(out, &pub, err, sizeof err)) have = 1;
      else if (have) {
        samples_free(&pub);
        if (samples_read(out, &pub, err, sizeof err)) have = 0, rc = 1;
      }
    }
  }
  if (have) samples_free(&pub);
  return rc;
}

static int csv_name(const struct dirent *e) {
  size_t n = strlen(e->d_name);
  return e->d_name[0] != '.' && n > 4 && !strcmp(e->d_name + n - 4, ".csv");
}

// 1 when the two files hold the same bytes.
static int same_bytes(const char *a, const char *b) {
  FILE *x = fopen(a, "rb"), *y = x ? fopen(b, "rb") : NULL;
  int same = x && y, cx, cy;
  while (same && ((cx = getc(x)) != EOF) | ((cy = getc(y)) != EOF)) same = cx == cy;
  if (x) fclose(x);
  if (y) fclose(y);
  return same;
}

// FROM's other tables (SUB: "" or "profile/") against DEST's: each that differs or DEST lacks, said.
static void compare_tables(const char *dest, const char *from, const char *sub, FILE *msg) {
  char dir[4200];
  snprintf(dir, sizeof dir, "%s/%s", from, sub);
  struct dirent **names;
  int n = scandir(dir, &names, csv_name, alphasort);
  for (int i = 0; i < n; i++) {
    char a[4608], b[4608];
    snprintf(a, sizeof a, "%s%s", dir, names[i]->d_name);
    snprintf(b, sizeof b, "%s/%s%s", dest, sub, names[i]->d_name);
    if (!*sub && (!strcmp(names[i]->d_name, "numerics.csv") || samples_is_sample_file(a))) {
    } else if (access(b, F_OK)) {
      fprintf(msg, "fold: %s is not in %s: left out (not a table of sessions)\n", a, dest);
    } else if (!same_bytes(a, b)) {
      fprintf(msg, "fold: %s differs from %s: left as it is (not a table of sessions)\n", a, b);
    }
    free(names[i]);
  }
  if (n >= 0) free(names);
}

int samples_fold(const char *dest, const char *from, FILE *msg, size_t *folded) {
  *folded = 0;
  char exp[256], tmpdir[4200], fromdir[4200];
  if (experiment_of(dest, exp, sizeof exp)) {
    fprintf(msg, "fold: %s is not a GPU folder of an experiment (data/<experiment>/<gpu>)\n", dest);
    return 2;
  }
  snprintf(fromdir, sizeof fromdir, "%s/", from);
  struct dirent **names;
  int n = scandir(from, &names, csv_name, alphasort);
  if (n < 0) {
    fprintf(msg, "fold: %s: cannot read the folder\n", from);
    return 2;
  }
  // FROM's sample files read and checked before anything is made in DEST
  samples_file *fs = calloc(n ? (size_t)n : 1, sizeof *fs);
  char **vs = calloc(n ? (size_t)n : 1, sizeof *vs);
  int rc = fs && vs ? 0 : 2, nsample = 0, nok = 0;
  for (int i = 0; i < n; i++) {
    char path[4608], err[1024];
    snprintf(path, sizeof path, "%s%s", fromdir, names[i]->d_name);
    if (rc == 2 || !samples_is_sample_file(path)) continue;
    nsample++;
    if (samples_read(path, &fs[i], err, sizeof err)) {
      fprintf(msg, "fold: %s: not folded: %s\n", names[i]->d_name, err);
      rc = 1;
      continue;
    }
    const char *fe = samples_meta(&fs[i], "experiment");
    if (!fe || strcmp(fe, exp)) {
      fprintf(msg, "fold: %s: not folded: it is of experiment '%s', %s of '%s'\n", path, fe ? fe : "(none named)", dest, exp);
      rc = 1;
    } else if (!fs[i].has_session) {
      fprintf(msg, "fold: %s: not folded: it has no session column (written before sessions were recorded)\n", path);
      rc = 1;
    } else if ((vs[i] = strdup(names[i]->d_name))) {
      vs[i][strlen(vs[i]) - 4] = '\0';
      nok++;
      continue;
    } else {
      rc = 2;
    }
    samples_free(&fs[i]);
  }
  if (rc != 2 && !nsample) fprintf(msg, "fold: %s holds no sample file\n", from), rc = 2;
  int fd = -1;
  if (rc != 2 && nok) {
    fd = samples_publish_lock(dest, "fold", msg);
    snprintf(tmpdir, sizeof tmpdir, "%s/.fold.XXXXXX", dest);
    if (fd < 0) rc = 2;
    else if (!mkdtemp(tmpdir)) fprintf(msg, "fold: %s: cannot make a folder there\n", dest), rc = 2;
    for (int i = 0; i < n && rc != 2; i++) {
      char path[4608];
      snprintf(path, sizeof path, "%s%s", fromdir, names[i]->d_name);
      if (vs[i] && fold_file(dest, path, &fs[i], vs[i], tmpdir, msg, folded)) rc = 1;
    }
    if (fd >= 0) rmdir(tmpdir);
  }
  if (rc != 2) compare_tables(dest, fromdir, "", msg), compare_tables(dest, fromdir, "profile/", msg);
  if (fd >= 0) close(fd);
  for (int i = 0; i < n; i++) {
    if (vs && vs[i]) samples_free(&fs[i]), free(vs[i]);
    free(names[i]);
  }
  free(names), free(fs), free(vs);
  return rc;
}
