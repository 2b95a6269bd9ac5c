// report_design.h — the design of the statistics in the appendix's cells and words
// (report_design.c): sessions × rounds, variance components, level and pairing, the band Δ.
#pragma once
#include "report_ctx.h"

// "3 × 10": sessions × rounds per session from n_sessions and n_rounds (rounds in all), "—" if NaN
const char *units_cell(double ns, double nr);
// "3 × 10 × 30": ns sessions × rounds per session × samples per round, from ns sessions, nr rounds
// and n samples in all; "3 / 29 rounds" for sessions of unequal rounds, "(n = …)" added for rounds
// of unequal samples (the headline's and the fingerprint's design, one way)
const char *design_cell(gen *g, double ns, double nr, double n);
// "0.48" (an SD as % of the median), or "—"
const char *sd_cell(double pct);
// "session, paired, 3 × 10" of compare row r (level, pairing, units)
const char *level_cell(gen *g, const rcsv *c, size_t r);
// the band Δ of comparison table c in words: "Δ = 2.42% (the minimum detectable effect … `FILE`)"
const char *band_words(gen *g, const rcsv *c);
// the same for the rows of c whose family column is FAMILY (every row when NULL)
const char *band_words_of(gen *g, const rcsv *c, const char *family);
// the smallest Δ of c as a fraction (NaN when c has no delta column or no rows)
double band_min(gen *g, const rcsv *c);
// one sentence on the design of comparison table c: its units, the MDE and Δ
void design_sentence(gen *g, const rcsv *c);
