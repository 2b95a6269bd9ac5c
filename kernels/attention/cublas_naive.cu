// cublas_naive.cu — the `cublas-naive` baseline: unfused attention in three launches,
//   S = scale · Q Kᵀ   cublasGemmStridedBatchedEx, fp16 in, fp32 compute, S in SCORE_FP16 ? fp16 : fp32
//   P = softmax(S)     softmax_rows: one warp per row, causal mask top-left (PyTorch is_causal)
//   O = P V            cublasGemmStridedBatchedEx, fp16 in, fp32 compute, fp16 out
// S and P live in the workspace the harness allocates (plan->workspace_bytes): with fp32 scores
// that is 6 bytes per score, e.g. 6 GiB for B4_H16_S4096_D128 and 25.8 GB for B1_H16_S16384.
// What a user who writes attention as two matmuls and a softmax gets; no tuning beyond cuBLAS's.
//
// Build (as the harness does):
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 kernels/bench_*.cu \
//        kernels/cublas_naive.cu -lcublas -ldl
// Tunables:
//   SCORE_FP16      0: S stored in fp32 (default, the accurate choice); 1: S stored in fp16 with
//                   fp32 compute, as PyTorch's math path does (half the S traffic, less accuracy)
//   ROWS_PER_BLOCK  softmax rows per CTA, one warp each (1..32, default 4)
#include <cublas_v2.h>
#include "bench_cublas.h"
#include <math.h>
#include <stdio.h>

#include "attn.h"

#ifndef SCORE_FP16
#define SCORE_FP16 0
#endif
#ifndef ROWS_PER_BLOCK
#define ROWS_PER_BLOCK 4
#endif
static_assert(SCORE_FP16 == 0 || SCORE_FP16 == 1, "SCORE_FP16 must be 0 or 1");
static_assert(ROWS_PER_BLOCK >= 1 && ROWS_PER_BLOCK <= 32, "ROWS_PER_BLOCK must be in 1..32");

#if SCORE_FP16
typedef __half score_t;
#define SCORE_CUDA_TYPE CUDA_R_16F
#else
typedef float score_t;
#define SCORE_CUDA_TYPE CUDA_R_32F
#endif

#define STR2(x) #x
#define STR(x) STR2(x)


static size_t align256(size_t n) { return (n + 255) & ~(size_t)255; }

static size_t score_elems(const attn_shape *s) {
  return (size_t)s->B * s->H * s->Sq * s->Skv;
}

// (m, l) of two partial softmax rows merged; an empty part has m = -inf, l = 0.
__device__ static void merge_ml(float &m, float &l, float m2, float l2) {
  float mx = fmaxf(m, m2);
  if (mx == -INFINITY) return;  // both empty
  l = l * __expf(m - mx) + l2 * __expf(m2 - mx);
  m = mx;
}

// One warp per row of S (rows = B·H·Sq, each Skv long). Row r is query i = r % Sq; with causal
// set, keys j > i are masked (top-left alignment, as torch's is_causal; key 0 is never masked).
__global__ void __launch_bounds__(ROWS_PER_BLOCK * 32)
    softmax_rows(const score_t *__restrict__ S, __half *__restrict__ P, long rows, int Sq,
                 int Skv, int causal) {
  long r = (long)blockIdx.x * ROWS_PER_BLOCK + threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  if (r >= rows) return;
  const score_t *srow = S + (size_t)r * Skv;
  __half *prow = P + (size_t)r * Skv;
  int i = (int)(r % Sq);
  int last = causal ? min(i, Skv - 1) : Skv - 1;  // last unmasked key

  float m = -INFINITY, l = 0.f;  // online max and sum of exp over this lane's keys
  for (int j = lane; j <= last; j += 32) {
    float x = (float)srow[j];
    if (x > m) {
      l = l * __expf(m - x) + 1.f;
      m = x;
    } else {
      l += __expf(x - m);
    }
  }
  for (int off = 16; off > 0; off /= 2) {
    float m2 = __shfl_xor_sync(0xffffffffu, m, off);
    float l2 = __shfl_xor_sync(0xffffffffu, l, off);
    merge_ml(m, l, m2, l2);
  }
  float inv = 1.f / l;
  for (int j = lane; j < Skv; j += 32) {
    float p = j <= last ? __expf((float)srow[j] - m) * inv : 0.f;
    prow[j] = __float2half_rn(p);
  }
}

static int fail(char *msg, size_t len, const char *what) {
  if (msg && len) snprintf(msg, len, "%s", what);
  return -1;
}

