// run_plan.h — a session's plan of runs and its bookkeeping, no processes: the schedule (which
// variant runs in which round, in order: session_order.h), the variants that are out of it (dead:
// a failed run, or no build), each run's position in its round (the how-many-th process of the
// round it was, counting the runs that started), the order in which the builder makes the
// variants (the order the schedule first times them) and the chunk each falls in, and which run is
// started ahead of its turn.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct {
  size_t v;        // the variant (index into the session's timed list)
  unsigned r;      // the round, from 1
} run_item;

typedef struct {
  size_t nv;
  unsigned rounds;
  run_item *item;  // nv * rounds, in the order they run
  size_t n;
  char *lib;       // lib[v]: a library baseline (not built, not started ahead)
  char *dead;      // dead[v]: no more runs
  unsigned *pos;   // pos[v * rounds + r - 1]: its position in round r (0: did not start)
  unsigned *started;  // started[r - 1]: the runs of round r that started
  size_t *border;  // the builder's order: our variants as the schedule first times them
  size_t nborder;
  size_t *chunk_of;  // chunk_of[v]: its chunk of CHUNK in border (SIZE_MAX: a library baseline)
} run_plan;

// The plan of NV variants (LIB[v]: a library baseline) in ROUNDS rounds, balanced from SEED or
// SEQUENTIAL, chunks of CHUNK for the builder. 0, or -1 when out of memory.
int run_plan_make(run_plan *p, size_t nv, const char lib[], unsigned rounds, int sequential, uint64_t seed, unsigned chunk);
void run_plan_free(run_plan *p);
// V's run of round R starts: its position in the round (1-based), recorded
unsigned run_plan_start(run_plan *p, size_t v, unsigned r);
// the position V's run of round R took (0: it did not start)
unsigned run_plan_pos(const run_plan *p, size_t v, unsigned r);
// The item to start ahead after item I (0-based, the one that runs now): the first later item whose
// variant is alive and OURS (another session may have claimed it: OURS asks, and may claim), if it
// is one of our variants that is BUILT; SIZE_MAX when none (a library baseline next, or a variant
// not built, starts nothing).
size_t run_plan_next(const run_plan *p, size_t i, int (*ours)(void *, size_t), int (*built)(void *, size_t), void *ctx);
