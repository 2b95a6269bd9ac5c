// report_gates.c — the gate rejections of one experiment and GPU: reason, count, variants,
// meaning and usual fix (reports/rejections.csv), and the variants a gate waiver let through.
#include <stdio.h>
#include <string.h>

#include "report_fmt.h"
#include "report_parts.h"
#include "report_reasons.h"
#include "report_tmpl.h"
#include "report_words.h"

void gate_table(gen *g, const egpu *x, const char *problem) {
  if (!x->have_gates) {
    tmpl_put(g, "gates", "no-table", NULL);
    return;
  }
  const gt_table *t = &x->gates;
  strlist reasons = {0}, waived = {0};
  size_t pass = 0;
  for (size_t r = 0; r < t->n; r++) {
    const gt_row *row = &t->rows[r];
    const char *why = gate_outcome_str(row->reason);
    if (!row->pass && !strlist_has(&reasons, why)) strlist_add(&reasons, why);
    if (row->pass) pass++;
    if (row->waived) strlist_add(&waived, fmt("`%s` (%s)", row->f[0], why));
  }
  strlist_sort(&reasons);
  if (!reasons.n) {
    tmpl_put(g, "gates", "all-passed", (const char *const[]){"n", fmt("%zu", pass), NULL});
  } else {
    tmpl_table(g, "gates", "caption-rejections", "columns-rejections", "lrp28p22p22",
               (const char *const[]){"exp", x->exp, "gpu", x->gpu, "pass", fmt("%zu", pass),
                                     "n", fmt("%zu", t->n), NULL});
    for (size_t k = 0; k < reasons.n; k++) {
      strlist vs = {0};
      for (size_t r = 0; r < t->n; r++)
        if (!t->rows[r].pass && !strcmp(gate_outcome_str(t->rows[r].reason), reasons.v[k]))
          strlist_add(&vs, t->rows[r].f[0]);
      const char *meaning, *fix;
      reason_text(g, reasons.v[k], problem, &meaning, &fix);
      doc_row(&g->d, (const char *const[]){*reasons.v[k] ? fmt("`%s`", reasons.v[k]) : word(g, "reason-none"),
                                           fmt("%zu", vs.n), gen_list(&vs),
                                           *meaning ? meaning : word(g, "reason-undocumented"), fix});
      strlist_free(&vs);
    }
    doc_table_end(&g->d);
  }
  if (waived.n) {
    strlist_sort(&waived);
    tmpl_put(g, "gates", "waived", (const char *const[]){"list", gen_list(&waived), NULL});
  }
  strlist_free(&reasons);
  strlist_free(&waived);
}
