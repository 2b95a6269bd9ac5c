// bench_cublas.h — the cuBLAS handle of a cuBLAS baseline (kernels/<problem>/cublas_<name>.cu):
// made once in the contract's prepare, bound to the run's stream, destroyed in release; a failed
// call becomes a CUDA error with a `<baseline>: call: status` message. Header-only, so that only
// the baselines, not every bench, link cuBLAS.
#pragma once
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>

static cublasHandle_t bench_cublas_handle_;

// Prints `who: call: status` and returns the CUDA error the contract's functions report.
static inline cudaError_t bench_cublas_fail(const char *who, const char *call, cublasStatus_t st) {
  fprintf(stderr, "%s: %s: %s\n", who, call, cublasGetStatusString(st));
  return cudaErrorUnknown;
}

// Creates the handle (once).
static inline cudaError_t bench_cublas_prepare(const char *who) {
  if (bench_cublas_handle_) return cudaSuccess;
  cublasStatus_t st = cublasCreate(&bench_cublas_handle_);
  if (st == CUBLAS_STATUS_SUCCESS) return cudaSuccess;
  bench_cublas_handle_ = NULL;
  return bench_cublas_fail(who, "cublasCreate", st);
}

// The handle bound to stream, in *h; an error before prepare or when binding fails.
static inline cudaError_t bench_cublas_bind(const char *who, cudaStream_t stream, cublasHandle_t *h) {
  if (!bench_cublas_handle_) return cudaErrorInitializationError;
  cublasStatus_t st = cublasSetStream(bench_cublas_handle_, stream);
  if (st != CUBLAS_STATUS_SUCCESS) return bench_cublas_fail(who, "cublasSetStream", st);
  *h = bench_cublas_handle_;
  return cudaSuccess;
}

static inline void bench_cublas_release(void) {
  if (bench_cublas_handle_) cublasDestroy(bench_cublas_handle_);
  bench_cublas_handle_ = NULL;
}
