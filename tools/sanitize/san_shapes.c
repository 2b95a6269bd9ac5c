// san_shapes.c — see san_shapes.h.
#include "sanitize/san_shapes.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

// whether TEXT has a line equal to S
static int has_line(const char *text, const char *s) {
  size_t n = strlen(s);
  for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l))
    if (!strncmp(l, s, n) && (l[n] == '\n' || !l[n])) return 1;
  return 0;
}

typedef struct {
  double bytes;  // -INFINITY: not a number (sorts first, as sort -g does)
  char *shape;
} sized;

// the shapes of DESCRIBE with a bytes= value, in its order, into *v (*n of them)
static sized *with_bytes(const char *describe, size_t *n) {
  sized *v = NULL;
  *n = 0;
  for (const char *l = describe; l && *l; ) {
    size_t len = strcspn(l, "\n");
    char *line = run_fmt("%.*s", (int)len, l);
    strv w = strv_words(line);
    const char *b = NULL;
    for (size_t i = 0; i < w.n; i++)
      if (!strncmp(w.s[i], "bytes=", 6)) b = w.s[i] + 6;
    if (b && *b) {
      char *end;
      double x = strtod(b, &end);
      v = realloc(v, (*n + 1) * sizeof *v);
      if (!v) run_die("out of memory");
      v[*n].bytes = end == b ? -INFINITY : x;
      v[*n].shape = run_strdup(strlen(w.s[0]) > 6 ? w.s[0] + 6 : "");
      ++*n;
    }
    strv_free(&w);
    free(line);
    l += len + (l[len] == '\n');
  }
  return v;
}

void san_shapes(const char *want, const char *shapes, const char *describe, unsigned count, strv *out) {
  memset(out, 0, sizeof *out);
  strv w = strv_words(want ? want : "");
  for (size_t i = 0; i < w.n; i++)
    if (has_line(shapes, w.s[i])) strv_push(out, w.s[i]);
  strv_free(&w);
  if (out->n) return;
  size_t n;
  sized *v = with_bytes(describe, &n);
  for (size_t i = 1; i < n; i++)  // (insertion sort: stable)
    for (size_t j = i; j > 0 && v[j].bytes < v[j - 1].bytes; j--) {
      sized t = v[j];
      v[j] = v[j - 1], v[j - 1] = t;
    }
  for (size_t i = 0; i < n; i++) {
    if (i < count) strv_push(out, v[i].shape);
    free(v[i].shape);
  }
  free(v);
}
