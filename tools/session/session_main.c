// session_main.c — `session`, the GPU session's planning command (no GPU, no GSL):
//   session order --seed N --rounds R [--sequential] VARIANT...
// prints the session's runs, one "VARIANT ROUND" line each (rounds from 1), in the order they run:
// rounds dealt by session_order_balanced (each round a random order, every variant in every slot
// equally often), or with --sequential variant-major. Errors: `session: what`, exit 2.
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "session/session_order.h"

static int usage(const char *why) {
  fprintf(stderr, "session: %s\nusage: session order --seed N --rounds R [--sequential] VARIANT...\n", why);
  return 2;
}

static int parse_u64(const char *s, uint64_t max, uint64_t *out) {
  char *end;
  if (!*s || *s == '-' || *s == '+') return 0;
  errno = 0;
  uintmax_t v = strtoumax(s, &end, 10);
  if (errno || *end || v > max) return 0;
  *out = (uint64_t)v;
  return 1;
}

static int order(int argc, char **argv) {
  uint64_t seed = 0, rounds = 0;
  int have_seed = 0, sequential = 0, i = 2;
  for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
    const char *o = argv[i];
    if (!strcmp(o, "--")) { i++; break; }
    if (!strcmp(o, "--sequential")) { sequential = 1; continue; }
    if (i + 1 >= argc) { fprintf(stderr, "session: %s: needs a value\n", o); return 2; }
    const char *v = argv[++i];
    if (!strcmp(o, "--seed")) {
      if (!parse_u64(v, UINT64_MAX, &seed)) { fprintf(stderr, "session: --seed: '%s' is not a non-negative integer\n", v); return 2; }
      have_seed = 1;
    } else if (!strcmp(o, "--rounds")) {
      if (!parse_u64(v, 100000, &rounds) || rounds == 0) { fprintf(stderr, "session: --rounds: '%s' is not a count of rounds (1-100000)\n", v); return 2; }
    } else {
      fprintf(stderr, "session: '%s' is not an option of order\n", o);
      return 2;
    }
  }
  if (!have_seed && !sequential) return usage("order: --seed is required (the session records it)");
  if (!rounds) return usage("order: --rounds is required");
  size_t k = (size_t)(argc - i);
  if (k == 0) return usage("order: no variants");
  char **name = argv + i;
  for (size_t a = 0; a < k; a++)
    for (size_t b = a + 1; b < k; b++)
      if (!strcmp(name[a], name[b])) { fprintf(stderr, "session: variant '%s' named twice\n", name[a]); return 2; }
  if (sequential) {
    for (size_t v = 0; v < k; v++)
      for (uint64_t r = 1; r <= rounds; r++) printf("%s %" PRIu64 "\n", name[v], r);
    return 0;
  }
  size_t *slot = malloc(rounds * k * sizeof *slot);
  if (!slot) { fprintf(stderr, "session: out of memory\n"); return 2; }
  session_order_balanced(seed, k, (size_t)rounds, slot);
  for (size_t r = 0; r < rounds; r++)
    for (size_t p = 0; p < k; p++) printf("%s %zu\n", name[slot[r * k + p]], r + 1);
  free(slot);
  return fflush(stdout) == 0 ? 0 : 2;
}

int main(int argc, char **argv) {
  if (argc < 2) return usage("no command");
  if (!strcmp(argv[1], "order")) return order(argc, argv);
  fprintf(stderr, "session: '%s' is not a command\n", argv[1]);
  return usage("commands: order");
}
