// report_rooftab.c — the roofline-position table of one experiment and GPU: per shape the
// arithmetic intensity, the roof there (measured ceilings, else the datasheet) and what bounds it,
// and the share of it that the fastest variant and the fastest baseline reach; caption and column
// headers: reports/templates/exp.txt.
#include <stdio.h>
#include <string.h>

#include "report_fmt.h"
#include "report_form.h"
#include "report_parts.h"
#include "report_pick.h"
#include "report_roof.h"
#include "report_tmpl.h"
#include "report_words.h"

int gpu_roofs(gen *g, const char *gpu, roof_t *rf, double *bw, double *tf) {
  char p[4096];
  snprintf(p, sizeof p, "%s/ceilings/%s.csv", g->data, gpu);
  if (roof_read(p, gpu, rf, g->err, sizeof g->err)) gen_die(g);
  // each roof measured where the ceilings file has it, else the datasheet's; "measured" goes by
  // the memory roof, as the roofline figure's caption does (prep_plots)
  *bw = rf->bw_gbs > 0 ? rf->bw_gbs : rf->ds_bw_gbs;
  *tf = rf->tflops > 0 ? rf->tflops : rf->ds_tflops;
  return rf->bw_gbs > 0;
}

// where the fastest variant and the fastest baseline sit under the roofs, per shape (the table in
// the full appendix only; the points above the roof are named in both)
void roof_table(gen *g, const expvars *e, const egpu *x, const strlist *shapes) {
  int full = form_full(g);
  roof_t rf;
  double bw, tf;
  int meas = gpu_roofs(g, x->gpu, &rf, &bw, &tf);
  if (bw <= 0 && tf <= 0) return;
  strlist ours = {0}, base = {0}, above = {0};  // above: the points over the roof, in words
  for (size_t i = 0; i < x->names.n; i++)
    strlist_add(expvars_is_baseline(e, x->names.v[i]) ? &base : &ours, x->names.v[i]);
  if (full) {
    const char *compute = rf.tflops > 0 ? tmpl_str(g, "exp", "roof-compute-measured", (const char *const[]){"metric", rf.tf_metric, NULL})
                          : tf > 0      ? tmpl_str(g, "exp", "roof-compute-datasheet", NULL)
                                        : "";
    tmpl_table(g, "exp", "caption-roof", "columns-roof", "lrrlp20rlr",
               (const char *const[]){"gpu", x->gpu, "roof", tmpl_str(g, "exp", meas ? "roof-measured" : "roof-datasheet",
                                                              (const char *const[]){"metric", rf.bw_metric, "compute", compute, NULL}),
                                     NULL});
  }
  for (size_t k = 0; k < shapes->n; k++) {
    double fl, by, m;
    if (roof_work(shapes->v[k], &fl, &by)) continue;
    double ai = fl / by, roof = roof_at(ai, bw, tf);
    const char *bound = word(g, bw > 0 && (tf <= 0 || bw * ai / 1000 < tf) ? "bound-memory" : "bound-compute");
    const char *cell[2] = {fmt_none(), fmt_none()}, *pct[2] = {fmt_none(), fmt_none()};
    for (int w = 0; w < 2; w++) {
      const char *v = w ? pick_fastest_base(&x->sum, &base, e, shapes->v[k]) : pick_variant(&x->sum, &ours, e, "@ours", shapes->v[k]);
      if (!v || pick_median(&x->sum, v, shapes->v[k], &m)) continue;
      double t = fl / m / 1e6;
      cell[w] = fmt("`%s` %s", v, num3(t));
      pct[w] = fmt("%.1f", 100 * t / roof);
      if (t > roof)
        strlist_add(&above, tmpl_str(g, "exp", "roof-above-item",
                                     (const char *const[]){"v", v, "shape", shapes->v[k], "pct", pct[w],
                                                           "t", num3(t), "roof", num3(roof), "bound", bound, NULL}));
    }
    if (full)
      doc_row(&g->d, (const char *const[]){fmt("`%s`", shapes->v[k]), num3(ai), num3(roof), bound, cell[0], pct[0],
                                           cell[1], pct[1]});
  }
  if (full) doc_table_end(&g->d);
  // a point above the roof says the roof is not the machine's limit there: named, never hidden
  if (above.n)
    tmpl_put(g, "exp", meas ? "roof-above-measured" : "roof-above-datasheet",
             (const char *const[]){"gpu", x->gpu, "list", gen_join(&above, "; "), NULL});
  strlist_free(&ours);
  strlist_free(&base);
  strlist_free(&above);
}
