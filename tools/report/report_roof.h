// report_roof.h — roofline arithmetic shared by prep_plots and report_gen: the work of a shape
// (its problem's FLOPs and minimum bytes), the measured ceilings of a GPU
// (data/ceilings/<gpu>.csv) and the datasheet roofs of the GPUs we know.
#pragma once
#include "samples/samples.h"

// FLOPs of one call and the minimum bytes it moves, by the work function of the problem whose
// grammar the shape name is in (shape.h, the numbers bench writes as `# work.<shape>:`).
// Returns 0, or -1 when no problem parses the name.
int roof_work(const char *shape, double *flops, double *bytes);

typedef struct {
  double bw_gbs, tflops;       // measured (0 when absent)
  char bw_metric[32];          // the ceilings row bw_gbs comes from ("" when none)
  char tf_metric[32];          // the ceilings row tflops comes from ("" when none)
  double ds_bw_gbs, ds_tflops; // datasheet (0 when the GPU is not known)
} roof_t;

// Whether ceilings row METRIC measures DRAM bandwidth in GB/s: dram_copy_bw (the copy kernel),
// memcpy_d2d_bw (cudaMemcpy device to device), dram_read_bw (the read-only streaming kernel),
// the rows of tools/pipeline/ceilings.cu.
int roof_is_bw(const char *metric);
// Whether ceilings row METRIC measures an fp16 -> fp32 tensor-core rate in TFLOPS:
// mma_f16_f32_tflops (the mma.sync loop), wgmma_f16_f32_tflops (the wgmma loop, compute
// capability 9.0 only), the rows of tools/pipeline/ceilings.cu.
int roof_is_flops(const char *metric);

// Reads the ceilings file PATH (missing file: measured 0, return 0) and the datasheet roofs for
// the GPU directory name SLUG. The measured memory roof is the highest of the bandwidth rows the
// file has (roof_is_bw; a file of before the memcpy and read rows has the copy row alone), the
// compute roof the highest of the FLOP-rate rows (roof_is_flops; a file of before the wgmma row,
// or of a GPU other than compute capability 9.0, has the mma.sync row alone); on a tie the row
// listed first. -1 with "FILE:LINE: what" in err on a broken file.
int roof_read(const char *path, const char *slug, roof_t *r, char *err, size_t errlen);

// Attainable TFLOPS at arithmetic intensity AI under (bw GB/s, tf TFLOPS); 0 when neither known.
double roof_at(double ai, double bw_gbs, double tflops);
