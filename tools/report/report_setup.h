// report_setup.h — the timing set-up of each experiment, a table of section A.2
// (report_setup.c): from its sample files' headers, the L2 between samples, the calls per CUDA
// graph replay, the warm-up and reps per process, how the variants of a round shared processes,
// how the rounds were ordered, whether the kernel time was recorded and whether each process
// waited for the target clock, each the distinct values its files hold. Also the distinct values
// of one header key over a set of GPUs' files, which the methodology's text reads.
#pragma once
#include "report_ctx.h"

// the distinct values of header KEY in the files of XS (N of them), sorted, ", "-joined; "" if none
const char *setup_meta_values(const egpu *xs, size_t n, const char *key);
// writes the table over the experiments of XS (N GPUs, each experiment's contiguous); ONLY: the
// experiments to show (NULL: all of them); the main appendix reads the GPUs of current data alone
void setup_table(gen *g, const egpu *xs, size_t n, const strlist *only);
