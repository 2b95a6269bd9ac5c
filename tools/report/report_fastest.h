// report_fastest.h — for each declared claim (a primary row of compare.csv: a goal row), the
// fastest library at its shape on its GPU, by median call time (summary.csv) and, where recorded,
// by median kernel time (summary-kernel.csv), of the experiment's LIBRARIES, with our ratio to
// each (compare.csv, compare-kernel.csv): report_fastest.c. One sentence when it is the claim's
// own library at every row and no kernel time was recorded.
#pragma once
#include "report_keyclaims.h"

void fastest_goal_rows(gen *g, const kc_exp *k);