extern "C" int kernel_describe(const problem_shape *shape, int sm_count, attn_plan *plan, char *msg,
                               size_t msglen) {
  const attn_shape s_ = attn_shape_of(shape), *s = &s_;
  (void)sm_count;
  if (s->B < 1 || s->H < 1 || s->Sq < 1 || s->Skv < 1 || s->D < 1)
    return fail(msg, msglen, "cublas-naive: every dimension must be >= 1");
  if ((long)s->B * s->H > 2147483647L)
    return fail(msg, msglen, "cublas-naive: B*H exceeds cuBLAS's batch count");
  long rows = (long)s->B * s->H * s->Sq;
  *plan = attn_plan{};
  snprintf(plan->kernel, sizeof plan->kernel, "softmax_rows");
  plan->grid[0] = (unsigned)((rows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK);
  plan->grid[1] = plan->grid[2] = 1;
  plan->block[0] = ROWS_PER_BLOCK * 32;
  plan->block[1] = plan->block[2] = 1;
  plan->dyn_smem = 0;
  plan->ctas = (long)plan->grid[0];
  plan->splits = 1;
  plan->persistent = 0;
  plan->work_items = rows;
  plan->workspace_bytes = align256(score_elems(s) * sizeof(score_t)) + score_elems(s) * sizeof(__half);
  plan->launches = 3;  // GEMM, softmax, GEMM (cuBLAS may add its own internal kernels)
  return 0;
}

extern "C" cudaError_t kernel_prepare(const problem_shape *shape, const attn_plan *plan) {
  (void)shape;
  (void)plan;
  return bench_cublas_prepare("cublas-naive");
}

// Row-major [Sq, Skv] S is column-major Sᵀ = K Qᵀ (m = Skv, n = Sq, k = D); row-major [Sq, D] O
// is column-major Oᵀ = Vᵀ Pᵀ (m = D, n = Sq, k = Skv). Strides are per (b, h) matrix.
extern "C" cudaError_t kernel_run(const problem_shape *shape, const attn_plan *plan, const problem_io *io,
                                  void *workspace, cudaStream_t stream) {
  const attn_shape s_ = attn_shape_of(shape), *s = &s_;
  const attn_args a_ = attn_args_of(shape, io), *a = &a_;
  cublasHandle_t h;
  cudaError_t bound = bench_cublas_bind("cublas-naive", stream, &h);
  if (bound != cudaSuccess) return bound;
  score_t *S = (score_t *)workspace;
  __half *P = (__half *)((char *)workspace + align256(score_elems(s) * sizeof(score_t)));
  int batch = s->B * s->H;
  long long sq = s->Sq, skv = s->Skv, d = s->D;
  float one = 1.f, zero = 0.f;
  cublasStatus_t st = cublasGemmStridedBatchedEx(h, CUBLAS_OP_T, CUBLAS_OP_N, s->Skv, s->Sq, s->D,
                                  &a->scale, a->k, CUDA_R_16F, s->D, skv * d, a->q, CUDA_R_16F,
                                  s->D, sq * d, &zero, S, SCORE_CUDA_TYPE, s->Skv, sq * skv, batch,
                                  CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  if (st != CUBLAS_STATUS_SUCCESS) return bench_cublas_fail("cublas-naive", "gemm S = scale*Q*K^T", st);

  softmax_rows<<<plan->grid[0], plan->block[0], 0, stream>>>(S, P, plan->work_items, s->Sq,
                                                              s->Skv, s->causal);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) return e;

  st = cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, s->D, s->Sq, s->Skv, &one,
                                  a->v, CUDA_R_16F, s->D, skv * d, P, CUDA_R_16F, s->Skv, sq * skv,
                                  &zero, a->o, CUDA_R_16F, s->D, sq * d, batch, CUBLAS_COMPUTE_32F,
                                  CUBLAS_GEMM_DEFAULT);
  if (st != CUBLAS_STATUS_SUCCESS) return bench_cublas_fail("cublas-naive", "gemm O = P*V", st);
  return cudaSuccess;
}

extern "C" void kernel_release(void) {
  bench_cublas_release();
}

extern "C" const void *kernel_main(const attn_plan *plan) {
  (void)plan;
  return (const void *)softmax_rows;
}

extern "C" const char *kernel_config(void) {
  return "BASELINE=cublas-naive SCORE_FP16=" STR(SCORE_FP16) " ROWS_PER_BLOCK=" STR(
      ROWS_PER_BLOCK) " GEMM=cublasGemmStridedBatchedEx COMPUTE=32F";
}
