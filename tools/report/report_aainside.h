// report_aainside.h — the A/As inside an experiment's design in the appendix (report_aainside.c).
#pragma once
#include "report_ctx.h"

// One sentence from x's aa-inside.csv (stats compare --shape rows, a dispatching build against
// the configuration that served each shape): how many 95% CIs exclude 1 and the verdicts, which
// are a calibration of the experiment's own design. Nothing when there is no such row.
void aainside_sentence(gen *g, const egpu *x);
