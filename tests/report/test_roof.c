// test_roof.c — the roofline's roofs (report_roof.c: roof_read, roof_at): the memory roof is the
// highest bandwidth row of a ceilings file, whichever rows it has (a file of before the memcpy and
// read-only rows included), the compute roof the highest FLOP-rate row (the wgmma loop's where the
// file has it and it is higher, else the mma.sync loop's); the values expected are the fixtures'
// own (tests/fixtures/report/ceilings/), written by hand.
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "report/report_roof.h"

#define FIX "tests/fixtures/report/ceilings/"

int main(void) {
  roof_t r;
  char err[512];
  CHECK(roof_read(FIX "copy_only.csv", "nvidia-h200", &r, err, sizeof err) == 0, "copy row alone: read");
  CHECK_NEAR(r.bw_gbs, 3000.5, 0, "copy row alone: the memory roof is the copy kernel's");
  CHECK(!strcmp(r.bw_metric, "dram_copy_bw"), "copy row alone: named dram_copy_bw");
  CHECK_NEAR(r.ds_bw_gbs, 4800, 0, "H200: the datasheet bandwidth");

  CHECK(roof_read(FIX "memcpy_top.csv", "nvidia-h200", &r, err, sizeof err) == 0, "memcpy highest: read");
  CHECK_NEAR(r.bw_gbs, 3300, 0, "memcpy highest: the memory roof is memcpy's (an unknown row passed over)");
  CHECK(!strcmp(r.bw_metric, "memcpy_d2d_bw"), "memcpy highest: named memcpy_d2d_bw");

  CHECK(roof_read(FIX "read_top.csv", "nvidia-h100-80gb-hbm3", &r, err, sizeof err) == 0, "read highest: read");
  CHECK_NEAR(r.bw_gbs, 3450.25, 0, "read highest: the memory roof is the read-only kernel's");
  CHECK(!strcmp(r.bw_metric, "dram_read_bw"), "read highest: named dram_read_bw");
  CHECK_NEAR(r.ds_bw_gbs, 3350, 0, "H100: the datasheet bandwidth");
  // the roof at AI 100 FLOP/B: min(3450.25 * 100 / 1000, 600) = 345.025
  CHECK_NEAR(roof_at(100, r.bw_gbs, r.tflops), 345.025, 1e-12, "roof_at: memory-bound below the ridge");
  CHECK_NEAR(roof_at(1000, r.bw_gbs, r.tflops), 600, 0, "roof_at: compute-bound above it");

  // the compute roof: the highest FLOP-rate row, whichever is listed first
  static const struct {
    const char *file, *what, *metric;
    double tflops;
  } tf[] = {
      {"copy_only.csv", "no wgmma row", "mma_f16_f32_tflops", 600},
      {"wgmma_below.csv", "wgmma below mma.sync, listed first", "mma_f16_f32_tflops", 600},
      {"wgmma_top.csv", "wgmma above mma.sync", "wgmma_f16_f32_tflops", 812.5},
  };
  for (size_t i = 0; i < sizeof tf / sizeof tf[0]; i++) {
    char what[160], file[256];
    snprintf(file, sizeof file, FIX "%s", tf[i].file);
    snprintf(what, sizeof what, "%s: the compute roof is %g, from %s", tf[i].what, tf[i].tflops, tf[i].metric);
    CHECK(roof_read(file, "nvidia-h100-80gb-hbm3", &r, err, sizeof err) == 0 && r.tflops == tf[i].tflops &&
              !strcmp(r.tf_metric, tf[i].metric), what);
  }
  // (r: wgmma_top.csv) under the wgmma roof AI 200 is memory-bound, 3450.25 * 200 / 1000 = 690.05
  // (under the mma.sync row's 600 it would be compute-bound); AI 1000 meets the compute roof, 812.5
  CHECK_NEAR(r.bw_gbs, 3450.25, 0, "wgmma above mma.sync: the memory roof unchanged");
  CHECK_NEAR(roof_at(200, r.bw_gbs, r.tflops), 690.05, 1e-12, "roof_at: memory-bound below the wgmma ridge");
  CHECK_NEAR(roof_at(1000, r.bw_gbs, r.tflops), 812.5, 0, "roof_at: the wgmma roof above it");

  CHECK(roof_read(FIX "missing.csv", "nvidia-h200", &r, err, sizeof err) == 0, "no file: not an error");
  CHECK(r.bw_gbs == 0 && r.tflops == 0 && !r.bw_metric[0] && !r.tf_metric[0], "no file: nothing measured");
  CHECK_NEAR(r.ds_tflops, 989, 0, "no file: the datasheet roofs stay");

  err[0] = '\0';
  CHECK(roof_read(FIX "broken.csv", "nvidia-h200", &r, err, sizeof err) == -1, "a value that is no number: -1");
  CHECK(strstr(err, "broken.csv:4") != NULL, "... with file:line");
  printf("# %s\n", err);
  CHECK_DONE();
}
