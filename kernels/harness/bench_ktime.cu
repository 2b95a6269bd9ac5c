// bench_ktime.cu — kernel time from CUPTI's activity records, CUPTI through dlopen (prototypes,
// constants and the kernel record's leading fields follow cupti_activity.h's C API: the kind at
// offset 0, start and end ns at 16 and 24, the name at 104, alike in every kernel record version
// from 4 to 13). BENCH_CUPTI names the library to load; otherwise libcupti.so, .so.13, .so.12.
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_ktime.h"
#include "bench_ktime_split.h"

typedef int cupti_ret;  // CUptiResult; 0 = CUPTI_SUCCESS
enum { KIND_KERNEL = 3, KIND_CONCURRENT_KERNEL = 10, FLUSH_FORCED = 1 };
enum { BUF_BYTES = 8 << 20, BUF_ALIGN = 8 };

typedef void (*buf_request_fn)(uint8_t **buf, size_t *size, size_t *max_records);
typedef void (*buf_complete_fn)(void *ctx, uint32_t stream, uint8_t *buf, size_t size, size_t valid);

static struct {
  int tried, ok;
  char why[200];
  cupti_ret (*enable)(int kind);
  cupti_ret (*disable)(int kind);
  cupti_ret (*callbacks)(buf_request_fn, buf_complete_fn);
  cupti_ret (*flush)(uint32_t flag);
  cupti_ret (*next)(uint8_t *buf, size_t valid, void **record);
} cu;

typedef bench_krec krec;

static krec *recs;
static size_t nrec, caprec;
static int lost;  // a record could not be kept (out of memory)
enum { MAX_NAMES = 8 };
static char *names[MAX_NAMES];  // the distinct kernels of the pass (the marker's left out)
static int nnames, more_names;

static void note_name(const char *name) {
  for (int i = 0; i < nnames; i++)
    if (strcmp(names[i], name) == 0) return;
  if (nnames == MAX_NAMES || !(names[nnames] = strdup(name))) more_names = 1;
  else nnames++;
}

static void on_request(uint8_t **buf, size_t *size, size_t *max_records) {
  *buf = (uint8_t *)aligned_alloc(BUF_ALIGN, BUF_BYTES);
  *size = *buf ? BUF_BYTES : 0;
  *max_records = 0;
}

static void on_complete(void *ctx, uint32_t stream, uint8_t *buf, size_t size, size_t valid) {
  (void)ctx, (void)stream, (void)size;
  void *r = NULL;
  while (buf && cu.next(buf, valid, &r) == 0) {
    const uint8_t *p = (const uint8_t *)r;
    int kind;
    memcpy(&kind, p, sizeof kind);
    if (kind != KIND_KERNEL && kind != KIND_CONCURRENT_KERNEL) continue;
    krec k;
    const char *name;
    memcpy(&k.start, p + 16, sizeof k.start);
    memcpy(&k.end, p + 24, sizeof k.end);
    memcpy(&name, p + 104, sizeof name);
    k.marker = name && strstr(name, "bench_spin_kernel") != NULL;
    if (!k.marker) note_name(name ? name : "?");
    if (nrec == caprec) {
      size_t cap = caprec ? 2 * caprec : 4096;
      krec *n = (krec *)realloc(recs, cap * sizeof *n);
      if (!n) {
        lost = 1;
        continue;
      }
      recs = n, caprec = cap;
    }
    recs[nrec++] = k;
  }
  free(buf);
}

static int load(void) {
  if (cu.tried) return cu.ok;
  cu.tried = 1;
  const char *env = getenv("BENCH_CUPTI");
  const char *names[] = {env && *env ? env : "libcupti.so", "libcupti.so.13", "libcupti.so.12"};
  void *h = NULL;
  for (size_t i = 0; !h && i < sizeof names / sizeof *names; i++) h = dlopen(names[i], RTLD_NOW);
  if (!h) {
    snprintf(cu.why, sizeof cu.why, "no libcupti (%s; BENCH_CUPTI names it)", env && *env ? env : "libcupti.so");
    return 0;
  }
  *(void **)&cu.enable = dlsym(h, "cuptiActivityEnable");
  *(void **)&cu.disable = dlsym(h, "cuptiActivityDisable");
  *(void **)&cu.callbacks = dlsym(h, "cuptiActivityRegisterCallbacks");
  *(void **)&cu.flush = dlsym(h, "cuptiActivityFlushAll");
  *(void **)&cu.next = dlsym(h, "cuptiActivityGetNextRecord");
  if (!cu.enable || !cu.disable || !cu.callbacks || !cu.flush || !cu.next) {
    snprintf(cu.why, sizeof cu.why, "libcupti lacks the activity API");
    return 0;
  }
  cupti_ret r = cu.callbacks(on_request, on_complete);
  if (r != 0) {
    snprintf(cu.why, sizeof cu.why, "CUPTI refused the record buffers (error %d)", r);
    return 0;
  }
  return cu.ok = 1;
}

int bench_ktime_start(char *why, size_t len) {
  if (!load()) {
    snprintf(why, len, "%s", cu.why);
    return -1;
  }
  nrec = 0, lost = 0;
  for (int i = 0; i < nnames; i++) free(names[i]);
  nnames = 0, more_names = 0;
  cupti_ret r = cu.enable(KIND_CONCURRENT_KERNEL);
  if (r != 0) {
    snprintf(why, len, "CUPTI refused kernel records (error %d; another profiler attached?)", r);
    return -1;
  }
  return 0;
}

static int by_start(const void *a, const void *b) {
  const krec *x = (const krec *)a, *y = (const krec *)b;
  return x->start < y->start ? -1 : x->start > y->start;
}

int bench_ktime_stop(int replays, double *us, int *kernels, char *why, size_t len) {
  cu.flush(FLUSH_FORCED);
  cu.disable(KIND_CONCURRENT_KERNEL);
  cu.flush(FLUSH_FORCED);
  if (lost) return snprintf(why, len, "records lost (out of host memory)"), -1;
  qsort(recs, nrec, sizeof *recs, by_start);
  return bench_ktime_split(recs, nrec, replays, us, kernels, why, len);
}

void bench_ktime_names(char *buf, size_t len) {
  size_t at = 0;
  buf[0] = 0;
  for (int i = 0; i < nnames && at < len; i++)
    at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ";" : "", names[i]);
  if (more_names && at < len) snprintf(buf + at, len - at, ";...");
}
