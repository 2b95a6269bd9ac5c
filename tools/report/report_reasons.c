// report_reasons.c — what each gate reason means and how it is usually fixed (report_reasons.h),
// from reports/rejections.csv, read on first use.
#include "report_reasons.h"

#include <string.h>

#include "report_static.h"

static rcsv rej;
static int rej_loaded, x[4]; // x: the columns reason, problem, meaning, fix

void reason_text(gen *g, const char *reason, const char *problem, const char **meaning, const char **fix) {
  *meaning = *fix = "";
  if (!rej_loaded) {
    static const char *const need[] = {"reason", "problem", "meaning", "fix", NULL};
    static_csv(g, "rejections.csv", &rej, need, x);
    rej_loaded = 1;
  }
  long all = -1, own = -1; // the reason's row for every problem and PROBLEM's own
  for (size_t i = 0; i < rej.nrows; i++) {
    const char *p = rcsv_get(&rej, i, x[1]);
    if (strcmp(rcsv_get(&rej, i, x[0]), reason)) continue;
    if (!*p) all = (long)i;
    else if (!strcmp(p, problem)) own = (long)i;
  }
  for (int c = 2; c <= 3; c++) { // a field the problem's row leaves empty is the row for all's
    const char *v = own >= 0 ? rcsv_get(&rej, (size_t)own, x[c]) : "";
    if (!*v && all >= 0) v = rcsv_get(&rej, (size_t)all, x[c]);
    *(c == 2 ? meaning : fix) = v;
  }
}
