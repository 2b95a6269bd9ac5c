// bench_cuda.cu — the failure paths behind BENCH_CUDA and bench_usage_fail.
#include "bench_cuda.h"
#include <stdarg.h>

void bench_cuda_fail(cudaError_t err, const char *call, const char *file, int line) {
  fprintf(stderr, "bench: %s:%d: %s: %s (%s)\n", file, line, call, cudaGetErrorString(err),
          cudaGetErrorName(err));
  fflush(stderr);
  exit(BENCH_EXIT_CUDA);
}

void bench_usage_fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("bench: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(BENCH_EXIT_USAGE);
}
