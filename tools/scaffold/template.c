// template.c — see template.h.
#include "template.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The length of the placeholder word at p ('@', upper-case letters, '@'), 0 when p starts none.
static size_t placeholder(const char *p) {
  size_t n = 1;
  while (p[n] >= 'A' && p[n] <= 'Z') n++;
  return n > 1 && p[n] == '@' ? n + 1 : 0;
}

char *template_fill(const char *in, const template_values *v, const char *where, char *err, size_t errlen) {
  const size_t vmax = strlen(v->name) > strlen(v->tag) ? strlen(v->name) : strlen(v->tag);
  char *out = malloc(strlen(in) * (vmax + 1) + 1), *o = out;  // each byte replaced at most once
  if (!out) {
    snprintf(err, errlen, "%s: out of memory", where);
    return NULL;
  }
  int line = 1;
  for (const char *p = in; *p;) {
    const size_t n = *p == '@' ? placeholder(p) : 0;
    const char *val = !n ? NULL : n == 6 && !strncmp(p, "@NAME@", 6) ? v->name : n == 5 && !strncmp(p, "@TAG@", 5) ? v->tag : "";
    if (n && !*val) {
      snprintf(err, errlen, "%s:%d: unknown placeholder %.*s (@NAME@ and @TAG@ are filled)", where, line, (int)n, p);
      free(out);
      return NULL;
    }
    if (!n) {
      line += *p == '\n';
      *o++ = *p++;
      continue;
    }
    o += sprintf(o, "%s", val);
    p += n;
  }
  *o = 0;
  return out;
}
