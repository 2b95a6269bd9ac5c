// report_form.h — the two documents of one generator: the full appendix (appendix-full: every
// table, figure and detail) and the main one (appendix: the claims, the method in brief, the key
// table and figure of each experiment, how to reproduce). Both run the same sections in the same
// order with the same headings of levels 1 and 2, so a section or experiment has the same number in
// both; a section prints its short form in the main document and says where its details are.
// Words: reports/templates/form.txt.
#pragma once
#include "report_ctx.h"

// 1 when this run writes the full appendix
int form_full(const gen *g);
// in the main document only: one sentence saying that the current heading's details (WHAT, a
// part of form.txt naming them) are in the same-numbered section of the full appendix
void form_see_full(gen *g, int level, const char *what);
