// stats_verdicts.c — `stats verdicts DIR`: the closing summary of a run, one line per comparison
// of each DIR/*/compare.csv (its columns found by name, csv/csv_table.h; an empty file is a table
// of no rows), then the rows counted per verdict, in the order the verdicts first appear.
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv/csv_table.h"
#include "stats_cli.h"

enum { NCOL = 7, MAXV = 16 };
static const char *const cols[NCOL] = {"cand", "base", "shape", "speedup", "speedup_lo", "speedup_hi", "verdict"};

// the lines of one compare.csv; 0, or 2 after a message
static int one(const char *path) {
  printf("verdicts: %s\n", path);
  rcsv t;
  char err[512];
  if (rcsv_read_flags(path, RCSV_EMPTY_OK, &t, err, sizeof err)) {
    fflush(stdout);
    fprintf(stderr, "stats: %s\n", err);
    return 2;
  }
  int c[NCOL];
  for (int i = 0; i < NCOL; i++) c[i] = rcsv_col(&t, cols[i]);
  const char *name[MAXV];
  size_t count[MAXV], n = 0;
  for (size_t r = 0; r < t.nrows; r++) {
    const char *v = rcsv_get(&t, r, c[6]);
    // (numbers as awk reads them: a field's leading number, else 0)
    printf("  %-14s vs %-14s %-22s %7.3fx [%6.3f, %6.3f]  %s\n", rcsv_get(&t, r, c[0]), rcsv_get(&t, r, c[1]),
           rcsv_get(&t, r, c[2]), strtod(rcsv_get(&t, r, c[3]), NULL), strtod(rcsv_get(&t, r, c[4]), NULL),
           strtod(rcsv_get(&t, r, c[5]), NULL), v);
    size_t i = 0;
    while (i < n && strcmp(name[i], v)) i++;
    if (i == n) {
      if (n == MAXV) continue;
      name[n] = v, count[n++] = 0;
    }
    count[i]++;
  }
  printf("  totals:");
  for (size_t i = 0; i < n; i++) printf(" %s %zu", name[i], count[i]);
  printf("\n");
  rcsv_free(&t);
  return 0;
}

int stats_verdicts(const char *dir) {
  char *pat = malloc(strlen(dir) + sizeof "/*/compare.csv");
  if (!pat) return 2;
  sprintf(pat, "%s/*/compare.csv", dir);
  glob_t g;
  int rc = 0, found = 0;
  if (glob(pat, 0, NULL, &g) == 0) {
    for (size_t i = 0; i < g.gl_pathc && !rc; i++, found = 1) rc = one(g.gl_pathv[i]);
    globfree(&g);
  }
  if (!found && !rc) printf("verdicts: no compare.csv under %s\n", dir);
  free(pat);
  return fflush(stdout) == 0 ? rc : 2;
}
