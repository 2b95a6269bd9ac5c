// gemm_sm90_config.cuh — compile-time configuration of gemm_sm90.cu: defaults, refusals
// (static_assert naming the tunables), derived constants and the shared-memory layout. Every
// tunable is a -D macro; gemm_sm90.cu's header describes them, gemm_sm90.tunables lists their values.
#pragma once
#include <stddef.h>

#ifndef BLOCK_M
#define BLOCK_M 128
#endif
#ifndef BLOCK_N
#define BLOCK_N 256
#endif
#ifndef CONSUMER_WGS
#define CONSUMER_WGS 2
#endif
#ifndef STAGES
#define STAGES 4
#endif
#ifndef SETMAXNREG
#define SETMAXNREG 1
#endif
#ifndef PERSISTENT
#define PERSISTENT 1
#endif
#ifndef SPLIT_K
#define SPLIT_K 0
#endif
#ifndef GROUP_M
#define GROUP_M 8
#endif
#ifndef TMA_STORE
#define TMA_STORE 0
#endif
#ifndef CLUSTER_M
#define CLUSTER_M 1
#endif
#ifndef CLUSTER_N
#define CLUSTER_N 1
#endif
#ifndef PINGPONG
#define PINGPONG 0
#endif
#ifndef SPLIT_CLUSTER
#define SPLIT_CLUSTER 0
#endif
#ifndef SPLIT_SUM
#define SPLIT_SUM 0
#endif
#ifndef PDL
#define PDL 1
#endif
#ifndef SWAP_AB
#define SWAP_AB 0
#endif
#ifndef L2_HINT
#define L2_HINT 0
#endif

