// attn_check.h — the checks every tiled attention kernel's kernel_describe starts with: the build's
// head dimension, a well-formed shape, a positive SM count. Shared by flash_attn.cu and
// flash_attn_sm90.cu so that both refuse the same shapes with the same messages.
#pragma once
#include <stdio.h>

#include "attn.h"

// 0 when s can run on a build for head_dim; else -1 with the reason in msg.
static inline int attn_check_shape(const attn_shape *s, int head_dim, int sm_count, char *msg,
                                   size_t msglen) {
  if (s->D != head_dim) {
    snprintf(msg, msglen, "head dim %d not supported by this build (HEAD_DIM=%d)", s->D, head_dim);
    return -1;
  }
  if (s->B < 1 || s->H < 1 || s->Sq < 1 || s->Skv < 1 || (s->causal != 0 && s->causal != 1)) {
    snprintf(msg, msglen, "invalid shape B=%d H=%d Sq=%d Skv=%d causal=%d", s->B, s->H, s->Sq,
             s->Skv, s->causal);
    return -1;
  }
  if (sm_count < 1) {
    snprintf(msg, msglen, "invalid sm count %d", sm_count);
    return -1;
  }
  return 0;
}
