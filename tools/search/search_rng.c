// search_rng.c — see search_rng.h.
#include "search_rng.h"

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void srng_seed(srng *r, uint64_t seed, uint64_t stream) {
  uint64_t x = seed ^ (stream * 0xd1342543de82ef95ULL);
  for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
}

uint64_t srng_next(srng *r) {
  uint64_t *s = r->s;
  uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return out;
}

double srng_uniform(srng *r) { return (double)(srng_next(r) >> 11) * 0x1.0p-53; }

size_t srng_below(srng *r, size_t n) {
  uint64_t lim = UINT64_MAX - UINT64_MAX % n, x;
  do x = srng_next(r);
  while (x >= lim);
  return (size_t)(x % n);
}

void srng_shuffle(srng *r, size_t a[], size_t n) {
  for (size_t i = n; i > 1; i--) {
    size_t j = srng_below(r, i), t = a[i - 1];
    a[i - 1] = a[j];
    a[j] = t;
  }
}
