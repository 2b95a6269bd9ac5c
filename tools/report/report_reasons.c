// report_reasons.c — what each gate reason means and how it is usually fixed (report_reasons.h),
// from reports/rejections.csv, read on first use.
#include "report_reasons.h"

#include "report_static.h"

static rcsv rej;
static int rej_loaded, x[3]; // x: the columns reason, meaning, fix

void reason_text(gen *g, const char *reason, const char **meaning, const char **fix) {
  *meaning = *fix = "";
  if (!rej_loaded) {
    static const char *const need[] = {"reason", "meaning", "fix", NULL};
    static_csv(g, "rejections.csv", &rej, need, x);
    rej_loaded = 1;
  }
  long r = static_row(&rej, x[0], reason);
  if (r >= 0) *meaning = rcsv_get(&rej, (size_t)r, x[1]), *fix = rcsv_get(&rej, (size_t)r, x[2]);
}
