// dispatch_member.h — the kernel contract of attention as a dispatching build links it
// (kernels/harness/dispatch_contract.h): axes B H S K D C (attention_shape.c).
#pragma once
#include "shape.h"

#define DC_PROBLEM "attention"
#include "dispatch_contract.h"
