// report_parts.h — the tables one experiment's section (report_exp.c) is built from, each in its
// own file: the gate rejections (report_gates.c), the roofline position (report_rooftab.c), for a
// correctness-style experiment its numerics and sanitizer table (report_correct.c), and its
// heading with the note on its retired sample files (report_retired.c); for a recorded sweep its
// configurations (report_sweep.c); what results/ holds of it (report_resultsec.c).
#pragma once
#include "report_ctx.h"
#include "report_roof.h"

void gate_table(gen *g, const egpu *x, const char *problem); // PROBLEM: the experiment's (report_problem.h)
void roof_table(gen *g, const expvars *e, const egpu *x, const strlist *shapes);
// the roofs of GPU (its directory name): the ceilings file DATA/ceilings/<gpu>.csv into *rf, and
// the roofs the roofline uses, each measured where the file has it, else the datasheet's, into
// *bw (GB/s) and *tf (TFLOPS; 0 when neither is known); 1 when the memory roof is measured
int gpu_roofs(gen *g, const char *gpu, roof_t *rf, double *bw, double *tf);
// the counts of a correctness-style experiment's GPU that its summary states
typedef struct {
  size_t accepted, full;  // configurations not rejected by a gate; those with samples at every shape they run
  size_t refused;         // refused at compile time
  int have_san;           // a sanitize.csv was published
  size_t san_clean, san_runs;
} corr_counts;
// writes the GPU's summary and (full appendix) its tables; with COUNTS, writes nothing and fills
// *COUNTS instead
void correctness_gpu(gen *g, const expvars *e, const egpu *x, corr_counts *counts);
// the numerics per shape of x's numerics.csv, a table (full appendix; report_numerics.c)
void numerics_table(gen *g, const egpu *x);
// the experiment's heading, marked when files of it are retired, and (full appendix) when and why
void retired_section(gen *g, const char *exp, const egpu *xs, size_t n);
// whether EXP's sample files (xs, n of its GPUs) are retired: -1 none, 0 some, 1 all
int retired_state(gen *g, const char *exp, const egpu *xs, size_t n);
// the same of the sample files of EXP on one GPU (x): -1 none, 0 some, 1 all
int retired_state_gpu(gen *g, const char *exp, const egpu *x);
// the counts and the fastest configuration of a recorded sweep's GPU that its summary states
typedef struct {
  size_t configs, passed, timed;  // rows of its gate table, those that passed, configurations timed
  const char *best, *shape;       // the fastest configuration at its first shape (NULL: none timed; malloc'ed, the caller's)
  double best_median, best_lo, best_hi;
} sweep_counts;
// writes the GPU's summary and (full appendix) its fastest configurations and gate table; with
// COUNTS, writes nothing and fills *COUNTS instead (report_sweep.c)
void sweep_gpu(gen *g, const expvars *e, const egpu *x, sweep_counts *counts);
// what results/ holds of experiment EXP (report_resultsec.c, read through report_results.h): its
// search's confirmation and its reproductions, a sentence each in the main appendix and with their
// tables in the full one
void results_section(gen *g, const char *exp);
// the same in a few words for the main appendix's table of experiments without claims; NULL: none
const char *results_line(gen *g, const char *exp);
// a dispatching build's configurations from its sample file F: each once in the order of the shapes
// they serve (the config= of its `launch.<shape>` lines) into CFG, those shapes ("`S`, `T`") into
// SHP; returns its dispatch file (kernel_config "dispatch FILE: ...",
// kernels/harness/dispatch_select.h), NULL for any other variant (report_exp.c)
const char *dispatch_configs(const samples_file *f, strlist *cfg, strlist *shp);
// the code id of x's retired files (its first `kernels:` code, else its first code; "" when none)
const char *retired_code_of(const egpu *x);
// the mark of EXP's data on x by data/RETIRED: "" when none retired; " (retired data)" or " (partly
// retired data)" in the main appendix, with the previous code's id in the full one
const char *primary_retired_mark(gen *g, const char *exp, const egpu *x);
// the same mark without the code's id, in both documents (a heading, which has no room for it)
const char *primary_retired_short(gen *g, const char *exp, const egpu *x);
