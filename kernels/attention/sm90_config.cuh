// sm90_config.cuh — compile-time configuration of flash_attn_sm90.cu: defaults, refusals,
// derived constants and the shared-memory layout. Every tunable is a -D macro; see the kernel's
// header and flash_attn_sm90.tunables.
#pragma once
#include <stddef.h>

#ifndef HEAD_DIM
#define HEAD_DIM 64
#endif
#ifndef BLOCK_N
#define BLOCK_N 128
#endif
#ifndef CONSUMER_WGS
#define CONSUMER_WGS 2
#endif
#ifndef STAGES
#define STAGES 2
#endif
#ifndef SETMAXNREG
#define SETMAXNREG 1
#endif
#ifndef PINGPONG
#define PINGPONG 0
#endif
#ifndef OVERLAP
#define OVERLAP 0
#endif
#ifndef PERSISTENT
#define PERSISTENT 0
#endif
#ifndef EXP_POLY
#define EXP_POLY 0
#endif
#ifndef LAZY_RESCALE
#define LAZY_RESCALE 0
#endif
#ifndef TMA_STORE
#define TMA_STORE 0
#endif

namespace fa90 {

constexpr int D = HEAD_DIM;
constexpr int BN = BLOCK_N;
constexpr int WGS = CONSUMER_WGS;
constexpr int BM = 64 * WGS;              // query rows per CTA: 64 per consumer warpgroup
constexpr int NT = 128 * (WGS + 1);       // threads: producer warpgroup + consumers
constexpr int CONSUMER_THREADS = 128 * WGS;
constexpr int PANELS = D / 64;            // 64-column (128-byte) panels per row
constexpr size_t SMEM_LIMIT = 227 * 1024;  // sm_90 opt-in maximum per CTA
// setmaxnreg (SETMAXNREG=1): the producer, which only issues copies, gives back to 24 registers
// and the consumers take the rest. Two consumer warpgroups: the kernel starts at 65536 / 384 =
// 170 registers per thread (168 usable), consumers take 240 (128·24 + 256·240 = 64512). Three:
// it starts at 128, consumers take 160 (128·24 + 384·160 = 64512).
constexpr int PRODUCER_REGS = 24;
constexpr int CONSUMER_REGS = WGS == 3 ? 160 : 240;

static_assert(HEAD_DIM == 64 || HEAD_DIM == 128, "HEAD_DIM must be 64 or 128");
static_assert(BLOCK_N == 64 || BLOCK_N == 128 || BLOCK_N == 176,
              "BLOCK_N must be 64, 128 or 176 (the N of the S = Q*K^T wgmma; multiples of 16 keep "
              "the k16 steps of P*V whole)");
static_assert(BLOCK_N != 176 || (HEAD_DIM == 128 && CONSUMER_WGS == 2 && SETMAXNREG == 1),
              "BLOCK_N=176 is for HEAD_DIM=128 with two consumer warpgroups and SETMAXNREG=1 (its 88 "
              "S accumulators, 64 of O and P's fragments need the 240 registers setmaxnreg grants)");
static_assert(CONSUMER_WGS >= 1 && CONSUMER_WGS <= 3, "CONSUMER_WGS must be 1, 2 or 3");
static_assert(CONSUMER_WGS != 3 || (HEAD_DIM == 64 && BLOCK_N <= 128 && SETMAXNREG == 1),
              "CONSUMER_WGS=3 (192 query rows) is for HEAD_DIM=64 with BLOCK_N <= 128 and "
              "SETMAXNREG=1: 512 threads leave each consumer 160 registers, which hold S, O and P's "
              "fragments only at D=64");
static_assert(STAGES >= 1 && STAGES <= 4, "STAGES must be 1..4");
static_assert(SETMAXNREG == 0 || SETMAXNREG == 1, "SETMAXNREG must be 0 or 1");
static_assert(SETMAXNREG == 0 || CONSUMER_WGS >= 2,
              "SETMAXNREG=1 needs CONSUMER_WGS >= 2: with one consumer warpgroup (256 threads) every "
              "thread already starts with 255 registers, more than setmaxnreg could grant");
static_assert(SETMAXNREG == 1 || CONSUMER_WGS == 1 || HEAD_DIM == 64 || BLOCK_N == 64,
              "HEAD_DIM=128 with BLOCK_N >= 128 and two consumer warpgroups needs SETMAXNREG=1: "
              "S (BLOCK_N / 2) and O (64) accumulators and P's fragments do not fit the 168 "
              "registers 384 threads start with (ptxas spills and serialises the wgmmas)");
static_assert(PINGPONG == 0 || PINGPONG == 1, "PINGPONG must be 0 or 1");
static_assert(PINGPONG == 0 || CONSUMER_WGS >= 2,
              "PINGPONG=1 needs CONSUMER_WGS >= 2 (the consumer warpgroups take turns on the tensor "
              "cores)");
static_assert(OVERLAP == 0 || OVERLAP == 1, "OVERLAP must be 0 or 1");
static_assert(PERSISTENT >= 0 && PERSISTENT <= 2, "PERSISTENT must be 0, 1 or 2");
static_assert(EXP_POLY >= 0 && EXP_POLY <= 8, "EXP_POLY must be 0..8 (eighths of the exponentials)");
static_assert(LAZY_RESCALE == 0 || LAZY_RESCALE == 1, "LAZY_RESCALE must be 0 or 1");
static_assert(TMA_STORE == 0 || TMA_STORE == 1, "TMA_STORE must be 0 or 1");
// LAZY_RESCALE=1: a row keeps its running maximum until a tile's exceeds it by more than this
// (log2 units), so P = 2^(x - m) stays at most 2^8 = 256 (fp16's largest finite value is 65504 and
// its relative precision is the same at 256 as at 1; O and l are fp32)
constexpr float RESCALE_SLACK = 8.f;
static_assert(PRODUCER_REGS * 128 + CONSUMER_REGS * CONSUMER_THREADS <= 65536,
              "setmaxnreg budget exceeds the 64K registers of an SM");

// Shared memory, from a 1024-byte aligned base (the 128-byte swizzle repeats every 1024 bytes and
// the wgmma descriptors assume atoms start there): Q [PANELS][BM][64], then the K ring (STAGES
// tiles) and the V ring (STAGES tiles) [PANELS][BN][64] fp16, with TMA_STORE=1 an O buffer laid
// out as Q (each consumer warpgroup's normalised rows, read by the copy engine's store), then the
// mbarriers: full and empty of each K slot, full and empty of each V slot, Q's full and empty.
constexpr size_t Q_PANEL = (size_t)BM * 128;
constexpr size_t KV_PANEL = (size_t)BN * 128;
constexpr size_t Q_BYTES = Q_PANEL * PANELS;
constexpr size_t KV_TILE = KV_PANEL * PANELS;
constexpr size_t OFF_Q = 0;
constexpr size_t OFF_K = OFF_Q + Q_BYTES;
constexpr size_t OFF_V = OFF_K + STAGES * KV_TILE;
constexpr size_t OFF_O = OFF_V + STAGES * KV_TILE;
constexpr size_t OFF_BAR = OFF_O + (TMA_STORE ? Q_BYTES : 0);
constexpr size_t OFF_FULL_K = OFF_BAR, OFF_EMPTY_K = OFF_FULL_K + 8 * STAGES;
constexpr size_t OFF_FULL_V = OFF_EMPTY_K + 8 * STAGES, OFF_EMPTY_V = OFF_FULL_V + 8 * STAGES;
constexpr size_t OFF_FULL_Q = OFF_EMPTY_V + 8 * STAGES, OFF_EMPTY_Q = OFF_FULL_Q + 8;
constexpr size_t BAR_BYTES = 8 * (4 * STAGES + 2);
constexpr size_t SMEM_ALIGN = 1024;  // dynamic shared memory is only 16-byte aligned: slack
constexpr size_t SMEM_BYTES = OFF_BAR + BAR_BYTES + SMEM_ALIGN;

static_assert(Q_PANEL % 1024 == 0 && KV_PANEL % 1024 == 0, "panels must keep 1024-byte alignment");
static_assert(SMEM_BYTES <= SMEM_LIMIT,
              "shared memory per CTA exceeds 227 KB (sm_90 limit): lower STAGES or BLOCK_N, or "
              "set TMA_STORE=0 (its O buffer is as large as Q)");

}  // namespace fa90
