// report_fmt.c — the appendix's number and list formats (report_fmt.h).
#include "report_fmt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_doc.h"

static const char *none_word = "", *none_list_word = "";

void fmt_words(const char *none, const char *none_list) {
  none_word = none, none_list_word = none_list;
}

const char *fmt_none(void) {
  return none_word;
}

const char *gen_list(const strlist *l) {
  if (!l->n) return none_list_word;
  char b[512] = "";
  size_t used = 0, i = 0;
  for (; i < l->n && used + strlen(l->v[i]) + 4 < 440; i++)
    used += (size_t)snprintf(b + used, sizeof b - used, "%s`%s`", i ? ", " : "", l->v[i]);
  if (i < l->n) snprintf(b + used, sizeof b - used, "%s… (%zu in all)", i ? ", " : "", l->n); // never cut silently
  return fmt("%s", b);
}

// every item, each between q and q (q "" or "`"), joined by sep
static const char *join_quoted(const strlist *l, const char *sep, const char *q) {
  size_t len = 1;
  for (size_t i = 0; i < l->n; i++) len += strlen(l->v[i]) + strlen(sep) + 2 * strlen(q);
  char *b = malloc(len);
  if (!b) abort();
  size_t used = 0;
  b[0] = 0;
  for (size_t i = 0; i < l->n; i++)
    used += (size_t)snprintf(b + used, len - used, "%s%s%s%s", i ? sep : "", q, l->v[i], q);
  const char *r = fmt("%s", b);
  free(b);
  return r;
}

const char *gen_join(const strlist *l, const char *sep) { return join_quoted(l, sep, ""); }
const char *gen_join_code(const strlist *l, const char *sep) { return join_quoted(l, sep, "`"); }

const char *num(double x) {
  if (!isfinite(x)) return none_word;
  if (fabs(x) >= 1e4) return fmt("%.0f", x);
  if (fabs(x) >= 1000) return fmt("%.0f", x);
  return fmt("%#.4g", x);
}

const char *num3(double x) {
  if (!isfinite(x)) return none_word;
  if (fabs(x) >= 100) return fmt("%.0f", x);
  return fmt("%#.3g", x);
}

const char *ufmt(double u) {
  if (!isfinite(u)) return none_word;
  return fmt(u == floor(u) ? "%.0f" : "%.1f", u);
}

const char *ci(double m, double lo, double hi) {
  return fmt("%s [%s, %s]", num(m), num(lo), num(hi));
}

const char *xfmt(double x) {
  if (!isfinite(x)) return none_word;
  return fmt(x >= 100 ? "%.0f×" : x >= 10 ? "%.1f×" : x >= 0.01 ? "%.3f×" : "%.2g×", x);
}

const char *xci(double s, double lo, double hi) {
  int dec = s >= 100 ? 0 : s >= 10 ? 1 : 3;
  if (!isfinite(s) || s < 0.01) return fmt("%s [%s, %s]", xfmt(s), num3(lo), num3(hi));
  return fmt("%s [%s, %s]", xfmt(s), isfinite(lo) ? fmt("%.*f", dec, lo) : none_word,
             isfinite(hi) ? fmt("%.*f", dec, hi) : none_word);
}

const char *pfmt(double p) {
  if (!isfinite(p)) return none_word;
  if (p < 1e-4) return fmt("%.1e", p);
  return fmt("%.2g", p);
}
