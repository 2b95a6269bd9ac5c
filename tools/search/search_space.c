// search_space.c — see search_space.h.
#include "search_space.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {  // one flag file while loading: parallel arrays of names and values
  char **k, **v;
  size_t n;
} rawcfg;

static void fail(char *err, size_t len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, len, fmt, ap);
  va_end(ap);
}

static char *dupn(const char *s, size_t n) {
  char *p = malloc(n + 1);
  if (p) {
    memcpy(p, s, n);
    p[n] = 0;
  }
  return p;
}

static int good_file(const char *f) {
  size_t n = strlen(f);
  if (n <= 6 || strcmp(f + n - 6, ".flags") != 0) return 0;
  for (size_t i = 0; i < n - 6; i++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-", f[i])) return 0;
  return 1;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int is_int(const char *v) {
  const char *p = v + (*v == '-' || *v == '+');
  if (!*p) return 0;
  for (; *p; p++)
    if (*p < '0' || *p > '9') return 0;
  return 1;
}

static int cmp_num(const void *a, const void *b) {
  long long x = strtoll(*(char *const *)a, NULL, 10), y = strtoll(*(char *const *)b, NULL, 10);
  return (x > y) - (x < y);
}

// Reads one flag file into *c and its joined flags text into *flags.
static int read_flags(const char *path, rawcfg *c, char **flags, char *err, size_t len) {
  FILE *f = fopen(path, "r");
  if (!f) return fail(err, len, "%s: %s", path, strerror(errno)), -1;
  char line[4096];
  long ln = 0;
  size_t cap = 0, flen = 0;
  *flags = calloc(1, 1);
  while (fgets(line, sizeof line, f)) {
    ln++;
    char *h = strchr(line, '#');
    if (h) *h = 0;
    char *p = line + strspn(line, " \t\r\n"), *e = p + strcspn(p, " \t\r\n");
    if (p == e) continue;
    if (*(e + strspn(e, " \t\r\n"))) return fclose(f), fail(err, len, "%s:%ld: one flag per line", path, ln), -1;
    if (strncmp(p, "-D", 2) != 0 || e - p < 3)
      return fclose(f), fail(err, len, "%s:%ld: '%.*s' is not a -DNAME[=VALUE] flag", path, ln, (int)(e - p), p), -1;
    char *eq = memchr(p, '=', e - p);
    if (c->n == cap) {
      cap = cap ? 2 * cap : 16;
      c->k = realloc(c->k, cap * sizeof *c->k);
      c->v = realloc(c->v, cap * sizeof *c->v);
    }
    c->k[c->n] = dupn(p + 2, (eq ? eq : e) - p - 2);
    c->v[c->n] = eq ? dupn(eq + 1, e - eq - 1) : dupn("1", 1);
    c->n++;  // counted before the check, so that sp_load frees it on the error path
    for (size_t i = 0; i + 1 < c->n; i++)
      if (strcmp(c->k[i], c->k[c->n - 1]) == 0)
        return fclose(f), fail(err, len, "%s:%ld: '%s' set twice", path, ln, c->k[i]), -1;
    *flags = realloc(*flags, flen + (e - p) + 2);
    if (flen) (*flags)[flen++] = ' ';
    memcpy(*flags + flen, p, e - p);
    flen += e - p;
    (*flags)[flen] = 0;
  }
  fclose(f);
  if (!c->n) return fail(err, len, "%s: no flags", path), -1;
  return 0;
}

static long find_name(char **v, size_t n, const char *s) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(v[i], s) == 0) return (long)i;
  return -1;
}

