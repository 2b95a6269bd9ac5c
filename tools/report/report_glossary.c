// report_glossary.c — the glossary, a table of section A.2 in both documents (reports/glossary.csv;
// words: reports/templates/glossary.txt): every term without a problem, and a problem's rows when an
// experiment of that problem is in the appendix (report_problem.h), so that no problem's words
// reach another problem's appendix.
#include "report_sections.h"

#include "report_static.h"
#include "report_tmpl.h"

void glossary_table(gen *g) {
  rcsv t;
  static const char *const need[] = {"term", "problem", "meaning", NULL};
  int x[3];
  static_csv(g, "glossary.csv", &t, need, x);
  int open = 0;
  for (size_t r = 0; r < t.nrows; r++) {
    const char *p = rcsv_get(&t, r, x[1]);
    if (*p && !strlist_has(&g->problems, p)) continue;
    if (!open++) tmpl_table(g, "glossary", "caption", "columns", "lp", NULL);
    const char *term = *p ? tmpl_str(g, "glossary", "term-of", (const char *const[]){"term", rcsv_get(&t, r, x[0]), "problem", p, NULL})
                          : rcsv_get(&t, r, x[0]);
    doc_row(&g->d, (const char *const[]){term, rcsv_get(&t, r, x[2]), NULL});
  }
  if (open) doc_table_end(&g->d);
  rcsv_free(&t);
}
