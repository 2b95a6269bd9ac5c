// session_deal.c — rounds and variants dealt over a measurement's sessions (session_deal.h)
#include "session/session_deal.h"

void session_deal_rounds(size_t n, size_t rounds, size_t reps, size_t k, size_t *k_rounds, size_t *k_reps) {
  size_t per_round = (reps + rounds - 1) / rounds;
  *k_rounds = rounds / n + (k < rounds % n ? 1 : 0);
  *k_reps = per_round * *k_rounds;
}

int session_deal_turn(size_t n, size_t k, size_t i, int shared) { return shared || i % n == k; }

int session_deal_plan_ok(size_t n, size_t rounds, size_t plan_rounds) {
  return n <= 1 || plan_rounds == 0 || rounds == plan_rounds * n;
}
