// report_rules.c — the section on the twelve rules of Hoefler & Belli: each rule in short form
// and where the appendix meets it (reports/rules.csv), after the text of
// reports/templates/rules.txt; a rule's row for a problem (report_problem.h) adds to where it is met
// when an experiment of that problem is in the appendix; `{shown}` in a `where` becomes what the
// results showed (report_shown.h).
#include <string.h>

#include "report_form.h"
#include "report_shown.h"
#include "report_static.h"
#include "report_tmpl.h"

void rules_section(gen *g) {
  rcsv t;
  static const char *const need[] = {"rule", "problem", "summary", "where", NULL};
  int x[4];
  static_csv(g, "rules.csv", &t, need, x);
  if (!form_full(g)) {  // the main appendix names this section in its opening; its number is kept
    doc_skip(&g->d, 1);
    rcsv_free(&t);
    return;
  }
  tmpl_put(g, "rules", "head", NULL);
  tmpl_put(g, "rules", "intro", NULL);
  tmpl_table(g, "rules", "caption-rules", "columns-rules", "rpp", NULL);
  for (size_t r = 0; r < t.nrows; r++) {
    const char *rule = rcsv_get(&t, r, x[0]);
    if (*rcsv_get(&t, r, x[1])) continue;
    const char *where = rcsv_get(&t, r, x[3]);
    for (size_t a = 0; a < t.nrows; a++) // what the problems of the appendix add to the rule
      if (!strcmp(rcsv_get(&t, a, x[0]), rule) && strlist_has(&g->problems, rcsv_get(&t, a, x[1])))
        where = fmt("%s %s", where, rcsv_get(&t, a, x[3]));
    const char *at = strstr(where, "{shown}"); // what the results showed (report_shown.h)
    if (at) where = fmt("%.*s%s%s", (int)(at - where), where, shown_sentence(g), at + strlen("{shown}"));
    doc_row(&g->d, (const char *const[]){rule, rcsv_get(&t, r, x[2]), where});
  }
  doc_table_end(&g->d);
  rcsv_free(&t);
}
