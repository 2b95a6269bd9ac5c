// cudnn_sdpa.cu — the `cudnn-sdpa` baseline: cuDNN's fused attention called directly through its
// frontend's graph API (the header-only cudnn_frontend over libcudnn), no PyTorch in the process.
// One SDPA node: Q, K, V fp16 [B, H, S, D] contiguous, O fp16, fp32 compute and softmax, scale
// 1/sqrt(D), causal top-left aligned (as attn.h's contract and PyTorch's is_causal), inference
// (no softmax statistics written). The graph is built once per shape in kernel_prepare (cuDNN's
// heuristics pick the engine; the plan is the first that builds) with a workspace of its own;
// kernel_run executes it on the harness's stream, so the harness times it in CUDA graphs like our
// kernels. cuDNN may launch more than one kernel per call (its plan decides).
// Build: its link file cudnn_sdpa.link names the headers and libcudnn under build/deps/, which
// `make deps-cudnn` fills (the frontend's headers from its published wheel, libcudnn from the
// installed cuDNN).
#if !__has_include(<cudnn_frontend.h>)
#error "cudnn-sdpa: cuDNN's frontend headers are missing: make deps-cudnn (fetches them into build/deps/)"
#endif
// (the frontend's JSON serialisation, which this baseline does not use, costs most of its compile
// time: without it the build stays within the build timeout)
#define CUDNN_FRONTEND_SKIP_JSON_LIB
#include <cstring>  // (the frontend's shim uses std::strlen without it when JSON is skipped)
#include <cudnn_frontend.h>
#include <math.h>
#include <stdio.h>

#include <memory>
#include <unordered_map>

#include "attn.h"

namespace fe = cudnn_frontend;

enum : int64_t { UID_Q = 1, UID_K = 2, UID_V = 3, UID_O = 4 };

static cudnnHandle_t handle;
static std::shared_ptr<fe::graph::Graph> graph;
static void *workspace;
static int64_t workspace_bytes;

static int fail(char *msg, size_t len, const char *what) {
  snprintf(msg, len, "%s", what);
  return -1;
}

static cudaError_t cudnn_fail(const char *step, const std::string &why) {
  fprintf(stderr, "cudnn-sdpa: %s: %s\n", step, why.c_str());
  return cudaErrorUnknown;
}

// whether a frontend step succeeded; its message on stderr when not
static bool good(const char *step, fe::error_t e) {
  if (e.is_good()) return true;
  cudnn_fail(step, e.get_message());
  return false;
}

extern "C" int kernel_describe(const problem_shape *shape, int sm_count, attn_plan *plan, char *msg, size_t msglen) {
  const attn_shape s_ = attn_shape_of(shape), *s = &s_;
  (void)sm_count;
  if (s->B < 1 || s->H < 1 || s->Sq < 1 || s->Skv < 1 || s->D < 1)
    return fail(msg, msglen, "cudnn-sdpa: every dimension must be >= 1");
  if (s->D % 8 || s->D > 256)
    return fail(msg, msglen, "cudnn-sdpa: cuDNN's fused attention takes D a multiple of 8, at most 256");
  *plan = attn_plan{};
  snprintf(plan->kernel, sizeof plan->kernel, "-");  // cuDNN's kernels: the harness cannot name them
  plan->grid[0] = plan->grid[1] = plan->grid[2] = 1;
  plan->block[0] = plan->block[1] = plan->block[2] = 1;
  plan->ctas = 1;
  plan->splits = 1;
  plan->work_items = (long)s->B * s->H;
  plan->launches = 1;  // one graph execution (cuDNN's plan may launch more than one kernel)
  return 0;
}

static std::shared_ptr<fe::graph::Tensor_attributes> tensor(fe::graph::Graph &g, const char *name, int64_t uid,
                                                            const attn_shape *s, int64_t seq) {
  int64_t b = s->B, h = s->H, d = s->D;
  return g.tensor(fe::graph::Tensor_attributes()
                      .set_name(name)
                      .set_uid(uid)
                      .set_dim({b, h, seq, d})
                      .set_stride({h * seq * d, seq * d, d, 1}));
}

