// naive_attn.cu — a plain SIMT attention forward implementing attn.h: the harness's stand-in and
// the smoke experiment's kernel. One warp per query row, 4 rows per CTA; each lane holds D/32
// elements of q and of the fp32 accumulator; keys one at a time (warp-shuffle dot product),
// online softmax in fp32 (running max m, sum l, rescale by exp(m_old - m_new)). Causal is
// top-left: query i sees keys 0..i (PyTorch is_causal); Sq may differ from Skv; any length.
// Build: nvcc -O3 -std=c++17 -lineinfo -gencode=arch=compute_90,code=sm_90 -Xptxas -v -c
// No tunables. Head dims 64 and 128.
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "attn.h"

enum { NAIVE_ROWS_PER_CTA = 4 };

template <int D>
__global__ void __launch_bounds__(32 * NAIVE_ROWS_PER_CTA)
naive_attn_kernel(const __half *__restrict__ q, const __half *__restrict__ k,
                  const __half *__restrict__ v, __half *__restrict__ o, int H, int Sq, int Skv,
                  int causal, float scale_log2) {
  constexpr int E = D / 32;  // elements per lane: 2 (D=64) or 4 (D=128), contiguous
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * NAIVE_ROWS_PER_CTA + threadIdx.x / 32;
  if (row >= Sq) return;
  const size_t bh = (size_t)blockIdx.z * H + blockIdx.y;
  const __half *qr = q + (bh * Sq + row) * D + lane * E;
  const __half *kh = k + bh * Skv * D + lane * E, *vh = v + bh * Skv * D + lane * E;
  float qf[E], acc[E];
#pragma unroll
  for (int e = 0; e < E; e++) {
    qf[e] = __half2float(qr[e]) * scale_log2;  // scores in the log2 domain
    acc[e] = 0.0f;
  }
  const int nkeys = causal ? min(Skv, row + 1) : Skv;
  float m = -INFINITY, l = 0.0f;
  for (int j = 0; j < nkeys; j++) {
    const __half *kr = kh + (size_t)j * D, *vr = vh + (size_t)j * D;
    float s = 0.0f;
#pragma unroll
    for (int e = 0; e < E; e++) s += qf[e] * __half2float(kr[e]);
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
    const float m_new = fmaxf(m, s);
    const float corr = exp2f(m - m_new);  // 0 on the first key (m = -inf)
    const float p = exp2f(s - m_new);
    l = l * corr + p;
#pragma unroll
    for (int e = 0; e < E; e++) acc[e] = acc[e] * corr + p * __half2float(vr[e]);
    m = m_new;
  }
  __half *orow = o + (bh * Sq + row) * D + lane * E;
  const float inv = 1.0f / l;
#pragma unroll
  for (int e = 0; e < E; e++) orow[e] = __float2half_rn(acc[e] * inv);
}

extern "C" int kernel_describe(const problem_shape *shape, int sm_count, attn_plan *p, char *msg,
                               size_t msglen) {
  const attn_shape s_ = attn_shape_of(shape), *s = &s_;
  (void)sm_count;
  if (s->D != 64 && s->D != 128) {
    snprintf(msg, msglen, "head dim %d not supported (naive_attn: 64 or 128)", s->D);
    return -1;
  }
  if (s->B > 65535 || s->H > 65535) {
    snprintf(msg, msglen, "batch and heads must be at most 65535 (grid z, y)");
    return -1;
  }
  memset(p, 0, sizeof *p);
  // a substring of the mangled name of the instantiation used (_Z17naive_attn_kernelILi64E...)
  snprintf(p->kernel, sizeof p->kernel, "naive_attn_kernelILi%dE", s->D);
  p->grid[0] = (unsigned)((s->Sq + NAIVE_ROWS_PER_CTA - 1) / NAIVE_ROWS_PER_CTA);
  p->grid[1] = (unsigned)s->H;
  p->grid[2] = (unsigned)s->B;
  p->block[0] = 32 * NAIVE_ROWS_PER_CTA;
  p->block[1] = p->block[2] = 1;
  p->dyn_smem = 0;
  p->ctas = (long)p->grid[0] * p->grid[1] * p->grid[2];
  p->splits = 1;
  p->persistent = 0;
  p->work_items = p->ctas;
  p->workspace_bytes = 0;
  p->launches = 1;
  return 0;
}

extern "C" cudaError_t kernel_prepare(const problem_shape *shape, const attn_plan *p) {
  (void)shape;
  (void)p;
  return cudaSuccess;
}

extern "C" cudaError_t kernel_run(const problem_shape *shape, const attn_plan *p, const problem_io *io,
                                  void *workspace, cudaStream_t stream) {
  const attn_shape s_ = attn_shape_of(shape), *s = &s_;
  const attn_args a_ = attn_args_of(shape, io), *a = &a_;
  (void)workspace;
  const float scale_log2 = a->scale * 1.4426950408889634f;  // exp(x) = exp2(x log2 e)
  dim3 grid(p->grid[0], p->grid[1], p->grid[2]), block(p->block[0]);
  if (s->D == 64)
    naive_attn_kernel<64><<<grid, block, 0, stream>>>(a->q, a->k, a->v, a->o, s->H, s->Sq,
                                                      s->Skv, s->causal, scale_log2);
  else
    naive_attn_kernel<128><<<grid, block, 0, stream>>>(a->q, a->k, a->v, a->o, s->H, s->Sq,
                                                       s->Skv, s->causal, scale_log2);
  return cudaGetLastError();
}

extern "C" void kernel_release(void) {}

extern "C" const void *kernel_main(const attn_plan *p) {
  if (strstr(p->kernel, "ILi64E")) return (const void *)naive_attn_kernel<64>;
  return (const void *)naive_attn_kernel<128>;
}

extern "C" const char *kernel_config(void) { return "naive_attn ROWS_PER_CTA=4"; }
