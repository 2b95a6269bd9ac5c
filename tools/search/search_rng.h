// search_rng.h — the search's own seeded PRNG (no GSL: the GPU hosts have none).
// xoshiro256** 1.0 (Blackman and Vigna, 2018) seeded through splitmix64, as its authors
// recommend; a seed and a stream number give one independent-looking sequence, so a search
// step can rebuild its generator from (seed, step) alone (resume needs no saved state).
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint64_t s[4];
} srng;

// Seeds *r from (seed, stream) through splitmix64.
void srng_seed(srng *r, uint64_t seed, uint64_t stream);
uint64_t srng_next(srng *r);
// Uniform on [0, 1) with 53 random bits.
double srng_uniform(srng *r);
// Uniform integer in [0, n), n > 0, without modulo bias.
size_t srng_below(srng *r, size_t n);
// Fisher-Yates shuffle of a[0..n).
void srng_shuffle(srng *r, size_t a[], size_t n);
