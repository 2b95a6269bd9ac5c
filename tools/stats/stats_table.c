// stats_table.c — see stats_table.h.
#include "stats_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samples/samples.h"

long stats_table_rows(const char *path, const char *const cols[], size_t ncols,
                      void (*fn)(void *ctx, char f[][STATS_FIELD]), void *ctx) {
  FILE *in = fopen(path, "r");
  if (!in) return -1;
  char *line = NULL, (*f)[STATS_FIELD] = calloc(ncols ? ncols : 1, sizeof *f);
  size_t cap = 0, *col = calloc(ncols ? ncols : 1, sizeof *col);
  long rows = 0;
  if (!f || !col) rows = -1;
  for (int first = 1; rows >= 0 && getline(&line, &cap, in) > 0; first = 0) {
    line[strcspn(line, "\r\n")] = 0;
    for (size_t c = 0; c < ncols; c++) {
      if (first) col[c] = samples_csv_column(line, cols[c]);
      else samples_csv_field(line, col[c], f[c], STATS_FIELD);
    }
    if (!first) fn(ctx, f), rows++;
  }
  free(line), free(f), free(col);
  fclose(in);
  return rows;
}
