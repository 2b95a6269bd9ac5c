// report_tmpl.c — the templates of reports/templates/ in report_gen: a part read and filled
// (report_tmplread.c), handed back, rendered or made a table's caption and headers (syntax in
// report_tmpl.h).
#include "report_tmpl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_tmplread.h"

// the part as tmpl_read gives it; *at the line of its `[part]`; dies on an error
static char *part_text(gen *g, const char *name, const char *part, const char *const vars[], long *at) {
  char *s = tmpl_read(g->stat, name, part, vars, at, g->err, sizeof g->err);
  if (!s) gen_die(g);
  return s;
}

char *tmpl_text(gen *g, const char *name, const char *part, const char *const vars[]) {
  long at;
  return part_text(g, name, part, vars, &at);
}

const char *tmpl_str(gen *g, const char *name, const char *part, const char *const vars[]) {
  char *s = tmpl_one_line(tmpl_text(g, name, part, vars));
  const char *r = fmt("%s", s);
  free(s);
  return r;
}

void tmpl_put(gen *g, const char *name, const char *part, const char *const vars[]) {
  char *s = tmpl_text(g, name, part, vars);
  doc_render(&g->d, s);
  free(s);
}

void tmpl_table(gen *g, const char *name, const char *caption, const char *head, const char *align,
                const char *const vars[]) {
  size_t ncol = 0;
  for (const char *a = align; *a; a++) ncol += *a < '0' || *a > '9';
  long at = 0;
  char *cap = tmpl_one_line(tmpl_text(g, name, caption, vars)), *h = tmpl_one_line(part_text(g, name, head, vars, &at));
  const char **cols = calloc(ncol + 1, sizeof *cols);
  if (!cols) abort();
  size_t n = 0;
  for (char *c = h, *e; c; c = e) {
    e = strchr(c, '|');
    if (e) *e++ = '\0';
    while (*c == ' ') c++;
    for (size_t k = strlen(c); k && c[k - 1] == ' '; k--) c[k - 1] = '\0';
    if (n < ncol) cols[n] = c;
    n++;
  }
  if (n != ncol) {
    snprintf(g->err, sizeof g->err, "%s/templates/%s.txt:%ld: [%s] names %zu column headers, the table has %zu",
             g->stat, name, at, head, n, ncol);
    gen_die(g);
  }
  doc_table(&g->d, cap, align, cols);
  free(cols);
  free(h);
  free(cap);
}
