// bench_gpu_modes.cu — the modes that need a GPU: --occupancy, --check, --check-ref, timing.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "bench_check.h"
#include "bench_cuda.h"
#include "bench_meta.h"
#include "bench_modes.h"
#include "bench_plan.h"
#include "bench_timing.h"
#include "bench_nvml.h"
#include "bench_turn.h"

// milliseconds on the host's monotonic clock: the progress line's phases (where a process's time
// goes: with one short timing per process, as in a sweep, most of it is not the timing)
static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void open_device(const bench_opts *o, bench_gpu *g) {
  BENCH_CUDA(cudaSetDevice(o->device));
  bench_gpu_query(o->device, g);
}

int bench_mode_occupancy(const bench_opts *o) {
  bench_gpu g;
  open_device(o, &g);
  for (int i = 0; i < o->nshapes; i++) {
    kernel_plan plan;
    char msg[512];
    if (bench_describe_shape(&o->shapes[i], g.sm_count, &plan, msg, sizeof msg)) {
      printf("shape=%s error=%s\n", o->shapes[i].name, msg);
      continue;
    }
    BENCH_CUDA(kernel_prepare(&o->shapes[i].s, &plan));
    printf("shape=%s blocks_per_sm=%d ctas=%ld sm_count=%d\n", o->shapes[i].name,
           bench_occupancy(&plan), plan.ctas, g.sm_count);
  }
  kernel_release();
  return BENCH_EXIT_OK;
}

int bench_mode_check(const bench_opts *o) {
  bench_gpu g;
  int failed = 0;
  open_device(o, &g);
  for (int i = 0; i < o->nshapes; i++) {
    const bench_shape *sh = &o->shapes[i];
    kernel_plan plan;
    char msg[512];
    if (bench_describe_shape(sh, g.sm_count, &plan, msg, sizeof msg)) {
      printf("check shape=%s error=%s verdict=unsupported\n", sh->name, msg);
      continue;
    }
    BENCH_CUDA(kernel_prepare(&sh->s, &plan));
    bench_tensors *t = bench_tensors_alloc(&sh->s, plan.workspace_bytes, plan.workspace_zeroed);
    failed += !bench_check_shape(sh->name, &plan, t, o->seed, stdout);
    bench_tensors_free(t);
  }
  kernel_release();
  return failed ? BENCH_EXIT_NUMERICS : BENCH_EXIT_OK;
}

int bench_mode_check_ref(const bench_opts *o) {
  bench_gpu g;
  int failed = 0;
  for (int i = 0; i < o->nshapes; i++) bench_check_ref_fits(o->shapes[i].name, &o->shapes[i].s);
  open_device(o, &g);
  if (o->nshapes)
    for (int i = 0; i < o->nshapes; i++)
      failed += !bench_check_ref_shape(o->shapes[i].name, &o->shapes[i].s, o->seed, stdout);
  else
    for (int i = 0; problem_ref_shapes[i]; i++) {
      problem_shape s;
      char why[160];
      if (problem_this()->parse(problem_ref_shapes[i], &s, why, sizeof why))
        bench_usage_fail("built-in shape '%s': %s", problem_ref_shapes[i], why);
      failed += !bench_check_ref_shape(problem_ref_shapes[i], &s, o->seed, stdout);
    }
  return failed ? BENCH_EXIT_NUMERICS : BENCH_EXIT_OK;
}

