// session_rng.h — the session's random numbers: SplitMix64 (Steele, Lea and Flood, "Fast
// splittable pseudorandom number generators", OOPSLA 2014), the same on every host and compiler,
// seeded by the order seed a session records, so that a recorded seed gives back its order.
#pragma once
#include <stdint.h>

typedef struct { uint64_t state; } session_rng;

// the generator for SEED and STREAM (a stream per block of rounds; streams of one seed differ)
session_rng session_rng_make(uint64_t seed, uint64_t stream);
uint64_t session_rng_next(session_rng *r);
// an integer in [0, n), n >= 1, without modulo bias (rejection of the top partial range)
uint64_t session_rng_below(session_rng *r, uint64_t n);
// a uniform permutation of 0..n-1 into perm (Fisher-Yates)
void session_rng_permute(session_rng *r, size_t perm[], size_t n);
