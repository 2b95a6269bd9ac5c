// flagcheck.c — validate one variant's flag file and write the accepted tokens.
//
//   flagcheck IN.flags OUT [TUNABLES]
//
// With TUNABLES (kernels/<kernel>.tunables, see tunables.h), every NAME must be a tunable the
// kernel declares and VALUE (1 for a bare -DNAME) one of its allowed values: a misspelt name
// (-DNUM_WRAPS=8) or a bad value (-DBLOCK_N=6r4) is refused here, at its line, instead of
// building the default or failing in the kernel's source.
//
// IN holds one token per line; `#` starts a comment (whole line or after the token); blank
// lines and spaces/tabs around the token are ignored. A token is `-DNAME` or `-DNAME=VALUE`
// with NAME [A-Za-z_][A-Za-z0-9_]* and VALUE [A-Za-z0-9_.+-]* without "..". A NAME may
// appear once. Anything else (two tokens on a line, quotes, `;`, `$`, backticks, control or
// non-ASCII bytes, NUL) is rejected: exit 2, `flagcheck: IN:LINE: what` on stderr, OUT removed.
// Line endings: one CR right before the LF (a CRLF file) is stripped; any other CR is an
// invalid byte. A missing final newline is fine. Lines have no length limit.
// On success OUT is written atomically (temporary file in OUT's directory, then rename), one
// token per line, in file order. An empty flag set (only comments) is valid: OUT is empty.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tunables.h"

struct token {
  char *text;     // "-DNAME[=VALUE]"
  size_t namelen; // length of NAME
  long line;
};

static const char *in_path, *out_path;

static int is_name_start(int c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
static int is_name_char(int c) { return is_name_start(c) || (c >= '0' && c <= '9'); }
static int is_value_char(int c) {
  return is_name_char(c) || c == '.' || c == '+' || c == '-';
}

// Print s (n bytes) quoted, with unprintable bytes as \xNN, cut after 60 bytes.
static void put_quoted(const char *s, size_t n) {
  fputc('\'', stderr);
  for (size_t i = 0; i < n && i < 60; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c < 0x7f) fputc(c, stderr);
    else fprintf(stderr, "\\x%02x", c);
  }
  fputs(n > 60 ? "'..." : "'", stderr);
}

static _Noreturn void fail(long line, const char *tok, size_t n, const char *what) {
  fprintf(stderr, "flagcheck: %s:%ld: ", in_path, line);
  if (tok) { put_quoted(tok, n); fputs(": ", stderr); }
  fprintf(stderr, "%s\n", what);
  if (out_path) unlink(out_path);
  exit(2);
}

// Validate tok (n bytes, no blanks); returns the length of NAME or exits.
static size_t check_token(const char *tok, size_t n, long line) {
  char what[80];
  if (n < 2 || tok[0] != '-' || tok[1] != 'D') fail(line, tok, n, "not a -DNAME or -DNAME=VALUE token");
  size_t i = 2;
  if (i == n || tok[i] == '=') fail(line, tok, n, "empty name");
  if (!is_name_start((unsigned char)tok[i])) fail(line, tok, n, "name must start with a letter or '_'");
  while (i < n && is_name_char((unsigned char)tok[i])) i++;
  size_t namelen = i - 2;
  if (i == n) return namelen;
  if (tok[i] != '=') {
    snprintf(what, sizeof what, "invalid byte 0x%02x in name", (unsigned char)tok[i]);
    fail(line, tok, n, what);
  }
  for (i++; i < n; i++) {
    unsigned char c = (unsigned char)tok[i];
    if (!is_value_char(c)) {
      if (c >= 0x21 && c < 0x7f) snprintf(what, sizeof what, "invalid character '%c' in value", c);
      else snprintf(what, sizeof what, "invalid byte 0x%02x in value", c);
      fail(line, tok, n, what);
    }
    if (c == '.' && i + 1 < n && tok[i + 1] == '.') fail(line, tok, n, "'..' in value");
  }
  return namelen;
}

static int by_name_then_line(const void *a, const void *b) {
  const struct token *x = a, *y = b;
  size_t n = x->namelen < y->namelen ? x->namelen : y->namelen;
  int c = memcmp(x->text + 2, y->text + 2, n);
  if (c) return c;
  if (x->namelen != y->namelen) return x->namelen < y->namelen ? -1 : 1;
  return (x->line > y->line) - (x->line < y->line);
}

static int by_line(const void *a, const void *b) {
  const struct token *x = a, *y = b;
  return (x->line > y->line) - (x->line < y->line);
}

static int same_name(const struct token *x, const struct token *y) {
  return x->namelen == y->namelen && memcmp(x->text + 2, y->text + 2, x->namelen) == 0;
}

