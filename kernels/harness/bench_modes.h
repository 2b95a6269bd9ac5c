// bench_modes.h — one function per mode of `bench`; each returns the exit status.
#pragma once
#include "bench_args.h"

int bench_mode_describe(const bench_opts *o);
int bench_mode_gpu_slug(const bench_opts *o);
int bench_mode_occupancy(const bench_opts *o);
int bench_mode_check(const bench_opts *o);
int bench_mode_check_ref(const bench_opts *o);
int bench_mode_time(const bench_opts *o);

// kernel_describe for shape i with sm_count; 0 ok, else -1 with msg (sanitised to one line).
int bench_describe_shape(const bench_shape *sh, int sm_count, kernel_plan *plan, char *msg,
                         size_t len);
