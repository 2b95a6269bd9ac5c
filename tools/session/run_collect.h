// run_collect.h — `session collect EXP`: the sessions that cluster jobs (`make measure
// RUNNER=slurm`, shards_plan.h) staged under B/EXP/slurm/<session>/, published into DATA_OUT. A
// session is taken only when its job wrote DONE (`session measure` writes it last), so a job that
// failed, timed out or was pre-empted publishes nothing, and it is named (once: marked FAILED).
// The directory DONE names must be the session's own staging (<session>/data/EXP/<gpu slug>,
// shards_staged_slug). Each taken session's sample files (known by their first line) go through
// `samples publish`, its numerics table's rows through `numtab publish`, and it is marked
// PUBLISHED, so collecting again (a rerun after an interrupted make) takes only what is new; a
// collect killed between publishing a session and marking it publishes nothing twice (`samples
// publish` skips a session a file already holds, numtab refuses it). Then the gate table is merged
// into each destination (`gatetab merge`). Publishing holds the destination's lock (run_lock.h).
// Environment: B (build), DATA_OUT (data), SAMPLES_BIN, NUMTAB, GATETAB (default $B/tools/...).
// Messages `measure: what`. Exit 0 when every staged session was published, 1 when a job did not
// finish or a session did not publish whole (the others are published).
#pragma once

int run_collect(const char *exp);
