// report_lines.h — the main appendix's budget of pages: only the experiments that make claims (those
// that declare PRIMARY, and the claims experiment, CLAIMS_EXP, of the headline) get a section
// there; every other experiment with data is one row of one table at the head of the results (its
// GPUs, sessions, variants, key result per GPU and the number of its section in the full appendix,
// which keeps every section). Words: reports/templates/lines.txt.
#pragma once
#include "report_keyclaims.h"

// 1 when experiment ES gets its section in the main appendix
int lines_has_claims(const gen *g, const kc_exp *es);
// the main appendix only: the table of the N experiments ES with data but no claims (nothing when
// there is none); the full appendix numbers the sections of ES alike, one for each with data
void lines_table(gen *g, const kc_exp *es, size_t n);
