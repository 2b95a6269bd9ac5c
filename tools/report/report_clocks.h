// report_clocks.h — the SM clock behind an experiment's comparisons (report_clocks.c).
#pragma once
#include "report_ctx.h"

// After the comparison table of x: which instrument read the clocks, a table of the claims
// (family primary) with each side's median clock and throttled share and the speedup on the
// rounds at full clock beside the speedup on all, and one sentence over every comparison.
// Nothing when compare.csv has no clock columns.
void clocks_paragraph(gen *g, const egpu *x);
