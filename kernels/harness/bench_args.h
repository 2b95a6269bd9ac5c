// bench_args.h — the command line of `bench` and the shape names it takes.
#pragma once
#include "problem.h"

enum bench_mode { MODE_TIME, MODE_DESCRIBE, MODE_CHECK, MODE_CHECK_REF, MODE_GPU_SLUG,
                  MODE_OCCUPANCY, MODE_SLUG, MODE_HOLD };
enum { BENCH_NAME_MAX = 64 };

typedef struct {
  char name[BENCH_NAME_MAX];  // canonical shape name (the problem's format)
  problem_shape s;
} bench_shape;

typedef struct {
  enum bench_mode mode;
  bench_shape *shapes;
  int nshapes;
  int reps, warmup, hot_batch;
  int graph_calls;             // >0: each sample is one replay of a CUDA graph of this many calls
  int l2_cold;                 // 1 cold (flush before every rep), 0 hot (no flush)
  unsigned long long seed;
  const char *out;             // NULL: samples to stdout
  const char **meta_key, **meta_val;  // --meta key=value pairs, in order
  int nmeta;
  int sm_count;                // for --describe (no device there)
  int device;
  const char *slug_of;         // --slug NAME
  const char *after;           // --after FILE: timing waits, device open, until FILE exists
  int limit;                   // --limit S: seconds the run may take from its turn (0: none)
  long parent;                 // --parent PID: --after gives up when PID is gone
  const char *gpu_lock;        // --gpu-lock FILE: opening the device and timing hold a lock on it
  const char *nvml_from;       // --nvml-from FILE: timing reads NVML's values from a keeper's file
  const char *nvml_out;        // --nvml-out FILE: --hold writes NVML's values there
  int served;                  // --served: a job of a serving process (tools/pipeline/serve.cu):
                               // the device is left open and clean for the next job, not reset
} bench_opts;

// Parses argv into *o; prints help and exits 0 for --help; usage errors exit 2.
void bench_parse_args(int argc, char **argv, bench_opts *o);

// Header keys the harness writes itself; --meta may not use them.
int bench_reserved_key(const char *key);
