// report_form.c — see report_form.h.
#include "report_form.h"

#include <string.h>

#include "report_tmpl.h"

int form_full(const gen *g) {
  return g->full;
}

void form_see_full(gen *g, int level, const char *what) {
  if (g->full) return;
  for (size_t i = 0; i < g->pointed.n; i++)
    if (!strcmp(g->pointed.v[i], what)) {  // said once (each experiment's parts): where it was said
      tmpl_put(g, "form", "see-full-again",
               (const char *const[]){"sec", doc_secnum(&g->d, level), "first", g->pointed_at.v[i], NULL});
      return;
    }
  strlist_add(&g->pointed, what);
  strlist_add(&g->pointed_at, doc_secnum(&g->d, level));
  tmpl_put(g, "form", "see-full",
           (const char *const[]){"sec", doc_secnum(&g->d, level), "what", tmpl_str(g, "form", what, NULL), NULL});
}
