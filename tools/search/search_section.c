// search_section.c — the appendix section on the search strategies: a table of the
// evaluations each strategy needed to come within 5% of the best of a recorded sweep, and the
// best-so-far plot, as a LaTeX fragment and a Markdown fragment.
//
//   search_section --tex OUT.tex --md OUT.md [--plot-tex PATH]... [--plot-md PATH]... STRATEGIES.csv...
//
// STRATEGIES.csv: `search replay` output, header strategy,shape,median_evals,q1_evals,q3_evals,
// seeds (one file per experiment, e.g. build/sweep/strategies.csv). For each shape, the
// sentence compares lhs+tpe with random search: "needs N evaluations (median) against M:
// X% fewer" (or more). --plot-* name the figure (search.pdf for LaTeX, search.png for Markdown)
// as the document should reference them (repeatable, at most 8 each). Exit 0, or 2 on usage or input errors (file:line).
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXROWS = 256 };
typedef struct {
  char strategy[32], shape[64];
  double med, q1, q3;
  long seeds;
} row_t;

static row_t rows[MAXROWS];
static size_t nrows;

static int numf(const char *s, double *x) {
  char *end;
  errno = 0;
  *x = strtod(s, &end);
  return end != s && !*end && !errno && isfinite(*x);
}

static int load(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return fprintf(stderr, "search_section: %s: %s\n", path, strerror(errno)), 2;
  char line[1024];
  long ln = 0;
  while (fgets(line, sizeof line, f)) {
    ln++;
    line[strcspn(line, "\r\n")] = 0;
    if (ln == 1) {
      if (strcmp(line, "strategy,shape,median_evals,q1_evals,q3_evals,seeds")) {
        fclose(f);
        return fprintf(stderr, "search_section: %s:1: not a strategies file\n", path), 2;
      }
      continue;
    }
    char *c[6], *p = line;
    int n = 0;
    for (; p && n < 6; n++) {
      c[n] = p;
      if ((p = strchr(p, ','))) *p++ = 0;
    }
    row_t *r = &rows[nrows];
    double s;
    if (n != 6 || p || nrows == MAXROWS || strlen(c[0]) >= sizeof r->strategy || strlen(c[1]) >= sizeof r->shape ||
        !numf(c[2], &r->med) || !numf(c[3], &r->q1) || !numf(c[4], &r->q3) || !numf(c[5], &s)) {
      fclose(f);
      return fprintf(stderr, "search_section: %s:%ld: want strategy,shape and four numbers\n", path, ln), 2;
    }
    strcpy(r->strategy, c[0]);
    strcpy(r->shape, c[1]);
    r->seeds = (long)s;
    nrows++;
  }
  fclose(f);
  return 0;
}

static void tex_str(FILE *f, const char *s) {
  for (; *s; s++)
    if (*s == '_' || *s == '%' || *s == '&' || *s == '#') fprintf(f, "\\%c", *s);
    else fputc(*s, f);
}

static const row_t *find(const char *shape, const char *strategy) {
  for (size_t i = 0; i < nrows; i++)
    if (!strcmp(rows[i].shape, shape) && !strcmp(rows[i].strategy, strategy)) return &rows[i];
  return NULL;
}

// The comparison sentence of a shape into buf (plain text); 0 when a strategy is missing.
static int verdict(const char *shape, char *buf, size_t len) {
  const row_t *t = find(shape, "lhs+tpe"), *r = find(shape, "random");
  if (!t || !r) return 0;
  double d = (r->med - t->med) / r->med * 100;
  snprintf(buf, len, "LHS+TPE needs %.4g evaluations (median over %ld seeds) against %.4g for random search: %.0f%% %s",
           t->med, t->seeds, r->med, fabs(d), d >= 0 ? "fewer" : "more");
  return 1;
}

