// session_rng.c — SplitMix64 and the draws a session's order needs (session_rng.h)
#include <stddef.h>
#include "session/session_rng.h"

static uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

session_rng session_rng_make(uint64_t seed, uint64_t stream) {
  session_rng r = {mix(seed) ^ mix(stream + 0x9e3779b97f4a7c15u)};
  return r;
}

uint64_t session_rng_next(session_rng *r) {
  r->state += 0x9e3779b97f4a7c15u;
  return mix(r->state);
}

uint64_t session_rng_below(session_rng *r, uint64_t n) {
  uint64_t limit = UINT64_MAX - UINT64_MAX % n;  // values >= limit would favour small results
  uint64_t x;
  do x = session_rng_next(r); while (x >= limit);
  return x % n;
}

void session_rng_permute(session_rng *r, size_t perm[], size_t n) {
  for (size_t i = 0; i < n; i++) perm[i] = i;
  for (size_t i = n; i > 1; i--) {
    size_t j = (size_t)session_rng_below(r, i), t = perm[i - 1];
    perm[i - 1] = perm[j];
    perm[j] = t;
  }
}
