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
  double ds_bw_gbs, ds_tflops; // datasheet (0 when the GPU is not known)
} roof_t;

// Reads the ceilings file PATH (missing file: measured 0, return 0) and the datasheet roofs for
// the GPU directory name SLUG. -1 with "FILE:LINE: what" in err on a broken file.
int roof_read(const char *path, const char *slug, roof_t *r, char *err, size_t errlen);

// Attainable TFLOPS at arithmetic intensity AI under (bw GB/s, tf TFLOPS); 0 when neither known.
double roof_at(double ai, double bw_gbs, double tflops);
