// test_session_deal.c — the dealing of a measurement over GPUs (session_deal.h). Oracles: hand
// counts (5 rounds over 2 GPUs: 3 and 2; 7 over 3: 3, 2, 2), and the definitions (every round
// dealt once, reps in proportion to the rounds; every variant on exactly one session in turn, the
// shared ones on all; a plan holds only with its rounds on each GPU).
#include "check.h"
#include "session/session_deal.h"

int main(void) {
  size_t r, reps;
  session_deal_rounds(2, 5, 50, 0, &r, &reps);
  CHECK(r == 3 && reps == 30, "5 rounds, 50 reps over 2 GPUs: GPU 0 gets 3 rounds, 30 reps");
  session_deal_rounds(2, 5, 50, 1, &r, &reps);
  CHECK(r == 2 && reps == 20, "... GPU 1 gets 2 rounds, 20 reps");
  size_t want7[3] = {3, 2, 2}, ok7 = 1;
  for (size_t k = 0; k < 3; k++) { session_deal_rounds(3, 7, 70, k, &r, &reps); ok7 &= r == want7[k] && reps == 10 * r; }
  CHECK(ok7, "7 rounds over 3 GPUs: 3, 2, 2 (the first ROUNDS mod n one more)");
  session_deal_rounds(4, 6, 61, 0, &r, &reps);
  CHECK(r == 2 && reps == 22, "61 reps in 6 rounds: 11 a round (rounded up), 22 for 2 rounds");

  int all = 1;
  for (size_t n = 1; n <= 8; n++)
    for (size_t rounds = n; rounds <= 40; rounds++) {
      size_t sum = 0, lo = rounds, hi = 0;
      for (size_t k = 0; k < n; k++) {
        session_deal_rounds(n, rounds, 10 * rounds, k, &r, &reps);
        sum += r; lo = r < lo ? r : lo; hi = r > hi ? r : hi;
        all &= reps == 10 * r;
      }
      all &= sum == rounds && hi - lo <= 1;
    }
  CHECK(all, "1-8 GPUs, up to 40 rounds: every round dealt once, GPUs differ by one round at most, reps in proportion");

  int once = 1;
  for (size_t n = 2; n <= 6; n++)
    for (size_t i = 0; i < 20; i++) {
      size_t on = 0, shared_on = 0;
      for (size_t k = 0; k < n; k++) { on += (size_t)session_deal_turn(n, k, i, 0); shared_on += (size_t)session_deal_turn(n, k, i, 1); }
      once &= on == 1 && shared_on == n;
    }
  CHECK(once, "in turn: each variant on exactly one session, a shared one on every session");
  CHECK(session_deal_turn(3, 0, 3, 0) && !session_deal_turn(3, 1, 3, 0), "in turn: variant 3 of 3 sessions goes to session 0");

  CHECK(session_deal_plan_ok(2, 6, 3), "plan of 3 rounds on 2 GPUs: ROUNDS=6 holds it");
  CHECK(!session_deal_plan_ok(2, 3, 3), "... ROUNDS=3 does not");
  CHECK(!session_deal_plan_ok(4, 1, 1), "... nor a sweep's one round over 4 GPUs (the variants would be dealt)");
  CHECK(session_deal_plan_ok(1, 5, 3), "one GPU: the session is whatever ROUNDS says");
  CHECK(session_deal_plan_ok(4, 1, 0), "no plan: anything holds");
  CHECK_DONE();
}
