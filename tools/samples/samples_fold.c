// samples_fold.c — the sessions of another copy of a published GPU folder that this one lacks,
// published into it (samples_fold.h).
#define _DEFAULT_SOURCE  // mkdtemp
#include "samples_fold.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "samples.h"
#include "samples_publish.h"

// The name of DEST's parent folder (data/<experiment>/<gpu>) into out ("" when DEST has none).
static void experiment_of(const char *dest, char *out, size_t len) {
  char p[4096];
  snprintf(p, sizeof p, "%s", dest);
  size_t n = strlen(p);
  while (n > 1 && p[n - 1] == '/') p[--n] = '\0';
  char *gpu = strrchr(p, '/');
  out[0] = '\0';
  if (!gpu) return;
  *gpu = '\0';
  while (gpu > p && gpu[-1] == '/') *--gpu = '\0';
  const char *e = strrchr(p, '/');
  snprintf(out, len, "%s", e ? e + 1 : p);
}

// Session ID of the sample file FROM cut out into OUT: 0, or -1 on a read error or a file
// without a session column.
static int cut_session(const char *from, const char *id, FILE *out) {
  FILE *in = fopen(from, "r");
  if (!in) return -1;
  char *line = NULL;
  size_t cap = 0, col = 0;
  ssize_t len;
  int header = 1;
  size_t idlen = strlen(id);
  while ((len = getline(&line, &cap, in)) >= 0) {
    if (header && line[0] == '#') {
      if (!strncmp(line, "# session.", 10) && !(!strncmp(line + 10, id, idlen) && line[10 + idlen] == ':')) continue;
      fputs(line, out);
    } else if (header) {
      header = 0;
      char *row = strdup(line);
      if (!row) break;
      row[strcspn(row, "\r\n")] = '\0';
      col = samples_csv_column(row, "session");
      free(row);
      fputs(line, out);
    } else if (line[0] != '#') {
      char tok[256];
      const char *s = samples_csv_field(line, col, tok, sizeof tok);
      if (s) tok[strcspn(tok, "\r\n")] = '\0';
      if (s && !strcmp(tok, id)) fputs(line, out);
    }
  }
  int rc = ferror(in) || col == 0 ? -1 : 0;
  free(line);
  fclose(in);
  return rc;
}

// 1 when the published file (read in *pub) holds session ID.
static int holds(const samples_file *pub, const char *id) {
  for (size_t k = 0; pub && k < pub->nsessions; k++)
    if (!strcmp(pub->sessions[k], id)) return 1;
  return 0;
}

// One FROM file (variant v): 0 every session in DEST, 1 one not (said); *folded counted.
static int fold_file(const char *dest, const char *from, const char *v, const char *exp, const char *tmpdir,
                     FILE *msg, size_t *folded) {
  samples_file f, pub;
  char err[1024], out[4096], cut[4608];
  if (samples_read(from, &f, err, sizeof err)) {
    fprintf(msg, "fold: %s: not folded: %s\n", v, err);
    return 1;
  }
  const char *fe = samples_meta(&f, "experiment");
  int rc = 0;
  if (!fe || strcmp(fe, exp)) {
    fprintf(msg, "fold: %s: not folded: %s is of experiment '%s', %s of '%s'\n", v, from, fe ? fe : "(none named)", dest, exp);
    rc = 1;
  } else if (!f.has_session) {
    fprintf(msg, "fold: %s: not folded: %s has no session column (written before sessions were recorded)\n", v, from);
    rc = 1;
  }
  snprintf(out, sizeof out, "%s/%s.csv", dest, v);
  int have = !rc && access(out, F_OK) == 0;
  if (have && samples_read(out, &pub, err, sizeof err)) {
    fprintf(msg, "fold: %s: not folded: %s\n", v, err);
    have = 0, rc = 1;
  }
  snprintf(cut, sizeof cut, "%s/%s.csv", tmpdir, v);
  for (size_t s = 0; !rc && s < f.nsessions; s++) {
    if (have && holds(&pub, f.sessions[s])) {
      fprintf(msg, "fold: %s: session %s is in %s already\n", v, f.sessions[s], out);
      continue;
    }
    FILE *c = fopen(cut, "w");
    int bad = !c || cut_session(from, f.sessions[s], c);
    if (c && fclose(c)) bad = 1;
    int r = bad ? -1 : samples_publish_one(dest, cut, 0, "fold", msg);
    if (bad) fprintf(msg, "fold: %s: session %s: cannot cut it out of %s into %s\n", v, f.sessions[s], from, cut);
    unlink(cut);
    if (r < 0) rc = 1;
    *folded += r == 0;
  }
  if (have) samples_free(&pub);
  samples_free(&f);
  return rc;
}

static int csv_name(const struct dirent *d) {
  size_t n = strlen(d->d_name);
  return d->d_name[0] != '.' && n > 4 && !strcmp(d->d_name + n - 4, ".csv");
}

int samples_fold(const char *dest, const char *from, FILE *msg, size_t *folded) {
  *folded = 0;
  char exp[256], tmpdir[4200];
  experiment_of(dest, exp, sizeof exp);
  if (!exp[0]) {
    fprintf(msg, "fold: %s is not a GPU folder of an experiment (data/<experiment>/<gpu>)\n", dest);
    return 2;
  }
  struct dirent **names;
  int n = scandir(from, &names, csv_name, alphasort);
  if (n < 0) {
    fprintf(msg, "fold: %s: cannot read the folder\n", from);
    return 2;
  }
  int fd = samples_publish_lock(dest, "fold", msg), rc = fd < 0 ? 2 : 0;
  snprintf(tmpdir, sizeof tmpdir, "%s/.fold.XXXXXX", dest);
  if (!rc && !mkdtemp(tmpdir)) fprintf(msg, "fold: %s: cannot make a folder there\n", dest), rc = 2;
  for (int i = 0; i < n; i++) {
    char path[4200], v[256];
    snprintf(path, sizeof path, "%s/%s", from, names[i]->d_name);
    snprintf(v, sizeof v, "%.*s", (int)(strlen(names[i]->d_name) - 4), names[i]->d_name);
    if (!rc || rc == 1)
      if (samples_is_sample_file(path) && fold_file(dest, path, v, exp, tmpdir, msg, folded)) rc = 1;
    free(names[i]);
  }
  free(names);
  if (fd >= 0) rmdir(tmpdir), close(fd);
  return rc;
}
