// run_state.h — one measure session's state, shared by its steps (run_session.c sets it up;
// run_args.c, run_build.c, run_runs.c, run_serve.c, run_publish.c work on it). Not a library interface: the
// steps of one command, in files of one concept each.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include "session/run_env.h"
#include "session/run_plan.h"
#include "session/run_proc.h"
#include "session/run_queue.h"
#include "session/run_util.h"

typedef struct {
  run_env e;
  strv timed;       // our variants (the first ncand), then the library baselines
  size_t ncand;
  run_plan plan;
  run_queue q;
  strv shared;      // QUEUE_SHARED
  char *session, *host, *machine, *gpu_uuid, *start_iso;
  char gpu_index[16];
  uint64_t order_seed;
  char *code_kernels;
  char **code_libs;  // code_libs[i]: runner i's id and versions (NULL: none of its baselines runs)
  char *runs, *dest, *run_lock, *slug_bench;
  char *runtime;      // the runtime table its rejects go to (B/EXP/runtime.csv; TABLES=0: in runs)
  strv nvml_from;
  // the builder (STREAM)
  run_child builder;  // this session's builder (pid 0: none, or another session's)
  char *built_file, *blog;
  size_t lines_read;
  char *chunk_done;   // per chunk
  char **why;         // why[v]: why V was not built (static gates, no row), NULL while it may be
  // the processes under way
  run_child cur, next, srv, keeper;
  size_t next_item;   // the schedule item started ahead (SIZE_MAX: none)
  char *next_turn;
  int srv_fd;         // the server's FIFO (-1: none)
  unsigned srv_round;
} run_state;

static inline int run_is_lib(const run_state *s, size_t v) { return v >= s->ncand; }

// run_build.c: the builder (STREAM) started in the background; whether V's static gates passed
// (STREAM: once its chunk is built, waiting for it; else the gate table said so)
void run_build_start(run_state *s);
int run_built(run_state *s, size_t v);
// run_runs.c: the rounds (step 1)
void run_rounds(run_state *s);
// run_args.c: the argument list of the library runner for V's run of round R (one function: how a library
// baseline is run)
void run_lib_argv(const run_state *s, size_t v, unsigned r, strv *a);
// the arguments every timed run of V in round R takes
void run_args(const run_state *s, size_t v, unsigned r, strv *a);
char *run_round_file(const run_state *s, size_t v, unsigned r);
// the --shape arguments of V (its build's shapes.txt)
void run_shape_args(const run_state *s, size_t v, strv *a);
// V's flags, one line ("-DX=1 -DY=2")
char *run_flags_of(const run_state *s, size_t v);
// run_serve.c: V's run of round R as a job of the round's server (SERVE=1); its status
int run_serve_job(run_state *s, size_t v, unsigned r);
void run_serve_stop(run_state *s);
// run_publish.c: steps 2-4 (merge and publish, the numerics table, the gate table)
void run_publish(run_state *s);
