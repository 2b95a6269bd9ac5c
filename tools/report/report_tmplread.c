// report_tmplread.c — reads a part of a template and fills its placeholders (report_tmplread.h;
// syntax in report_tmpl.h).
#include "report_tmplread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *s;
  size_t n, cap;
} sbuf;

static void put(sbuf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    b->cap = 2 * (b->n + n + 1);
    b->s = realloc(b->s, b->cap);
    if (!b->s) abort();
  }
  memcpy(b->s + b->n, s, n);
  b->n += n;
  b->s[b->n] = '\0';
}

// "[part]" on a line of its own: the name, into out (0), or -1
static int part_line(const char *l, char *out, size_t len) {
  size_t n = strlen(l);
  if (n < 3 || l[0] != '[' || l[n - 1] != ']' || n - 2 >= len) return -1;
  for (size_t i = 1; i + 1 < n; i++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_", l[i])) return -1;
  snprintf(out, len, "%.*s", (int)(n - 2), l + 1);
  return 0;
}

// line L of PATH (number LN) with its placeholders filled, appended to b: 0, or -1 with err filled
static int fill(sbuf *b, const char *l, const char *path, long ln, const char *const vars[], char *err,
                size_t errlen) {
  while (*l) {
    size_t k = strcspn(l, "{}");
    put(b, l, k);
    l += k;
    if (!*l) break;
    if (l[0] == l[1]) { // {{ or }}
      put(b, l, 1);
      l += 2;
      continue;
    }
    const char *e = strchr(l, '}');
    if (l[0] == '}' || !e) return snprintf(err, errlen, "%s:%ld: unmatched brace: %s", path, ln, l), -1;
    size_t n = (size_t)(e - l - 1);
    const char *v = NULL;
    for (size_t i = 0; vars && vars[i] && !v; i += 2)
      if (strlen(vars[i]) == n && !strncmp(vars[i], l + 1, n)) v = vars[i + 1];
    if (!v)
      return snprintf(err, errlen, "%s:%ld: unknown placeholder {%.*s}", path, ln, (int)(n < 100 ? n : 100), l + 1), -1;
    put(b, v, strlen(v));
    l = e + 1;
  }
  return 0;
}

char *tmpl_read(const char *dir, const char *name, const char *part, const char *const vars[], long *at,
                char *err, size_t errlen) {
  char path[4096];
  snprintf(path, sizeof path, "%s/templates/%s.txt", dir, name);
  FILE *f = fopen(path, "r");
  if (!f) return snprintf(err, errlen, "%s:0: cannot read the template", path), NULL;
  sbuf b = {0};
  put(&b, "", 0);
  char line[4096], cur[64] = "";
  long ln = 0;
  int found = 0, in = 0, bad = 0;
  while (fgets(line, sizeof line, f)) {
    ln++;
    line[strcspn(line, "\n")] = '\0';
    if (!part_line(line, cur, sizeof cur)) {
      if (in) break;
      in = !strcmp(cur, part);
      if (in) found = 1, *at = ln;
      continue;
    }
    if (!in) continue;
    if ((bad = fill(&b, line, path, ln, vars, err, errlen))) break;
    put(&b, "\n", 1);
  }
  fclose(f);
  if (!bad && !found) snprintf(err, errlen, "%s:%ld: no part [%s]", path, ln, part), bad = 1;
  if (bad) return free(b.s), NULL;
  while (b.n && b.s[b.n - 1] == '\n') b.s[--b.n] = '\0'; // a part can be a piece of a sentence
  return b.s;
}

char *tmpl_one_line(char *s) {
  for (char *c = s; *c; c++)
    if (*c == '\n') *c = ' ';
  return s;
}
