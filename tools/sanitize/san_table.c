// san_table.c — see san_table.h.
#include "sanitize/san_table.h"

void san_table_head(FILE *o, const char *exp, const char *git_rev, const char *slug, time_t t, const strv *tools,
                    const strv *want_of) {
  struct tm tm;
  char date[32];
  gmtime_r(&t, &tm);
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
  fprintf(o, "# cudadent42 sanitize v1\n# experiment: %s\n# git_rev: %s\n# gpu_slug: %s\n# date: %s\n# tools:", exp, git_rev, slug,
          date);
  for (size_t i = 0; i < tools->n; i++) fprintf(o, " %s", tools->s[i]);
  for (size_t i = 0; i < tools->n && i < want_of->n; i++) {
    strv w = strv_words(want_of->s[i]);
    if (w.n) fprintf(o, "\n# shapes.%s:", tools->s[i]);
    for (size_t k = 0; k < w.n; k++) fprintf(o, " %s", w.s[k]);
    strv_free(&w);
  }
  fputs("\nvariant,tool,shapes,result,errors,first_message\n", o);
}

void san_table_row(FILE *o, const char *v, const char *tool, size_t nshapes, const san_result *r) {
  fprintf(o, "%s,%s,%zu,%s,%ld,\"%s\"\n", v, tool, nshapes, r->clean ? "clean" : "error", r->errors, r->msg);
}
