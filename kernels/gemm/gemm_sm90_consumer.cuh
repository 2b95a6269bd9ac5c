// gemm_sm90_consumer.cuh — one consumer warpgroup of gemm_sm90.cu: rows [row0, +WM) of each of its
// units' BLOCK_M x BLOCK_N tiles (cooperative: row0 = w·WM, WM = BLOCK_M / CONSUMER_WGS; ping-pong:
// the whole tile, row0 = 0, WM = BLOCK_M; MA = WM / 64 m64 atoms), accumulated in
// fp32 registers by wgmma from the ring's A and B tiles, then stored: as an fp32 partial of C into
// the workspace (split-K), as fp16 by the threads' own stores, or (TMA_STORE=1) through a swizzled
// shared-memory tile (stage) by the bulk tensor copy engine, into C or, where C has no tensor map
// (N % 8 != 0), into its padded copy (gemm_sm90_unpad.cuh).
//
// Accumulator layout (sm90/wgmma.cuh): warp wq of the warpgroup holds rows 16·wq + lane/4 and
// +8 of each atom; acc[a][4j + 2h + e] is row 16·wq + lane/4 + 8h of atom a, column 8j +
// 2·(lane % 4) + e. SWAP_AB=1 (gemm_sm90_swap.cuh): the same with rows and columns exchanged,
// atom a the tile's columns 64a .. 64a + 63; C and split-K's partials stored transposed by the
// threads, or C staged transposed for the copy engine (stage).
#pragma once
#include <stdint.h>

#include "gemm_sm90_config.cuh"
#include "gemm_sm90_params.cuh"
#include "gemm_sm90_swap.cuh"
#include "gemm_splitk.cuh"
#include "mma_ptx.cuh"
#include "sm90/cluster.cuh"
#include "sm90/mbarrier.cuh"
#include "sm90/ring.cuh"
#include "sm90/tma.cuh"
#include "sm90/wgmma.cuh"

namespace g90 {

// The barrier of consumer warpgroup w's own 128 threads (ids 1, 2; 0 is __syncthreads). Ids as
// immediates: with a register id ptxas reserves all 16 named barriers of the CTA.
__device__ __forceinline__ void wg_sync(int w) {
  if (w == 0)
    asm volatile("bar.sync 1, 128;\n" ::: "memory");
  else
    asm volatile("bar.sync 2, 128;\n" ::: "memory");
}

struct WgConsumer {
  float acc[MA][WN / 2];
  int w;                    // consumer warpgroup, 0 .. WGS - 1
  uint32_t a_lo, b_lo;      // descriptor low words of this warpgroup's A rows and of B, slot 0
  sm90::Ring<STAGES> ring;  // the slot and parity of the next tile
  uint32_t empty_peer;      // CLUSTER_M or _N=2: the other CTA's empty barriers (shared::cluster)

  // first row of this warpgroup's part of a tile
  __device__ __forceinline__ int row0() const { return PP ? 0 : w * WM; }

  __device__ __forceinline__ void init(uint32_t smem, int wg, int rank) {
    w = wg;
    empty_peer = CS > 1 ? sm90::cluster_map(smem + (uint32_t)OFF_EMPTY, (uint32_t)(rank ^ 1)) : 0u;
    a_lo = sm90::desc_kmajor_lo(smem + (uint32_t)OFF_A + (uint32_t)(row0() * 128));
    b_lo = sm90::desc_mnmajor_lo(smem + (uint32_t)OFF_B, (uint32_t)B_PANEL);
  }

  // B's descriptor from its low word: the 128-byte swizzle of 64-column panels, or the 64-byte
  // one of BLOCK_N=32's single 32-column panel (stride 512 bytes a group of 8 k-rows)
  static __device__ __forceinline__ uint64_t b_desc(uint32_t lo) {
    return B_ROW == 128 ? sm90::desc_of(lo) : sm90::desc_of_sw64(lo);
  }

  // Gives slot `slot` back: one arrival for the warpgroup on its empty barrier, and with
  // CLUSTER_M=2 or CLUSTER_N=2 one on the other CTA's (empty_peer: its empty barriers'
  // shared::cluster address), whose producer multicasts B (A) into this CTA's slot too and so
  // waits for these consumers as well as its own.
  __device__ __forceinline__ void release(uint32_t empty, int slot) const {
    sm90::mbar_arrive(empty + 8 * slot);
    if constexpr (CS > 1) sm90::mbar_arrive_cluster(empty_peer + 8 * slot);
  }

