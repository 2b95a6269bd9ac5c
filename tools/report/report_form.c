// report_form.c — see report_form.h.
#include "report_form.h"

#include "report_tmpl.h"

int form_full(const gen *g) {
  return g->full;
}

void form_see_full(gen *g, int level, const char *what) {
  if (g->full) return;
  if (strlist_has(&g->pointed, what)) {  // said once (each experiment's pointer): the section alone
    tmpl_put(g, "form", "see-full-again", (const char *const[]){"sec", doc_secnum(&g->d, level), NULL});
    return;
  }
  strlist_add(&g->pointed, what);
  tmpl_put(g, "form", "see-full",
           (const char *const[]){"sec", doc_secnum(&g->d, level), "what", tmpl_str(g, "form", what, NULL), NULL});
}
