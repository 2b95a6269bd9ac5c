// report_brief.h — the appendix's first paragraph, "In brief" (report_brief.c): for each
// experiment that declares claims (PRIMARY) and each GPU model with data of the code that ships, a
// few sentences a reader can quote: which build against which libraries (and their versions), on
// how many GPUs in what design, the verdicts counted on call time and on kernel time with the range
// of the speedups, the shape of most work with our TFLOPS, share of the measured roof and its
// speedups with their CIs, and the experiment's GOAL met where.
#pragma once
#include "report_keyclaims.h"

// writes the paragraph; nothing when no experiment of ES (N of them) has current claims
void brief_section(gen *g, const kc_exp *es, size_t n);
