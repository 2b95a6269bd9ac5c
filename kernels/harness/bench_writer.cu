// bench_writer.cu — collects header lines and samples and writes the sample file
// `# cudadent42 samples v1` atomically, through the samples library's writer.
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "bench_cuda.h"
#include "bench_header.h"
#include "samples/samples_write.h"

void bench_header_set(bench_header *h, const char *key, const char *fmt, ...) {
  bench_kv *kv = NULL;
  for (int i = 0; i < h->n; i++)
    if (strcmp(h->kv[i].key, key) == 0) kv = &h->kv[i];
  if (!kv) {
    if (h->n == h->cap) {
      h->cap = h->cap ? 2 * h->cap : 32;
      h->kv = (bench_kv *)realloc(h->kv, (size_t)h->cap * sizeof *h->kv);
      if (!h->kv) bench_usage_fail("out of memory");
    }
    kv = &h->kv[h->n++];
    snprintf(kv->key, sizeof kv->key, "%s", key);
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(kv->val, sizeof kv->val, fmt, ap);
  va_end(ap);  // (the writer puts a value's line breaks as spaces: one header line per key)
}

void bench_samples_add(bench_samples *v, int shape, int rep, double time_us, int clock_mhz,
                       double kernel_us) {
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 1024;
    v->s = (bench_sample *)realloc(v->s, (size_t)v->cap * sizeof *v->s);
    if (!v->s) bench_usage_fail("out of memory");
  }
  bench_sample x = {shape, rep, time_us, clock_mhz, kernel_us};
  v->s[v->n++] = x;
}

// The file goes through the samples library's writer (tools/samples/samples_write.h): PATH.tmp.<pid>,
// renamed once whole.
void bench_out_probe(const char *path) {
  samples_writer w;
  char err[4200];
  if (samples_write_open(&w, path, err, sizeof err)) bench_usage_fail("%s", err);
  samples_write_abort(&w);
}

void bench_write_samples(const char *path, const bench_header *h, const bench_samples *v,
                         const char *const *names) {
  samples_writer w;
  char err[4200];
  if (samples_write_open(&w, path, err, sizeof err)) bench_usage_fail("%s", err);
  samples_write_line(&w, "%s", SAMPLES_VERSION_LINE);
  for (int i = 0; i < h->n; i++) samples_write_meta(&w, h->kv[i].key, h->kv[i].val);
  samples_write_line(&w, "shape,rep,time_us,sm_clock_mhz,kernel_us");
  for (long i = 0; i < v->n; i++) {
    const bench_sample *s = &v->s[i];
    char clock[16] = "nan", kernel[32] = "";  // (an unknown kernel time: empty, as the runner's)
    if (s->sm_clock_mhz >= 0) snprintf(clock, sizeof clock, "%d", s->sm_clock_mhz);
    if (isfinite(s->kernel_us)) snprintf(kernel, sizeof kernel, "%.3f", s->kernel_us);
    samples_write_line(&w, "%s,%d,%.3f,%s,%s", names[s->shape], s->rep, s->time_us, clock, kernel);
  }
  if (samples_write_close(&w, err, sizeof err)) bench_usage_fail("%s", err);
}
