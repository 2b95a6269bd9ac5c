// reference.h — the attention problem's references: fp32 on the GPU (reference.cu), fp64 on
// the CPU (cpu_reference.cu), which --check-ref holds the fp32 one against.
#pragma once
#include "attn.h"

// ref = softmax(q kᵀ · scale) v in fp32, causal top-left (query i sees keys j <= i), on stream.
// Exits 2 when s->D > 256 (the reference's limit).
void attention_reference(const attn_shape *s, const __half *q, const __half *k, const __half *v,
                         float *ref, float scale, cudaStream_t stream);

// The same in double on the host, from q, k, v as doubles.
void attention_reference_cpu(const attn_shape *s, const double *q, const double *k,
                             const double *v, double scale, double *out);
