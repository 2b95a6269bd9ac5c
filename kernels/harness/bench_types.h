// bench_types.h — the element types of problem.h's tensors: their size, their name in the check
// lines, and the type of an output's reference (fp32 for a floating output, int32 for an int32 one).
#pragma once
#include <stddef.h>

#include "problem.h"

#ifdef __CUDACC__
#define BENCH_HD __host__ __device__
#else
#define BENCH_HD
#endif

BENCH_HD static inline size_t bench_type_size(problem_type t) {
  return t == PROBLEM_F8E4M3 || t == PROBLEM_F8E5M2 ? 1 : t == PROBLEM_F16 || t == PROBLEM_BF16 ? 2 : 4;
}

static inline const char *bench_type_name(problem_type t) {
  switch (t) {
    case PROBLEM_F16: return "fp16";
    case PROBLEM_BF16: return "bf16";
    case PROBLEM_F32: return "fp32";
    case PROBLEM_I32: return "int32";
    case PROBLEM_F8E4M3: return "fp8e4m3";
    case PROBLEM_F8E5M2: return "fp8e5m2";
  }
  return "?";
}

static inline int bench_type_is_int(problem_type t) { return t == PROBLEM_I32; }

static inline problem_type bench_ref_type(problem_type t) { return bench_type_is_int(t) ? PROBLEM_I32 : PROBLEM_F32; }

#ifdef __CUDACC__
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
// The element at p, of type t, as a double (host and device).
__host__ __device__ static inline double bench_to_double(const void *p, problem_type t) {
  switch (t) {
    case PROBLEM_F16: return __half2float(*(const __half *)p);
    case PROBLEM_BF16: return __bfloat162float(*(const __nv_bfloat16 *)p);
    case PROBLEM_F32: return *(const float *)p;
    case PROBLEM_I32: return *(const int *)p;
    case PROBLEM_F8E4M3: return (float)*(const __nv_fp8_e4m3 *)p;
    case PROBLEM_F8E5M2: return (float)*(const __nv_fp8_e5m2 *)p;
  }
  return 0;
}
#endif
