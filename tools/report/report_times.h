// report_times.h — the two times of a sample (report_times.c): the call time (time_us, every
// statistic's default) and the kernel time (kernel_us, the kernels alone from CUPTI's records),
// which `make analyze` reads into summary-kernel.csv and compare-kernel.csv beside the call-time
// ones; and the libraries the appendix timed, with the versions their sample files record. Two
// readings of the same samples, not two tests: the verdicts the appendix states are the call
// time's unless a table says otherwise.
#pragma once
#include "report_keyclaims.h"

// whether any of the n <exp>/<gpu> entries xs has a statistic on the kernel time
int times_any_kernel(const egpu *xs, size_t n);
// the kernel time's speedup [95% CI] of BASE → CAND at SHAPE on x (compare-kernel.csv), or the
// missing-value word
// Table 2's kernel cell: LIB against our fastest variant on kernel time at SHAPE (summary-kernel.csv),
// named after the ratio where it is not BEST (the call time's fastest); "—" where not compared
const char *times_best_kernel(gen *g, const expvars *e, const egpu *x, const char *lib, const char *best, const char *shape);
const char *times_kernel_speedup(gen *g, const egpu *x, const char *base, const char *cand, const char *shape);
// the kernel time's median [95% CI] of variant V at SHAPE on x (summary-kernel.csv), or the
// missing-value word
const char *times_kernel_median(gen *g, const egpu *x, const char *v, const char *shape);
// the key result's words on the kernel time (an experiment's key rows, report_hrows.h: ours against
// the fastest library by call time at each shape, the same pairs read from compare-kernel.csv):
// their verdicts and the range of their speedups, with a leading space; "" when x has no kernel time
const char *times_key_kernel(gen *g, const expvars *e, const egpu *x);
// the opening's paragraph on the libraries of the n experiments es (their LIBRARIES and every
// sample file of a library runner, whose `code` is not our kernels'), each with the versions its
// files' `code` header records, and whether kernel time was recorded anywhere (one sentence when not)
void times_libraries(gen *g, const kc_exp *es, size_t n);
// the words for the CUDA runtime file f's library was built against (`cuda_runtime`), for a
// library that records no version of its own; NULL where f records none
const char *times_runtime(gen *g, const samples_file *f);
