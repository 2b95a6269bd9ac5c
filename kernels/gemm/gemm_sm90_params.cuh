// gemm_sm90_params.cuh — what the host passes to gemm_sm90.cu's kernel: the tensor maps of A, B
// and (TMA_STORE=1, no split) C or its padded copy, passed by value as a __grid_constant__ parameter (the copy
// engine reads them from the kernel's parameter space), C and the split-K workspace for the
// threads' own stores (and SPLIT_SUM=1's arrival counters), and the schedule.
#pragma once
#include <cuda.h>
#include <cuda_fp16.h>

#include "gemm_sm90_sched.cuh"

namespace g90 {

struct Params {
  CUtensorMap tm_a;  // A [M, K] as (K, M, 1), box 64 x BLOCK_M x 1 (or its padded copy, sm90 pad)
  CUtensorMap tm_b;  // B [K, N] as (N, K, 1), box 64 x 64 x 1 (or its padded copy)
  CUtensorMap tm_c;  // C [M, N] as (N, M, 1), box 64 x BLOCK_M/CONSUMER_WGS x 1, or its padded
                     // copy [M, N rounded up to 64] (N % 8 != 0) as wide as its rows (tma_store only)
  __half *c;         // [M, N]
  float *ws;         // splits > 1 (not SPLIT_CLUSTER=1): fp32 partials, [splits][M][ldw]
  unsigned *tile_count;  // SPLIT_SUM=1, splits > 1: arrivals, [tiles_m][tiles_n][COUNT_SLOTS]
  int M, N;
  int b_cols;        // columns of B as mapped: N, or N rounded up to 64 (its padded copy)
  int ldw;           // row stride of a partial slice, N rounded up to 4
  int tma_store;     // 1: C by the copy engine (TMA_STORE=1, splits == 1)
  Sched sched;
};

}  // namespace g90
