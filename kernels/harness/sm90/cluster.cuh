// sm90/cluster.cuh — thread-block clusters (sm_90) for the Hopper kernels: a CTA's rank in its
// cluster, the cluster-wide barrier, and an arrival on an mbarrier of another CTA of the cluster
// (the consumers of one CTA giving back a ring slot that the other CTA's multicast copies fill,
// gemm_sm90.cu with CLUSTER_M=2). A CTA's shared addresses name the same offsets in every CTA of
// its cluster; mapa turns one into the address of that offset in CTA `rank`.
#pragma once
#include <stdint.h>

namespace sm90 {

__device__ __forceinline__ uint32_t cluster_ctarank() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
  return r;
}

// Every thread of every CTA of the cluster arrives, then waits for all of them: release and
// acquire, so that the barriers initialised before it (mbar_fence_init) are visible to the other
// CTAs after it, and no CTA leaves while another may still arrive on its barriers or write its
// shared memory. Warp-uniform (.aligned): every thread of a warp executes it together.
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;\n" :::
                   "memory");
}

// The address of this CTA's shared offset `addr` in CTA `rank` of the cluster (shared::cluster).
__device__ __forceinline__ uint32_t cluster_map(uint32_t addr, uint32_t rank) {
  uint32_t r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(r) : "r"(addr), "r"(rank));
  return r;
}

// One arrival on the mbarrier at a shared::cluster address (cluster_map: possibly another CTA's),
// with the instruction's default semantics (release at CTA scope). Its one use is a consumer
// giving a ring slot back once the wgmmas that read it have completed (wgmma.wait_group): nothing
// of this CTA's memory has to be made visible to the other CTA first. An arrival with release at
// cluster scope compiles to a memory barrier before it (ERRBAR in the SASS), which cost about a
// memory latency at every slot given back: with it CLUSTER_M=2 was 3-5x slower than CLUSTER_M=1
// on an H200 (kernels/gemm/NOTES-sm90.md, v4).
__device__ __forceinline__ void mbar_arrive_cluster(uint32_t cluster_bar) {
  asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0];\n" ::"r"(cluster_bar) : "memory");
}

}  // namespace sm90
