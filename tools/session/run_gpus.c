// run_gpus.c — see run_gpus.h.
#define _GNU_SOURCE
#include "session/run_gpus.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "session/run_lock.h"
#include "session/run_proc.h"
#include "session/shards_plan.h"

int run_gpu_list(const char *spec, strv *gpus, char *err, size_t n) {
  char *smi = NULL;
  if (!strcmp(spec, "all") && run_runnable("nvidia-smi")) {
    char *a[] = {"nvidia-smi", "--query-gpu=index", "--format=csv,noheader", NULL};
    run_capture(a, "/dev/null", 0, &smi);
  }
  int rc = shards_gpus(spec, smi, gpus, err, n);
  free(smi);
  return rc;
}

int run_gpus_command(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "session: gpus: one GPUS setting (all, or indices such as 0,1)\n"); return 2; }
  strv g;
  char err[512];
  if (run_gpu_list(argv[2], &g, err, sizeof err)) { fprintf(stderr, "session: %s\n", err); return 2; }
  for (size_t i = 0; i < g.n; i++) printf("%s\n", g.s[i]);
  strv_free(&g);
  return fflush(stdout) == 0 ? 0 : 2;
}

// the GPU a command that takes no GPUS= setting runs on: GPU, else the first of
// CUDA_VISIBLE_DEVICES when it is an index, else 0
static void default_index(char out[16]) {
  const char *g = getenv("GPU");
  if (!g || !*g) g = getenv("CUDA_VISIBLE_DEVICES");
  if (!g || !*g) g = "0";
  size_t k = strcspn(g, ",");
  snprintf(out, 16, "%.*s", (int)k, g);
  if (!run_digits(out, 1, 3, 0)) strcpy(out, "0");
}

int run_lock_command(int argc, char **argv) {
  int i = 2;
  char index[16];
  default_index(index);
  if (i + 1 < argc && !strcmp(argv[i], "--gpu")) {
    if (!run_digits(argv[i + 1], 1, 3, 0)) { fprintf(stderr, "session: lock: --gpu '%s' is not a GPU index\n", argv[i + 1]); return 2; }
    snprintf(index, sizeof index, "%s", argv[i + 1]);
    setenv("CUDA_VISIBLE_DEVICES", index, 1);
    i += 2;
  }
  if (argc - i < 2) { fprintf(stderr, "session: usage: session lock [--gpu I] WHAT CMD...\n"); return 2; }
  const char *what = argv[i];
  char *who = run_fmt("%.*s", (int)strcspn(what, " "), what), err[1024];
  run_signals();
  if (run_lock_take(index, who, what, err, sizeof err) < 0) { fprintf(stderr, "%s: %s\n", who, err); return 2; }
  run_child c;
  if (run_start(&c, argv + i + 1, NULL, 0) != 0) { fprintf(stderr, "%s: cannot fork\n", who); return 2; }
  while (run_running(&c)) {
    if (run_signalled) {  // (passed on: the command is in a process group of its own)
      run_stop(&c);
      return 128 + run_signalled;
    }
    run_nap(0.01);
  }
  free(who);
  return c.status;
}
