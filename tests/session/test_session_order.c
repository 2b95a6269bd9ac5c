// test_session_order.c — the session's random numbers and the balanced order of its rounds.
// Oracles: SplitMix64's published first outputs from state 0; the definition of a balanced order
// (every round a permutation, every variant in every slot floor(R/K) or ceil(R/K) times); the
// uniform distribution of a round's order (chi-square against 1/K!); the binomial law of a
// per-round shuffle (the imbalance the balanced order removes).
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "session/session_order.h"
#include "session/session_rng.h"

static int is_permutation(const size_t *s, size_t k) {
  int seen[16] = {0};
  for (size_t p = 0; p < k; p++) {
    if (s[p] >= k || seen[s[p]]) return 0;
    seen[s[p]] = 1;
  }
  return 1;
}

// every round a permutation, every (variant, slot) count within floor/ceil of rounds/k
static int balanced(uint64_t seed, size_t k, size_t rounds) {
  size_t *slot = malloc(rounds * k * sizeof *slot), count[16][16] = {{0}};
  session_order_balanced(seed, k, rounds, slot);
  int ok = 1;
  for (size_t r = 0; r < rounds; r++) {
    if (!is_permutation(slot + r * k, k)) ok = 0;
    for (size_t p = 0; p < k && ok; p++) count[slot[r * k + p]][p]++;
  }
  for (size_t v = 0; v < k && ok; v++)
    for (size_t p = 0; p < k; p++)
      if (count[v][p] < rounds / k || count[v][p] > (rounds + k - 1) / k) ok = 0;
  free(slot);
  return ok;
}

static size_t perm_index(const size_t *s) {  // the 6 orders of 3 variants, as 0..5
  return s[0] * 2 + (s[1] > s[2]);
}

int main(void) {
  session_rng r = {0};
  CHECK(session_rng_next(&r) == 0xe220a8397b1dcdafu, "splitmix64 from state 0: first output");
  CHECK(session_rng_next(&r) == 0x6e789e6aa1b965f4u, "splitmix64: second output");
  CHECK(session_rng_next(&r) == 0x06c45d188009454fu, "splitmix64: third output");

  // below(3): 300000 draws, chi-square against 1/3 each (df 2; 13.8 is the 99.9% point)
  session_rng b = session_rng_make(7, 0);
  double n3[3] = {0};
  for (int i = 0; i < 300000; i++) n3[session_rng_below(&b, 3)]++;
  double chi = 0;
  for (int i = 0; i < 3; i++) chi += (n3[i] - 100000) * (n3[i] - 100000) / 100000;
  CHECK(chi < 13.8, "rng_below(3) uniform (chi-square, df 2, below the 99.9% point)");

  int all = 1;
  for (size_t k = 1; k <= 6; k++)
    for (size_t rounds = 1; rounds <= 25; rounds++)
      for (uint64_t seed = 0; seed < 20; seed++) all &= balanced(seed * 2654435761u, k, rounds);
  CHECK(all, "K = 1..6 variants, 1..25 rounds, 20 seeds: every round a permutation, every variant in every slot floor(R/K) or ceil(R/K) times");
  CHECK(balanced(UINT64_MAX, 5, 1000), "the largest seed, 1000 rounds");

  // two variants, ten rounds: each first exactly 5 times, in every session; a shuffle per round
  // gives 5 in only C(10,5)/2^10 = 24.6% of sessions
  int five = 1;
  for (uint64_t seed = 0; seed < 1000; seed++) {
    size_t s[20], first_a = 0;
    session_order_balanced(seed, 2, 10, s);
    for (int j = 0; j < 10; j++) first_a += s[2 * j] == 0;
    five &= first_a == 5;
  }
  CHECK(five, "2 variants x 10 rounds: variant a first in exactly 5 rounds, 1000 seeds of 1000");

  // each round's order is uniform over the 6 orders of 3 variants: 60000 seeds, rounds 1, 2 and
  // 4 (the first of the second block), chi-square df 5 (20.5 is the 99.9% point)
  size_t rounds_checked[3] = {0, 1, 3};
  for (int c = 0; c < 3; c++) {
    double n[6] = {0};
    for (uint64_t seed = 0; seed < 60000; seed++) {
      size_t s[12];
      session_order_balanced(seed, 3, 4, s);
      n[perm_index(s + rounds_checked[c] * 3)]++;
    }
    double x2 = 0;
    for (int i = 0; i < 6; i++) x2 += (n[i] - 10000) * (n[i] - 10000) / 10000;
    char what[96];
    snprintf(what, sizeof what, "round %zu's order uniform over the 6 orders (chi-square %.1f, df 5)", rounds_checked[c] + 1, x2);
    CHECK(x2 < 20.5, what);
  }

  size_t a[40], b2[40], c[40];
  session_order_balanced(12345, 4, 10, a);
  session_order_balanced(12345, 4, 10, b2);
  session_order_balanced(12346, 4, 10, c);
  CHECK(memcmp(a, b2, sizeof a) == 0, "a recorded seed gives back its order");
  CHECK(memcmp(a, c, sizeof a) != 0, "another seed, another order");
  // a session of 6 rounds is the first 6 rounds of one of 10 with the same seed (blocks are streams)
  size_t d[24];
  session_order_balanced(12345, 4, 6, d);
  CHECK(memcmp(a, d, sizeof d) == 0, "fewer rounds, same seed: the same first rounds");
  CHECK_DONE();
}