  // One k16 step of atom a: d += the A tile's rows (a_s: its slot's descriptor low word) times the
  // B tile (b_s); SWAP_AB=1: d += B's panel a (the wgmma's A, MN-major) times the A tile (its B,
  // K-major). A template on the accumulators' type, so that only the form built is compiled.
  template <bool S, class D>
  static __device__ __forceinline__ void mma_k16(D &d, uint32_t a_s, uint32_t b_s, int a, int kk) {
    if constexpr (S)
      mma_ss_ta<WN>(d, sm90::desc_of(b_s + (uint32_t)((a * B_PANEL + kk * 16 * 128) >> 4)),
                    sm90::desc_of(a_s + (uint32_t)((kk * 32) >> 4)), 1);
    else
      sm90::mma_ss_tb<BN>(d, sm90::desc_of(a_s + (uint32_t)((a * 64 * 128 + kk * 32) >> 4)),
                          b_desc(b_s + (uint32_t)((kk * 16 * B_ROW) >> 4)), 1);
  }

  // acc = A[m0 + w·WM .., kt0·64 .. kt1·64) · B[.., n0 ..]: the unit's K tiles, each waited for
  // on its full barrier and given back (release) once the wgmmas reading it have completed. One
  // group of wgmmas (a tile's 4 k16 steps x MA atoms) stays in flight while the next tile is
  // waited for and issued. issued() runs once the last tile's wgmmas are issued (ping-pong: the
  // turn passes on while they complete).
  template <class Issued>
  __device__ __forceinline__ void mainloop(uint32_t full, uint32_t empty, int kt0, int kt1,
                                           Issued issued) {
    const bool leader = (threadIdx.x & 127) == 0;
#pragma unroll
    for (int a = 0; a < MA; ++a)
#pragma unroll
      for (int i = 0; i < WN / 2; ++i) acc[a][i] = 0.f;
#pragma unroll
    for (int a = 0; a < MA; ++a) sm90::pin(acc[a]);
    int prev = -1;  // the slot of the tile whose wgmmas are still in flight
    for (int kt = kt0; kt < kt1; ++kt) {
      sm90::mbar_wait(full + 8 * ring.slot, ring.phase);
      const uint32_t a_s = a_lo + (uint32_t)(ring.slot * (A_TILE >> 4));
      const uint32_t b_s = b_lo + (uint32_t)(ring.slot * (B_TILE >> 4));
      sm90::fence();
#pragma unroll
      for (int kk = 0; kk < BK / 16; ++kk)
#pragma unroll
        for (int a = 0; a < MA; ++a)
          mma_k16<SW>(acc[a], a_s, b_s, a, kk);
      sm90::commit();
      sm90::wait<1>();  // the previous tile's wgmmas are done: its slot may be refilled
      if (prev >= 0 && leader) release(empty, prev);
      prev = ring.slot;
      ring.next();
    }
    issued();
    sm90::wait<0>();
#pragma unroll
    for (int a = 0; a < MA; ++a) sm90::pin(acc[a]);
    if (prev >= 0 && leader) release(empty, prev);
  }

  // Row (within the tile) of acc[a][4j + 2h + e] and the column of j = 0, e = 0.
  __device__ __forceinline__ int row_of(int a, int h) const {
    const int t = threadIdx.x & 127;
    return row0() + a * 64 + 16 * (t >> 5) + ((t & 31) >> 2) + 8 * h;
  }
  __device__ __forceinline__ int col0() const { return 2 * (threadIdx.x & 3); }
  // SWAP_AB=1: the tile's row of acc[a][i] and its column (16·wq + lane/4 + 8·((i >> 1) & 1) of
  // panel a, gemm_sm90_swap.cuh)
  static __device__ __forceinline__ int sw_row(int i) { return 8 * (i >> 2) + 2 * (threadIdx.x & 3) + (i & 1); }
  static __device__ __forceinline__ int sw_col(int a, int i) {
    const int t = threadIdx.x & 127;
    return 64 * a + 16 * (t >> 5) + ((t & 31) >> 2) + 8 * ((i >> 1) & 1);
  }

  // SWAP_AB=1: put(e, v) for each accumulator v of the tile at (m0, n0) inside a row-major
  // rows x cols matrix, e its element's index: one element a store (a thread's accumulators are
  // down C's columns); C and split-K's partials alike.
  template <class Put>
  __device__ __forceinline__ void sw_each(int m0, int n0, int rows, int cols, Put put) const {
#pragma unroll
    for (int a = 0; a < MA; ++a)
#pragma unroll
      for (int i = 0; i < WN / 2; ++i) {
        const int row = m0 + sw_row(i), col = n0 + sw_col(a, i);
        if (row < rows && col < cols) put((size_t)row * cols + col, acc[a][i]);
      }
  }

