// gate_outcome.c — see gate_outcome.h.
#include "gate_outcome.h"

#include <string.h>

static const struct {
  const char *word;
  gate_stage stage;
} outcomes[GO_COUNT] = {
    [GO_PASS] = {"", GS_NONE},
    [GO_BUILD_FAILED] = {"build_failed", GS_BUILD},
    [GO_BUILD_TIMEOUT] = {"build_timeout", GS_BUILD},
    [GO_INVALID_CONFIG] = {"invalid_config", GS_BUILD},
    [GO_SMEM_OVERFLOW] = {"smem_overflow", GS_STATIC},
    [GO_REGISTER_SPILL] = {"register_spill", GS_STATIC},
    [GO_LOW_OCCUPANCY] = {"low_occupancy", GS_STATIC},
    [GO_TOO_FEW_CTAS] = {"too_few_ctas", GS_STATIC},
    [GO_NUMERICS] = {"numerics", GS_RUN},
    [GO_RUNTIME_ERROR] = {"runtime_error", GS_RUN},
    [GO_RUN_TIMEOUT] = {"run_timeout", GS_RUN},
    [GO_BANK_CONFLICTS] = {"bank_conflicts", GS_COUNTERS},
    [GO_BAD_COALESCING] = {"bad_coalescing", GS_COUNTERS},
};

static const char *const stages[] = {[GS_BUILD] = "build", [GS_STATIC] = "static", [GS_RUN] = "run",
                                     [GS_COUNTERS] = "counters"};

const char *gate_outcome_str(gate_outcome o) { return o < GO_COUNT ? outcomes[o].word : "?"; }

int gate_outcome_parse(const char *s) {
  for (int o = 0; o < GO_COUNT; o++)
    if (!strcmp(s, outcomes[o].word)) return o;
  return -1;
}

gate_stage gate_outcome_stage(gate_outcome o) { return o < GO_COUNT ? outcomes[o].stage : GS_NONE; }

int gate_stage_parse(const char *s) {
  for (int g = GS_BUILD; g <= GS_COUNTERS; g++)
    if (!strcmp(s, stages[g])) return g;
  return -1;
}

gate_outcome gate_outcome_of_exit(int rc) {
  if (rc == 1) return GO_NUMERICS;
  if (rc == 124 || rc == 137) return GO_RUN_TIMEOUT;
  return GO_RUNTIME_ERROR;
}