extern "C" cudaError_t kernel_prepare(const problem_shape *shape, const attn_plan *plan) {
  const attn_shape s_ = attn_shape_of(shape), *s = &s_;
  (void)plan;
  if (!handle && cudnnCreate(&handle) != CUDNN_STATUS_SUCCESS) return cudnn_fail("cudnnCreate", "failed");
  auto g = std::make_shared<fe::graph::Graph>();
  (void)g->set_io_data_type(fe::DataType_t::HALF)
      .set_intermediate_data_type(fe::DataType_t::FLOAT)
      .set_compute_data_type(fe::DataType_t::FLOAT);
  auto q = tensor(*g, "Q", UID_Q, s, s->Sq), k = tensor(*g, "K", UID_K, s, s->Skv), v = tensor(*g, "V", UID_V, s, s->Skv);
  auto opts = fe::graph::SDPA_attributes()
                  .set_name("sdpa")
                  .set_generate_stats(false)
                  .set_attn_scale(1.0f / sqrtf((float)s->D))
                  .set_causal_mask(s->causal != 0);
  auto out = g->sdpa(q, k, v, opts);
  int64_t b = s->B, h = s->H, sq = s->Sq, d = s->D;
  (void)out[0]->set_output(true).set_uid(UID_O).set_dim({b, h, sq, d}).set_stride({h * sq * d, sq * d, d, 1});
  // validated, lowered, planned by cuDNN's heuristics (mode A), the first plan that builds kept
  if (!good("validate", g->validate()) || !good("build_operation_graph", g->build_operation_graph(handle)) ||
      !good("create_execution_plans", g->create_execution_plans({fe::HeurMode_t::A})) ||
      !good("check_support", g->check_support(handle)) ||
      !good("build_plans", g->build_plans(handle, fe::BuildPlanPolicy_t::HEURISTICS_CHOICE)))
    return cudaErrorNotSupported;
  int64_t ws = 0;
  if (!good("get_workspace_size", g->get_workspace_size(ws))) return cudaErrorUnknown;
  if (ws > workspace_bytes) {
    if (workspace) cudaFree(workspace);
    workspace = nullptr;
    workspace_bytes = 0;
    cudaError_t ce = cudaMalloc(&workspace, (size_t)ws);
    if (ce != cudaSuccess) return ce;
    workspace_bytes = ws;
  }
  graph = g;
  return cudaSuccess;
}

extern "C" cudaError_t kernel_run(const problem_shape *shape, const attn_plan *plan, const problem_io *io, void *ws,
                                  cudaStream_t stream) {
  (void)plan, (void)ws;
  const attn_args a_ = attn_args_of(shape, io), *a = &a_;
  if (!graph) return cudnn_fail("run", "no graph (kernel_prepare failed or was not called)");
  if (cudnnSetStream(handle, stream) != CUDNN_STATUS_SUCCESS) return cudnn_fail("cudnnSetStream", "failed");
  std::unordered_map<int64_t, void *> pack = {
      {UID_Q, (void *)a->q}, {UID_K, (void *)a->k}, {UID_V, (void *)a->v}, {UID_O, (void *)a->o}};
  return good("execute", graph->execute(handle, pack, workspace)) ? cudaSuccess : cudaErrorUnknown;
}

extern "C" void kernel_release(void) {
  graph.reset();
  if (workspace) cudaFree(workspace);
  workspace = nullptr;
  workspace_bytes = 0;
}

extern "C" const void *kernel_main(const attn_plan *plan) {
  (void)plan;
  return NULL;  // cuDNN's own kernels
}

extern "C" const char *kernel_config(void) {
  static char c[64];
  snprintf(c, sizeof c, "cudnn=%zu frontend=%d", cudnnGetVersion(), (int)CUDNN_FRONTEND_VERSION);
  return c;
}
