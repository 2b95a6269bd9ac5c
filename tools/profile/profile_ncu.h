// profile_ncu.h — the Nsight Compute command lines of `make profile`, and where ncu is found.
// A variant is profiled as
//   NCU --clock-control none --target-processes all --kernel-name-base function
//       --kernel-name regex:^KERNEL$ --launch-skip 1 --launch-count 3 --metrics M,... --export OUT/V
//       --force-overwrite B/V/bench --shape S --reps 3 --warmup 1 --l2 hot --hot-batch 1 --seed SEED
//       --out TMP/V.samples.csv
// the GPU's own clocks (as in timing), ncu's default cache control (caches flushed before each
// replay pass: counts from a cold L2, like L2=cold timing), only the kernel describe.txt names
// for the shape (KV-split combine launches left out), the numerics-check launch skipped and the
// next 3 profiled (the warmup and 2 of the 3 timed reps); its report read back as
//   NCU --import OUT/V.ncu-rep --csv --page raw --print-units base   (without --print-units when
//   that fails: an older ncu).
#pragma once
#include "session/run_util.h"

typedef struct {
  const char *ncu, *bench, *report;  // report: the --export name (ncu adds .ncu-rep)
  const char *kernel, *metrics, *shape, *seed, *samples;
} pn_run;

// The profiling run's command line, appended to *argv.
void pn_profile_argv(const pn_run *r, strv *argv);
// The import of REPORT (a .ncu-rep file) as the raw page, in base units when BASE_UNITS.
void pn_import_argv(const char *ncu, const char *report, int base_units, strv *argv);
// ncu where no NCU is given: `ncu` on PATH, else the last in byte order of those installed among
// ROOT/usr/local/cuda/bin/ncu, ROOT/usr/local/cuda/nsight-compute*/ncu and
// ROOT/opt/nvidia/nsight-compute/*/ncu (ROOT "" on a host; the newest of numbered releases);
// NULL when none (malloc'd).
char *pn_find(const char *root);
