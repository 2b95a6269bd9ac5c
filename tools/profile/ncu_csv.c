// ncu_csv.c — reader of Nsight Compute's raw-page CSV; see ncu_csv.h.
#include "ncu_csv.h"
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NCU_FIXED_MAX 16  // fixed columns before the metrics (11 in the ncu versions we know)
#define NCU_COLS_MAX 1024

int ncu_split(char *line, char **field, int max) {
  int n = 0;
  char *p = line;
  for (;;) {
    if (n == max) return -2;
    char *out = p;
    field[n++] = out;
    if (*p == '"') {
      p++;
      for (;;) {
        if (*p == 0) return -1;
        if (*p == '"' && p[1] == '"') { *out++ = '"'; p += 2; continue; }
        if (*p == '"') { p++; break; }
        *out++ = *p++;
      }
      if (*p != ',' && *p != 0) return -1;
    } else {
      while (*p && *p != ',') *out++ = *p++;
    }
    int last = *p == 0;
    *out = 0;
    if (last) return n;
    p++;
  }
}

int ncu_number(const char *s, double *out) {
  char buf[128];
  size_t k = 0;
  while (*s == ' ') s++;
  if (*s == 0 || !strcmp(s, "n/a") || !strcmp(s, "N/A")) { *out = NAN; return 1; }
  for (; *s; s++) {
    if (*s == ',') continue;
    if (k + 1 >= sizeof buf) return -1;
    buf[k++] = *s;
  }
  buf[k] = 0;
  char *end;
  errno = 0;
  double v = strtod(buf, &end);
  if (errno || end == buf || *end || !isfinite(v)) return -1;
  *out = v;
  return 0;
}

void ncu_unit(const char *unit, char *base, size_t len, double *scale) {
  static const struct { const char *u; double f; } time[] = {
      {"nsecond", 1}, {"usecond", 1e3}, {"msecond", 1e6}, {"second", 1e9}, {"ns", 1}, {"us", 1e3},
      {"ms", 1e6}, {"s", 1e9}};
  static const char *counts[] = {"byte", "sector", "request", "inst", "cycle", "warp",
                                 "wavefront", "register", "block", "thread"};
  for (size_t i = 0; i < sizeof time / sizeof time[0]; i++)
    if (!strcmp(unit, time[i].u)) { snprintf(base, len, "ns"); *scale = time[i].f; return; }
  const char *pre = "KMGT";
  const char *p = unit[0] ? strchr(pre, unit[0]) : NULL;
  if (p)
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
      if (!strncmp(unit + 1, counts[i], strlen(counts[i]))) {
        snprintf(base, len, "%s", unit + 1);
        *scale = pow(1e3, (double)(p - pre + 1));
        return;
      }
  snprintf(base, len, "%s", unit);
  *scale = 1;
}

void ncu_kernel_base(const char *name, char *out, size_t len) {
  // the parameter list starts at the first '(' outside template brackets
  size_t n = strlen(name), end = n;
  int depth = 0;
  for (size_t i = 0; i < n; i++) {
    if (name[i] == '<') depth++;
    else if (name[i] == '>' && depth > 0) depth--;
    else if (name[i] == '(' && depth == 0) { end = i; break; }
  }
  // drop trailing template arguments
  while (end > 0 && name[end - 1] == ' ') end--;
  if (end > 0 && name[end - 1] == '>') {
    depth = 0;
    while (end > 0) {
      char c = name[--end];
      if (c == '>') depth++;
      else if (c == '<' && --depth == 0) break;
    }
  }
  // the name starts after the last space outside template brackets (the return type)
  size_t start = 0;
  depth = 0;
  for (size_t i = 0; i < end; i++) {
    if (name[i] == '<') depth++;
    else if (name[i] == '>' && depth > 0) depth--;
    else if (name[i] == ' ' && depth == 0) start = i + 1;
  }
  snprintf(out, len, "%.*s", (int)(end - start), name + start);
}

static int fail(char *err, size_t errlen, const char *path, long line, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(err, errlen, "%s:%ld: %s", path, line, msg);
  return -1;
}

static char *dup(const char *s) {
  char *d = strdup(s);
  if (!d) { fputs("ncu_csv: out of memory\n", stderr); exit(2); }
  return d;
}

// Zeroed: a table abandoned half-filled (an error in the header) frees only what it holds.
static void *zalloc(size_t n, size_t size) {
  void *q = calloc(n ? n : 1, size);
  if (!q) { fputs("ncu_csv: out of memory\n", stderr); exit(2); }
  return q;
}

static void *grow(void *p, size_t n) {
  void *q = realloc(p, n);
  if (!q) { fputs("ncu_csv: out of memory\n", stderr); exit(2); }
  return q;
}

void ncu_free(ncu_table *t) {
  for (int i = 0; i < t->nmetric; i++) free(t->metric[i]), free(t->unit[i]);
  for (int i = 0; i < t->nlaunch; i++) free(t->launch[i].kernel), free(t->launch[i].value), free(t->launch[i].bad);
  free(t->metric), free(t->unit), free(t->scale), free(t->launch);
  memset(t, 0, sizeof *t);
}

