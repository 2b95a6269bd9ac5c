// shards_session.c — `session shards EXP`: the makefile of `make measure GPUS=...` (shards_plan.h)
// on stdout, from the environment and the machine: the GPUs nvidia-smi lists (GPUS=all), srun
// (RUNNER=slurm), the host's name, the start time, a queue's order seed. Messages
// `measure: GPUS: what`, exit 2.
#define _GNU_SOURCE
#include "session/shards_session.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "session/run_gpus.h"
#include "session/run_proc.h"
#include "session/shards_plan.h"

static const char *env(const char *k) { return getenv(k); }

static _Noreturn void die(const char *what) {
  fprintf(stderr, "measure: GPUS: %s\n", what);
  exit(2);
}

int run_shards(const char *exp) {
  char err[1024];
  shards_in in;
  if (shards_parse(&in, exp, env, err, sizeof err)) die(err);
  char *spec = (char *)in.gpus_spec;
  if (in.slurm) {
    if (!run_runnable(in.srun)) {
      char *m = run_fmt("RUNNER=slurm: no %s here (run on a Slurm login node)", in.srun);
      die(m);
    }
    spec = run_strdup("0");  // job numbers, not GPU indices: Slurm picks the GPUs
    for (unsigned j = 1; j < in.slurm_jobs; j++) { char *t = run_fmt("%s,%u", spec, j); free(spec); spec = t; }
  }
  strv gpus;
  if (run_gpu_list(spec, &gpus, err, sizeof err)) die(err);
  uint64_t queue_seed = 0;
  if (shards_queue(&in, gpus.n)) {
    if (in.have_seed) queue_seed = in.seed;
    else queue_seed = run_random31();
  }
  char start[32];
  if (!in.start) {
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(start, sizeof start, "%Y%m%dT%H%M%SZ", &tm);
    in.start = start;
  }
  char *host = run_host_name();
  if (shards_write(stdout, &in, &gpus, host, queue_seed, err, sizeof err)) die(err);
  char *gl = run_strdup("");
  for (size_t i = 0; i < gpus.n; i++) { char *t = run_fmt("%s%s%s", gl, i ? " " : "", gpus.s[i]); free(gl); gl = t; }
  const int q = shards_queue(&in, gpus.n), st = shards_stream(&in, gpus.n);
  if (in.slurm) fprintf(stderr, "measure: %s on %zu Slurm job(s): ", exp, gpus.n);
  else fprintf(stderr, "measure: %s on %zu GPU(s) (%s): ", exp, gpus.n, gl);
  fprintf(stderr, "%s%s%s\n", in.rounds >= gpus.n ? "rounds dealt out" : "variants dealt out", q ? " from a shared queue" : "",
          st ? ", built while measured" : "");
  return fflush(stdout) == 0 ? 0 : 2;
}
