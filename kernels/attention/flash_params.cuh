// flash_params.cuh — what the host passes to the flash_attn.cu kernels: the tensors, the shape and
// the resolved work decomposition (q tiles x heads x key/value splits).
#pragma once
#include <cuda_fp16.h>

namespace fa {

struct Params {
  const __half *q, *k, *v;  // [BH, Sq, D], [BH, Skv, D], [BH, Skv, D]
  __half *o;                // [BH, Sq, D]
  float *o_part;            // splits > 1: unnormalised partial O, [splits][BH][Sq][D] fp32
  float2 *ml;               // splits > 1: (running max in log2 units, sum), [splits][BH][Sq]
  unsigned *counter;        // PERSISTENT=1: next work item, zeroed by kernel_run
  int bh, sq, skv, causal;
  float scale_log2;          // scale * log2(e): scores live in base-2 exponent units
  int n_qt;                  // query tiles per head, ceil(Sq / BLOCK_M)
  int splits;                // key/value splits (1 = none)
  int tiles_per_split;       // BLOCK_N key tiles per split
  int items;                 // n_qt * bh * splits
};

}  // namespace fa
