// profile_ncu.c — see profile_ncu.h.
#include "profile_ncu.h"
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include "session/run_proc.h"

void pn_profile_argv(const pn_run *r, strv *a) {
  strv_push(a, r->ncu);
  const char *fixed[] = {"--clock-control", "none", "--target-processes", "all", "--kernel-name-base", "function"};
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) strv_push(a, fixed[i]);
  strv_push(a, "--kernel-name");
  strv_pushf(a, "regex:^%s$", r->kernel);
  const char *launches[] = {"--launch-skip", "1", "--launch-count", "3", "--metrics"};
  for (size_t i = 0; i < sizeof launches / sizeof launches[0]; i++) strv_push(a, launches[i]);
  strv_push(a, r->metrics);
  strv_push(a, "--export");
  strv_push(a, r->report);
  strv_push(a, "--force-overwrite");
  strv_push(a, r->bench);
  const char *bench[] = {"--shape", r->shape, "--reps", "3", "--warmup", "1", "--l2", "hot",
                         "--hot-batch", "1", "--seed", r->seed, "--out", r->samples};
  for (size_t i = 0; i < sizeof bench / sizeof bench[0]; i++) strv_push(a, bench[i]);
}

void pn_import_argv(const char *ncu, const char *report, int base_units, strv *a) {
  const char *w[] = {ncu, "--import", report, "--csv", "--page", "raw", "--print-units", "base"};
  for (size_t i = 0; i < (base_units ? 8u : 6u); i++) strv_push(a, w[i]);
}

static int by_bytes(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

char *pn_find(const char *root) {
  char *found = run_which("ncu");
  if (found) return found;
  const char *pat[] = {"/usr/local/cuda/bin/ncu", "/usr/local/cuda/nsight-compute*/ncu", "/opt/nvidia/nsight-compute/*/ncu"};
  strv all = {0};
  for (size_t i = 0; i < sizeof pat / sizeof pat[0]; i++) {
    char *p = run_fmt("%s%s", root, pat[i]);
    glob_t g;
    if (glob(p, 0, NULL, &g) == 0) {
      for (size_t k = 0; k < g.gl_pathc; k++) strv_push(&all, g.gl_pathv[k]);
      globfree(&g);
    }
    free(p);
  }
  if (all.n) {
    qsort(all.s, all.n, sizeof *all.s, by_bytes);
    found = run_strdup(all.s[all.n - 1]);
  }
  strv_free(&all);
  return found;
}
