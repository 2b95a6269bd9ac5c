// bench_cuda.h — error handling shared by the bench harness files: one macro for every CUDA call,
// and the exit codes of `bench` (0 ok, 1 numerics failure, 2 usage/input error, 4 CUDA error).
#pragma once
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { BENCH_EXIT_OK = 0, BENCH_EXIT_NUMERICS = 1, BENCH_EXIT_USAGE = 2, BENCH_EXIT_CUDA = 4 };

// Prints `bench: file:line: call: cuda error string (name)` and exits 4 on any CUDA error.
void bench_cuda_fail(cudaError_t err, const char *call, const char *file, int line);

#define BENCH_CUDA(call)                                                    \
  do {                                                                      \
    cudaError_t bench_err_ = (call);                                        \
    if (bench_err_ != cudaSuccess)                                          \
      bench_cuda_fail(bench_err_, #call, __FILE__, __LINE__);               \
  } while (0)

// After a kernel launch: launch errors now, faults at the next synchronising call.
#define BENCH_CUDA_LAUNCH() BENCH_CUDA(cudaGetLastError())

// Usage / input error: message to stderr, exit 2.
void bench_usage_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
