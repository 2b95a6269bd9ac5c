// flags.c — the flag file parser (flags.h). Errors are returned, never fatal, so that the
// fuzzer can drive it and flagcheck decides what to do with them.
#include "flags.h"

#include "nvcc_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_name_start(int c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
static int is_name_char(int c) { return is_name_start(c) || (c >= '0' && c <= '9'); }
static int is_value_char(int c) {
  return is_name_char(c) || c == '.' || c == '+' || c == '-';
}

typedef struct {
  const char *path;
  char *err;
  size_t errlen;
} ctx_t;

// "PATH:LINE: 'TOKEN': what", the token quoted with unprintable bytes as \xNN, cut after 60.
static int fail(const ctx_t *c, long line, const char *tok, size_t n, const char *what) {
  char q[60 * 4 + 8];
  size_t k = 0;
  if (tok) {
    q[k++] = '\'';
    for (size_t i = 0; i < n && i < 60; i++) {
      unsigned char ch = (unsigned char)tok[i];
      if (ch >= 0x20 && ch < 0x7f) q[k++] = (char)ch;
      else k += (size_t)snprintf(q + k, sizeof q - k, "\\x%02x", ch);
    }
    memcpy(q + k, n > 60 ? "'...: " : "': ", n > 60 ? 7 : 4);
  } else {
    q[0] = 0;
  }
  snprintf(c->err, c->errlen, "%s:%ld: %s%s", c->path, line, q, what);
  return -1;
}

// Validates tok (n bytes, no blanks); sets *namelen to the length of NAME (of an option's name:
// nvcc_options.h).
static int check_token(const ctx_t *c, const char *tok, size_t n, long line, size_t *namelen) {
  char what[200];
  if (n > 2 && tok[0] == '-' && tok[1] == '-')
    return nvcc_option_check(tok, n, namelen, what, sizeof what) ? fail(c, line, tok, n, what) : 0;
  if (n < 2 || tok[0] != '-' || tok[1] != 'D')
    return fail(c, line, tok, n, "not a -DNAME or -DNAME=VALUE token, nor an allowed --option");
  size_t i = 2;
  if (i == n || tok[i] == '=') return fail(c, line, tok, n, "empty name");
  if (!is_name_start((unsigned char)tok[i]))
    return fail(c, line, tok, n, "name must start with a letter or '_'");
  while (i < n && is_name_char((unsigned char)tok[i])) i++;
  *namelen = i - 2;
  if (i == n) return 0;
  if (tok[i] != '=') {
    snprintf(what, sizeof what, "invalid byte 0x%02x in name", (unsigned char)tok[i]);
    return fail(c, line, tok, n, what);
  }
  for (i++; i < n; i++) {
    unsigned char ch = (unsigned char)tok[i];
    if (!is_value_char(ch)) {
      if (ch >= 0x21 && ch < 0x7f) snprintf(what, sizeof what, "invalid character '%c' in value", ch);
      else snprintf(what, sizeof what, "invalid byte 0x%02x in value", ch);
      return fail(c, line, tok, n, what);
    }
    if (ch == '.' && i + 1 < n && tok[i + 1] == '.') return fail(c, line, tok, n, "'..' in value");
  }
  return 0;
}

static int by_name_then_line(const void *a, const void *b) {
  const flag_t *x = a, *y = b;
  size_t n = x->namelen < y->namelen ? x->namelen : y->namelen;
  int c = memcmp(x->text + 2, y->text + 2, n);
  if (c) return c;
  if (x->namelen != y->namelen) return x->namelen < y->namelen ? -1 : 1;
  return (x->line > y->line) - (x->line < y->line);
}

static int by_line(const void *a, const void *b) {
  const flag_t *x = a, *y = b;
  return (x->line > y->line) - (x->line < y->line);
}

