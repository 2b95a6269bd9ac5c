// sm90_params.cuh — what the host passes to flash_attn_sm90.cu's kernel: the tensor maps of Q, K
// and V (passed by value as a __grid_constant__ parameter: the copy engine reads them from the
// kernel's parameter space), the output and the shape.
#pragma once
#include <cuda.h>
#include <cuda_fp16.h>

namespace fa90 {

struct Params {
  CUtensorMap tm_q;  // (D, Sq, B·H), box 64 x 64 x 1
  CUtensorMap tm_k;  // (D, Skv, B·H), box 64 x BLOCK_N x 1
  CUtensorMap tm_v;  // (D, Skv, B·H), box 64 x BLOCK_N x 1
  __half *o;         // [B·H, Sq, D]
  int sq, skv, causal;
  float scale_log2;  // scale · log2(e): scores live in base-2 exponent units
  int n_qt;          // query tiles per head, ceil(Sq / BM)
  int n_items;       // work items: n_qt · B · H (sm90_sched.cuh)
};

}  // namespace fa90
