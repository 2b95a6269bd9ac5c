// problem.cu — attention as a problem of the generic harness (kernels/harness/problem.h):
// q, k, v, o of [B, H, S, D] in fp16, the fp32 and fp64 references (reference.h), the kernel
// contract of attn.h passed through, and numerics of max rel err <= 1e-2 with allclose(1e-3,
// 1e-3). Shapes: attention_shape.c.
#include <math.h>
#include <stdlib.h>

#include "attn.h"
#include "bench_cuda.h"
#include "bench_fill.h"
#include "bench_tensors.h"
#include "problem.h"
#include "reference.h"

extern "C" const problem_host problem_attention;

struct problem_bufs {
  attn_shape s;
  bench_tensors t;  // inputs q [B,H,Sq,D], k and v [B,H,Skv,D]; output o [B,H,Sq,D]
};

static attn_shape to_attn(const problem_shape *p) {
  attn_shape s = {(int)p->v[0], (int)p->v[1], (int)p->v[2], (int)p->v[3], (int)p->v[4], (int)p->v[5]};
  return s;
}

static float scale_of(const attn_shape *s) { return (float)(1.0 / sqrt((double)s->D)); }

const problem_host *problem_this(void) { return &problem_attention; }

int problem_describe(const problem_shape *p, int sm_count, kernel_plan *plan, char *msg, size_t msglen) {
  attn_shape s = to_attn(p);
  return attn_describe(&s, sm_count, plan, msg, msglen);
}

cudaError_t problem_prepare(const problem_shape *p, const kernel_plan *plan) {
  attn_shape s = to_attn(p);
  return attn_prepare(&s, plan);
}

void problem_release(void) { attn_release(); }
const void *problem_main_kernel(const kernel_plan *plan) { return attn_main_kernel(plan); }
const char *problem_config(void) { return attn_config(); }

problem_bufs *problem_alloc(const problem_shape *p, size_t ws_bytes, size_t ws_zeroed) {
  problem_bufs *b = (problem_bufs *)calloc(1, sizeof *b);
  if (!b) bench_usage_fail("out of host memory");
  b->s = to_attn(p);
  size_t nq = (size_t)b->s.B * b->s.H * b->s.Sq * b->s.D;
  size_t nkv = (size_t)b->s.B * b->s.H * b->s.Skv * b->s.D;
  const size_t n_in[3] = {nq, nkv, nkv};
  bench_tensors_alloc(&b->t, 3, n_in, nq, ws_bytes, ws_zeroed);
  return b;
}

// The hard inputs: key j of every head scaled by 2^(4 j / (Skv - 1)), up to 16 at the last key.
// A score's spread (in log2 units, the kernels' domain) grows from about 0.5 to about 8 along the
// keys, so a row's maximum keeps rising tile after tile, by far more than the 8 a lazily
// rescaling kernel lets pass (an exponent up to 2^8 in fp16), while a kernel that kept its first
// tile's maximum would see exponents above 2^16, past fp16's range, at long rows.
static void attention_hard_inputs(problem_bufs *b, cudaStream_t stream) {
  const attn_shape *s = &b->s;
  bench_ramp_rows(b->t.in[1], (size_t)s->B * s->H * s->Skv, (size_t)s->D, (size_t)s->Skv, 4.f, stream);
}

BENCH_TENSORS_PROBLEM_FUNCTIONS(attention_hard_inputs)

void problem_reference(problem_bufs *b, cudaStream_t stream) {
  attention_reference(&b->s, b->t.in[0], b->t.in[1], b->t.in[2], b->t.ref, scale_of(&b->s), stream);
}

cudaError_t problem_run(problem_bufs *b, const kernel_plan *plan, cudaStream_t stream) {
  attn_args a = {b->t.in[0], b->t.in[1], b->t.in[2], b->t.out, scale_of(&b->s)};
  return attn_run(&b->s, plan, &a, b->t.ws, stream);
}

void problem_tolerance(const problem_shape *p, double *atol, double *rtol, double *max_rel) {
  (void)p;
  *atol = 1e-3;
  *rtol = 1e-3;
  *max_rel = 1e-2;
}

void problem_reference_fp64(const problem_bufs *b, double *out) {
  double *q = bench_to_host_double(b->t.in[0], b->t.n_in[0]), *k = bench_to_host_double(b->t.in[1], b->t.n_in[1]);
  double *v = bench_to_host_double(b->t.in[2], b->t.n_in[2]);
  attention_reference_cpu(&b->s, q, k, v, scale_of(&b->s), out);
  free(q);
  free(k);
  free(v);
}

const char *const problem_ref_shapes[] = {
    "B1_H2_S1_D64_C0",      "B1_H2_S77_D64_C1",      "B1_H2_S129_D128_C0",
    "B1_H2_S129_D128_C1",   "B1_H2_S33_K77_D64_C1",  "B1_H2_S77_K33_D128_C1",
    "B1_H1_S1_K4096_D128_C0", "B1_H1_S1_K4096_D128_C1", "B1_H2_S64_K1000_D64_C0", NULL};
