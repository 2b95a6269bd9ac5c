// stats_verdicts.c — `stats verdicts DIR`: the closing summary of a run, one line per comparison
// of each DIR/*/compare.csv (its columns found by name; fields plain, as stats compare writes
// them), then the rows counted per verdict, in the order the verdicts first appear.
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats_cli.h"
#include "stats_table.h"

enum { NCOL = 7, MAXV = 16 };
static const char *const cols[NCOL] = {"cand", "base", "shape", "speedup", "speedup_lo", "speedup_hi", "verdict"};

typedef struct {
  char name[MAXV][STATS_FIELD];
  size_t count[MAXV], n;
} tally_t;

// a row's line, and its verdict counted
static void line_of(void *ctx, char f[][STATS_FIELD]) {
  tally_t *t = ctx;
  // (numbers as awk reads them: a field's leading number, else 0)
  printf("  %-14s vs %-14s %-22s %7.3fx [%6.3f, %6.3f]  %s\n", f[0], f[1], f[2], strtod(f[3], NULL),
         strtod(f[4], NULL), strtod(f[5], NULL), f[6]);
  size_t i = 0;
  while (i < t->n && strcmp(t->name[i], f[6])) i++;
  if (i == t->n) {
    if (t->n == MAXV) return;
    snprintf(t->name[t->n++], STATS_FIELD, "%s", f[6]);
  }
  t->count[i]++;
}

// the lines of one compare.csv; 0, or 2 after a message
static int one(const char *path) {
  printf("verdicts: %s\n", path);
  tally_t t = {.n = 0};
  if (stats_table_rows(path, cols, NCOL, line_of, &t) < 0) {
    fflush(stdout);
    fprintf(stderr, "stats: %s: cannot read\n", path);
    return 2;
  }
  printf("  totals:");
  for (size_t i = 0; i < t.n; i++) printf(" %s %zu", t.name[i], t.count[i]);
  printf("\n");
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
