// dispatch_member.h — the attention contract (attn.h) as a dispatching build links it
// (kernels/harness/dispatch_contract.h): axes B H S K D C (attention_shape.c).
#pragma once
#include "attn.h"
#include "shape.h"

#define DC_FN(x) attn_##x
#define DC_SHAPE attn_shape
#define DC_PLAN attn_plan
#define DC_ARGS attn_args
#define DC_PROBLEM "attention"
#define DC_AXES(s, v) \
  ((v)[0] = (s)->B, (v)[1] = (s)->H, (v)[2] = (s)->Sq, (v)[3] = (s)->Skv, (v)[4] = (s)->D, (v)[5] = (s)->causal)
#include "dispatch_contract.h"
