// gemm_check.h — the checks every GEMM kernel's kernel_describe starts with: a well-formed shape
// and a positive SM count. Shared by gemm_mma.cu and gemm_sm90.cu so that both refuse the same
// shapes with the same messages.
#pragma once
#include <stdio.h>

#include "gemm.h"

// 0 when s is a shape a GEMM kernel can plan; else -1 with the reason in msg.
static inline int gemm_check_shape(const gemm_shape *s, int sm_count, char *msg, size_t msglen) {
  if (s->M < 1 || s->N < 1 || s->K < 1) {
    snprintf(msg, msglen, "invalid shape M=%d N=%d K=%d (each must be >= 1)", s->M, s->N, s->K);
    return -1;
  }
  if (sm_count < 1) {
    snprintf(msg, msglen, "invalid sm count %d", sm_count);
    return -1;
  }
  return 0;
}