int ncu_find(const ncu_table *t, const char *name) {
  for (int i = 0; i < t->nmetric; i++)
    if (!strcmp(t->metric[i], name)) return i;
  return -1;
}

// reads one line of any length into *buf; 0 at end of file
static int get_line(FILE *f, char **buf, size_t *cap) {
  ssize_t n = getline(buf, cap, f);
  if (n < 0) return 0;
  while (n > 0 && ((*buf)[n - 1] == '\n' || (*buf)[n - 1] == '\r')) (*buf)[--n] = 0;
  return 1;
}

static int parse(FILE *f, const char *path, ncu_table *t, char *err, size_t errlen) {
  char *buf = NULL, *field[NCU_COLS_MAX];
  size_t cap = 0;
  long line = 0;
  int ncol = 0, first = -1, kcol = -1, state = 0;  // 0 header, 1 units, 2 launches
  int rc = 0;
  while (get_line(f, &buf, &cap)) {
    line++;
    if (buf[0] == 0 || !strncmp(buf, "==", 2)) continue;
    int n = ncu_split(buf, field, NCU_COLS_MAX);
    if (n == -2) { rc = fail(err, errlen, path, line, "more than %d columns", NCU_COLS_MAX); break; }
    if (n < 0) { rc = fail(err, errlen, path, line, "unbalanced quotes"); break; }
    if (state == 0) {
      if (strcmp(field[0], "ID")) {
        rc = fail(err, errlen, path, line, "expected the header row (\"ID\",…,\"Kernel Name\",…), "
                  "not '%.40s' (an ncu --csv --page raw export?)", field[0]);
        break;
      }
      for (int i = 0; i < n; i++)
        if (!strcmp(field[i], "Kernel Name")) kcol = i;
      // metrics are the columns with a "__" in their name (unit__counter.rollup)
      for (int i = 0; i < n && first < 0; i++)
        if (strstr(field[i], "__")) first = i;
      if (kcol < 0) { rc = fail(err, errlen, path, line, "no \"Kernel Name\" column"); break; }
      if (first < 0) { rc = fail(err, errlen, path, line, "no metric columns"); break; }
      if (first > NCU_FIXED_MAX) {
        rc = fail(err, errlen, path, line, "%d columns before the first metric (at most %d)",
                  first, NCU_FIXED_MAX);
        break;
      }
      ncol = n;
      t->nmetric = n - first;
      t->metric = zalloc((size_t)t->nmetric, sizeof(char *));
      t->unit = zalloc((size_t)t->nmetric, sizeof(char *));
      t->scale = zalloc((size_t)t->nmetric, sizeof(double));
      for (int i = 0; i < t->nmetric; i++) {
        t->metric[i] = dup(field[first + i]);
        t->unit[i] = dup("");
        t->scale[i] = 1;
        for (int j = 0; j < i; j++)
          if (!strcmp(t->metric[j], t->metric[i])) {
            rc = fail(err, errlen, path, line, "metric '%s' appears twice", t->metric[i]);
            goto out;
          }
      }
      state = 1;
      continue;
    }
    if (n != ncol) {
      rc = fail(err, errlen, path, line, "%d fields, the header has %d", n, ncol);
      break;
    }
    if (state == 1) {
      if (field[0][0]) { rc = fail(err, errlen, path, line, "expected the units row (empty ID)"); break; }
      for (int i = 0; i < t->nmetric; i++) {
        char base[64];
        ncu_unit(field[first + i], base, sizeof base, &t->scale[i]);
        free(t->unit[i]);
        t->unit[i] = dup(base);
      }
      state = 2;
      continue;
    }
    if (!field[0][0]) { rc = fail(err, errlen, path, line, "a launch row with an empty ID"); break; }
    t->launch = grow(t->launch, (size_t)(t->nlaunch + 1) * sizeof *t->launch);
    ncu_launch *l = &t->launch[t->nlaunch++];
    char base[512];
    ncu_kernel_base(field[kcol], base, sizeof base);
    l->kernel = dup(base);
    l->line = line;
    l->value = grow(NULL, (size_t)t->nmetric * sizeof(double));
    l->bad = grow(NULL, (size_t)t->nmetric);
    for (int i = 0; i < t->nmetric; i++) {
      // text columns (device__attribute_display_name …) are kept as "not a number"
      int r = ncu_number(field[first + i], &l->value[i]);
      l->bad[i] = r < 0;
      if (r < 0) l->value[i] = NAN;
      if (r == 0) l->value[i] *= t->scale[i];
    }
  }
  if (rc == 0 && state < 2) rc = fail(err, errlen, path, line, state ? "no units row" : "no header row");
  else if (rc == 0 && t->nlaunch == 0) rc = fail(err, errlen, path, line, "no kernel launch rows");
out:
  free(buf);
  return rc;
}

int ncu_read(const char *path, ncu_table *t, char *err, size_t errlen) {
  memset(t, 0, sizeof *t);
  FILE *f = fopen(path, "r");
  if (!f) { snprintf(err, errlen, "%s: %s", path, strerror(errno)); return -1; }
  int rc = parse(f, path, t, err, errlen);
  fclose(f);
  if (rc) ncu_free(t);
  return rc;
}
