// report_rules.c — the section on the twelve rules of Hoefler & Belli: each rule in short form
// and where the appendix meets it (reports/rules.csv), after the text of
// reports/templates/rules.txt.
#include "report_form.h"
#include "report_static.h"
#include "report_tmpl.h"

void rules_section(gen *g) {
  rcsv t;
  static const char *const need[] = {"rule", "summary", "where", NULL};
  int x[3];
  static_csv(g, "rules.csv", &t, need, x);
  tmpl_put(g, "rules", "head", NULL);
  if (!form_full(g)) {
    form_see_full(g, 1, "what-rules");
    rcsv_free(&t);
    return;
  }
  tmpl_put(g, "rules", "intro", NULL);
  tmpl_table(g, "rules", "caption-rules", "columns-rules", "rpp", NULL);
  for (size_t r = 0; r < t.nrows; r++)
    doc_row(&g->d, (const char *const[]){rcsv_get(&t, r, x[0]), rcsv_get(&t, r, x[1]), rcsv_get(&t, r, x[2])});
  doc_table_end(&g->d);
  rcsv_free(&t);
}
