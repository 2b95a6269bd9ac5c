// bench_ref.h — device buffers of one shape, seeded inputs, and the fp32 reference on the GPU.
#pragma once
#include "attn.h"

typedef struct {
  __half *q, *k, *v, *o;  // [B,H,Sq,D], [B,H,Skv,D] x2, [B,H,Sq,D]
  float *ref;             // fp32 reference output, [B,H,Sq,D]
  void *ws;               // kernel workspace (plan->workspace_bytes), NULL when 0
  size_t nq, nkv;         // elements of q/o and of k/v
  size_t ws_bytes;
} bench_bufs;

void bench_bufs_alloc(const attn_shape *s, size_t ws_bytes, bench_bufs *b);
void bench_bufs_free(bench_bufs *b);

// Fills q, k, v with values uniform in [-1, 1] (never zero; |x| >= 2^-8), a pure function of
// (seed, tensor, index); asynchronous on stream.
void bench_fill_inputs(const bench_bufs *b, unsigned long long seed, cudaStream_t stream);

// ref = softmax(q kᵀ · scale) v in fp32, causal top-left (query i sees keys j <= i).
// Exits 2 when s->D > 256 (the reference's limit).
void bench_reference(const attn_shape *s, const bench_bufs *b, float scale, cudaStream_t stream);
