// bench_main.cu — `bench`: the timing harness every kernel links against, through its problem
// (see problem.h for the contract, `bench --help` for the command line). Exit codes: 0 ok,
// 1 numerics failure, 2 usage or input error, 4 CUDA error (a kernel fault included).
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "bench_cuda.h"
#include "bench_meta.h"
#include "bench_nvml.h"
#include "bench_modes.h"
#include "bench_plan.h"
#include "bench_turn.h"

int bench_describe_shape(const bench_shape *sh, int sm_count, kernel_plan *plan, char *msg,
                         size_t len) {
  memset(plan, 0, sizeof *plan);
  msg[0] = 0;
  int r = kernel_describe(&sh->s, sm_count, plan, msg, len);
  for (char *c = msg; *c; c++)
    if (*c == '\n' || *c == '\r') *c = ' ';
  if (r != 0 && !msg[0]) snprintf(msg, len, "refused without a message");
  return r == 0 ? 0 : -1;
}

// No CUDA call here: works on a machine without GPU or driver.
int bench_mode_describe(const bench_opts *o) {
  for (int i = 0; i < o->nshapes; i++) {
    kernel_plan plan;
    char msg[512], line[512];
    if (bench_describe_shape(&o->shapes[i], o->sm_count, &plan, msg, sizeof msg)) {
      printf("shape=%s error=%s\n", o->shapes[i].name, msg);
      continue;
    }
    bench_plan_format(&plan, line, sizeof line);
    double flops = 0, bytes = 0;  // the problem's work: what a "smallest shape" is measured by
    problem_this()->work(&o->shapes[i].s, &flops, &bytes);
    printf("shape=%s %s flops=%.0f bytes=%.0f\n", o->shapes[i].name, line, flops, bytes);
  }
  return BENCH_EXIT_OK;
}

int bench_mode_gpu_slug(const bench_opts *o) {
  bench_gpu g;
  BENCH_CUDA(cudaSetDevice(o->device));
  bench_gpu_query(o->device, &g);
  printf("%s\n", g.slug);
  return BENCH_EXIT_OK;
}

// --hold: a context on the device, kept open until the process is stopped (a signal), so that the
// runs of a measure session each find the device already set up by the driver; with --nvml-out,
// NVML loaded once here and its readings written every 0.2 s for the runs (--nvml-from)
static int bench_mode_hold(const bench_opts *o) {
  int lock = o->gpu_lock ? bench_gpu_lock(o->gpu_lock) : -1;  // (no run timing meanwhile)
  BENCH_CUDA(cudaSetDevice(o->device));
  BENCH_CUDA(cudaFree(0));
  if (lock >= 0) close(lock);
  if (!o->nvml_out)
    for (;;) pause();
  bench_nvml_open(o->device);
  struct timespec tick = {0, 200000000};
  for (;;) {
    bench_nvml_write(o->nvml_out);
    nanosleep(&tick, NULL);
  }
}

// The whole of `bench` as a function: main below, and the entry a serving process calls in a
// variant built as a shared object (kernel.so; tools/pipeline/serve.cu), one job per call.
extern "C" __attribute__((visibility("default"))) int bench_entry(int argc, char **argv) {
  bench_opts o;
  bench_parse_args(argc, argv, &o);
  switch (o.mode) {
    case MODE_DESCRIBE: return bench_mode_describe(&o);
    case MODE_GPU_SLUG: return bench_mode_gpu_slug(&o);
    case MODE_HOLD: return bench_mode_hold(&o);
    case MODE_SLUG: {
      char slug[256];
      bench_slug(o.slug_of, slug, sizeof slug);
      printf("%s\n", slug);
      return BENCH_EXIT_OK;
    }
    case MODE_OCCUPANCY: return bench_mode_occupancy(&o);
    case MODE_CHECK: return bench_mode_check(&o);
    case MODE_CHECK_REF: return bench_mode_check_ref(&o);
    case MODE_TIME: return bench_mode_time(&o);
  }
  return BENCH_EXIT_USAGE;
}

int main(int argc, char **argv) { return bench_entry(argc, argv); }
