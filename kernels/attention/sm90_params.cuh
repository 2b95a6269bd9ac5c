// sm90_params.cuh — what the host passes to flash_attn_sm90.cu's kernel: the tensor maps of Q, K
// and V, and of O with TMA_STORE=1 (passed by value as a __grid_constant__ parameter: the copy engine reads them from the
// kernel's parameter space), the output, the shape and the schedule.
#pragma once
#include <cuda.h>
#include <cuda_fp16.h>

namespace fa90 {

struct Params {
  CUtensorMap tm_q;  // (D, Sq, B·H), box 64 x 64 x 1
  CUtensorMap tm_k;  // (D, Skv, B·H), box 64 x BLOCK_N x 1
  CUtensorMap tm_v;  // (D, Skv, B·H), box 64 x BLOCK_N x 1
  CUtensorMap tm_o;  // (D, Sq, B·H), box 64 x 64 x 1: the stores of TMA_STORE=1 (else unset)
  __half *o;         // [B·H, Sq, D]
  int sq, skv, causal;
  float scale_log2;  // scale · log2(e): scores live in base-2 exponent units
  int n_qt;          // query tiles per head, ceil(Sq / BM)
  int n_items;       // work items: n_qt · B · H (sm90_sched.cuh)
  // split schedule (PERSISTENT=2 at a non-causal shape, sm90_sched.cuh, sm90_split.cuh)
  int split;            // 1: the last round cut into equal runs of (item, key tile) units
  int n_tiles;          // key tiles of every item, ceil(Skv / BLOCK_N)
  int whole_items;      // the items of the whole rounds before: floor(n_items / G)·G
  int units_per_cta;    // U / G and U % G: U = (n_items - whole_items)·n_tiles units over G CTAs
  unsigned units_rem;
  unsigned *flags;      // per CTA and consumer warpgroup: 1 when its partial is ready (zero on
                        // entry, reset by its consumer: the plan's zeroed workspace)
  float *part;          // per CTA and consumer warpgroup: a partial softmax state
};

}  // namespace fa90
