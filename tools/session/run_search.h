// run_search.h — `session search EXP`: the Loop 1 search of a space experiment on a GPU host (nvcc,
// a driver; no GSL), then the confirmation of its best. Called by `make search` (mk/search.mk).
// Its messages start `search: `; an input error exits 2 (`search: what`); a signal (TERM, INT,
// HUP) stops it and what it started, exiting 128 + the signal.
//   session search EXP
// Repeats until `search propose` has nothing left (MAX_TRIALS trials in the log for this key, or
// the space exhausted) or TIME_BUDGET seconds have passed: propose a batch (the design's points,
// then TPE's best by expected improvement among those not yet taken: BATCH distinct proposals),
// build it through make's per-variant targets (MAKE_CMD -jJOBS -k B/EXP/<v>/status), gate each
// (the static gates, as `make gates` judges them: GATES, then GATETAB's row), time the survivors at
// SHAPE with SEARCH_REPS reps under the GPU's host-wide lock (run_lock.h, as `session lock` holds
// it; the timing run checks numerics first and exits 1 on a failure; RUN_TIMEOUT), and record every
// outcome in the trial log (`search record`, one at a time: a lock beside the log).
// GPUS (`all` or indices, as for `make measure`; run_gpus.h): a batch's trials are timed on those
// GPUs at once, one worker per GPU, the k-th taking the batch's candidates k, k + n, k + 2n, ...
// (session_deal_turn), each run seeing its GPU alone; without GPUS, on the GPU this runs on.
// The log is keyed by the kernel hash (run_search_key.h: the code id of CODE_SRC, as `make measure`
// writes it, with GRAPH_CALLS), the GPU, the nvcc version and the shape (search_log.h): a killed
// search resumes where it stopped, and a rerun with the same inputs measures nothing. MAX_TRIALS
// counts every trial of the key in the log, whatever seed or strategy made it; TIME_BUDGET counts
// from the start of this invocation and is checked between trials.
// Then the confirmation: the best and BASELINE (a variant of EXP, one of its compiled BASELINES such
// as cublas-gemm, or a library baseline <lib>-* of the problem's runner LIB_BENCH, e.g.
// sdpa-cudnn) in CONFIRM_ROUNDS rounds of CONFIRM_REPS / CONFIRM_ROUNDS reps: a `session measure`
// session of the two (run_session.h, in a process of its own: STREAM=1 building their gate rows
// through MAKE_CMD, AT_SHAPE=SHAPE, META with the confirmation's `search_key` and `search=confirm`,
// TABLES=0, DATA_OUT B/EXP/search/confirm; its order, locks, runners and round merge are the
// session's; SESSION and ORDER_SEED are its own), on the first GPU of GPUS; its two sample files
// become RESULTS_DIR/confirm/{cand,base}.csv, kept when already measured for this key (the
// rounds and reps are part of it). `make search-confirm` judges them on a machine with GSL.
// What a search publishes lives in RESULTS_DIR (results/EXP, tracked like data/, so that the log
// travels to the next GPU host and resumes there): trials.csv (the log, SEARCH_LOG), key.txt (the
// key's options, one a line), confirm/{cand,base,names}.* (names.txt: the best, then BASELINE).
// Scratch (per-trial samples and gate rows, the build log, the lock) stays in B/EXP/search/.
// Environment (from make): B, NVCC, CODE_SRC, MAKE_CMD (the make command line that builds a
// variant's targets), SHAPE, VARIANT_DIR, RESULTS_DIR, SEARCH_LOG, SEED (42), STRATEGY (lhs+tpe),
// INIT (20), MAX_TRIALS (100), TIME_BUDGET (0: none), BATCH (8), JOBS (16), GPUS, SEARCH_REPS (20),
// CONFIRM_REPS (100), CONFIRM_ROUNDS (10), WARMUP, L2, GRAPH_CALLS, RUN_TIMEOUT (300), BASELINE,
// BASELINES, LIB_BENCH; the gates': GATE_ARCH, MIN_OCCUPANCY, MIN_OCCUPANCY_CP_ASYNC (for a
// variant built with -DCP_ASYNC=1), MIN_CTAS, SM_COUNT; the commands SEARCH_BIN ($B/tools/search),
// GATES ($B/tools/gates), GATETAB ($B/tools/gatetab); and what the confirmation session reads as
// `session measure` does (PROBLEM, GIT_REV, SAMPLES_BIN, NUMTAB, SESSION, ORDER_SEED, PRESTART,
// SETTLE_MS, GPU_LOCK_DIR). A confirmation already measured with the same kernel, GPU, nvcc, shape,
// reps and rounds is reused whatever its pause (settle_ms in its files) was. SEARCH_GPU (a test hook): the GPU's slug, not asked of a bench.
#pragma once

// the search of experiment EXP, its settings from the environment; the exit status
int run_search(const char *exp);
