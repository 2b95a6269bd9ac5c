// report_roof.h — roofline arithmetic shared by prep_plots and report_gen: FLOPs and minimum
// bytes of an attention forward shape, the measured ceilings of a GPU (data/ceilings/<gpu>.csv)
// and the datasheet roofs of the GPUs we know.
#pragma once
#include "samples.h"

// FLOPs 4·B·H·Sq·Skv·D (halved when causal); bytes 2·(B·H·Sq·D·2 + B·H·Skv·D·2): fp16 Q and O,
// K and V, each read or written once.
void roof_flops_bytes(const shape_t *s, double *flops, double *bytes);

typedef struct {
  double bw_gbs, tflops;       // measured (0 when absent)
  double ds_bw_gbs, ds_tflops; // datasheet (0 when the GPU is not known)
} roof_t;

// Reads the ceilings file PATH (missing file: measured 0, return 0) and the datasheet roofs for
// the GPU directory name SLUG. -1 with "FILE:LINE: what" in err on a broken file.
int roof_read(const char *path, const char *slug, roof_t *r, char *err, size_t errlen);

// Attainable TFLOPS at arithmetic intensity AI under (bw GB/s, tf TFLOPS); 0 when neither known.
double roof_at(double ai, double bw_gbs, double tflops);
