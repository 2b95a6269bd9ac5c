// reference.h — the vecadd problem's references (reference.cu): fp32 on the GPU, fp64 on the CPU.
#pragma once
#include "vecadd.h"

// c = a + b in fp32 (N elements each), on stream.
void vecadd_reference(const vecadd_shape *s, const __half *a, const __half *b, float *c, cudaStream_t stream);

// The same in double on the host.
void vecadd_reference_cpu(const vecadd_shape *s, const double *a, const double *b, double *c);
