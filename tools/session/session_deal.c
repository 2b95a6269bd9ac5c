// session_deal.c — rounds and variants dealt over a measurement's sessions (session_deal.h)
#include "session/session_deal.h"
#include <stdio.h>

void session_deal_rounds(size_t n, size_t rounds, size_t reps, size_t k, size_t *k_rounds, size_t *k_reps) {
  size_t per_round = (reps + rounds - 1) / rounds;
  *k_rounds = rounds / n + (k < rounds % n ? 1 : 0);
  *k_reps = per_round * *k_rounds;
}

int session_deal_turn(size_t n, size_t k, size_t i, int shared) { return shared || i % n == k; }

int session_deal_plan_ok(size_t n, size_t rounds, size_t plan_rounds) {
  return n <= 1 || plan_rounds == 0 || rounds == plan_rounds * n;
}

void session_deal_plan_why(char *buf, size_t size, size_t n, size_t rounds, size_t reps, size_t plan_rounds) {
  size_t want = plan_rounds * n, per_round = (reps + rounds - 1) / rounds;
  char tail[128];
  if (rounds < n) snprintf(tail, sizeof tail, "the variants out over the GPUs)");
  else snprintf(tail, sizeof tail, "%zu rounds over them)", rounds);
  snprintf(buf, size,
           "the experiment's plan declares %zu rounds a session: on %zu GPUs pass ROUNDS=%zu REPS=%zu (each GPU then times every "
           "variant in %zu rounds; ROUNDS=%zu would deal %s",
           plan_rounds, n, want, per_round * want, plan_rounds, rounds, tail);
}
