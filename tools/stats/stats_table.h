// stats_table.h — a CSV table a stats command wrote (compare.csv, reproduce-*.csv) read back row
// by row, its columns found by name, for the lines that summarize it. Fields are taken plain
// (split at every comma; the columns read here hold none), at most STATS_FIELD - 1 bytes each; a
// column the header lacks reads empty.
#pragma once
#include <stddef.h>

enum { STATS_FIELD = 256 };

// FN(CTX, F) for each row after PATH's first line (the header), F[i] the field of column
// COLS[i]. The number of rows, or -1 when PATH cannot be read.
long stats_table_rows(const char *path, const char *const cols[], size_t ncols,
                      void (*fn)(void *ctx, char f[][STATS_FIELD]), void *ctx);
