// manifest.c — see manifest.h.
#include "manifest.h"

#include <stdio.h>
#include <string.h>

// Copies the word at *p (up to a blank) into out; -1 when empty or longer than len - 1.
static int word(const char **p, char *out, size_t len) {
  while (**p == ' ' || **p == '\t') (*p)++;
  size_t n = strcspn(*p, " \t\n");
  if (n == 0 || n >= len) return -1;
  memcpy(out, *p, n);
  out[n] = 0;
  *p += n;
  return 0;
}

int manifest_parse(const char *path, const char *text, manifest_entry *e, char *err, size_t errlen) {
  int n = 0, line = 0;
  for (const char *p = text; *p; p += (*p == '\n')) {
    line++;
    const char *s = p + strspn(p, " \t");
    if (*s == '#' || *s == '\n' || !*s) {
      p = s + strcspn(s, "\n");
      continue;
    }
    if (n == MANIFEST_MAX) {
      snprintf(err, errlen, "%s:%d: more than %d files", path, line, MANIFEST_MAX);
      return -1;
    }
    manifest_entry *m = &e[n];
    const char *q = s;
    const int bad = word(&q, m->tmpl, sizeof m->tmpl) || word(&q, m->dest, sizeof m->dest);
    const char rest = bad ? 0 : q[strspn(q, " \t")];
    if (bad || (rest && rest != '\n')) {
      snprintf(err, errlen, "%s:%d: expected `TEMPLATE DESTINATION`", path, line);
      return -1;
    }
    if (strchr(m->tmpl, '/') || m->dest[0] == '/' || strstr(m->dest, "..")) {
      snprintf(err, errlen, "%s:%d: a template is a file of the template folder, a destination a path below the tree", path, line);
      return -1;
    }
    m->line = line;
    n++;
    p = q + strcspn(q, "\n");
  }
  return n;
}