int sp_load(const char *dir, sp_space *s, char *err, size_t errlen) {
  memset(s, 0, sizeof *s);
  DIR *d = opendir(dir);
  if (!d) return fail(err, errlen, "%s: %s", dir, strerror(errno)), -1;
  size_t cap = 0;
  struct dirent *de;
  while ((de = readdir(d))) {
    if (!good_file(de->d_name)) continue;
    if (s->ncfg == cap) s->name = realloc(s->name, (cap = cap ? 2 * cap : 64) * sizeof *s->name);
    s->name[s->ncfg++] = dupn(de->d_name, strlen(de->d_name) - 6);
  }
  closedir(d);
  if (!s->ncfg) return fail(err, errlen, "%s: no flag files", dir), -1;
  qsort(s->name, s->ncfg, sizeof *s->name, cmp_str);
  rawcfg *raw = calloc(s->ncfg, sizeof *raw);
  s->flags = calloc(s->ncfg, sizeof *s->flags);
  int rc = 0;
  size_t pcap = 0;
  for (size_t c = 0; c < s->ncfg && !rc; c++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.flags", dir, s->name[c]);
    rc = read_flags(path, &raw[c], &s->flags[c], err, errlen);
    for (size_t i = 0; i < raw[c].n && !rc; i++) {  // the union of names, in first-seen order
      long j = -1;
      for (size_t q = 0; q < s->npar; q++)
        if (strcmp(s->par[q].name, raw[c].k[i]) == 0) j = (long)q;
      if (j < 0) {
        if (s->npar == pcap) s->par = realloc(s->par, (pcap = pcap ? 2 * pcap : 16) * sizeof *s->par);
        s->par[s->npar] = (sp_param){dupn(raw[c].k[i], strlen(raw[c].k[i])), NULL, 0, 1};
        j = (long)s->npar++;
      }
    }
  }
  if (!rc) {  // values per parameter ("" where a file lacks the name)
    for (size_t j = 0; j < s->npar; j++) {
      sp_param *p = &s->par[j];
      p->val = malloc(s->ncfg * sizeof *p->val);
      for (size_t c = 0; c < s->ncfg; c++) {
        long i = find_name(raw[c].k, raw[c].n, p->name);
        const char *v = i < 0 ? "" : raw[c].v[i];
        if (find_name(p->val, p->nval, v) < 0) p->val[p->nval++] = dupn(v, strlen(v));
      }
      for (size_t k = 0; k < p->nval; k++) p->ordinal &= is_int(p->val[k]);
      qsort(p->val, p->nval, sizeof *p->val, p->ordinal ? cmp_num : cmp_str);
    }
    s->idx = malloc(s->ncfg * (s->npar ? s->npar : 1) * sizeof *s->idx);
    for (size_t c = 0; c < s->ncfg; c++)
      for (size_t j = 0; j < s->npar; j++) {
        long i = find_name(raw[c].k, raw[c].n, s->par[j].name);
        s->idx[c * s->npar + j] = (size_t)find_name(s->par[j].val, s->par[j].nval, i < 0 ? "" : raw[c].v[i]);
      }
    for (size_t c = 1; c < s->ncfg && !rc; c++)  // names are sorted; compare configurations
      for (size_t c2 = 0; c2 < c && !rc; c2++)
        if (memcmp(&s->idx[c * s->npar], &s->idx[c2 * s->npar], s->npar * sizeof *s->idx) == 0)
          rc = -1, fail(err, errlen, "%s/%s.flags: same configuration as %s.flags", dir, s->name[c], s->name[c2]);
  }
  for (size_t c = 0; c < s->ncfg; c++) {
    for (size_t i = 0; i < raw[c].n; i++) free(raw[c].k[i]), free(raw[c].v[i]);
    free(raw[c].k), free(raw[c].v);
  }
  free(raw);
  if (rc) {
    char keep[1024];
    snprintf(keep, sizeof keep, "%s", err);
    sp_free(s);
    snprintf(err, errlen, "%s", keep);
  }
  return rc;
}

void sp_free(sp_space *s) {
  for (size_t j = 0; j < s->npar; j++) {
    for (size_t k = 0; k < s->par[j].nval; k++) free(s->par[j].val[k]);
    free(s->par[j].val), free(s->par[j].name);
  }
  for (size_t c = 0; c < s->ncfg; c++) {
    free(s->name[c]);
    if (s->flags) free(s->flags[c]);
  }
  free(s->par), free(s->name), free(s->flags), free(s->idx);
  memset(s, 0, sizeof *s);
}

long sp_by_name(const sp_space *s, const char *name) {
  size_t lo = 0, hi = s->ncfg;  // names are sorted
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(s->name[mid], name);
    if (!c) return (long)mid;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

long sp_by_flags(const sp_space *s, const char *flags) {
  for (size_t c = 0; c < s->ncfg; c++)
    if (strcmp(s->flags[c], flags) == 0) return (long)c;
  return -1;
}