int main(int argc, char **argv) {
  const char *tex = NULL, *md = NULL, *ptex[8], *pmd[8];
  int i = 1, nptex = 0, npmd = 0;
  for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
    if (!strcmp(argv[i], "--tex")) tex = argv[i + 1];
    else if (!strcmp(argv[i], "--md")) md = argv[i + 1];
    else if (!strcmp(argv[i], "--plot-tex") && nptex < 8) ptex[nptex++] = argv[i + 1];
    else if (!strcmp(argv[i], "--plot-md") && npmd < 8) pmd[npmd++] = argv[i + 1];
    else return fprintf(stderr, "search_section: unknown option '%s'\n", argv[i]), 2;
  }
  if (!tex || !md || i >= argc) {
    fprintf(stderr, "usage: search_section --tex OUT.tex --md OUT.md [--plot-tex P] [--plot-md P] CSV...\n");
    return 2;
  }
  for (; i < argc; i++)
    if (load(argv[i])) return 2;
  FILE *ft = fopen(tex, "w"), *fm = fopen(md, "w");
  if (!ft || !fm) return fprintf(stderr, "search_section: cannot write %s\n", !ft ? tex : md), 2;
  fprintf(ft, "\\section{Search strategies on the recorded sweep}\n\\label{sec:search}\n"
              "Each strategy was replayed on the exhaustive measurement of the tile space: a trial is "
              "answered by the recorded median, gated configurations count as evaluations. The table gives "
              "the evaluations needed to come within 5\\%% of the best configuration (median and quartiles over "
              "seeds).\n\n\\begin{center}\\small\n\\begin{tabular}{llrrrr}\n\\hline\n"
              "strategy & shape & median & $q_1$ & $q_3$ & seeds \\\\\n\\hline\n");
  fprintf(fm, "## Search strategies on the recorded sweep\n\nEach strategy was replayed on the exhaustive "
              "measurement of the tile space: a trial is answered by the recorded median, gated configurations "
              "count as evaluations. Evaluations needed to come within 5%% of the best configuration (median and "
              "quartiles over seeds):\n\n| strategy | shape | median | q1 | q3 | seeds |\n|---|---|---:|---:|---:|---:|\n");
  for (size_t k = 0; k < nrows; k++) {
    const row_t *r = &rows[k];
    tex_str(ft, r->strategy);
    fprintf(ft, " & \\texttt{");
    tex_str(ft, r->shape);
    fprintf(ft, "} & %.4g & %.4g & %.4g & %ld \\\\\n", r->med, r->q1, r->q3, r->seeds);
    fprintf(fm, "| %s | `%s` | %.4g | %.4g | %.4g | %ld |\n", r->strategy, r->shape, r->med, r->q1, r->q3, r->seeds);
  }
  fprintf(ft, "\\hline\n\\end{tabular}\n\\end{center}\n\n");
  fprintf(fm, "\n");
  char buf[512];
  for (size_t k = 0; k < nrows; k++) {
    size_t j = 0;
    while (j < k && strcmp(rows[j].shape, rows[k].shape)) j++;
    if (j < k || !verdict(rows[k].shape, buf, sizeof buf)) continue;
    fprintf(ft, "At \\texttt{");
    tex_str(ft, rows[k].shape);
    fprintf(ft, "}: ");
    tex_str(ft, buf);
    fprintf(ft, ".\n\n");
    fprintf(fm, "At `%s`: %s.\n\n", rows[k].shape, buf);
  }
  for (int k = 0; k < nptex; k++)
    fprintf(ft, "\\begin{figure}[ht]\\centering\n\\includegraphics[width=0.8\\linewidth]{%s}\n"
                "\\caption{Best latency found so far over the true best, against trials: median over seeds "
                "and interquartile band per strategy; dashed: within 5\\%%.}\n\\end{figure}\n", ptex[k]);
  for (int k = 0; k < npmd; k++) fprintf(fm, "![best so far over the true best, per strategy](%s)\n\n", pmd[k]);
  if (fclose(ft) | fclose(fm)) return fprintf(stderr, "search_section: write failed\n"), 2;
  return 0;
}
