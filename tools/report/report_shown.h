// report_shown.h — nothing silently dropped: every experiment with data is shown in the results
// (A.3), by a section of its own or, in the main appendix, a row of the table of experiments
// without claims (report_lines.h); each of those records itself in g->shown as it is written.
// The opening's count is the plan's, the generator checks the plan against what was written, and
// the rules table says what was written, so neither can state what the appendix does not show.
#pragma once
#include "report_keyclaims.h"

// the experiments of ES (N of them) that the results will show, those with data, into *out; their
// count (the opening's "experiments with data")
size_t shown_plan(const kc_exp *es, size_t n, strlist *out);
// dies with "report_gen: …" when an experiment of PLAN was not shown, or shown more than once, or
// one not planned was
void shown_check(gen *g, const strlist *plan);
// the sentence on what the results show, from what was written (for the rules table: rule 2)
const char *shown_sentence(gen *g);
