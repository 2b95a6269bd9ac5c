// session_main.c — `session`, the GPU session's planning command (no GPU, no GSL). Errors:
// `session: what`, exit 2.
//   session order --seed N --rounds R [--sequential] VARIANT...
//     the session's runs, one "VARIANT ROUND" line each (rounds from 1), in the order they run:
//     rounds dealt by session_order_balanced, or with --sequential variant-major
//   session deal --gpus N --rounds R --reps REPS [--plan-rounds P] [--turn] [--shared NAME]... VARIANT...
//     one line per session k (0-based) of a measurement over N GPUs (session_deal.h):
//     "k rounds R_k reps REPS_k" (the rounds dealt), "k queue" (the variants from a shared queue),
//     or with --turn "k variants V..." (dealt in turn beforehand: the i-th variant that is not
//     --shared, counted from 0, to session i mod N; the --shared ones to each, where they stand)
//   session code-id kernels PATH... | runner FILE | lib FILE | for VARIANT KERNELS [RUNNER...]
//     the code id (session_code_id.h): of the sources under PATH... (kernels:<12 hex>), of a
//     library runner (<lib>:<12 hex>), the <lib> of a runner's path, or the id a variant's file
//     carries (that RUNNER's for a baseline <lib>-* of it, else KERNELS; a RUNNER may be empty)
//   session shards EXP
//     the makefile of `make measure GPUS=...` or RUNNER=slurm: one measure session a GPU or a
//     cluster job (shards_plan.h), from the environment make passes; messages `measure: GPUS: what`
//   session gpus SPEC | session gpus --check | session lock [--gpu I] WHAT CMD...
//     the GPUs a GPUS setting names; whether a GPU is usable here; CMD run holding a GPU's host-wide lock (run_gpus.h)
//   session collect EXP
//     the sessions cluster jobs staged (RUNNER=slurm), published when their job finished
//     (run_collect.h); messages `measure: what`
//   session measure EXP
//     one measure session of experiment EXP on this host's GPU, its settings from the environment
//     that make passes (run_session.h); messages `measure: what`
//   session search EXP
//     the search of a space experiment's configurations on this host's GPUs, then the
//     confirmation of its best as a measure session, its settings from the environment that make
//     passes (run_search.h); messages `search: what`
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "session/session_code_id.h"
#include "session/session_deal.h"
#include "session/session_order.h"
#include "session/run_collect.h"
#include "session/run_gpus.h"
#include "session/run_search.h"
#include "session/run_session.h"
#include "session/shards_session.h"

static int usage(const char *why) {
  fprintf(stderr,
          "session: %s\nusage: session order --seed N --rounds R [--sequential] VARIANT...\n"
          "       session deal --gpus N --rounds R --reps REPS [--plan-rounds P] [--turn] [--shared NAME]... VARIANT...\n"
          "       session code-id kernels PATH... | runner FILE | lib FILE | for VARIANT KERNELS [RUNNER...]\n"
          "       session shards EXP | session measure EXP | session collect EXP | session search EXP\n"
          "       session gpus SPEC | session gpus --check | session lock [--gpu I] WHAT CMD...\n",
          why);
  return 2;
}

// S is a whole number written in digits alone (strtoumax would also take " 5", "+5" and " -5")
static int digits(const char *s) { return *s && strspn(s, "0123456789") == strlen(s); }

static int parse_u64(const char *s, uint64_t max, uint64_t *out) {
  if (!digits(s)) return 0;
  errno = 0;
  char *end;
  uintmax_t v = strtoumax(s, &end, 10);
  if (errno || *end || v > max) return 0;
  *out = (uint64_t)v;
  return 1;
}

// a count option's value in [lo, hi], or a message and 0
static int count(const char *opt, const char *v, uint64_t lo, uint64_t hi, uint64_t *out) {
  const int n = parse_u64(v, UINT64_MAX, out);
  if (n && *out >= lo && *out <= hi) return 1;
  if (digits(v) && (!n || *out > hi)) fprintf(stderr, "session: %s '%s' is not a count <= %" PRIu64 "\n", opt, v, hi);
  else fprintf(stderr, "session: %s '%s' is not a count >= %" PRIu64 "\n", opt, v, lo);
  return 0;
}

