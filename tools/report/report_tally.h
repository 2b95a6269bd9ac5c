// report_tally.h — verdicts counted: those of a whole comparison table (compare.csv), and those of
// the key rows of an experiment and GPU (report_hrows.h: ours against the fastest library at each
// shape, Table 1's rows) with the range of their speedups. An experiment's section and its line in
// the main appendix (report_lines.c) state the same counts.
#pragma once
#include "report_ctx.h"

typedef struct {
  size_t fast, same, amb, slow;  // amb: any verdict that is not FAST, SAME or SLOW
} tally;

void tally_add(tally *t, const char *verdict);
size_t tally_n(const tally *t);
// every row of comparison table C
tally tally_of(const rcsv *c);
// 1 when row R of comparison table C is one of the experiment's COMPARE pairs (cand:base; in an
// A/A calibration, the A/A pairs)
int tally_is_pair(const expvars *e, const rcsv *c, size_t r);
// the rows of C that are (PAIRS 1) or are not (PAIRS 0) COMPARE pairs
tally tally_of_pairs(const expvars *e, const rcsv *c, int pairs);
// what the key rows leave out: the shapes with a key row, those of them whose fastest library has
// no comparison with ours in compare.csv (so no verdict against the fastest: never one against a
// slower library in its place) and those libraries; whether every counted row is a claim (PRIMARY)
typedef struct {
  size_t shapes, unpaired;
  strlist libs; // the caller frees it
  int primary;
} keyinfo;

// the key rows of x (those with a compare.csv row) into *t, their speedups' range into *lo, *hi,
// the rest into *k (may be NULL); their count (0 when x has no comparisons or no library)
size_t tally_key(gen *g, const expvars *e, const egpu *x, tally *t, double *lo, double *hi, keyinfo *k);

// the key rows' words (reports/templates/exp.txt, key-*) as template variables, name then value,
// NULL-terminated into v: at (of how many of the shapes), speedups (their range), unpaired (the
// shapes whose fastest library has no comparison with ours) and where (the table that holds the
// rows: the claims' in A.0, A.1's for the headline experiment, else its comparison table)
void tally_key_words(gen *g, const egpu *x, const tally *t, double lo, double hi, const keyinfo *k, const char *v[9]);
