// report_reasons.h — what each gate reason means and how it is usually fixed, from
// reports/rejections.csv (read once).
#pragma once
#include "report_ctx.h"

// meaning and fix of a gate reason in an experiment of PROBLEM: its row for that problem, else its
// row for all problems (an empty `problem`); "" when neither is there
void reason_text(gen *g, const char *reason, const char *problem, const char **meaning, const char **fix);
