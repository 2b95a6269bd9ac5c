// tunables.c — see tunables.h.
#define _GNU_SOURCE
#include "tunables.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int bad(char *err, size_t len, const char *path, size_t line, const char *fmt, ...) {
  int k = snprintf(err, len, "%s:%zu: ", path, line);
  va_list ap;
  va_start(ap, fmt);
  if (k >= 0 && (size_t)k < len) vsnprintf(err + k, len - (size_t)k, fmt, ap);
  va_end(ap);
  return -1;
}

static int is_name(const char *s) {
  if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || *s == '_')) return 0;
  return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") == strlen(s);
}

static int is_value(const char *s) {
  return *s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-") ==
                   strlen(s);
}

// An integer of at most 12 digits with an optional minus sign; 0 on success.
static int integer(const char *s, size_t n, long long *v) {
  if (!n || n > 13) return -1;
  size_t i = s[0] == '-';
  if (i == n) return -1;
  for (size_t k = i; k < n; k++)
    if (s[k] < '0' || s[k] > '9') return -1;
  char buf[16];
  memcpy(buf, s, n);
  buf[n] = '\0';
  *v = strtoll(buf, NULL, 10);
  return 0;
}

// "LO..HI" into lo and hi; 0 when it is a range.
static int range(const char *s, long long *lo, long long *hi) {
  const char *dots = strstr(s, "..");
  if (!dots) return -1;
  return integer(s, (size_t)(dots - s), lo) || integer(dots + 2, strlen(dots + 2), hi) ? -1 : 0;
}

// `[DEFAULT]` (token v) and the MEANING after it (rest, the line's unread part) into t.
static int declare_default(tunable_t *t, const char *v, char *rest, char *err, size_t errlen,
                           const char *path, size_t line) {
  size_t n = strlen(v);
  if (n < 3 || v[n - 1] != ']' || !t->nvalues)
    return bad(err, errlen, path, line, "%s: '%.40s' is not [DEFAULT] after the values", t->name,
               v);
  t->def = strndup(v + 1, n - 2);
  if (t->def && (!is_value(t->def) || strstr(t->def, "..")))
    return bad(err, errlen, path, line, "%s: '%.40s' is not a default value", t->name, v);
  rest += strspn(rest, " \t");
  n = strcspn(rest, "\r\n");
  while (n && (rest[n - 1] == ' ' || rest[n - 1] == '\t')) n--;
  t->meaning = n ? strndup(rest, n) : NULL;
  if (!t->def || (n && !t->meaning)) return bad(err, errlen, path, line, "out of memory");
  return 0;
}

int tunables_read(const char *path, tunables_t *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  out->path = strdup(path);
  char *buf = NULL;
  size_t cap = 0, line = 0;
  int rc = out->path ? 0 : bad(err, errlen, path, 1, "out of memory");
  while (!rc && getline(&buf, &cap, f) >= 0) {
    line++;
    char *hash = strchr(buf, '#');
    if (hash) *hash = '\0';
    char *save, *name = strtok_r(buf, " \t\r\n", &save);
    if (!name) continue;
    if (!is_name(name)) {
      rc = bad(err, errlen, path, line, "'%.40s' is not a tunable name", name);
      break;
    }
    for (size_t i = 0; i < out->n; i++)
      if (!strcmp(out->t[i].name, name))
        rc = bad(err, errlen, path, line, "%s declared twice", name);
    tunable_t *t = rc ? NULL : realloc(out->t, (out->n + 1) * sizeof *t);
    if (!rc && !t) rc = bad(err, errlen, path, line, "out of memory");
    if (rc) break;
    out->t = t;
    t = &out->t[out->n++];
    memset(t, 0, sizeof *t);
    t->name = strdup(name);
    t->line = line;
    for (char *v; !rc && (v = strtok_r(NULL, " \t\r\n", &save));) {
      long long lo, hi;
      if (*v == '[') {
        rc = declare_default(t, v, save, err, errlen, path, line);
        break;
      }
      if (!is_value(v) || (strstr(v, "..") && (range(v, &lo, &hi) || lo > hi))) {
        rc = bad(err, errlen, path, line, "%s: '%.40s' is not a value or a range LO..HI", name, v);
        break;
      }
      char **vs = realloc(t->values, (t->nvalues + 1) * sizeof *vs);
      if (!vs || !(vs[t->nvalues] = strdup(v))) {
        if (vs) t->values = vs;
        rc = bad(err, errlen, path, line, "out of memory");
        break;
      }
      t->values = vs;
      t->nvalues++;
    }
    if (!rc && !t->nvalues) rc = bad(err, errlen, path, line, "%s has no allowed value", name);
    char why[600];
    if (!rc && t->def && tunables_check(out, name, strlen(name), t->def, why, sizeof why))
      rc = bad(err, errlen, path, line, "default: %s", why);
  }
  free(buf);
  fclose(f);
  if (!rc && !out->n) rc = bad(err, errlen, path, line ? line : 1, "no tunables");
  if (rc) tunables_free(out);
  return rc;
}

void tunables_free(tunables_t *t) {
  for (size_t i = 0; i < t->n; i++) {
    for (size_t j = 0; j < t->t[i].nvalues; j++) free(t->t[i].values[j]);
    free(t->t[i].values);
    free(t->t[i].name);
    free(t->t[i].def);
    free(t->t[i].meaning);
  }
  free(t->t);
  free(t->path);
  memset(t, 0, sizeof *t);
}

// The allowed values of t, space-separated, into buf.
static void list(const tunable_t *t, char *buf, size_t len) {
  size_t k = 0;
  buf[0] = '\0';
  for (size_t j = 0; j < t->nvalues && k < len; j++) {
    int w = snprintf(buf + k, len - k, "%s%s", j ? " " : "", t->values[j]);
    if (w < 0) break;
    k += (size_t)w;
  }
}

const tunable_t *tunables_find(const tunables_t *t, const char *name, size_t namelen) {
  for (size_t i = 0; i < t->n; i++)
    if (strlen(t->t[i].name) == namelen && !memcmp(t->t[i].name, name, namelen)) return &t->t[i];
  return NULL;
}

int tunables_check(const tunables_t *t, const char *name, size_t namelen, const char *value,
                   char *why, size_t whylen) {
  const tunable_t *u = tunables_find(t, name, namelen);
  if (!u) {
    char names[600];
    size_t k = 0;
    names[0] = '\0';
    for (size_t i = 0; i < t->n && k < sizeof names; i++) {
      int w = snprintf(names + k, sizeof names - k, "%s%s", i ? " " : "", t->t[i].name);
      if (w < 0) break;
      k += (size_t)w;
    }
    snprintf(why, whylen, "unknown tunable '%.*s' (%s declares: %s)", (int)namelen, name, t->path,
             names);
    return -1;
  }
  long long v, lo, hi;
  int isint = !integer(value, strlen(value), &v);
  for (size_t j = 0; j < u->nvalues; j++) {
    if (!strcmp(u->values[j], value)) return 0;
    if (isint && !range(u->values[j], &lo, &hi) && v >= lo && v <= hi) return 0;
  }
  char vals[400];
  list(u, vals, sizeof vals);
  snprintf(why, whylen, "%s = '%s' is not one of %s (%s)", u->name, value, vals, t->path);
  return -1;
}
