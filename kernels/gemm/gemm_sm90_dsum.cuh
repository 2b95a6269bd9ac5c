// gemm_sm90_dsum.cuh — split-K summed inside a cluster (gemm_sm90.cu, SPLIT_CLUSTER=1): the SPLIT_K
// splits of one output tile run as one cluster of SPLIT_K CTAs, CTA z (its rank) computing split z;
// no workspace and no second launch. Once a CTA's mainloop is done its ring is idle (one unit a
// CTA: the producer has nothing left to load and every copy has landed), so the consumers write
// their fp32 accumulators into it, the tile row-major with rows of BLOCK_N + 8 floats (a
// warp's 8-byte stores then fall on distinct banks, 16 lanes at a time). After a cluster barrier
// (release, acquire: every split's partial visible), CTA z sums rows [z·BLOCK_M/SPLIT_K, +
// BLOCK_M/SPLIT_K) of the tile over the cluster's CTAs in rank order (distributed shared memory:
// 16-byte loads through mapa's addresses; the order fixed, so the result is deterministic) and
// stores them as fp16 into C; a second cluster barrier keeps every CTA's shared memory alive until
// the others have read it. The sum is spread over all the tile's CTAs, not left to the last one.
#pragma once
#include <cuda_fp16.h>
#include <stdint.h>

#include "gemm_sm90_config.cuh"
#include "gemm_sm90_consumer.cuh"
#include "gemm_sm90_params.cuh"
#include "gemm_splitk.cuh"
#include "sm90/cluster.cuh"

namespace g90 {
namespace dsum {

constexpr int STRIDE = BN + 8;  // floats per row of the staged partial
constexpr int ROWS = BM / SK;   // rows of the tile each CTA of the cluster sums

static_assert(!SC || (size_t)BM * STRIDE * 4 <= STAGES * STAGE_BYTES,
              "SPLIT_CLUSTER=1 stages the fp32 tile, BLOCK_M*(BLOCK_N+8)*4 bytes, in the ring, "
              "STAGES*(BLOCK_M+BLOCK_N)*128 bytes: raise STAGES");

// Every consumer thread of the CTA (ids 3: wg_sync takes 1 and 2).
__device__ __forceinline__ void consumers_sync() {
  if constexpr (WGS == 1)
    asm volatile("bar.sync 3, 128;\n" ::: "memory");
  else
    asm volatile("bar.sync 3, 256;\n" ::: "memory");
}

// Consumer warpgroup c's accumulators into the ring as the fp32 tile (every consumer of the CTA
// past its mainloop first: the other warpgroup may still read the slots).
__device__ __forceinline__ void stage(const WgConsumer &c, uint32_t smem) {
  consumers_sync();
#pragma unroll
  for (int a = 0; a < MA; ++a)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const uint32_t row = smem + (uint32_t)OFF_A + (uint32_t)(c.row_of(a, h) * STRIDE * 4);
#pragma unroll
      for (int j = 0; j < BN / 8; ++j)
        asm volatile("st.shared.v2.f32 [%0], {%1, %2};\n" ::"r"(row + (uint32_t)((8 * j + c.col0()) * 4)),
                     "f"(c.acc[a][4 * j + 2 * h]), "f"(c.acc[a][4 * j + 2 * h + 1])
                     : "memory");
    }
}

// A 16-byte load of distributed shared memory. Volatile, so that it stays after the cluster
// barrier (volatile asm is not moved across other volatile asm), without a memory clobber: a
// row's SK loads are issued one after another and are in flight together.
__device__ __forceinline__ float4 ld_cluster_v4(uint32_t addr) {
  float4 v;
  asm volatile("ld.shared::cluster.v4.f32 {%0, %1, %2, %3}, [%4];\n"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
               : "r"(addr));
  return v;
}

// CTA z's rows of the tile at (m0, n0): the sum over the cluster's partials into C (rows past M
// and columns past N not written). t: this thread among the CTA's consumers.
__device__ __forceinline__ void sum_rows(const Params &p, uint32_t smem, int m0, int n0, int z, int t) {
  constexpr int QUADS = ROWS * BN / 4;
  for (int i = t; i < QUADS; i += WGS * 128) {
    const int r = z * ROWS + i / (BN / 4), col = 4 * (i % (BN / 4));
    const int row = m0 + r, gc = n0 + col;
    if (row >= p.M || gc >= p.N) continue;  // nothing of C there: no partial read either
    const uint32_t off = smem + (uint32_t)OFF_A + (uint32_t)((r * STRIDE + col) * 4);
    float4 v[SK];  // every partial's loads issued before the first add
#pragma unroll
    for (int k = 0; k < SK; ++k) v[k] = ld_cluster_v4(sm90::cluster_map(off, (uint32_t)k));
    float4 s = v[0];
#pragma unroll
    for (int k = 1; k < SK; ++k) s = splitk::add4(s, v[k]);
    splitk::store_quad(p.c, p.N, row, gc, s);
  }
}

}  // namespace dsum
}  // namespace g90