namespace g90 {

constexpr int BM = BLOCK_M;
constexpr int BN = BLOCK_N;
constexpr int BK = 64;                    // K per stage: one 128-byte swizzled row of A
constexpr int WGS = CONSUMER_WGS;
constexpr bool PP = PINGPONG;             // each consumer warpgroup on its own tiles
constexpr bool SW = SWAP_AB;              // the tile computed as its transpose (gemm_sm90_swap.cuh)
constexpr int WM = PP ? BM : BM / WGS;    // rows of a tile per consumer warpgroup
constexpr int MA = SW ? BN / 64 : WM / 64;  // m64 wgmma atoms per consumer warpgroup (SWAP_AB=1: B panels)
constexpr int WN = SW ? BM : BN;          // the wgmma's N: the tile's columns (SWAP_AB=1: its rows)
constexpr int NACC = MA * WN / 2;         // fp32 accumulators per consumer thread
constexpr int NT = 128 * (WGS + 1);       // threads: producer warpgroup + consumers
constexpr int CM = CLUSTER_M;             // CTAs per cluster along M, sharing B's tiles
constexpr int CN = CLUSTER_N;             // CTAs per cluster along N, sharing A's tiles
constexpr int CS = CM * CN;               // CTAs per cluster unit (CM or CN is 1)
constexpr bool SC = SPLIT_CLUSTER;        // a tile's K splits as one cluster, summed in it
constexpr int SK = SC ? SPLIT_K : 1;      // CTAs per cluster along the splits
constexpr bool SS = SPLIT_SUM;            // split-K partials summed by the tile's last split
constexpr int COUNT_SLOTS = 4 * (PP ? 1 : WGS);  // SPLIT_SUM=1 arrival counters a tile: one a warp's rows
// SPLIT_SUM=1's sum by a tile's last split (WgConsumer::fold_splits): float4s a lane sums at a time
// and slices loaded at once, 4·FOLD_Q·(FOLD_B + 1) registers (one consumer warpgroup has 255 a
// thread, two 168 as ptxas compiles them)
constexpr int FOLD_Q = 8;
constexpr int FOLD_B = WGS == 1 ? 4 : 2;
constexpr int MAX_SPLITS = 16;
constexpr size_t SMEM_LIMIT = 227 * 1024;  // sm_90 opt-in maximum per CTA
// setmaxnreg (SETMAXNREG=1, two consumer warpgroups): 384 threads start at 168 registers; the
// producer keeps 40, the consumers take 232 (128·40 + 256·232 = 64512), room for 128
// accumulators, the descriptors and the epilogue's addresses. ptxas compiles each side within its
// count: at 24 (attention's) the producer's loop state of the cluster schedule spilled (nvcc 13.0,
// CLUSTER_M=2: 4 bytes).
constexpr int PRODUCER_REGS = 40;
constexpr int CONSUMER_REGS = 232;

static_assert(BLOCK_M == 16 || BLOCK_M == 32 || BLOCK_M == 64 || BLOCK_M == 128 || BLOCK_M == 256,
              "BLOCK_M must be 16, 32, 64, 128 or 256");
static_assert(SWAP_AB == 0 || SWAP_AB == 1, "SWAP_AB must be 0 or 1");
static_assert(L2_HINT >= 0 && L2_HINT <= 2, "L2_HINT must be 0, 1 or 2");
static_assert(SWAP_AB == 1 || BLOCK_M >= 64,
              "BLOCK_M=16 or 32 needs SWAP_AB=1 (the wgmma's rows are 64; swapped, the tile's rows are "
              "its N)");
// SWAP_AB=1 (the skinny form): one condition an assertion, so that each refusal says which
static_assert(SWAP_AB == 0 || BLOCK_M == 16 || BLOCK_M == 32 || BLOCK_M == 64,
              "SWAP_AB=1 needs BLOCK_M 16, 32 or 64 (the tile's rows are the wgmma's N)");
static_assert(SWAP_AB == 0 || BLOCK_N == 64 || BLOCK_N == 128,
              "SWAP_AB=1 needs BLOCK_N 64 or 128 (whole 64-column panels of B, one wgmma atom each)");
static_assert(SWAP_AB == 0 || (CONSUMER_WGS == 1 && PINGPONG == 0),
              "SWAP_AB=1 needs CONSUMER_WGS=1 and PINGPONG=0 (one consumer warpgroup computes the tile)");
static_assert(SWAP_AB == 0 || CLUSTER_N == 1,
              "SWAP_AB=1 needs CLUSTER_N=1 (a cluster of the swapped form shares B along M: CLUSTER_M=2)");
static_assert(SWAP_AB == 0 || (SPLIT_CLUSTER == 0 && SPLIT_SUM == 0),
              "SWAP_AB=1 needs SPLIT_CLUSTER=0 and SPLIT_SUM=0 (split-K's partials are summed by the second "
              "launch)");
static_assert(BLOCK_N == 32 || BLOCK_N == 64 || BLOCK_N == 128 || BLOCK_N == 256,
              "BLOCK_N must be 32, 64, 128 or 256 (the N of the m64nNk16 wgmma: one 32-column panel "
              "of B, or whole 64-column panels)");
static_assert(BLOCK_N != 32 || (TMA_STORE == 0 && PINGPONG == 0),
              "BLOCK_N=32 needs TMA_STORE=0 and PINGPONG=0 (the copy engine's C boxes are 64 "
              "columns wide; ping-pong's tiles are for the large shapes)");
static_assert(CONSUMER_WGS == 1 || CONSUMER_WGS == 2, "CONSUMER_WGS must be 1 or 2");
static_assert(PINGPONG == 0 || PINGPONG == 1, "PINGPONG must be 0 or 1");
static_assert(PINGPONG == 0 || CONSUMER_WGS == 2,
              "PINGPONG=1 needs CONSUMER_WGS=2 (two consumer warpgroups take turns on the tensor "
              "cores, each on its own tiles)");
static_assert(SWAP_AB == 1 || PINGPONG == 1 || (BLOCK_M % (64 * CONSUMER_WGS) == 0 && BLOCK_M / CONSUMER_WGS <= 128),
              "BLOCK_M/CONSUMER_WGS (rows per consumer warpgroup) must be 64 or 128: BLOCK_M=64 "
              "takes one consumer warpgroup, BLOCK_M=256 two");
static_assert(NACC <= 128,
              "accumulators per consumer thread, (rows per consumer warpgroup/64)*BLOCK_N/2, exceed "
              "128 (255 registers is the limit; the rows are BLOCK_M/CONSUMER_WGS, or BLOCK_M with "
              "PINGPONG=1): lower BLOCK_M or BLOCK_N, or raise CONSUMER_WGS");
static_assert(STAGES >= 2 && STAGES <= 16, "STAGES must be 2..16");
static_assert(SETMAXNREG == 0 || SETMAXNREG == 1, "SETMAXNREG must be 0 or 1");
static_assert(SETMAXNREG == 0 || CONSUMER_WGS == 2,
              "SETMAXNREG=1 needs CONSUMER_WGS=2: with one consumer warpgroup (256 threads) every "
              "thread already starts with 255 registers, more than setmaxnreg could grant");
static_assert(SETMAXNREG == 1 || CONSUMER_WGS == 1 || NACC <= 64,
              "two consumer warpgroups with more than 64 accumulators each, "
              "(BLOCK_M/128)*BLOCK_N/2, need SETMAXNREG=1: 384 threads start at 168 registers "
              "(ptxas would spill and serialise the wgmmas)");
static_assert(PERSISTENT == 0 || PERSISTENT == 1, "PERSISTENT must be 0 or 1");
static_assert(SPLIT_K >= 0 && SPLIT_K <= MAX_SPLITS, "SPLIT_K must be 0 (auto), 1 (none) or 2..16");
static_assert(GROUP_M >= 1 && GROUP_M <= 16, "GROUP_M must be 1..16");
static_assert(TMA_STORE == 0 || TMA_STORE == 1, "TMA_STORE must be 0 or 1");
static_assert(CLUSTER_M == 1 || CLUSTER_M == 2, "CLUSTER_M must be 1 or 2");
static_assert(CLUSTER_N == 1 || CLUSTER_N == 2, "CLUSTER_N must be 1 or 2");
static_assert(CLUSTER_M == 1 || CLUSTER_N == 1,
              "CLUSTER_M=2 and CLUSTER_N=2 together are not built: a cluster shares B's tiles along M "
              "or A's along N");
static_assert(SPLIT_CLUSTER == 0 || SPLIT_CLUSTER == 1, "SPLIT_CLUSTER must be 0 or 1");
static_assert(SPLIT_CLUSTER == 0 || SPLIT_K == 2 || SPLIT_K == 4 || SPLIT_K == 8,
              "SPLIT_CLUSTER=1 runs a tile's SPLIT_K splits as one cluster: SPLIT_K must be 2, 4 or 8 "
              "(a portable cluster has at most 8 CTAs; each sums BLOCK_M/SPLIT_K rows)");
static_assert(SPLIT_SUM == 0 || SPLIT_SUM == 1, "SPLIT_SUM must be 0 or 1");
static_assert(PDL == 0 || PDL == 1, "PDL must be 0 or 1");
static_assert(SPLIT_SUM == 0 || SPLIT_CLUSTER == 0,
              "SPLIT_SUM=1 sums the workspace's partials in the kernel; with SPLIT_CLUSTER=1 the cluster "
              "sums them and there are none: set SPLIT_SUM=0");
static_assert(SPLIT_CLUSTER == 0 || (CLUSTER_M == 1 && CLUSTER_N == 1 && PINGPONG == 0 && PERSISTENT == 0),
              "SPLIT_CLUSTER=1 needs CLUSTER_M=1, CLUSTER_N=1, PINGPONG=0 and PERSISTENT=0: one unit a "
              "CTA, the cluster's CTAs the splits of one tile");

// ---- shared memory --------------------------------------------------------------------------
// From a 1024-byte aligned base (the 128-byte swizzle repeats every 1024 bytes and the wgmma
// descriptors assume atoms start there): the ring of STAGES slots, each the A tile [BM][64]
// (K-major, one panel of 128-byte rows) and the B tile [BN/64 panels][64 k-rows][64] (MN-major),
// as TMA writes them with the 128-byte swizzle (BLOCK_N=32: one panel [64 k-rows][32], 64-byte
// rows in the 64-byte swizzle); with TMA_STORE=1 the fp16 C tile [BN/64 panels]
// [BM][64] in the same swizzle, read by the copy engine's stores (two with PINGPONG=1, one per
// consumer warpgroup); then the full and empty mbarriers of each slot.
constexpr size_t A_TILE = (size_t)BM * 128;
constexpr int BP = BN < 64 ? BN : 64;         // columns of a B panel: 64, or all 32 of BLOCK_N=32
constexpr int B_ROW = BP * 2;                 // bytes of a panel's row: 128, or 64 (64-byte swizzle)
constexpr int B_PANELS = BN / BP;
constexpr size_t B_PANEL = (size_t)BK * B_ROW;
constexpr size_t B_TILE = B_PANEL * B_PANELS;
constexpr size_t STAGE_BYTES = A_TILE + B_TILE;  // bytes one slot's copies deliver
constexpr size_t C_PANEL = (size_t)BM * 128;
constexpr size_t C_TILE = C_PANEL * (BN / 64);
constexpr size_t C_BYTES = TMA_STORE ? C_TILE * (PP ? 2 : 1) : 0;  // ping-pong: one per warpgroup
constexpr size_t OFF_A = 0;
constexpr size_t OFF_B = OFF_A + STAGES * A_TILE;
constexpr size_t OFF_C = OFF_B + STAGES * B_TILE;
constexpr size_t OFF_FULL = OFF_C + C_BYTES;
constexpr size_t OFF_EMPTY = OFF_FULL + 8 * STAGES;
constexpr size_t SMEM_ALIGN = 1024;  // dynamic shared memory is only 16-byte aligned: slack
constexpr size_t SMEM_BYTES = OFF_EMPTY + 8 * STAGES + SMEM_ALIGN;

static_assert(A_TILE % 1024 == 0 && B_PANEL % 1024 == 0, "tiles must keep 1024-byte alignment");
static_assert(SMEM_BYTES <= SMEM_LIMIT,
              "shared memory per CTA, STAGES*(BLOCK_M + BLOCK_N)*64*2 bytes (+ BLOCK_M*BLOCK_N*2 "
              "with TMA_STORE=1, twice with PINGPONG=1), exceeds 227 KB (sm_90 limit): lower STAGES, BLOCK_M or BLOCK_N, "
              "or set TMA_STORE=0");

}  // namespace g90
