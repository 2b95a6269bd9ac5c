// slurp.c — see slurp.h.
#include "slurp.h"

#include <stdio.h>
#include <stdlib.h>

int slurp(const char *path, char **buf, size_t *len) {
  *buf = NULL;
  *len = 0;
  FILE *in = fopen(path, "rb");
  if (!in) return SLURP_OPEN;
  size_t cap = 1 << 12, n = 0;
  char *b = malloc(cap + 1);
  for (size_t got; b && (got = fread(b + n, 1, cap - n, in)) > 0;)
    if ((n += got) == cap) {
      char *w = realloc(b, (cap *= 2) + 1);
      if (!w) free(b);
      b = w;
    }
  const int bad = ferror(in);
  fclose(in);
  if (!b) return SLURP_NOMEM;
  if (bad) {
    free(b);
    return SLURP_READ;
  }
  b[n] = 0;
  *buf = b;
  *len = n;
  return SLURP_OK;
}
