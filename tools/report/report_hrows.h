// report_hrows.h — the rows of the headline: at each shape of the claims experiment, our variant
// the experiment claims against a library (report_pick.h: pick_claimed, from PRIMARY), else the one
// COMPARE pits against a library (pick_headline), else our fastest, against the fastest of its
// LIBRARIES, and the row of compare.csv that compares them. The headline section
// (report_headline.c) and the claims (report_keyclaims.c) print these same rows, and each
// experiment's key result (report_tally.h) counts them.
#pragma once
#include "report_ctx.h"

typedef struct {
  const char *shape, *base, *cand;
  long r; // compare.csv row, or -1
} hrow;

// the rows of x (malloc'd into *out; their shape strings are those of *shapes, which it fills:
// the caller frees both); their count
size_t hrows_of(const expvars *e, const egpu *x, strlist *shapes, hrow **out);
