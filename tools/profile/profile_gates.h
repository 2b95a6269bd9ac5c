// profile_gates.h — the end of `make profile`: with PUBLISH=1 the tidy CSVs of the variants
// profiled now copied to DATA_OUT/EXP/<gpu>/profile/ (each a temporary file, then renamed); the
// counter gates over them (counter_gates -> B/EXP/counter_gates.csv, every profiled variant's
// verdict with its measured values), folded into the gate table as measure's and sanitize's rows
// are (`gatetab stage B/EXP counters`: each reject a runtime row, the earlier counter rows of the
// same variants dropped, the merged gates_run.csv published beside the profiles with PUBLISH=1).
#pragma once
#include "profile_env.h"
#include "session/run_util.h"

// Publishes DONE's tidy CSVs to DATA_OUT/EXP/SLUG/profile/; that directory's parent (malloc'd),
// or exits 2 when a copy fails.
char *pg_publish(const pf_settings *s, const strv *done, const char *slug);
// The counter gates of DONE folded into the gate table, published to PUB (NULL: not); gatetab's
// count of the stage (malloc'd), or exits 2 when a tool failed (it said why).
char *pg_counter_gates(const pf_settings *s, const strv *done, const char *pub);
