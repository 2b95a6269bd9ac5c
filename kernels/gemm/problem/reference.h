// reference.h — the GEMM problem's references (reference.cu): fp32 on the GPU, fp64 on the CPU.
#pragma once
#include "gemm.h"

// c = a·b in fp32 (a [M, K], b [K, N], c [M, N], row-major), on stream.
void gemm_reference(const gemm_shape *s, const __half *a, const __half *b, float *c, cudaStream_t stream);

// The same in double on the host.
void gemm_reference_cpu(const gemm_shape *s, const double *a, const double *b, double *c);
