// report_reasons.h — what each gate reason means and how it is usually fixed, from
// reports/rejections.csv (read once).
#pragma once
#include "report_ctx.h"

// meaning and fix of a gate reason ("" when unknown)
void reason_text(gen *g, const char *reason, const char **meaning, const char **fix);
