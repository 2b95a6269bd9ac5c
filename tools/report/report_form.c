// report_form.c — see report_form.h.
#include "report_form.h"

#include "report_tmpl.h"

int form_full(const gen *g) {
  return g->full;
}

void form_see_full(gen *g, int level, const char *what) {
  if (g->full) return;
  tmpl_put(g, "form", "see-full",
           (const char *const[]){"sec", doc_secnum(&g->d, level), "what", tmpl_str(g, "form", what, NULL), NULL});
}
