// session_deal.h — how `make measure GPUS=…` (or RUNNER=slurm) deals one experiment's timing over
// n sessions, one a GPU. ROUNDS >= n: the rounds are dealt, GPU k gets ROUNDS/n of them (the first
// ROUNDS mod n GPUs one more) of every variant, the reps in proportion (per round: REPS/ROUNDS,
// rounded up). ROUNDS < n (a sweep, one round): the variants are dealt, either from a queue the
// sessions share (a local host) or in turn beforehand (Slurm: the i-th variant that is not shared
// to session i mod n), and the shared ones (the baselines) to every session.
#pragma once
#include <stddef.h>

// the rounds and reps of session k of n (k < n <= rounds)
void session_deal_rounds(size_t n, size_t rounds, size_t reps, size_t k, size_t *k_rounds, size_t *k_reps);
// 1 when variant i goes to session k of n, dealt in turn, i counting the dealt variants alone (the
// shared ones are not dealt: a baseline among them shifts no variant to another session);
// shared != 0: to every session
int session_deal_turn(size_t n, size_t k, size_t i, int shared);
// a declared plan of plan_rounds rounds a session, on n > 1 GPUs, holds only when the rounds are
// dealt plan_rounds to each: 0 when ROUNDS must be plan_rounds * n and is not
int session_deal_plan_ok(size_t n, size_t rounds, size_t plan_rounds);
// why a plan does not hold (session_deal_plan_ok gave 0), naming the ROUNDS and REPS that deal
// plan_rounds to each of n GPUs, into buf (of size bytes)
void session_deal_plan_why(char *buf, size_t size, size_t n, size_t rounds, size_t reps, size_t plan_rounds);
