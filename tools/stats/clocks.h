// clocks.h — the SM clock behind a comparison: each side's clock distribution and the comparison
// restricted to rounds at full clock (a sensitivity analysis, never the verdict).
//
// Every sample records the SM clock read after it (column sm_clock_mhz; the instrument is the
// header's clock_source). A side's floor is CLOCKS_FULL of its target clock (header
// clock_target_mhz: the application clock the bench waits for before timing, else
// clock_sm_max_mhz); a sample below the floor is throttled. A round is at full clock when none of
// its reps is throttled; the sensitivity comparison keeps the rounds at full clock on both sides
// (paired rounds: the rounds both sides keep) and estimates at the comparison's own level.
#pragma once
#include "design.h"

#define CLOCKS_FULL 0.75  // nvbench's throttle threshold: 75% of the default clock

typedef struct {
  double median_mhz;     // median SM clock of the side's samples; NaN when none is recorded
  double throttled_pct;  // per cent of its samples below the floor; NaN without a floor
  double floor_mhz;      // NaN when the file names no target clock
} clock_side_t;

// The clocks of the samples of design d (its sessions, plan and session filter applied).
void clocks_side(const design_t *d, const samples_group *g, clock_side_t *out);

// The comparison of b and c at level lv on the rounds at full clock of both; e->n_rounds is what
// is left (0 with e->est NaN when a side has no floor or nothing is left). 0, or -1 out of memory.
int clocks_full_compare(const design_t *b, const design_t *c, level_t lv, double floor_b,
                        double floor_c, estimate_t *e);
