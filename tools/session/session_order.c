// session_order.c — rounds dealt in shuffled Latin squares (session_order.h)
#include <stdlib.h>
#include "session/session_order.h"
#include "session/session_rng.h"

void session_order_balanced(uint64_t seed, size_t k, size_t rounds, size_t slot[]) {
  size_t *label = malloc(k * sizeof *label), *row = malloc(k * sizeof *row);
  if (!label || !row) abort();
  for (size_t first = 0; first < rounds; first += k) {
    session_rng r = session_rng_make(seed, first / k);
    session_rng_permute(&r, label, k);  // which variant each symbol of the square is
    session_rng_permute(&r, row, k);    // which row of the square each round of the block takes
    for (size_t j = 0; j < k && first + j < rounds; j++)
      for (size_t p = 0; p < k; p++) slot[(first + j) * k + p] = label[(row[j] + p) % k];
  }
  free(label);
  free(row);
}
