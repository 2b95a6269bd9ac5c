// dispatch_contract.h — the kernel contract (problem.h's kernel_* functions) as a dispatching
// build links it (one implementation for every problem). A problem's
// kernels/<problem>/dispatch_member.h defines, then includes this header:
//   DC_PROBLEM    the problem's name, its folder under kernels/ ("attention")
// Here: one configuration's contract (dispatch_member) as the build's generated table lists it
// (dispatch_members[i] is dispatch_names[i], dispatch_select.h), declared under the prefix its
// symbols were renamed with (tools/pipeline/link_dispatch.sh). dispatch_contract.inc, included by
// the problem's dispatcher (kernels/<problem>/*_dispatch.cu), implements the contract over them.
#pragma once
#include "dispatch_select.h"
#include "problem.h"

#define DC_FN(x) kernel_##x
#define DC_SHAPE problem_shape
#define DC_PLAN kernel_plan
#define DC_ARGS problem_io

typedef struct {
  int (*describe)(const DC_SHAPE *, int, DC_PLAN *, char *, size_t);
  cudaError_t (*prepare)(const DC_SHAPE *, const DC_PLAN *);
  cudaError_t (*run)(const DC_SHAPE *, const DC_PLAN *, const DC_ARGS *, void *, cudaStream_t);
  void (*release)(void);
  const void *(*main)(const DC_PLAN *);
  const char *(*config)(void);
} dispatch_member;

#define DC_CAT2(a, b) a##b
#define DC_CAT(a, b) DC_CAT2(a, b)
// The contract of the configuration whose symbols carry prefix P (e.g. dsp0_kernel_run).
#define DISPATCH_DECLARE(P)                                                                        \
  extern "C" int DC_CAT(P, DC_FN(describe))(const DC_SHAPE *, int, DC_PLAN *, char *, size_t);     \
  extern "C" cudaError_t DC_CAT(P, DC_FN(prepare))(const DC_SHAPE *, const DC_PLAN *);             \
  extern "C" cudaError_t DC_CAT(P, DC_FN(run))(const DC_SHAPE *, const DC_PLAN *, const DC_ARGS *, \
                                               void *, cudaStream_t);                              \
  extern "C" void DC_CAT(P, DC_FN(release))(void);                                                 \
  extern "C" const void *DC_CAT(P, DC_FN(main))(const DC_PLAN *);                           \
  extern "C" const char *DC_CAT(P, DC_FN(config))(void);
#define DISPATCH_MEMBER(P)                                                                         \
  { DC_CAT(P, DC_FN(describe)), DC_CAT(P, DC_FN(prepare)), DC_CAT(P, DC_FN(run)),                  \
    DC_CAT(P, DC_FN(release)), DC_CAT(P, DC_FN(main)), DC_CAT(P, DC_FN(config)) }

extern "C" const dispatch_member dispatch_members[];
