// problem.cu — attention's part of the harness's contract (kernels/harness/problem.h): q, k, v, o
// of [B, H, S, D] in fp16, the hard inputs, the fp32 and fp64 references (reference.h), and
// numerics of max rel err <= 1e-2 with allclose(1e-3, 1e-3). Shapes: attention_shape.c.
#include "attn.h"
#include "bench_fill.h"
#include "problem.h"
#include "reference.h"

extern "C" const problem_host problem_attention;
const problem_host *problem_this(void) { return &problem_attention; }

void problem_tensors_of(const problem_shape *p, problem_tensors *t) {
  const attn_shape s = attn_shape_of(p);
  const size_t nq = (size_t)s.B * s.H * s.Sq * s.D, nkv = (size_t)s.B * s.H * s.Skv * s.D;
  *t = problem_tensors{3, 1, {{"q", PROBLEM_F16, nq}, {"k", PROBLEM_F16, nkv}, {"v", PROBLEM_F16, nkv}},
                       {{"o", PROBLEM_F16, nq, 1e-3, 1e-3, 1e-2}}};
}

// The hard inputs: key j of every head scaled by 2^(4 j / (Skv - 1)), up to 16 at the last key.
// A score's spread (in log2 units, the kernels' domain) grows from about 0.5 to about 8 along the
// keys, so a row's maximum keeps rising tile after tile, by far more than the 8 a lazily
// rescaling kernel lets pass (an exponent up to 2^8 in fp16), while a kernel that kept its first
// tile's maximum would see exponents above 2^16, past fp16's range, at long rows.
void problem_harden(const problem_shape *p, const problem_io *io, cudaStream_t stream) {
  const attn_shape s = attn_shape_of(p);
  bench_ramp_rows((__half *)io->in[1], (size_t)s.B * s.H * s.Skv, (size_t)s.D, (size_t)s.Skv, 4.f, stream);
}

void problem_reference(const problem_shape *p, const problem_io *io, void *const *ref, cudaStream_t stream) {
  const attn_shape s = attn_shape_of(p);
  const attn_args a = attn_args_of(p, io);
  attention_reference(&s, a.q, a.k, a.v, (float *)ref[0], a.scale, stream);
}

void problem_reference_fp64(const problem_shape *p, const double *const *in, double *const *out) {
  const attn_shape s = attn_shape_of(p);
  attention_reference_cpu(&s, in[0], in[1], in[2], attn_scale(&s), out[0]);
}

const char *const problem_ref_shapes[] = {
    "B1_H2_S1_D64_C0",      "B1_H2_S77_D64_C1",      "B1_H2_S129_D128_C0",
    "B1_H2_S129_D128_C1",   "B1_H2_S33_K77_D64_C1",  "B1_H2_S77_K33_D128_C1",
    "B1_H1_S1_K4096_D128_C0", "B1_H1_S1_K4096_D128_C1", "B1_H2_S64_K1000_D64_C0", NULL};