// Report the duplicate that occurs first in the file, if any. Sorted by (name, line), the
// second token of each run of equal names is that name's first repetition.
static void check_duplicates(struct token *t, size_t n) {
  if (n < 2) return;
  qsort(t, n, sizeof *t, by_name_then_line);
  size_t dup = 0, first = 0;
  for (size_t i = 1; i < n; i++)
    if (same_name(&t[i - 1], &t[i]) && (i < 2 || !same_name(&t[i - 2], &t[i])) &&
        (!dup || t[i].line < t[dup].line)) { dup = i; first = i - 1; }
  if (dup) {
    char what[64];
    snprintf(what, sizeof what, "duplicate name (first defined on line %ld)", t[first].line);
    fail(t[dup].line, t[dup].text, strlen(t[dup].text), what);
  }
  qsort(t, n, sizeof *t, by_line);
}

static void write_out(const struct token *t, size_t n) {
  size_t len = strlen(out_path);
  char *tmp = malloc(len + 8);
  if (!tmp) { perror("flagcheck"); exit(2); }
  memcpy(tmp, out_path, len);
  memcpy(tmp + len, ".XXXXXX", 8);
  int fd = mkstemp(tmp);
  mode_t mask = umask(0);
  umask(mask);
  if (fd >= 0) fchmod(fd, 0666 & ~mask);
  FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
  if (!f) {
    fprintf(stderr, "flagcheck: %s: %s\n", tmp, strerror(errno));
    exit(2);
  }
  for (size_t i = 0; i < n; i++) fprintf(f, "%s\n", t[i].text);
  if (fflush(f) || ferror(f) || fclose(f) || rename(tmp, out_path)) {
    fprintf(stderr, "flagcheck: %s: %s\n", out_path, strerror(errno));
    unlink(tmp);
    exit(2);
  }
  free(tmp);
}

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4) {
    fprintf(stderr, "usage: flagcheck IN.flags OUT [TUNABLES]\n");
    return 2;
  }
  tunables_t tun = {0};
  char terr[600];
  if (argc == 4 && tunables_read(argv[3], &tun, terr, sizeof terr)) {
    fprintf(stderr, "flagcheck: %s\n", terr);
    unlink(argv[2]);
    return 2;
  }
  in_path = argv[1];
  FILE *in = fopen(in_path, "rb");
  if (!in) {
    fprintf(stderr, "flagcheck: %s: %s\n", in_path, strerror(errno));
    unlink(argv[2]);
    return 2;
  }
  out_path = argv[2];
  struct token *tok = NULL;
  size_t ntok = 0, cap = 0, bufcap = 0;
  char *buf = NULL;
  ssize_t got;
  long line = 0;
  while ((got = getline(&buf, &bufcap, in)) >= 0) {
    line++;
    size_t n = (size_t)got;
    if (n && buf[n - 1] == '\n') n--;
    if (n && buf[n - 1] == '\r') n--;
    char *hash = memchr(buf, '#', n);
    if (hash) n = (size_t)(hash - buf);
    size_t b = 0;
    while (b < n && (buf[b] == ' ' || buf[b] == '\t')) b++;
    while (n > b && (buf[n - 1] == ' ' || buf[n - 1] == '\t')) n--;
    if (b == n) continue;
    for (size_t i = b; i < n; i++)
      if (buf[i] == ' ' || buf[i] == '\t') fail(line, buf + b, n - b, "more than one token on the line");
    size_t namelen = check_token(buf + b, n - b, line);
    if (tun.n) {
      char value[256], why[1200];
      const char *eq = memchr(buf + b, '=', n - b);
      size_t vl = eq ? n - (size_t)(eq + 1 - buf) : 1;
      snprintf(value, sizeof value, "%.*s", (int)vl, eq ? eq + 1 : "1");
      if (tunables_check(&tun, buf + b + 2, namelen, value, why, sizeof why))
        fail(line, buf + b, n - b, why);
    }
    if (ntok == cap) {
      cap = cap ? 2 * cap : 16;
      tok = realloc(tok, cap * sizeof *tok);
      if (!tok) { perror("flagcheck"); return 2; }
    }
    tok[ntok].text = strndup(buf + b, n - b);
    if (!tok[ntok].text) { perror("flagcheck"); return 2; }
    tok[ntok].namelen = namelen;
    tok[ntok++].line = line;
  }
  if (ferror(in)) {
    fprintf(stderr, "flagcheck: %s: read error\n", in_path);
    unlink(out_path);
    return 2;
  }
  fclose(in);
  free(buf);
  check_duplicates(tok, ntok);
  write_out(tok, ntok);
  for (size_t i = 0; i < ntok; i++) free(tok[i].text);
  free(tok);
  tunables_free(&tun);
  return 0;
}
