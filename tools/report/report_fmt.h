// report_fmt.h — how the appendix writes numbers and lists: significant digits, intervals,
// speedups, p-values. Each returns a string of report_doc's rotating buffers (fmt).
#pragma once
#include "report_vars.h"

// the words for a missing value ("—") and an empty list ("none"), from reports/templates/words.txt
// (report_words.c: words_init); "" until set
void fmt_words(const char *none, const char *none_list);
const char *fmt_none(void);
const char *gen_list(const strlist *l);
const char *gen_join(const strlist *l, const char *sep); // the items as they are, joined by sep          // "`a`, `b`", "`a`, … (N in all)" when long, or "none"
const char *gen_join_code(const strlist *l, const char *sep); // every item as code (`a`, `b`), none left out
const char *num(double x);                       // 4 significant digits, no exponent ≥ 1
const char *num3(double x);                      // 3 significant digits (CI bounds of ratios)
const char *ufmt(double u);                      // U statistic: integer or one decimal
const char *ci(double m, double lo, double hi);  // "m [lo, hi]"
const char *xfmt(double x);                      // speedup "1.23×"
const char *xci(double s, double lo, double hi); // "1.305× [1.300, 1.310]": bounds with s's decimals
const char *pfmt(double p);
