// bench_writer.cu — collects header lines and samples and writes the sample file
// `# cudadent42 samples v1` atomically.
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "bench_cuda.h"
#include "bench_header.h"

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
  va_end(ap);
  for (char *c = kv->val; *c; c++)  // one header line per key, whatever the value holds
    if (*c == '\n' || *c == '\r') *c = ' ';
}

void bench_samples_add(bench_samples *v, int shape, int rep, double time_us, int clock_mhz) {
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 1024;
    v->s = (bench_sample *)realloc(v->s, (size_t)v->cap * sizeof *v->s);
    if (!v->s) bench_usage_fail("out of memory");
  }
  bench_sample x = {shape, rep, time_us, clock_mhz};
  v->s[v->n++] = x;
}

static void io_fail(const char *path) {
  bench_usage_fail("%s: %s", path, strerror(errno));
}

static void tmp_name(const char *path, char *tmp, size_t len) {
  if (snprintf(tmp, len, "%s.tmp", path) >= (int)len) bench_usage_fail("%s: path too long", path);
}

void bench_out_probe(const char *path) {
  char tmp[4096];
  tmp_name(path, tmp, sizeof tmp);
  FILE *f = fopen(tmp, "w");
  if (!f) io_fail(tmp);
  fclose(f);
  remove(tmp);
}

void bench_write_samples(const char *path, const bench_header *h, const bench_samples *v,
                         const char *const *names) {
  char tmp[4096];
  FILE *f = stdout;
  if (path) {
    tmp_name(path, tmp, sizeof tmp);
    f = fopen(tmp, "w");
    if (!f) io_fail(tmp);
  }
  fprintf(f, "# cudadent42 samples v1\n");
  for (int i = 0; i < h->n; i++) fprintf(f, "# %s: %s\n", h->kv[i].key, h->kv[i].val);
  fprintf(f, "shape,rep,time_us,sm_clock_mhz\n");
  for (long i = 0; i < v->n; i++) {
    const bench_sample *s = &v->s[i];
    if (s->sm_clock_mhz >= 0)
      fprintf(f, "%s,%d,%.3f,%d\n", names[s->shape], s->rep, s->time_us, s->sm_clock_mhz);
    else
      fprintf(f, "%s,%d,%.3f,nan\n", names[s->shape], s->rep, s->time_us);
  }
  if (fflush(f) != 0 || ferror(f)) io_fail(path ? tmp : "stdout");
  if (path) {
    if (fclose(f) != 0) io_fail(tmp);
    if (rename(tmp, path) != 0) {
      int e = errno;
      remove(tmp);
      errno = e;
      io_fail(path);
    }
  }
}