  // Split-K: the fp32 partial into slice z of the workspace, columns up to ldw (zeros past N).
  __device__ __forceinline__ void store_partial(const Params &p, int m0, int n0, int z) const {
    float *ws = p.ws + (size_t)z * p.M * p.ldw;
    if constexpr (SW) {
      sw_each(m0, n0, p.M, p.ldw, [&](size_t e, float v) { ws[e] = v; });
    } else {
#pragma unroll
      for (int a = 0; a < MA; ++a)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const int row = m0 + row_of(a, h);
          if (row >= p.M) continue;
          float *wr = ws + (size_t)row * p.ldw;
#pragma unroll
          for (int j = 0; j < BN / 8; ++j) {
            const int col = n0 + 8 * j + col0();
            if (col < p.ldw)  // col even, ldw % 4 == 0: col + 1 < ldw, 8-byte aligned
              *reinterpret_cast<float2 *>(wr + col) = make_float2(acc[a][4 * j + 2 * h], acc[a][4 * j + 2 * h + 1]);
          }
        }
    }
  }

  // SPLIT_SUM=1: after store_partial, this warp's arrival on its rows' counter (one per tile and
  // warp slot, the plan's zeroed workspace: zero on entry, left zero). The warp of the split that
  // arrives last resets the counter and stores fp16 C at its rows (16 a wgmma atom) of the tile:
  // the partials, its own included, summed in the order z = 0, 1, ... (bit-identical to the second
  // launch's sum, splitk::reduce, and one store, splitk::store_quad), in float4s along the rows,
  // FOLD_Q of a lane at a time from FOLD_B slices at once, so that the sum costs a few round trips
  // to L2 and registers the accumulators no longer hold (a first form, one dependent load per
  // position and slice, took ~28 us more at M = 64). A warp with no row inside C neither arrives
  // nor stores (alike in every split). Release: each thread's fence orders its partial's stores
  // before the lane-0 atomic (after __syncwarp); acquire: the last warp's fence after the atomic
  // orders its loads, which go to L2 (ld.global.cg: the partials of CTAs on other SMs).
  __device__ __forceinline__ void fold_splits(const Params &p, int m0, int n0) const {
    const int wq = (threadIdx.x & 127) >> 5, lane = threadIdx.x & 31;
    const int wrow = m0 + row0() + 16 * wq;  // the warp's first row in atom 0
    if (wrow >= p.M) return;
    const int splits = p.sched.splits;
    unsigned *cnt = p.tile_count +
                    ((size_t)(m0 / BM) * p.sched.tiles_n + n0 / BN) * COUNT_SLOTS + (PP ? 0 : w) * 4 + wq;
    __threadfence();
    __syncwarp();
    unsigned old = 0;
    if (lane == 0) old = atomicAdd(cnt, 1u);
    old = __shfl_sync(0xffffffffu, old, 0);
    if (old != (unsigned)(splits - 1)) return;
    if (lane == 0) *cnt = 0u;  // no other arrival this launch: the next launch finds it zero
    __threadfence();
    constexpr int QPR = BN / 4;           // float4s a row of the tile
    constexpr int QPL = 16 * QPR / 32;    // a lane's float4s of an atom's 16 rows
    constexpr int QCH = QPL < FOLD_Q ? QPL : FOLD_Q;
    const size_t slice = (size_t)p.M * p.ldw;
#pragma unroll
    for (int a = 0; a < MA; ++a)
#pragma unroll
      for (int k0 = 0; k0 < QPL; k0 += QCH) {
        int row[QCH], col[QCH];  // of each float4; row = M where it is outside the partials
#pragma unroll
        for (int q = 0; q < QCH; ++q) {
          const int i = lane + 32 * (k0 + q);
          row[q] = wrow + a * 64 + i / QPR;
          col[q] = n0 + (i % QPR) * 4;
          if (col[q] >= p.ldw) row[q] = p.M;
        }
        float4 s[QCH];
        for (int y0 = 0; y0 < splits; y0 += FOLD_B) {
          float4 v[FOLD_B][QCH];
#pragma unroll
          for (int b = 0; b < FOLD_B; ++b)
#pragma unroll
            for (int q = 0; q < QCH; ++q)
              v[b][q] = y0 + b < splits && row[q] < p.M
                            ? __ldcg(reinterpret_cast<const float4 *>(p.ws + (size_t)(y0 + b) * slice +
                                                                      (size_t)row[q] * p.ldw + col[q]))
                            : make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
          for (int b = 0; b < FOLD_B; ++b)
#pragma unroll
            for (int q = 0; q < QCH; ++q) {
              if (y0 + b == 0)
                s[q] = v[b][q];
              else if (y0 + b < splits)
                s[q] = splitk::add4(s[q], v[b][q]);
            }
        }
#pragma unroll
        for (int q = 0; q < QCH; ++q)
          if (row[q] < p.M && col[q] < p.N) splitk::store_quad(p.c, p.N, row[q], col[q], s[q]);
      }
  }

