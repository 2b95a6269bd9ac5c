// dispatch_member.h — the kernel contract of GEMM as a dispatching build links it
// (kernels/harness/dispatch_contract.h): axes M N K (gemm_shape.c).
#pragma once
#include "shape.h"

#define DC_PROBLEM "gemm"
#include "dispatch_contract.h"
