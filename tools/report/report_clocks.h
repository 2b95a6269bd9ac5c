// report_clocks.h — the SM clock behind an experiment's comparisons (report_clocks.c).
#pragma once
#include "report_ctx.h"

// After the comparison table of x: which instrument read the clocks, a table of the claims
// (family primary) with each side's median clock and throttled share and the speedup on the
// rounds at full clock beside the speedup on all, and one sentence over every comparison.
// Nothing when compare.csv has no clock columns.
void clocks_paragraph(gen *g, const egpu *x);

// The main appendix's one sentence for x (an experiment that makes claims, e its variables): over
// its claims (family primary), else its comparisons of ours with a library (`LIBRARIES`), each
// side's median clock (range over the rows) and its largest throttled share, the instrument, and
// how far the speedup on the rounds at full clock moves. Nothing when compare.csv has no clocks.
void clocks_short(gen *g, const expvars *e, const egpu *x);
