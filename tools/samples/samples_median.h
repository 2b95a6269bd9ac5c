// samples_median.h — the one median of cudadent42: of an array, and of each round of a group
// of a sample file. Every tool, the bench harness and the ceilings take their medians here.
// The median of n values is the middle one of the sorted values (n odd) or the mean of the two
// middle ones (n even), as numpy.median and GSL's gsl_stats_median_from_sorted_data compute it.
// GSL-free C11; the extern "C" guards let the CUDA C++ harness link it.
#pragma once
#include <stddef.h>

#include "samples.h"

#ifdef __cplusplus
extern "C" {
#endif

// The median of n >= 1 sorted values, stride apart (NAN when n is 0).
double samples_median_sorted(const double sorted[], size_t stride, size_t n);

// Sorts x (n values) ascending in place and returns its median (NAN when n is 0).
double samples_median(double x[], size_t n);

// One sample with its place in the design.
typedef struct {
  unsigned session;  // index into the file's sessions
  unsigned round;
  double t;          // time (us)
  double clk;        // SM clock (MHz), NaN when not recorded
} samples_sample;

// The n samples of group g in round order: by session (first appearance in the file), round
// number, then time, into out (room for g->n).
void samples_round_order(const samples_group *g, samples_sample out[]);

// One round of one group: the samples that share (session, round).
typedef struct {
  unsigned session;  // index into the file's sessions
  unsigned round;
  size_t n;          // samples in the round
  double median;     // their median time (us)
} samples_round;

// The rounds of group g, ordered by session (first appearance in the file), then round number,
// into *out (malloc'ed, *nout of them; the caller frees it). Returns 0, or -1 when out of memory.
int samples_round_medians(const samples_group *g, samples_round **out, size_t *nout);

#ifdef __cplusplus
}
#endif