int bench_mode_time(const bench_opts *o) {
  bench_gpu g;
  bench_header h = {0};
  bench_samples v = {0};
  const char **names = (const char **)calloc((size_t)o->nshapes, sizeof(char *));
  if (!names) bench_usage_fail("out of memory");
  if (o->out) bench_out_probe(o->out);
  double t0 = now_ms();
  int lock = o->gpu_lock ? bench_gpu_lock(o->gpu_lock) : -1;  // (no other run timing meanwhile)
  double t_wait = now_ms() - t0;
  open_device(o, &g);
  if (o->nvml_from) bench_nvml_from(o->nvml_from);
  bench_nvml_open(o->device);  // (loading NVML is part of setting up, before the turn)
  if (lock >= 0) close(lock);
  lock = -1;
  double t_open = now_ms() - t0 - t_wait;
  if (o->after) t_wait += bench_turn_wait(o->after, o->parent);
  if (o->limit) bench_turn_limit(o->limit);
  for (int i = 0; i < o->nmeta; i++) bench_header_set(&h, o->meta_key[i], "%s", o->meta_val[i]);
  bench_meta_start(o->device, &g, &h);
  bench_header_set(&h, "seed", "%llu", o->seed);
  bench_header_set(&h, "l2_flush", "%s", o->l2_cold ? "cold" : "hot");
  bench_header_set(&h, "reps", "%d", o->reps);
  bench_header_set(&h, "warmup", "%d", o->warmup);
  bench_timing_opts t = {o->reps, o->warmup, o->hot_batch, o->graph_calls, o->l2_cold,
                         2 * (size_t)g.l2_bytes};
  char how[256];
  bench_timing_describe(&t, how, sizeof how);
  bench_header_set(&h, "hot_batch", "%d", o->l2_cold || o->graph_calls ? 1 : o->hot_batch);
  bench_header_set(&h, "graph_calls", "%d", o->graph_calls);
  // own: this process timed this run alone; served: one job of a process that timed several runs
  // in turn in one context (tools/pipeline/serve.cu)
  bench_header_set(&h, "process", "%s", o->served ? "served" : "own");
  bench_header_set(&h, "timing", "%s", how);
  bench_header_set(&h, "problem", "%s", problem_this()->name);
  bench_header_set(&h, "kernel_config", "%s", kernel_config());
  for (int i = 0; i < o->nshapes; i++) {
    const bench_shape *sh = &o->shapes[i];
    kernel_plan plan;
    char msg[512], line[512], key[128];
    names[i] = sh->name;
    if (bench_describe_shape(sh, g.sm_count, &plan, msg, sizeof msg)) {
      fprintf(stderr, "bench: [%d/%d] %s unsupported: %s\n", i + 1, o->nshapes, sh->name, msg);
      snprintf(key, sizeof key, "unsupported.%s", sh->name);
      bench_header_set(&h, key, "%s", msg);
      continue;
    }
    double t1 = now_ms();
    BENCH_CUDA(kernel_prepare(&sh->s, &plan));
    bench_tensors *b = bench_tensors_alloc(&sh->s, plan.workspace_bytes, plan.workspace_zeroed);
    double t2 = now_ms();
    if (!bench_check_shape(sh->name, &plan, b, o->seed, stderr)) {
      fprintf(stderr, "bench: shape '%s': numerics failed; no samples written\n", sh->name);
      return BENCH_EXIT_NUMERICS;
    }
    bench_plan_format(&plan, line, sizeof line);
    snprintf(key, sizeof key, "launch.%s", sh->name);
    bench_header_set(&h, key, "%s occupancy_blocks_per_sm=%d", line, bench_occupancy(&plan));
    double flops, bytes;
    problem_this()->work(&sh->s, &flops, &bytes);
    snprintf(key, sizeof key, "work.%s", sh->name);
    bench_header_set(&h, key, "flops=%.17g bytes=%.17g", flops, bytes);
    double t_checked = now_ms();
    if (o->gpu_lock && lock < 0) {  // held from the first timing to the exit
      lock = bench_gpu_lock(o->gpu_lock);
      t_wait += now_ms() - t_checked;
    }
    double t3 = now_ms();
    bench_time_notes notes;
    double med = bench_time_shape(&plan, b, &t, i, &v, &notes);
    snprintf(key, sizeof key, "clock_wait.%s", sh->name);
    bench_header_set(&h, key, "%s", notes.clock);
    snprintf(key, sizeof key, "kernel_time.%s", sh->name);
    bench_header_set(&h, key, "%s", notes.kernel);
    if (notes.kernels[0]) {
      snprintf(key, sizeof key, "kernels.%s", sh->name);
      bench_header_set(&h, key, "%s", notes.kernels);
    }
    // ms of the host clock: device (process: opening the device), wait (for the turn), set-up
    // (prepare, buffers), check (numerics), timing (warm-up and reps)
    fprintf(stderr,
            "bench: [%d/%d] %s median %.3f us (ms: device %.0f, wait %.0f, set-up %.0f, check %.0f, timing %.0f)\n",
            i + 1, o->nshapes, sh->name, med, t_open, t_wait, t2 - t1, t_checked - t2, now_ms() - t3);
    t_open = t_wait = 0;  // the device is opened once: its time goes with the first shape timed
    bench_tensors_free(b);
  }
  bench_timing_release();
  kernel_release();
  bench_meta_end(&h);
  bench_write_samples(o->out, &h, &v, names);
  if (o->served) {  // the device left as the job found it for the server's next job
    if (o->limit) alarm(0), signal(SIGALRM, SIG_DFL);  // (the handler is in this job's code)
    BENCH_CUDA(cudaDeviceSynchronize());
    BENCH_CUDA(cudaGetLastError());
    if (lock >= 0) close(lock);
    free(names);
  } else if (lock >= 0) {  // the context torn down while the GPU's lock is held, then the lock let go
    if (o->limit) alarm(0);  // (the samples are written: neither the limit nor a failing
    (void)cudaDeviceReset(); //  teardown may reject the run now)
    close(lock);
  }
  return BENCH_EXIT_OK;
}
