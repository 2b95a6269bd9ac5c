// report_reasons.c — what each gate reason means and how it is usually fixed (report_reasons.h),
// from reports/rejections.csv, read on first use.
#include "report_reasons.h"

#include <stdio.h>
#include <string.h>

static rcsv rej;
static int rej_loaded;

void reason_text(gen *g, const char *reason, const char **meaning, const char **fix) {
  *meaning = *fix = "";
  if (!rej_loaded) {
    char p[4096];
    snprintf(p, sizeof p, "%s/rejections.csv", g->stat);
    if (rcsv_read(p, &rej, g->err, sizeof g->err)) gen_die(g);
    static const char *const need[] = {"reason", "meaning", "fix", NULL};
    int x[3];
    if (rcsv_need(&rej, need, x, g->err, sizeof g->err)) gen_die(g);
    rej_loaded = 1;
  }
  int cr = rcsv_col(&rej, "reason"), cm = rcsv_col(&rej, "meaning"), cf = rcsv_col(&rej, "fix");
  for (size_t r = 0; r < rej.nrows; r++)
    if (!strcmp(rcsv_get(&rej, r, cr), reason)) {
      *meaning = rcsv_get(&rej, r, cm);
      *fix = rcsv_get(&rej, r, cf);
    }
}
