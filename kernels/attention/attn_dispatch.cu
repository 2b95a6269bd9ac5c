// attn_dispatch.cu — the kernel contract (problem.h) of a dispatching attention build: one binary
// that serves every shape with the configuration its dispatch file names for it (kernels/harness/
// dispatch_rules.h, dispatch_contract.inc; built by tools/pipeline/link_dispatch.sh).
#include "dispatch_member.h"
#include "dispatch_contract.inc"
