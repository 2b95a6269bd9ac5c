// report_frame.c — the frame of the appendix around the computed sections: the opening paragraph,
// the heading of the results, the experiments without data and how to reproduce the appendix
// (text: reports/templates/frame.txt).
#include <stdio.h>

#include "report_ctx.h"
#include "report_tmpl.h"

void intro_section(gen *g, size_t ndata, size_t ngpus) {
  if (!ndata) tmpl_put(g, "frame", "no-data", (const char *const[]){"data", g->data, NULL});
  tmpl_put(g, "frame", g->full ? "intro" : "intro-main",
           (const char *const[]){"ndata", fmt("%zu", ndata), "exp_s", ndata == 1 ? "" : "s",
                                 "ngpus", fmt("%zu", ngpus), "gpu_s", ngpus == 1 ? "" : "s", NULL});
}

void results_head(gen *g) {
  tmpl_put(g, "frame", "results", NULL);
}

void nodata_section(gen *g, const strlist *exps) {
  g->nodata = exps->n;  // for the rules table (report_shown.h)
  if (!exps->n) return;
  tmpl_put(g, "frame", "without-data", NULL);
  for (size_t k = 0; k < exps->n; k++)
    tmpl_put(g, "frame", "without-data-item", (const char *const[]){"exp", exps->v[k], "data", g->data, NULL});
}

void reproduce_section(gen *g) {
  tmpl_put(g, "frame", "reproduce", (const char *const[]){"data", g->data, NULL});
}
