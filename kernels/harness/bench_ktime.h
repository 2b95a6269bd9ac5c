// bench_ktime.h — kernel time: the GPU time of the kernels alone in each replay of a pass, read
// from CUPTI's activity records (libcupti through dlopen: a binary needs no CUPTI to build or
// run; without it kernel time is "unavailable" with the reason). The same reading as the
// library runner's kernel_us (tools/libbench/libbench_ktime.py): kernels only, memsets and
// copies left out, so the two compare like for like.
#pragma once
#include <stddef.h>

// Starts recording kernel activity. A pass's replays must each be opened by one
// bench_spin_kernel launch (the marker that splits the records into replays; its own time is
// left out). Returns 0, or -1 with why (no libcupti, CUPTI refused) — then nothing is recorded.
int bench_ktime_start(char *why, size_t len);

// Stops recording and splits the records into replays: us[r] = the summed duration of the
// kernels after replay r's marker; *kernels = kernels per replay. Returns 0, or -1 with why when
// the records do not split into `replays` groups of equally many kernels (none lost).
int bench_ktime_stop(int replays, double *us, int *kernels, char *why, size_t len);

// The distinct kernels of the last pass (mangled names, ';'-separated, "..." after the eighth):
// which kernels a call ran, for the header line kernels.<shape>.
void bench_ktime_names(char *buf, size_t len);
