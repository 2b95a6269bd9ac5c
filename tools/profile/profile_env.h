// profile_env.h — the settings of `build/tools/profile EXP`, from the environment make passes:
//   B (build), TOOLS (B/tools: ncu_csv, counter_gates, gatetab), SESSION_BIN (B/tools/session:
//   `session lock`, the GPU's host-wide lock), DATA_OUT (data), PUBLISH (1: the tidy CSVs to
//   DATA_OUT/EXP/<gpu>/profile/ and the merged gates.csv beside them), VARIANTS (words: the
//   experiment's flag-file variants; baselines are not profiled), VARIANT (one of them), SHAPE
//   (default: each variant's first), NCU (a path, or a name looked up in PATH; default: found as
//   profile_ncu.h says), PROFILE_TIMEOUT (seconds an ncu run may take, 110; 0: no limit), SEED
//   (42), BANK_CONFLICT_MAX (0.5), COALESCE_FACTOR (2), COALESCE_IDEAL_SECTORS (4)
//   (counter_gates.c says what they mean), GPU_LOCK_HELD (set: this run already holds the lock),
//   CODE_SRC (the sources of the code id every profile records, blank-separated, as measure's:
//   mk/measure.mk; required), GIT_REV (the commit every profile records, one word; `unknown`).
//   An unset or empty one takes its default.
#pragma once
#include <stddef.h>

typedef struct {
  char *b, *out, *tools, *session_bin, *data_out;  // b: B/EXP, out: B/EXP/profile (malloc'd)
  const char *exp, *variants, *variant, *shape, *ncu, *seed, *bank_max, *coalesce, *ideal;
  const char *code_src, *git_rev;
  char *code, *gpu;  // what every profile's header records (profile_main.c sets them: the code id, the slug)
  unsigned timeout;
  int publish, lock_held;
} pf_settings;

// The settings of experiment EXP with the environment read through GET (getenv's contract).
// 0, or -1 with the message in ERR: an EXP that is no directory name, PROFILE_TIMEOUT or SEED not
// digits, a gate threshold that is not a number.
int pf_settings_read(pf_settings *s, const char *exp, const char *(*get)(const char *), char *err, size_t n);
void pf_settings_free(pf_settings *s);
