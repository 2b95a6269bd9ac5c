// bench_header.h — the "# key: value" lines of a sample file, collected in order, and the
// sample rows; written atomically (FILE.tmp, then rename) once a run completes.
#pragma once
#include <stdio.h>

typedef struct {
  char key[96];
  char val[416];
} bench_kv;

typedef struct {
  bench_kv *kv;
  int n, cap;
} bench_header;

typedef struct {
  int shape;  // index into the shape-name table passed to bench_write_samples
  int rep;
  double time_us;
  int sm_clock_mhz;  // -1 when unknown
  double kernel_us;  // NAN when unknown (bench_ktime.h)
} bench_sample;

typedef struct {
  bench_sample *s;
  long n, cap;
} bench_samples;

// Appends (or, when key exists, replaces) a header line; the value is printf-formatted.
void bench_header_set(bench_header *h, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

void bench_samples_add(bench_samples *v, int shape, int rep, double time_us, int clock_mhz,
                       double kernel_us);

// Fails early (exit 2) when path's temporary file cannot be created; removes it again.
void bench_out_probe(const char *path);

// Writes the sample file to path (NULL: stdout). Exits 2 on an I/O error.
void bench_write_samples(const char *path, const bench_header *h, const bench_samples *v,
                         const char *const *shape_names);
