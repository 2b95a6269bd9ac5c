// report_roof.c — see report_roof.h.
#include "report_roof.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "csv/csv_table.h"
#include "shape.h"

int roof_work(const char *shape, double *flops, double *bytes) {
  const problem_host *p = problem_host_of_shape(shape);
  problem_shape s;
  char why[160];
  if (!p || p->parse(shape, &s, why, sizeof why)) return -1;
  p->work(&s, flops, bytes);
  return 0;
}

static int one_of(const char *m, const char *const *names) {
  for (; *names; names++)
    if (!strcmp(m, *names)) return 1;
  return 0;
}

int roof_is_bw(const char *m) {
  return one_of(m, (const char *const[]){"dram_copy_bw", "memcpy_d2d_bw", "dram_read_bw", NULL});
}

int roof_is_flops(const char *m) {
  return one_of(m, (const char *const[]){"mma_f16_f32_tflops", "wgmma_f16_f32_tflops", NULL});
}

// the highest value of one kind of row, and the row it came from
static void keep_top(double v, const char *m, double *top, char *name, size_t len) {
  if (v <= *top) return;
  *top = v;
  snprintf(name, len, "%s", m);
}

int roof_read(const char *path, const char *slug, roof_t *r, char *err, size_t errlen) {
  memset(r, 0, sizeof *r);
  if (strstr(slug, "h100")) r->ds_bw_gbs = 3350, r->ds_tflops = 989; // H100 SXM datasheet
  if (strstr(slug, "h200")) r->ds_bw_gbs = 4800, r->ds_tflops = 989; // H200 datasheet
  FILE *f = path ? fopen(path, "r") : NULL;
  if (!f) return 0;
  fclose(f);
  rcsv t;
  if (rcsv_read(path, &t, err, errlen)) return -1;
  static const char *const need[] = {"metric", "value", NULL};
  int x[2];
  if (rcsv_need(&t, need, x, err, errlen)) return rcsv_free(&t), -1;
  for (size_t i = 0; i < t.nrows; i++) {
    const char *m = rcsv_get(&t, i, x[0]);
    double v;
    int bw = roof_is_bw(m);
    if (!bw && !roof_is_flops(m)) continue;
    if (rcsv_num(&t, i, x[1], &v, err, errlen)) return rcsv_free(&t), -1;
    if (bw) keep_top(v, m, &r->bw_gbs, r->bw_metric, sizeof r->bw_metric);
    else keep_top(v, m, &r->tflops, r->tf_metric, sizeof r->tf_metric);
  }
  rcsv_free(&t);
  return 0;
}

double roof_at(double ai, double bw_gbs, double tflops) {
  double mem = bw_gbs * ai / 1000.0;
  if (bw_gbs > 0 && tflops > 0) return mem < tflops ? mem : tflops;
  return bw_gbs > 0 ? mem : tflops;
}
