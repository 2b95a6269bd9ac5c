// dispatch_member.h — the GEMM contract (gemm.h) as a dispatching build links it
// (kernels/harness/dispatch_contract.h): axes M N K (gemm_shape.c).
#pragma once
#include "gemm.h"
#include "shape.h"

#define DC_FN(x) gemm_##x
#define DC_SHAPE gemm_shape
#define DC_PLAN kernel_plan
#define DC_ARGS gemm_args
#define DC_PROBLEM "gemm"
#define DC_AXES(s, v) ((v)[0] = (s)->M, (v)[1] = (s)->N, (v)[2] = (s)->K)
#include "dispatch_contract.h"
