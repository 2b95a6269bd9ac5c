// report_static.c — the small CSV tables of reports/ (report_static.h).
#include "report_static.h"

#include <stdio.h>
#include <string.h>

void static_csv(gen *g, const char *file, rcsv *t, const char *const need[], int ix[]) {
  char p[4096];
  snprintf(p, sizeof p, "%s/%s", g->stat, file);
  if (rcsv_read(p, t, g->err, sizeof g->err) || rcsv_need(t, need, ix, g->err, sizeof g->err)) gen_die(g);
}

long static_row(const rcsv *t, int kcol, const char *key) {
  long r = -1;
  for (size_t i = 0; i < t->nrows; i++)
    if (!strcmp(rcsv_get(t, i, kcol), key)) r = (long)i;
  return r;
}
