// gate_merge.c — see gate_merge.h.
#include "gate_merge.h"

#include <stdlib.h>
#include <string.h>

void gm_merge(const gt_table *stat, const gt_table *runtime, const char *path, gt_table *out) {
  gt_init(out, GT_TABLE, path, (const char *const *)stat->head.f, stat->head.nf);
  for (size_t i = 0; i < stat->n; i++) {
    gt_row r;
    gt_row_copy(&r, &stat->rows[i]);
    const gt_row *rt = gt_find(runtime, r.f[0]);
    if (rt) {
      gt_row_verdict(&r, rt->reason, 0);
      if (r.nf > 3) gt_row_set(&r, 3, rt->f[3], rt->quoted[3]);
    }
    gt_add(out, &r);
    gt_row_free(&r);
  }
}

int gm_waive(gt_table *t, const char *waivers, char *err, size_t errlen) {
  size_t len = strlen(waivers);
  char *w = malloc(len + 1);
  if (!w) return snprintf(err, errlen, "out of memory"), -1;
  memcpy(w, waivers, len + 1);
  int rc = 0;
  for (char *save, *p = strtok_r(w, " \t", &save); p && !rc; p = strtok_r(NULL, " \t", &save)) {
    char *colon = strchr(p, ':');
    int o = colon && colon > p ? gate_outcome_parse(colon + 1) : -1;
    if (!colon || colon == p) {
      rc = -1, snprintf(err, errlen, "GATE_WAIVE: '%.60s' is not VARIANT:REASON", p);
    } else if (o <= GO_PASS) {
      rc = -1, snprintf(err, errlen, "GATE_WAIVE: '%.60s': unknown gate reason '%.60s'", p, colon + 1);
    } else {
      *colon = 0;
      for (size_t i = 0; i < t->n; i++)
        if (!t->rows[i].pass && (int)t->rows[i].reason == o && !strcmp(t->rows[i].f[0], p))
          gt_row_verdict(&t->rows[i], (gate_outcome)o, 1);
    }
  }
  free(w);
  return rc;
}

void gm_runtime_update(gt_table *runtime, const gt_table *rows, gate_stage stage) {
  size_t k = 0;
  for (size_t i = 0; i < runtime->n; i++) {
    gt_row *r = &runtime->rows[i];
    if (gt_find(rows, r->f[0]) && gate_outcome_stage(r->reason) == stage) gt_row_free(r);
    else runtime->rows[k++] = *r;
  }
  runtime->n = k;
  for (size_t i = 0; i < rows->n; i++) {
    const gt_row *s = &rows->rows[i];
    if (s->pass) continue;
    gt_row r;
    gt_row_init(&r, 4);
    gt_row_set(&r, 0, s->f[0], s->quoted[0]);
    gt_row_verdict(&r, s->reason, 0);
    if (s->nf > 3) gt_row_set(&r, 3, s->f[3], s->quoted[3]);
    gt_add(runtime, &r);
    gt_row_free(&r);
  }
}
