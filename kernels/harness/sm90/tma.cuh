// sm90/tma.cuh — the bulk tensor copy engine (TMA, sm_90), shared by the Hopper kernels
// (attention/flash_attn_sm90.cu, gemm/gemm_sm90.cu): one 3-D tile copy global -> shared that
// completes on an mbarrier (also multicast to the CTAs of a cluster), one shared -> global in a
// bulk group (attention's O with TMA_STORE=1, GEMM's C), the tensor map prefetch, and the
// host-side tensor map encoding.
//
// A tensor [B·H, S, D] fp16 is described as 3-D (D, S, B·H), innermost first, so the S bound is
// per head: rows past the end of one head are out of bounds and arrive as zeros, never as rows of
// the next head (a 2-D [B·H·S, D] view would read those); a matrix is the same with one head.
// The box is 64 columns (128 bytes, the widest the 128-byte swizzle allows) x `rows` x 1; a D = 128
// tile is two boxes, two panels of 128-byte rows. The copy engine writes each panel with the 128-byte swizzle (16-byte chunk c of
// row r lands at chunk c ^ (r % 8)), the layout wgmma's SW128 descriptors read.
#pragma once
#include <stdio.h>
#include <cuda.h>  // CUtensorMap and the encode function's types; no -lcuda (see tma_encoder)
#include <stdint.h>

namespace sm90 {

// Copies the box at element coordinates (col, row, head) of map into shared memory at dst
// (1024-byte aligned for the swizzle) and signals bar with the box's byte count, zero-filled
// out-of-bounds elements included.
__device__ __forceinline__ void tma_load_3d(uint32_t dst, const CUtensorMap *map, uint32_t bar,
                                            int col, int row, int head) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3, %4}], [%5];\n" ::"r"(dst),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(col), "r"(row), "r"(head), "r"(bar)
      : "memory");
}

// The same copy delivered to every CTA of the cluster named in cta_mask (bit r: rank r), at the
// same shared offset dst in each, each signalling its own mbarrier at offset bar with the box's
// bytes: one read of global memory (and of L2) for several CTAs.
__device__ __forceinline__ void tma_load_3d_multicast(uint32_t dst, const CUtensorMap *map,
                                                      uint32_t bar, int col, int row, int head,
                                                      uint16_t cta_mask) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      ".multicast::cluster [%0], [%1, {%2, %3, %4}], [%5], %6;\n" ::"r"(dst),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(col), "r"(row), "r"(head), "r"(bar), "h"(cta_mask)
      : "memory");
}

// Copies the box at (col, row, head) of map from shared memory at src (1024-byte aligned, the
// same swizzle as a load's) into global memory; elements out of the map's bounds are not written.
// The copy joins the thread's current bulk group (bulk_commit closes it).
__device__ __forceinline__ void tma_store_3d(const CUtensorMap *map, uint32_t src, int col, int row,
                                             int head) {
  asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%2, %3, %4}], [%1];\n" ::
                   "l"(reinterpret_cast<uint64_t>(map)), "r"(src), "r"(col), "r"(row), "r"(head)
               : "memory");
}
__device__ __forceinline__ void bulk_commit() {
  asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
}
// Waits until the thread's bulk groups but the newest N have read their shared memory (the
// buffer may then be written again; the global writes complete on their own).
template <int N>
__device__ __forceinline__ void bulk_wait_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(N) : "memory");
}
// Orders this thread's earlier shared-memory writes (generic proxy) before later bulk copies
// (async proxy) that read them.
__device__ __forceinline__ void fence_proxy_async_smem() {
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}
// Brings a tensor map (here a __grid_constant__ kernel parameter) into the copy engine's cache
// ahead of its first copy.
__device__ __forceinline__ void tma_prefetch_map(const CUtensorMap *map) {
  asm volatile("prefetch.tensormap [%0];\n" ::"l"(reinterpret_cast<uint64_t>(map)) : "memory");
}

// Host: cuTensorMapEncodeTiled is a driver API function; it is looked up once through the
// runtime (cudaGetDriverEntryPointByVersion), so the bench links no libcuda itself.
typedef CUresult (*TensorMapEncodeFn)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *,
                                      const cuuint64_t *, const cuuint64_t *, const cuuint32_t *,
                                      const cuuint32_t *, CUtensorMapInterleave,
                                      CUtensorMapSwizzle, CUtensorMapL2promotion,
                                      CUtensorMapFloatOOBfill);

inline TensorMapEncodeFn tma_encoder() {
  static TensorMapEncodeFn fn = nullptr;
  if (!fn) {
    void *p = nullptr;
    cudaDriverEntryPointQueryResult q;
    cudaError_t e = cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000,
                                                     cudaEnableDefault, &q);
    if (e == cudaSuccess && q == cudaDriverEntryPointSuccess)
      fn = reinterpret_cast<TensorMapEncodeFn>(p);
    else  // the cause, before kernel_prepare turns it into one error code
      fprintf(stderr, "sm90 tma: cuTensorMapEncodeTiled not found: %s, query result %d\n",
              cudaGetErrorString(e), (int)q);
  }
  return fn;
}

// Describes fp16 [heads, rows, cols] at base with boxes of box_cols x box_rows x 1, zero fill:
// box_cols 64 (128-byte rows, the 128-byte swizzle) or 32 (64-byte rows, the 64-byte swizzle:
// 16-byte chunk c of row r lands at chunk c ^ ((r / 2) % 4)). Returns false when the driver
// refuses (or was not found), saying on stderr which tensor (what) and the driver's result.
inline bool tma_map_3d_box(CUtensorMap *map, const void *base, int cols, int rows, int heads,
                           int box_cols, int box_rows, const char *what) {
  const TensorMapEncodeFn enc = tma_encoder();
  if (!enc) return false;
  const cuuint64_t dim[3] = {(cuuint64_t)cols, (cuuint64_t)rows, (cuuint64_t)heads};
  const cuuint64_t stride[2] = {(cuuint64_t)cols * 2, (cuuint64_t)cols * 2 * rows};  // bytes
  const cuuint32_t box[3] = {(cuuint32_t)box_cols, (cuuint32_t)box_rows, 1};
  const cuuint32_t estride[3] = {1, 1, 1};
  const CUresult r = enc(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 3, const_cast<void *>(base), dim,
                         stride, box, estride, CU_TENSOR_MAP_INTERLEAVE_NONE,
                         box_cols == 32 ? CU_TENSOR_MAP_SWIZZLE_64B : CU_TENSOR_MAP_SWIZZLE_128B,
                         CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    fprintf(stderr, "sm90 tma: the tensor map of %s (%d x %d x %d, base %p) was refused: CUresult %d\n",
            what, heads, rows, cols, base, (int)r);
  return r == CUDA_SUCCESS;
}

// The same with boxes of 64 columns (128-byte rows, the 128-byte swizzle).
inline bool tma_map_3d(CUtensorMap *map, const void *base, int cols, int rows, int heads,
                       int box_rows, const char *what) {
  return tma_map_3d_box(map, base, cols, rows, heads, 64, box_rows, what);
}

}  // namespace sm90
