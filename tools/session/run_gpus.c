// run_gpus.c — see run_gpus.h.
#define _GNU_SOURCE
#include "session/run_gpus.h"
#include <dirent.h>
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

// whether nvidia-smi -L's output SMI (NULL: none) lists a GPU: a line starting "GPU "
static int gpu_listed(const char *smi) {
  for (const char *l = smi; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : "")
    if (!strncmp(l, "GPU ", 4)) return 1;
  return 0;
}

// whether an NVIDIA GPU and driver are usable here: nvidia-smi -L lists one, else the driver is
// loaded and a device node of a GPU exists
static int gpu_usable(void) {
  if (run_runnable("nvidia-smi")) {
    char *a[] = {"nvidia-smi", "-L", NULL}, *out = NULL;
    run_capture(a, "/dev/null", 0, &out);
    int yes = gpu_listed(out);
    free(out);
    if (yes) return 1;
  }
  if (!run_exists("/proc/driver/nvidia/version")) return 0;
  DIR *d = opendir("/dev");
  struct dirent *e;
  int yes = 0;
  while (d && !yes && (e = readdir(d)))
    yes = !strncmp(e->d_name, "nvidia", 6) && e->d_name[6] >= '0' && e->d_name[6] <= '9';
  if (d) closedir(d);
  return yes;
}

static int gpus_check(void) {
  if (gpu_usable()) return 0;
  fputs("make: no NVIDIA GPU or driver on this machine: this target measures on a GPU and was stopped\n"
        "before changing anything. To rebuild the appendix from the published data in data/, run:\n"
        "    make report\n",
        stderr);
  return 2;
}

int run_gpus_command(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[2], "--check")) return gpus_check();
  if (argc != 3) { fprintf(stderr, "session: gpus: one GPUS setting (all, or indices such as 0,1), or --check\n"); return 2; }
  strv g;
  char err[512];
  if (run_gpu_list(argv[2], &g, err, sizeof err)) { fprintf(stderr, "session: %s\n", err); return 2; }
  for (size_t i = 0; i < g.n; i++) printf("%s\n", g.s[i]);
  strv_free(&g);
  return fflush(stdout) == 0 ? 0 : 2;
}

int run_lock_command(int argc, char **argv) {
  int i = 2;
  char index[16];
  run_lock_default_gpu(index);
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
