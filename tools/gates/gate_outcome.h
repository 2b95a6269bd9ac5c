// gate_outcome.h — the one list of gate outcomes (the reason column of a gate table), with
// to/from-string and the stage that decides each. A pass has no reason, or `waived:<reason>`
// when the experiment's GATE_WAIVE let a named reject through (gate_table.h).
#pragma once

typedef enum {
  GO_PASS,             // "" (no reason)
  GO_BUILD_FAILED,     // build: the compiler failed
  GO_BUILD_TIMEOUT,    // build: the compiler ran out of time
  GO_INVALID_CONFIG,   // build: flagcheck or a static_assert refused the configuration
  GO_SMEM_OVERFLOW,    // static: shared memory over the per-block limit
  GO_REGISTER_SPILL,   // static: ptxas reports spill stores or loads
  GO_LOW_OCCUPANCY,    // static: theoretical occupancy under the threshold
  GO_TOO_FEW_CTAS,     // static: too few CTAs to fill the GPU
  GO_NUMERICS,         // run: the numerics check failed (bench exit 1)
  GO_RUNTIME_ERROR,    // run: a crash, a CUDA error, a sanitizer finding
  GO_RUN_TIMEOUT,      // run: the run ran out of time (exit 124 or 137)
  GO_BANK_CONFLICTS,   // counters: shared-memory bank conflicts over the limit
  GO_BAD_COALESCING,   // counters: global accesses fetch too many sectors
  GO_COUNT
} gate_outcome;

typedef enum { GS_NONE, GS_BUILD, GS_STATIC, GS_RUN, GS_COUNTERS } gate_stage;

// The reason word of O ("" for GO_PASS).
const char *gate_outcome_str(gate_outcome o);
// The outcome named S (an exact reason word; "" is GO_PASS); -1 when S names none.
int gate_outcome_parse(const char *s);
// The stage that decides O (GS_NONE for GO_PASS).
gate_stage gate_outcome_stage(gate_outcome o);
// The stage named S (build, static, run, counters); -1 when S names none.
int gate_stage_parse(const char *s);
// The outcome of a run that exited with RC != 0: 1 numerics, 124 or 137 run_timeout (timeout's
// and SIGKILL's), any other runtime_error.
gate_outcome gate_outcome_of_exit(int rc);
