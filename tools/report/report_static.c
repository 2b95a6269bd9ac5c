// report_static.c — the parts of the appendix whose text lives in reports/: the mapping of the
// twelve rules of Hoefler & Belli (reports/rules.csv) and what each gate reason means and how it
// is usually fixed (reports/rejections.csv).
#include <stdio.h>
#include <string.h>

#include "report_gen.h"

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

void rules_section(gen *g) {
  char p[4096];
  snprintf(p, sizeof p, "%s/rules.csv", g->stat);
  rcsv t;
  if (rcsv_read(p, &t, g->err, sizeof g->err)) gen_die(g);
  static const char *const need[] = {"rule", "summary", "where", NULL};
  int x[3];
  if (rcsv_need(&t, need, x, g->err, sizeof g->err)) gen_die(g);
  doc_head(&g->d, 1, "The twelve rules of Hoefler and Belli");
  doc_par(&g->d, "T. Hoefler and R. Belli, *Scientific Benchmarking of Parallel Computing Systems: "
                 "Twelve ways to tell the masses when reporting performance results*, SC15. Each rule "
                 "(in short form) and where this appendix meets it:");
  doc_table(&g->d, "The twelve rules and where this appendix meets them.", "rpp",
            (const char *const[]){"Rule", "Hoefler & Belli (short form)", "Where and how it is met here"});
  for (size_t r = 0; r < t.nrows; r++)
    doc_row(&g->d, (const char *const[]){rcsv_get(&t, r, x[0]), rcsv_get(&t, r, x[1]), rcsv_get(&t, r, x[2])});
  doc_table_end(&g->d);
  rcsv_free(&t);
}