// (a -D name and an option of the same letters are not the same: text[1] is 'D' or '-')
static int same_name(const flag_t *x, const flag_t *y) {
  return x->text[1] == y->text[1] && x->namelen == y->namelen &&
         memcmp(x->text + 2, y->text + 2, x->namelen) == 0;
}

// Reports the duplicate that occurs first in the file, if any. Sorted by (name, line), the
// second token of each run of equal names is that name's first repetition.
static int check_duplicates(const ctx_t *c, flag_t *t, size_t n) {
  if (n < 2) return 0;
  qsort(t, n, sizeof *t, by_name_then_line);
  size_t dup = 0, first = 0;
  for (size_t i = 1; i < n; i++)
    if (same_name(&t[i - 1], &t[i]) && (i < 2 || !same_name(&t[i - 2], &t[i])) &&
        (!dup || t[i].line < t[dup].line)) { dup = i; first = i - 1; }
  if (dup) {
    char what[64];
    snprintf(what, sizeof what, "duplicate name (first defined on line %ld)", t[first].line);
    return fail(c, t[dup].line, t[dup].text, strlen(t[dup].text), what);
  }
  qsort(t, n, sizeof *t, by_line);
  return 0;
}

// Checks one trimmed, non-empty line and appends its token.
static int add_line(const ctx_t *c, const char *s, size_t n, long line, const tunables_t *tun,
                    flags_t *out, size_t *cap) {
  for (size_t i = 0; i < n; i++)
    if (s[i] == ' ' || s[i] == '\t') return fail(c, line, s, n, "more than one token on the line");
  size_t namelen = 0;
  if (check_token(c, s, n, line, &namelen)) return -1;
  if (tun && tun->n && s[1] == 'D') {
    char value[256], why[1200];
    const char *eq = memchr(s, '=', n);
    size_t vl = eq ? n - (size_t)(eq + 1 - s) : 1;
    snprintf(value, sizeof value, "%.*s", (int)(vl < 255 ? vl : 255), eq ? eq + 1 : "1");
    if (vl > 255) return fail(c, line, s, n, "value longer than a tunable's 255 bytes");
    if (tunables_check(tun, s + 2, namelen, value, why, sizeof why)) return fail(c, line, s, n, why);
  }
  if (out->n == *cap) {
    size_t nc = *cap ? 2 * *cap : 16;
    flag_t *f = realloc(out->f, nc * sizeof *f);
    if (!f) return fail(c, line, NULL, 0, "out of memory");
    out->f = f;
    *cap = nc;
  }
  char *text = malloc(n + 1);
  if (!text) return fail(c, line, NULL, 0, "out of memory");
  memcpy(text, s, n);
  text[n] = 0;
  out->f[out->n++] = (flag_t){text, namelen, line};
  return 0;
}

int flags_parse(const char *path, const char *text, size_t len, const tunables_t *tun,
                flags_t *out, char *err, size_t errlen) {
  ctx_t c = {path, err, errlen};
  size_t cap = 0;
  long line = 0;
  *out = (flags_t){0};
  for (size_t pos = 0; pos < len;) {
    line++;
    const char *s = text + pos;
    const char *nl = memchr(s, '\n', len - pos);
    size_t n = nl ? (size_t)(nl - s) : len - pos;
    pos += n + (nl != NULL);
    if (n && s[n - 1] == '\r') n--;
    const char *hash = memchr(s, '#', n);
    if (hash) n = (size_t)(hash - s);
    size_t b = 0;
    while (b < n && (s[b] == ' ' || s[b] == '\t')) b++;
    while (n > b && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
    if (b == n) continue;
    if (add_line(&c, s + b, n - b, line, tun, out, &cap)) { flags_free(out); return -1; }
  }
  if (check_duplicates(&c, out->f, out->n)) { flags_free(out); return -1; }
  return 0;
}

void flags_free(flags_t *fl) {
  for (size_t i = 0; i < fl->n; i++) free(fl->f[i].text);
  free(fl->f);
  *fl = (flags_t){0};
}
