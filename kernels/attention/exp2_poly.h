// exp2_poly.h — 2^x for x <= 8 on the FMA units (C and CUDA): the softmax of flash_attn_sm90.cu
// computes some of its exponentials here, because at HEAD_DIM 64 the special-function unit (16
// ex2 per clock per SM) is as busy as the tensor cores; see EXP_POLY in the kernel's header.
//   x is clamped below at -125: below, 2^x is under fp16's least subnormal (2^-24) and fp32's
//     normal range; -inf (a masked score) gives 2^-125 instead of 0, which is 0 once P is fp16
//     and leaves a row's sum unchanged at fp32 precision (its largest term is at least 1); x
//     reaches up to 8 with LAZY_RESCALE (a row's stale maximum), tested to the same bound
//   n = x rounded to the nearest integer by adding and subtracting 1.5·2^23 (fp32 keeps no
//     fraction there), f = x - n in [-1/2, 1/2]
//   2^f by a cubic fitted by Remez's exchange for least maximum relative error on [-1/2, 1/2]
//     (fitted here in double, rounded to fp32): relative error 7.5e-5, below fp16's half ulp
//     (4.9e-4); tests/kernels/test_exp2_poly.c bounds it against the C library's exp2
//   2^n·2^f by adding n to the exponent field: t = n + 1.5·2^23 holds n in its low bits, so
//     bits(t) << 23 is n << 23 modulo 2^32
// Instructions on the device: FMNMX, three FADD, three FFMA, one LEA (shift and add).
#pragma once
#include <math.h>
#include <stdint.h>

#ifdef __CUDACC__
#define EXP2P_FN __host__ __device__ __forceinline__
#else
#include <string.h>
#define EXP2P_FN static inline
#endif

#define EXP2P_LO (-125.0f)
#define EXP2P_ROUND 12582912.0f  // 1.5 * 2^23
#define EXP2P_C0 0.99992806f
#define EXP2P_C1 0.69326097f
#define EXP2P_C2 0.24261113f
#define EXP2P_C3 0.055171669f

EXP2P_FN uint32_t exp2p_bits(float v) {
#if defined(__CUDA_ARCH__)
  return __float_as_uint(v);
#else
  uint32_t u;
  memcpy(&u, &v, sizeof u);
  return u;
#endif
}

EXP2P_FN float exp2p_float(uint32_t u) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(u);
#else
  float v;
  memcpy(&v, &u, sizeof v);
  return v;
#endif
}

// 2^x for x <= 0, and for x up to 1/2 within the same bound (the softmax's x = s·scale - max can
// come out a rounding above 0); NaN gives C0·2^-125 (fmaxf drops it), where ex2.approx gives NaN
EXP2P_FN float exp2_poly(float x) {
  x = fmaxf(x, EXP2P_LO);
  const float t = x + EXP2P_ROUND;
  const float f = x - (t - EXP2P_ROUND);
  const float p = fmaf(fmaf(fmaf(EXP2P_C3, f, EXP2P_C2), f, EXP2P_C1), f, EXP2P_C0);
  return exp2p_float(exp2p_bits(p) + (exp2p_bits(t) << 23));
}
