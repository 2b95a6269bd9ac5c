// session_order.h — the order of a session's runs: which variant takes which slot of each round.
//
// Balanced (the default): rounds are dealt in blocks of K (K the number of variants); each block is
// a Latin square, a cyclic square whose variant labels and row order are both drawn at random from
// the seed (block b draws from stream b). So every round's order is a uniformly random
// permutation, yet over a session every variant takes every slot of a round equally often, give or
// take one where K does not divide the rounds (a last, partial block holds each variant at most once
// per slot). A random shuffle per round leaves that to chance: 10 rounds of two variants put one of
// them first 7 times or more in a third of sessions, and a slot's effect (the first or second
// process of a round, a clock still recovering) then reads as a difference between them.
// Sequential: variant-major, every variant's rounds one after another (for diagnosing drift).
#pragma once
#include <stddef.h>
#include <stdint.h>

// slot[r * k + p] = the variant (0..k-1) in slot p of round r (0-based), for r < rounds
void session_order_balanced(uint64_t seed, size_t k, size_t rounds, size_t slot[]);
