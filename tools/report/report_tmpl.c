// report_tmpl.c — reads a part of a template of reports/templates/ and fills its placeholders
// (syntax in report_tmpl.h).
#include "report_tmpl.h"

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

static _Noreturn void tmpl_die(gen *g, const char *path, long line, const char *what, const char *arg) {
  snprintf(g->err, sizeof g->err, "%s:%ld: %s%s", path, line, what, arg);
  gen_die(g);
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

// line L of PATH (number LN) with its placeholders filled, appended to b
static void fill(gen *g, sbuf *b, const char *l, const char *path, long ln, const char *const vars[]) {
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
    if (l[0] == '}' || !e) tmpl_die(g, path, ln, "unmatched brace: ", l);
    size_t n = (size_t)(e - l - 1);
    const char *v = NULL;
    for (size_t i = 0; vars && vars[i] && !v; i += 2)
      if (strlen(vars[i]) == n && !strncmp(vars[i], l + 1, n)) v = vars[i + 1];
    if (!v) {
      char name[128];
      snprintf(name, sizeof name, "{%.*s}", (int)(n < 100 ? n : 100), l + 1);
      tmpl_die(g, path, ln, "unknown placeholder ", name);
    }
    put(b, v, strlen(v));
    l = e + 1;
  }
}

char *tmpl_text(gen *g, const char *name, const char *part, const char *const vars[]) {
  char path[4096];
  snprintf(path, sizeof path, "%s/templates/%s.txt", g->stat, name);
  FILE *f = fopen(path, "r");
  if (!f) tmpl_die(g, path, 0, "cannot read the template", "");
  sbuf b = {0};
  put(&b, "", 0);
  char line[4096], cur[64] = "";
  long ln = 0;
  int found = 0, in = 0;
  while (fgets(line, sizeof line, f)) {
    ln++;
    line[strcspn(line, "\n")] = '\0';
    if (!part_line(line, cur, sizeof cur)) {
      if (in) break;
      in = found = !strcmp(cur, part);
      continue;
    }
    if (!in) continue;
    fill(g, &b, line, path, ln, vars);
    put(&b, "\n", 1);
  }
  fclose(f);
  if (!found) tmpl_die(g, path, ln, "no part ", fmt("[%s]", part));
  while (b.n && b.s[b.n - 1] == '\n') b.s[--b.n] = '\0'; // a part can be a piece of a sentence
  return b.s;
}

const char *tmpl_str(gen *g, const char *name, const char *part, const char *const vars[]) {
  char *s = tmpl_text(g, name, part, vars);
  for (char *c = s; *c; c++)
    if (*c == '\n') *c = ' ';
  const char *r = fmt("%s", s);
  free(s);
  return r;
}

void tmpl_put(gen *g, const char *name, const char *part, const char *const vars[]) {
  char *s = tmpl_text(g, name, part, vars);
  doc_render(&g->d, s);
  free(s);
}
