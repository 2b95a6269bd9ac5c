// stats_verdicts.c — `stats verdicts DIR`: the closing summary of a run, one line per comparison
// of each DIR/*/compare.csv (its columns found by name; fields plain, as stats compare writes
// them), then the rows counted per verdict, in the order the verdicts first appear.
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samples/samples.h"
#include "stats_cli.h"

enum { NCOL = 7, FIELD = 256, MAXV = 16 };
static const char *const cols[NCOL] = {"cand", "base", "shape", "speedup", "speedup_lo", "speedup_hi", "verdict"};

typedef struct {
  char name[MAXV][FIELD];
  size_t count[MAXV], n;
} tally_t;

static void tally(tally_t *t, const char *v) {
  size_t i = 0;
  while (i < t->n && strcmp(t->name[i], v)) i++;
  if (i == t->n) {
    if (t->n == MAXV) return;
    snprintf(t->name[t->n++], FIELD, "%s", v);
  }
  t->count[i]++;
}

// a field as a number the way awk reads one: its leading number, else 0
static double num(const char *s) { return strtod(s, NULL); }

static void line_of(FILE *out, char f[][FIELD]) {
  fprintf(out, "  %-14s vs %-14s %-22s %7.3fx [%6.3f, %6.3f]  %s\n", f[0], f[1], f[2], num(f[3]), num(f[4]),
          num(f[5]), f[6]);
}

// the lines of one compare.csv; 0, or 2 after a message
static int one(const char *path) {
  FILE *in = fopen(path, "r");
  if (!in) {
    fprintf(stderr, "stats: %s: cannot read\n", path);
    return 2;
  }
  printf("verdicts: %s\n", path);
  char *line = NULL;
  size_t cap = 0, col[NCOL] = {0};
  tally_t t = {.n = 0};
  for (int first = 1; getline(&line, &cap, in) > 0; first = 0) {
    line[strcspn(line, "\r\n")] = 0;
    if (first) {
      for (int c = 0; c < NCOL; c++) col[c] = samples_csv_column(line, cols[c]);
      continue;
    }
    char f[NCOL][FIELD];
    for (int c = 0; c < NCOL; c++) samples_csv_field(line, col[c], f[c], FIELD);
    line_of(stdout, f);
    tally(&t, f[6]);
  }
  free(line);
  fclose(in);
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
