// report_rules.c — the section on the twelve rules of Hoefler & Belli: each rule in short form
// and where the appendix meets it (reports/rules.csv), after the text of
// reports/templates/rules.txt.
#include <stdio.h>

#include "report_ctx.h"
#include "report_tmpl.h"

void rules_section(gen *g) {
  char p[4096];
  snprintf(p, sizeof p, "%s/rules.csv", g->stat);
  rcsv t;
  if (rcsv_read(p, &t, g->err, sizeof g->err)) gen_die(g);
  static const char *const need[] = {"rule", "summary", "where", NULL};
  int x[3];
  if (rcsv_need(&t, need, x, g->err, sizeof g->err)) gen_die(g);
  tmpl_put(g, "rules", "intro", NULL);
  doc_table(&g->d, "The twelve rules and where this appendix meets them.", "rpp",
            (const char *const[]){"Rule", "Hoefler & Belli (short form)", "Where and how it is met here"});
  for (size_t r = 0; r < t.nrows; r++)
    doc_row(&g->d, (const char *const[]){rcsv_get(&t, r, x[0]), rcsv_get(&t, r, x[1]), rcsv_get(&t, r, x[2])});
  doc_table_end(&g->d);
  rcsv_free(&t);
}
