// tunables_src.c — see tunables_src.h.
#define _XOPEN_SOURCE 700  // realpath
#include "tunables_src.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurp.h"

enum { MAX_FILES = 64 };

static int is_id0(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
static int is_id(char c) { return is_id0(c) || (c >= '0' && c <= '9'); }
static const char *skip_ws(const char *p) { return p + strspn(p, " \t\r\n"); }
static const char *skip_blank(const char *p) { return p + strspn(p, " \t"); }
static size_t id_len(const char *p) {
  size_t n = 0;
  if (is_id0(*p))
    while (is_id(p[n])) n++;
  return n;
}
static size_t line_of(const char *text, const char *p) {
  size_t line = 1;
  for (const char *q = text; q < p; q++) line += *q == '\n';
  return line;
}

static int add(tsrc_list_t *l, const char *name, size_t nlen, const char *value, size_t vlen,
               const char *file, size_t line) {
  tsrc_entry_t *e = realloc(l->e, (l->n + 1) * sizeof *e);
  if (!e) return -1;
  l->e = e;
  e = &l->e[l->n];
  e->name = strndup(name, nlen);
  e->value = value ? strndup(value, vlen) : NULL;
  e->file = file;
  e->line = line;
  if (!e->name || (value && !e->value)) {
    free(e->name);
    free(e->value);
    return -1;
  }
  l->n++;
  return 0;
}

// `#` WORD at p (blanks allowed around the `#`): the text after WORD, else NULL.
static const char *directive(const char *p, const char *word) {
  p = skip_blank(p);
  if (*p != '#') return NULL;
  p = skip_blank(p + 1);
  size_t n = strlen(word);
  return strncmp(p, word, n) || is_id(p[n]) ? NULL : p + n;
}

// Quoted includes that resolve beside FILE, appended to out->files (each file once).
static int scan_includes(tsrc_t *out, char *real[], const char *file, const char *text) {
  const char *slash = strrchr(file, '/');
  int dirlen = slash ? (int)(slash - file + 1) : 0;
  for (const char *p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
    const char *q = directive(p, "include");
    if (!q || *(q = skip_blank(q)) != '"') continue;
    size_t n = strcspn(q + 1, "\"\n");
    if (q[1 + n] != '"') continue;
    char path[PATH_MAX], rp[PATH_MAX];
    if (snprintf(path, sizeof path, "%.*s%.*s", dirlen, file, (int)n, q + 1) >= (int)sizeof path ||
        !realpath(path, rp))
      continue;
    size_t k = 0;
    while (k < out->nfiles && strcmp(real[k], rp)) k++;
    if (k < out->nfiles) continue;
    if (k == MAX_FILES) return -2;
    if (!(real[k] = strdup(rp)) || !(out->files[k] = strdup(path))) return -1;
    out->nfiles++;
  }
  return 0;
}

// `#ifndef NAME` followed by `#define NAME VALUE` (VALUE up to a `//` comment or the line's end).
static int scan_defs(tsrc_t *out, const char *file, const char *text) {
  for (const char *p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
    const char *q = directive(p, "ifndef"), *nl = strchr(p, '\n');
    if (!q || !nl) continue;
    q = skip_blank(q);
    size_t n = id_len(q);
    const char *d = directive(nl + 1, "define");
    if (!n || !d || *d == '\n' || *d == '\0') continue;
    d = skip_blank(d);
    if (strncmp(d, q, n) || is_id(d[n])) continue;
    const char *v = skip_blank(d + n);
    size_t vlen = strcspn(v, "\n");
    const char *c = strstr(v, "//");
    if (c && (size_t)(c - v) < vlen) vlen = (size_t)(c - v);
    while (vlen && strchr(" \t\r", v[vlen - 1])) vlen--;
    if (vlen && add(&out->defs, q, n, v, vlen, file, line_of(text, nl + 1))) return -1;
  }
  return 0;
}

// Header comment lines `//   NAME  [DEFAULT] ...` of the leading `//` block.
static int scan_doc(tsrc_t *out, const char *file, const char *text) {
  for (const char *p = text; p && !strncmp(p, "//", 2); p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
    const char *q = skip_blank(p + 2);
    size_t n = id_len(q);
    if (q == p + 2 || !n || (q[n] != ' ' && q[n] != '\t')) continue;
    const char *b = skip_blank(q + n);
    size_t vlen = strcspn(b + 1, "] \t\n");
    if (*b == '[' && vlen && b[1 + vlen] == ']' &&
        add(&out->doc, q, n, b + 1, vlen, file, line_of(text, p)))
      return -1;
  }
  return 0;
}

// The end of the comment or literal that starts at p (past its last character), or p.
static const char *skip_lexeme(const char *p) {
  if (!strncmp(p, "//", 2)) return p + strcspn(p, "\n");
  if (!strncmp(p, "/*", 2)) {
    const char *e = strstr(p + 2, "*/");
    return e ? e + 2 : p + strlen(p);
  }
  if (*p == '"' || *p == '\'') {
    const char *q = p + 1;
    while (*q && *q != *p && *q != '\n') q += *q == '\\' && q[1] ? 2 : 1;
    return *q == *p ? q + 1 : q;
  }
  return p;
}

// The `NAME=` items of the string literal [lit, end) (end past its closing quote); the last, when
// the literal ends with it, takes the argument of the `MACRO(ARG)` that follows the literal.
static int scan_literal(tsrc_t *out, const char *file, const char *text, const char *lit,
                        const char *end) {
  for (const char *p = lit + 1; p < end - 1; p++) {
    if (p > lit + 1 && p[-1] != ' ') continue;
    size_t n = id_len(p);
    if (!n || p[n] != '=') continue;
    const char *arg = NULL;
    size_t alen = 0;
    if (p + n + 1 == end - 1) {
      const char *m = skip_ws(end);
      const char *a = id_len(m) ? skip_ws(m + id_len(m)) : m;
      if (a != m && *a == '(') {
        a = skip_ws(a + 1);
        alen = id_len(a);
        if (alen && *skip_ws(a + alen) == ')') arg = a;
      }
    }
    if (add(&out->config, p, n, arg, alen, file, line_of(text, p))) return -1;
  }
  return 0;
}

// The first `..._config(void) {` definition, and the items of its body.
static int scan_config(tsrc_t *out, const char *file, const char *text) {
  for (const char *p = text; !out->config_file && (p = strstr(p, "_config")); p++) {
    const char *q = skip_ws(p + 7);
    if (p == text || !is_id(p[-1]) || *q != '(') continue;
    q = skip_ws(q + 1);
    if (strncmp(q, "void", 4) || *(q = skip_ws(q + 4)) != ')' || *(q = skip_ws(q + 1)) != '{')
      continue;
    out->config_file = file;
    out->config_line = line_of(text, p);
    for (int depth = 0; *q; q++) {
      const char *e = skip_lexeme(q);
      if (*q == '"' && e != q && scan_literal(out, file, text, q, e)) return -1;
      if (e != q)
        q = e - 1;
      else if (*q == '{')
        depth++;
      else if (*q == '}' && --depth == 0)
        break;
    }
  }
  return 0;
}

int tsrc_read(const char *kernel, tsrc_t *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  char *real[MAX_FILES] = {0}, rp[PATH_MAX];
  out->files = calloc(MAX_FILES, sizeof *out->files);
  if (!realpath(kernel, rp)) {
    snprintf(err, errlen, "%s: %s", kernel, strerror(errno));
    free(out->files);
    out->files = NULL;
    return -1;
  }
  int rc = !out->files || !(real[0] = strdup(rp)) || !(out->files[0] = strdup(kernel)) ? -1 : 0;
  if (!rc) out->nfiles = 1;
  for (size_t i = 0; !rc && i < out->nfiles; i++) {
    char *text;
    size_t len;
    const char *f = out->files[i];
    if (slurp(f, &text, &len)) {
      snprintf(err, errlen, "%s: %s", f, "cannot be read");
      rc = -3;
      break;
    }
    rc = scan_includes(out, real, f, text);
    if (!rc && (scan_defs(out, f, text) || (i == 0 && scan_doc(out, f, text)) ||
                scan_config(out, f, text)))
      rc = -1;
    free(text);
    if (rc == -2) snprintf(err, errlen, "%s: more than %d headers beside it", kernel, MAX_FILES);
  }
  for (size_t i = 0; i < MAX_FILES; i++) free(real[i]);
  if (rc == -1) snprintf(err, errlen, "%s: %s", kernel, "out of memory");
  if (rc) tsrc_free(out);
  return rc ? -1 : 0;
}

static void list_free(tsrc_list_t *l) {
  for (size_t i = 0; i < l->n; i++) {
    free(l->e[i].name);
    free(l->e[i].value);
  }
  free(l->e);
}

void tsrc_free(tsrc_t *s) {
  list_free(&s->doc);
  list_free(&s->defs);
  list_free(&s->config);
  for (size_t i = 0; s->files && i < s->nfiles; i++) free(s->files[i]);
  free(s->files);
  memset(s, 0, sizeof *s);
}
