// csv_table.c — see csv_table.h.
#include "csv_table.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void seterr(char *err, size_t len, const char *path, size_t line, const char *fmt, ...) {
  int k = snprintf(err, len, "%s:%zu: ", path, line);
  if (k < 0 || (size_t)k >= len) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err + k, len - k, fmt, ap);
  va_end(ap);
}

static char *dupn(const char *s, size_t n) {
  char *p = malloc(n + 1);
  if (!p) abort();
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

static void *grow(void *p, size_t *cap, size_t n, size_t size) {
  if (n < *cap) return p;
  *cap = *cap ? *cap * 2 : 16;
  p = realloc(p, *cap * size);
  if (!p) abort();
  return p;
}

// Splits LINE into fields. Returns the count, or -1 on an unterminated quote.
static long split(const char *s, char ***out) {
  char **f = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    size_t blen = 0, bcap = strlen(s) + 1;
    char *b = malloc(bcap);
    if (!b) abort();
    if (*s == '"') {
      s++;
      for (;;) {
        if (!*s) { free(b); for (size_t i = 0; i < n; i++) free(f[i]); free(f); return -1; }
        if (*s == '"' && s[1] == '"') { b[blen++] = '"'; s += 2; continue; }
        if (*s == '"') { s++; break; }
        b[blen++] = *s++;
      }
    }
    while (*s && *s != ',') b[blen++] = *s++;
    b[blen] = '\0';
    f = grow(f, &cap, n, sizeof *f);
    f[n++] = b;
    if (*s != ',') break;
    s++;
  }
  *out = f;
  return (long)n;
}

int rcsv_read(const char *path, rcsv *t, char *err, size_t errlen) {
  return rcsv_read_flags(path, 0, t, err, errlen);
}

int rcsv_read_flags(const char *path, unsigned flags, rcsv *t, char *err, size_t errlen) {
  memset(t, 0, sizeof *t);
  t->path = dupn(path, strlen(path));
  FILE *fp = fopen(path, "r");
  if (!fp) {
    seterr(err, errlen, path, 0, "cannot open: %s", strerror(errno));
    rcsv_free(t);
    return -1;
  }
  char *line = NULL;
  size_t lcap = 0, lineno = 0, mcap = 0, rcap = 0;
  ssize_t len;
  int rc = 0;
  while ((len = getline(&line, &lcap, fp)) >= 0) {
    lineno++;
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
    if (len == 0) continue;
    if (line[0] == '#') {
      const char *k = line + 1;
      while (*k == ' ') k++;
      const char *c = strchr(k, ':');
      if (c && c > k && c[1] == ' ' && !memchr(k, ' ', (size_t)(c - k))) {
        const char *v = c + 1;
        while (*v == ' ') v++;
        t->mkey = grow(t->mkey, &mcap, t->nmeta, sizeof *t->mkey);
        t->mval = realloc(t->mval, mcap * sizeof *t->mval);
        if (!t->mval) abort();
        t->mkey[t->nmeta] = dupn(k, (size_t)(c - k));
        t->mval[t->nmeta] = dupn(v, strlen(v));
        t->nmeta++;
      }
      continue;
    }
    char **f;
    long n = split(line, &f);
    if (n < 0) {
      seterr(err, errlen, path, lineno, "unterminated quote");
      rc = -1;
      break;
    }
    if (!t->col) {
      t->col = f;
      t->ncol = (size_t)n;
      continue;
    }
    if ((size_t)n != t->ncol) {
      seterr(err, errlen, path, lineno, "%ld fields, header has %zu", n, t->ncol);
      for (long i = 0; i < n; i++) free(f[i]);
      free(f);
      rc = -1;
      break;
    }
    t->rows = grow(t->rows, &rcap, t->nrows, sizeof *t->rows);
    t->rows[t->nrows].f = f;
    t->rows[t->nrows].line = lineno;
    t->nrows++;
  }
  free(line);
  fclose(fp);
  if (rc == 0 && !t->col && !(flags & RCSV_EMPTY_OK)) {
    seterr(err, errlen, path, lineno, "no header row");
    rc = -1;
  }
  if (rc) rcsv_free(t);
  return rc;
}

void rcsv_free(rcsv *t) {
  for (size_t i = 0; i < t->nmeta; i++) { free(t->mkey[i]); free(t->mval[i]); }
  for (size_t r = 0; r < t->nrows; r++) {
    for (size_t c = 0; c < t->ncol; c++) free(t->rows[r].f[c]);
    free(t->rows[r].f);
  }
  if (t->col)
    for (size_t c = 0; c < t->ncol; c++) free(t->col[c]);
  free(t->col);
  free(t->rows);
  free(t->mkey);
  free(t->mval);
  free(t->path);
  memset(t, 0, sizeof *t);
}

int rcsv_col(const rcsv *t, const char *name) {
  for (size_t c = 0; c < t->ncol; c++)
    if (strcmp(t->col[c], name) == 0) return (int)c;
  return -1;
}

int rcsv_need(const rcsv *t, const char *const names[], int idx[], char *err, size_t errlen) {
  for (size_t i = 0; names[i]; i++) {
    idx[i] = rcsv_col(t, names[i]);
    if (idx[i] < 0) {
      seterr(err, errlen, t->path, 1, "no column '%s'", names[i]);
      return -1;
    }
  }
  return 0;
}

const char *rcsv_get(const rcsv *t, size_t r, int c) {
  return c < 0 ? "" : t->rows[r].f[c];
}

int rcsv_strtod(const char *s, double *v) {
  char *end;
  errno = 0;
  double x = strtod(s, &end);
  if (end == s || *end || errno == ERANGE || !isfinite(x)) return -1;
  *v = x;
  return 0;
}

int rcsv_num(const rcsv *t, size_t r, int c, double *v, char *err, size_t errlen) {
  const char *s = rcsv_get(t, r, c);
  if (rcsv_strtod(s, v) == 0) return 0;
  seterr(err, errlen, t->path, t->rows[r].line, "'%.40s' is not a number (column %s)", s,
         c >= 0 ? t->col[c] : "?");
  return -1;
}

const char *rcsv_meta(const rcsv *t, const char *key) {
  for (size_t i = t->nmeta; i-- > 0;)
    if (strcmp(t->mkey[i], key) == 0) return t->mval[i];
  return NULL;
}
