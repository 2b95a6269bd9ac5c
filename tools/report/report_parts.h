// report_parts.h — the tables one experiment's section (report_exp.c) is built from, each in its
// own file: the gate rejections (report_gates.c), the roofline position (report_rooftab.c), for a
// correctness-style experiment its numerics and sanitizer table (report_correct.c), and its
// heading with the note on its retired sample files (report_retired.c).
#pragma once
#include "report_ctx.h"
#include "report_roof.h"

void gate_table(gen *g, const egpu *x);
void roof_table(gen *g, const expvars *e, const egpu *x, const strlist *shapes);
// the roofs of GPU (its directory name): the ceilings file DATA/ceilings/<gpu>.csv into *rf, and
// the roofs the roofline uses, each measured where the file has it, else the datasheet's, into
// *bw (GB/s) and *tf (TFLOPS; 0 when neither is known); 1 when the memory roof is measured
int gpu_roofs(gen *g, const char *gpu, roof_t *rf, double *bw, double *tf);
void correctness_gpu(gen *g, const expvars *e, const egpu *x);
// the experiment's heading, marked when files of it are retired, and (full appendix) when and why
void retired_section(gen *g, const char *exp, const egpu *xs, size_t n);
