// report_problem.c — the problems of the appendix and their own words (report_problem.h).
#include "report_problem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_tmpl.h"
#include "report_tmplread.h"

const char *problem_of(const expvars *e) {
  const char *k = e->kernel ? e->kernel : "", *s = strchr(k, '/');
  return s ? fmt("%.*s", (int)(s - k), k) : "";
}

void problems_init(gen *g, const expvars *evs, size_t n) {
  for (size_t e = 0; e < n; e++) {
    const char *p = problem_of(&evs[e]);
    if (*p && !strlist_has(&g->problems, p)) strlist_add(&g->problems, p);
  }
  strlist_sort(&g->problems);
}

// 1 when PROBLEM has a template of its own
static int has_template(gen *g, const char *problem) {
  char p[4096];
  snprintf(p, sizeof p, "%s/templates/problem-%s.txt", g->stat, problem);
  FILE *f = fopen(p, "r");
  if (f) fclose(f);
  return f != NULL;
}

const char *problem_one(gen *g, const char *problem, const char *part, const char *const vars[], const char *dflt) {
  if (!*problem || !has_template(g, problem)) return dflt;
  char *s = tmpl_text(g, fmt("problem-%s", problem), part, vars);
  const char *r = fmt("%s", tmpl_one_line(s));
  free(s);
  return r;
}

const char *problem_text(gen *g, const char *part, const char *const vars[]) {
  const char *r = "";
  for (size_t k = 0; k < g->problems.n; k++) r = fmt("%s%s", r, problem_one(g, g->problems.v[k], part, vars, ""));
  return r;
}