  // fp16 C by the threads: half2 stores where N is even (row·N + col is then even), else one
  // element at a time; rows past M and columns past N are not written.
  __device__ __forceinline__ void store_direct(const Params &p, int m0, int n0) const {
    if constexpr (SW) {
      sw_each(m0, n0, p.M, p.N, [&](size_t e, float v) { p.c[e] = __float2half_rn(v); });
    } else {
      const bool even = (p.N & 1) == 0;
#pragma unroll
      for (int a = 0; a < MA; ++a)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const int row = m0 + row_of(a, h);
          if (row >= p.M) continue;
          __half *cr = p.c + (size_t)row * p.N;
#pragma unroll
          for (int j = 0; j < BN / 8; ++j) {
            const int col = n0 + 8 * j + col0();
            const float v0 = acc[a][4 * j + 2 * h], v1 = acc[a][4 * j + 2 * h + 1];
            if (even) {
              if (col < p.N) *reinterpret_cast<__half2 *>(cr + col) = __floats2half2_rn(v0, v1);
            } else {
              if (col < p.N) cr[col] = __float2half_rn(v0);
              if (col + 1 < p.N) cr[col + 1] = __float2half_rn(v1);
            }
          }
        }
    }
  }

  // The C tile's buffer in shared memory (TMA_STORE=1; with PINGPONG=1 this warpgroup's own).
  __device__ __forceinline__ uint32_t cbuf(uint32_t smem) const {
    return smem + (uint32_t)(OFF_C + (PP ? w * C_TILE : 0));
  }

  // This warpgroup's rows of the tile as fp16 into the buffer: each 64-column panel BLOCK_M rows of
  // 128 bytes, 16-byte chunk c of row r at c ^ (r % 8) (the 128-byte swizzle the copy engine
  // reads); two elements of a row a store, or (SWAP_AB=1, a thread's accumulators down C's
  // columns) one. The buffer is rewritten only once the previous unit's reads of it are done: the
  // copy engine's (bulk_wait_read by the leader) and the threads' (the barrier).
  __device__ __forceinline__ void stage(uint32_t buf) const {
    if ((threadIdx.x & 127) == 0) sm90::bulk_wait_read<0>();
    wg_sync(w);
    if constexpr (SW) {
#pragma unroll
      for (int a = 0; a < MA; ++a)
#pragma unroll
        for (int i = 0; i < WN / 2; ++i) {
          const uint32_t r = (uint32_t)sw_row(i), c = (uint32_t)sw_col(a, i) & 63u;  // panel a
          const uint32_t ad = buf + (uint32_t)(a * C_PANEL) + r * 128u + ((((c >> 3) ^ r) & 7u) << 4) + 2u * (c & 7u);
          asm volatile("st.shared.b16 [%0], %1;\n" ::"r"(ad), "h"(__half_as_ushort(__float2half_rn(acc[a][i])))
                       : "memory");
        }
    } else {
      const int t4 = threadIdx.x & 3;
#pragma unroll
      for (int a = 0; a < MA; ++a)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const uint32_t r = (uint32_t)row_of(a, h);
#pragma unroll
          for (int j = 0; j < BN / 8; ++j) {
            const uint32_t ad = buf + (uint32_t)((j >> 3) * C_PANEL) + r * 128u +
                                ((((uint32_t)j & 7u) ^ (r & 7u)) << 4) + 4u * (uint32_t)t4;
            asm volatile("st.shared.b32 [%0], %1;\n" ::"r"(ad),
                         "r"(ptx::pack_half2(acc[a][4 * j + 2 * h], acc[a][4 * j + 2 * h + 1]))
                         : "memory");
          }
        }
    }
  }

  // fp16 C through shared memory (TMA_STORE=1, no split): the staged tile, then one store per
  // panel by the warpgroup's first thread, into C or (N % 8 != 0) its padded copy; the copy engine
  // clips rows past M and columns past the map's width (N, or the copy's rows), and panels wholly
  // past N are not stored.
  __device__ __forceinline__ void store_tma(const Params &p, uint32_t smem, int m0, int n0) const {
    const bool leader = (threadIdx.x & 127) == 0;
    const uint32_t buf = cbuf(smem);
    stage(buf);
    sm90::fence_proxy_async_smem();
    wg_sync(w);
    // (boxes wholly past M or N are not stored: nothing of them is inside C)
    if (leader && m0 + row0() < p.M) {
#pragma unroll
      for (int pn = 0; pn < BN / 64; ++pn)
        if (n0 + 64 * pn < p.N)
          sm90::tma_store_3d(&p.tm_c, buf + (uint32_t)(pn * C_PANEL + (size_t)row0() * 128),
                             n0 + 64 * pn, m0 + row0(), 0);
      sm90::bulk_commit();
    }
  }
};

}  // namespace g90
