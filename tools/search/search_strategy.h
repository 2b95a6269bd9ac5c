// search_strategy.h — what to try next: Latin hypercube, TPE and random search over a
// candidate set (search_space.h), as a pure function of the seed and the trial history, so that
// a killed search resumes from its log alone and a replay is deterministic per seed.
//   lhs+tpe  one Latin-hypercube design of n_init points, then TPE (search_tpe.c); a batch
//            holds design points or TPE proposals, never both
//   random   uniform among the configurations not tried yet
//   lhs      Latin-hypercube designs of n_init points, one after another
// Never proposes a configuration in the history (tried or gated) or twice in one batch.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "search_rng.h"
#include "search_space.h"

typedef struct {
  size_t cfg;  // index into the space
  int ok;      // 1 measured, 0 gated (build, static or runtime gate)
  double y;    // median latency (us) when ok
  char reason[40];  // the gate when not ok (informative; strategies ignore it)
} sr_trial;

typedef enum { SR_LHS_TPE, SR_RANDOM, SR_LHS, SR_NKINDS } sr_kind;

typedef struct {
  sr_kind kind;
  uint64_t seed;
  size_t n_init;  // points per Latin-hypercube design (20)
  double gamma;   // TPE: fraction of measured trials in the good group (0.25)
  size_t n_cand;  // TPE: candidates drawn from l(x) per proposal (24)
} sr_opts;

// "lhs+tpe", "random", "lhs" <-> kind; parse returns -1 for an unknown name.
int sr_kind_parse(const char *s, sr_kind *k);
const char *sr_kind_name(sr_kind k);

// Writes up to `batch` proposals to out[]; returns how many (0: every configuration tried).
size_t sr_propose(const sp_space *sp, const sr_opts *o, const sr_trial hist[], size_t n,
                  size_t batch, size_t out[]);

// Internals shared by the strategies (taken[c] != 0: tried or already proposed).
// The untaken configuration nearest to the value indices x[] (distance: sum over parameters of
// |a-b|/(K-1) for ordinal ones, a != b for categorical ones; ties broken by r), or -1.
long sr_snap(const sp_space *sp, const size_t x[], const unsigned char taken[], srng *r);
// A Latin-hypercube design of m points snapped to distinct untaken configurations (marked in
// taken[]); returns how many were placed (fewer when the space runs out).
size_t sr_lhs(const sp_space *sp, size_t m, srng *r, unsigned char taken[], size_t out[]);
// One TPE proposal (Bergstra et al. 2011), or -1 when nothing is untaken or nothing measured.
long sr_tpe(const sp_space *sp, const sr_opts *o, const sr_trial hist[], size_t n,
            const unsigned char taken[], srng *r);
