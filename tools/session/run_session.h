// run_session.h — `session measure EXP`: runtime gates and timing for one experiment on a GPU host
// (needs nvcc's build outputs and a driver; no GSL, no gnuplot). Called by `make measure`. Its
// messages start `measure: `; an input error, or a session that cannot go on, exits 2; a signal
// (TERM, INT, HUP) stops it at once, with the runs under way, exiting 128 + the signal.
//   session measure EXP
// Environment (from make): B, DATA_OUT (data), REPS, WARMUP, L2, GRAPH_CALLS, ROUNDS (10), SEED,
//   RUN_TIMEOUT, LIB_BENCH, LIB_BASELINES, SHAPES, GIT_REV, ORDER (balanced|sequential), VARIANT
//   (optional: the variants to time, space-separated), SESSION (optional id), ORDER_SEED (optional,
//   digits), SAMPLES_BIN (the samples command, default $B/tools/samples: it merges the rounds and
//   writes the baselines' files), GATETAB (the gate table's command, default $B/tools/gatetab),
//   NUMTAB (the numerics table's command, default $B/tools/numtab),
//   GPU (optional: the index of the GPU to run on; it sets CUDA_VISIBLE_DEVICES), SHARD (set by
//   `make measure GPUS=...`, `session shards`: this session is one of several running at
//   once on other GPUs, so it leaves the experiment's runtime table to the driver, which empties
//   it once, and appends to it), DONE_FILE (optional:
//   written at the very end, naming the session and where it was published: a cluster job's
//   staged session is collected only when it finished), STREAM (1: build while timing, run_build.c;
//   with BUILD_MAKE, the make command that builds a variant's gate row, BUILD_CHUNK, how many
//   variants one make call builds at once, default 8, and BUILD_DEPTH, how many such calls run at
//   once, default 1), QUEUE and QUEUE_SHARED (the sessions of several GPUs share one queue, run_queue.h),
//   HOLD_DEVICE (1: keep a context open on the GPU for the session, run_session.c), PRESTART (1, the
//   default: start each run ahead of its turn, run_runs.c), SERVE (1, make measure's default; 0 when
//   unset here: a round's runs of our variants are jobs of one process, SERVE_BIN; run_serve.c),
//   SETTLE_MS (300: the GPU left idle this long before each run, run_runs.c; 0: none; recorded
//   as --meta settle_ms=),
//   AT_SHAPE (optional: every run timed at this one shape, not at its build's shapes.txt or SHAPES),
//   META (optional: KEY=VALUE words, more `# KEY: VALUE` lines in every run's header), TABLES (1,
//   the default; 0: the experiment's gate tables are left alone: its runtime.csv is not emptied, the
//   gate table not merged or published, and the session's runtime rows go to its runs directory).
//   `session search` runs its confirmation as such a session (run_search.h).
//
// STREAM=1 (`make measure GPUS=...` when each variant is timed on one GPU only): the variants are
// VARIANT, not yet built. A builder in the background makes their gate rows
// (build/EXP/<v>/gate.csv, the static gates) in the order the session first times them,
// BUILD_CHUNK at a time through BUILD_MAKE (the caller's make, so its job server bounds the
// compiles; BUILD_DEPTH chunks at once), and the timing of a variant waits only for its own
// chunk: builds overlap measuring.
// A variant whose row is a reject is left out without a slot; its row stays in the gate table.
//
// One GPU, one session at a time: a session holds a host-wide lock on its GPU
// (run_lock.h: GPU_LOCK_DIR, default /tmp/cudadent42-locks, cudadent42-gpu<index>.lock), so two
// timing jobs never share a GPU,
// whichever experiment they belong to. Publishing (step 2) and the gate table (step 3) hold a lock
// on the destination directory, so sessions finishing together on two GPUs append one after the
// other.
//
// The experimental design has three levels: sessions (one invocation of this command: one host,
// one GPU, one code state), rounds within a session (one process per variant and round; SERVE=1:
// one process per round, which times the round's variants one after another, and a new one after a
// job that failed), and samples within a process. The A/A experiment shows each process and
// each session carrying its own offset, so each level is recorded for the analysis to treat as a
// unit.
//   session   SESSION, else <hostname -s>-<UTC start, YYYYmmddTHHMMSSZ>; 1-100 of [A-Za-z0-9.-],
//             the first alphanumeric (it names a directory and a header key). Host, GPU uuid
//             (nvidia-smi, else `unknown`) and the order seed are passed to every timed run as
//             --meta session= host= gpu_uuid= order_seed= code=.
//   rounds    ROUNDS rounds of timing of every variant that passed the static gates, and of the
//             library baselines (LIB_BASELINES) through the problem's runner LIB_BENCH
//             (kernels/<problem>/problem/<lib>_bench.py, e.g. sdpa_bench.py). ORDER=balanced
//             (default): every round runs all timed variants in a random order, and every
//             variant takes every slot of a round equally often over the session (run_plan.h,
//             session_order.h: shuffled Latin squares from ORDER_SEED, which defaults to 31
//             random bits, recorded): a fixed order, or a shuffle that
//             happens to put one variant first more often, confounds a variant with its slot
//             (clock and thermal drift, the first process of a round). ORDER=sequential:
//             variant-major, for diagnosing drift.
//   gates     Every timing process checks numerics at each shape before it times it (bench's
//             timing mode runs `--check`'s comparison first and exits 1 on a failure, writing no
//             file), so a variant is never timed at a shape it computes wrong. A variant whose
//             process fails numerics (exit 1), crashes or runs past RUN_TIMEOUT gets a runtime row
//             (numerics / runtime_error / run_timeout) and no more processes; nothing of it is
//             published. (No separate `--check` pass: it would start one more process per
//             variant and GPU for the same comparison.)
//   code      kernels:<sha256 of CODE_SRC, 12 hex> for our variants; for <lib>-* baselines
//             <lib>:<sha256 of LIB_BENCH> and the versions it reports (--versions, e.g. torch=<v>
//             cudnn=<v>); session_code_id.h defines both (run_codeid.h). `make
//             check-published` holds every published file to the id the sources give now
//             (tools/published/).
// A library baseline <lib>-<backend>.<suffix> (sdpa-cudnn.b) runs --backend <lib>-<backend> but is
// published under its own name: two names for one baseline make an A/A pair.
// Round files go to build/EXP/runs/<session>/ (made fresh). A variant is published only if every
// round of the session wrote its file; its rounds are merged by `samples merge` (the samples
// library's round merge, tools/samples/samples_merge.h) into DATA_OUT/EXP/<gpu>/<v>.csv with
// the columns round (1..ROUNDS), session and position (1-based slot of the process within its
// round, counting the runs that started). Header: round 1's `# key: value` lines, `# rounds:`,
// `# temp_end_c_last_round:`, and one `# session.<id>: date= host= gpu_uuid= git_rev= rounds=
// order_seed=` line per session in the file. If the published file has a session column and the
// same code, flags, graph_calls, l2_flush, reps, warmup, process and settle_ms, the session is appended (`samples
// append`: old rows unchanged); otherwise it replaces the file, saying which key differed. A
// session id already in a published file is refused before anything runs. Files are written to a
// temp file and renamed (an interrupted run leaves published files untouched). The gate table
// with runtime verdicts is written to build/EXP/gates.csv and published beside the samples, and
// the numerics gate's errors per shape and run (the runs' `check shape=` lines) are appended to
// DATA_OUT/EXP/<gpu>/numerics.csv (tools/gates/numerics.h).
#pragma once

// the session of experiment EXP, its settings from the environment; the exit status
int run_measure(const char *exp);