static int twice(char **name, size_t k) {
  for (size_t a = 0; a < k; a++)
    for (size_t b = a + 1; b < k; b++)
      if (!strcmp(name[a], name[b])) { fprintf(stderr, "session: variant '%s' named twice\n", name[a]); return 1; }
  return 0;
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
      if (!parse_u64(v, UINT64_MAX, &seed)) { fprintf(stderr, "session: --seed '%s' is not a non-negative integer\n", v); return 2; }
      have_seed = 1;
    } else if (!strcmp(o, "--rounds")) {
      if (!count(o, v, 1, 100000, &rounds)) return 2;
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
  if (twice(name, k)) return 2;
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

static int deal(int argc, char **argv) {
  uint64_t gpus = 0, rounds = 0, reps = 0, plan = 0;
  int turn = 0, i = 2;
  char **shared = calloc((size_t)argc, sizeof *shared);
  size_t nshared = 0;
  if (!shared) { fprintf(stderr, "session: out of memory\n"); return 2; }
  for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
    const char *o = argv[i];
    if (!strcmp(o, "--")) { i++; break; }
    if (!strcmp(o, "--turn")) { turn = 1; continue; }
    if (i + 1 >= argc) { fprintf(stderr, "session: %s: needs a value\n", o); free(shared); return 2; }
    const char *v = argv[++i];
    int ok = !strcmp(o, "--gpus")          ? count(o, v, 1, 4096, &gpus)
             : !strcmp(o, "--rounds")      ? count(o, v, 1, 100000, &rounds)
             : !strcmp(o, "--reps")        ? count(o, v, 1, 100000000, &reps)
             : !strcmp(o, "--plan-rounds") ? count(o, v, 1, 100000, &plan)
             : !strcmp(o, "--shared")      ? (shared[nshared++] = argv[i], 1)
                                           : (fprintf(stderr, "session: '%s' is not an option of deal\n", o), 0);
    if (!ok) { free(shared); return 2; }
  }
  size_t nv = (size_t)(argc - i);
  char **name = argv + i;
  int rc = 0;
  if (!gpus || !rounds || !reps) rc = usage("deal: --gpus, --rounds and --reps are required");
  else if (nv == 0) rc = usage("deal: no variants");
  else if (twice(name, nv)) rc = 2;
  else if (!session_deal_plan_ok(gpus, rounds, plan)) {
    char why[512];
    session_deal_plan_why(why, sizeof why, gpus, rounds, reps, plan);
    fprintf(stderr, "session: %s\n", why);
    rc = 2;
  }
  for (size_t k = 0; !rc && k < gpus; k++) {
    if (rounds >= gpus) {
      size_t kr, kreps;
      session_deal_rounds(gpus, rounds, reps, k, &kr, &kreps);
      printf("%zu rounds %zu reps %zu\n", k, kr, kreps);
    } else if (!turn) {
      printf("%zu queue\n", k);
    } else {
      printf("%zu variants", k);
      size_t d = 0;  // the variant's index among the dealt ones: the shared ones are not dealt
      for (size_t v = 0; v < nv; v++) {
        int sh = 0;
        for (size_t s = 0; s < nshared; s++) sh |= !strcmp(shared[s], name[v]);
        if (session_deal_turn(gpus, k, d, sh)) printf(" %s", name[v]);
        d += !sh;
      }
      printf("\n");
    }
  }
  free(shared);
  if (!rc && fflush(stdout) != 0) rc = 2;
  return rc;
}

static int code_id(int argc, char **argv) {
  const char *what = argc > 2 ? argv[2] : "";
  char id[SESSION_CODE_ID_MAX];
  if (!strcmp(what, "kernels")) {
    if (argc < 4) return usage("code-id: kernels needs a source path");
    if (session_code_id_kernels("session", (const char *const *)argv + 3, (size_t)(argc - 3), id)) return 2;
  } else if (!strcmp(what, "runner")) {
    if (argc != 4) return usage("code-id: runner needs one runner file");
    if (session_code_id_runner("session", argv[3], id)) return 2;
  } else if (!strcmp(what, "lib")) {
    if (argc != 4) return usage("code-id: lib needs one runner path");
    if (session_code_id_lib(argv[3], id)) { fprintf(stderr, "session: %s: the name is too long\n", argv[3]); return 2; }
  } else if (!strcmp(what, "for")) {
    if (argc < 5) return usage("code-id: for needs VARIANT KERNELS [RUNNER...]");
    printf("%s\n", session_code_id_for(argv[3], argv[4], (const char *const *)argv + 5, (size_t)(argc - 5)));
    return fflush(stdout) == 0 ? 0 : 2;
  } else {
    return usage("code-id: kernels, runner, lib or for");
  }
  printf("%s\n", id);
  return fflush(stdout) == 0 ? 0 : 2;
}

int main(int argc, char **argv) {
  if (argc < 2) return usage("no command");
  if (!strcmp(argv[1], "order")) return order(argc, argv);
  if (!strcmp(argv[1], "deal")) return deal(argc, argv);
  if (!strcmp(argv[1], "code-id")) return code_id(argc, argv);
  if (!strcmp(argv[1], "gpus")) return run_gpus_command(argc, argv);
  if (!strcmp(argv[1], "lock")) return run_lock_command(argc, argv);
  if (!strcmp(argv[1], "shards")) {
    if (argc != 3) return usage("shards: one experiment");
    return run_shards(argv[2]);
  }
  if (!strcmp(argv[1], "collect")) {
    if (argc != 3) return usage("collect: one experiment");
    return run_collect(argv[2]);
  }
  if (!strcmp(argv[1], "measure")) {
    if (argc != 3) return usage("measure: one experiment");
    return run_measure(argv[2]);
  }
  if (!strcmp(argv[1], "search")) {
    if (argc != 3) return usage("search: one experiment");
    return run_search(argv[2]);
  }
  fprintf(stderr, "session: '%s' is not a command\n", argv[1]);
  return usage("commands: order, deal, code-id, shards, measure, collect, search, gpus, lock");
}
