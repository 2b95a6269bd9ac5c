// flash_config.cuh — compile-time configuration of flash_attn.cu: defaults, refusals, derived
// constants and the shared-memory layout. Every tunable is a -D macro; see flash_attn.cu's header.
#pragma once

#ifndef HEAD_DIM
#define HEAD_DIM 64
#endif
#ifndef BLOCK_M
#define BLOCK_M 64
#endif
#ifndef BLOCK_N
#define BLOCK_N 64
#endif
#ifndef NUM_WARPS
#define NUM_WARPS 4
#endif
#ifndef STAGES
#define STAGES 2
#endif
#ifndef CP_ASYNC
#define CP_ASYNC 1
#endif
#ifndef SWIZZLE
#define SWIZZLE 1
#endif
#ifndef PAD
#define PAD 16
#endif
#ifndef VEC
#define VEC 1
#endif
#ifndef USE_MMA
#define USE_MMA 1
#endif
#ifndef KV_SPLITS
#define KV_SPLITS 0
#endif
#ifndef PERSISTENT
#define PERSISTENT 0
#endif
#ifndef KV_SPLIT_WAVES
#define KV_SPLIT_WAVES 4
#endif
#ifndef KV_SPLIT_MIN_TILES
#define KV_SPLIT_MIN_TILES 1
#endif
#ifndef WARPS_N
#define WARPS_N 1
#endif
#ifndef PERSIST_CTAS_PER_SM
#define PERSIST_CTAS_PER_SM 2
#endif

namespace fa {

constexpr int D = HEAD_DIM;
constexpr int BM = BLOCK_M;
constexpr int BN = BLOCK_N;
constexpr int NW = NUM_WARPS;
constexpr int NT = 32 * NUM_WARPS;  // threads per CTA
constexpr int WARPS_M = NUM_WARPS / WARPS_N;  // warps along the queries
constexpr int RW = BM / WARPS_M;  // query rows owned by one warp
constexpr int WN = BN / WARPS_N;  // keys of each K/V tile one warp takes
constexpr int MAX_SPLITS = 256;     // KV_SPLITS above this is refused
constexpr size_t SMEM_LIMIT = 227 * 1024;  // sm_90 opt-in maximum per CTA; the gates catch less

static_assert(HEAD_DIM == 64 || HEAD_DIM == 128, "HEAD_DIM must be 64 or 128");
static_assert(BLOCK_M == 16 || BLOCK_M == 32 || BLOCK_M == 64 || BLOCK_M == 128,
              "BLOCK_M must be one of 16, 32, 64, 128");
static_assert(BLOCK_N == 16 || BLOCK_N == 32 || BLOCK_N == 64 || BLOCK_N == 128,
              "BLOCK_N must be one of 16, 32, 64, 128");
static_assert(NUM_WARPS == 1 || NUM_WARPS == 2 || NUM_WARPS == 4 || NUM_WARPS == 8,
              "NUM_WARPS must be one of 1, 2, 4, 8");
static_assert(STAGES >= 1 && STAGES <= 4, "STAGES must be 1..4");
static_assert(CP_ASYNC == 0 || CP_ASYNC == 1, "CP_ASYNC must be 0 or 1");
static_assert(SWIZZLE == 0 || SWIZZLE == 1, "SWIZZLE must be 0 or 1");
static_assert(PAD == 0 || PAD == 16,
              "PAD must be 0 or 16 (bytes added to each shared-memory row when SWIZZLE=0)");
static_assert(SWIZZLE == 0 || PAD == 16, "PAD applies to SWIZZLE=0 only (leave it at 16)");
static_assert(VEC == 0 || VEC == 1, "VEC must be 0 or 1");
static_assert(USE_MMA == 0 || USE_MMA == 1, "USE_MMA must be 0 or 1");
static_assert(PERSISTENT == 0 || PERSISTENT == 1, "PERSISTENT must be 0 or 1");
static_assert(KV_SPLITS >= 0 && KV_SPLITS <= MAX_SPLITS, "KV_SPLITS must be 0 (auto) or 1..256");
static_assert(KV_SPLIT_MIN_TILES >= 1, "KV_SPLIT_MIN_TILES must be >= 1");
static_assert(KV_SPLIT_WAVES >= 0 && KV_SPLIT_WAVES <= 64, "KV_SPLIT_WAVES must be 0..64");
static_assert(PERSIST_CTAS_PER_SM >= 1 && PERSIST_CTAS_PER_SM <= 32,
              "PERSIST_CTAS_PER_SM must be 1..32");
static_assert(STAGES == 1 || CP_ASYNC == 1,
              "STAGES > 1 needs CP_ASYNC=1 (only cp.async loads overlap the next tiles)");
static_assert(CP_ASYNC == 0 || VEC == 1,
              "CP_ASYNC=1 needs VEC=1 (cp.async.cg copies 16-byte chunks; VEC=0 is plain 4-byte loads)");
static_assert(WARPS_N == 1 || WARPS_N == 2 || WARPS_N == 4 || WARPS_N == 8,
              "WARPS_N must be one of 1, 2, 4, 8");
static_assert(NUM_WARPS % WARPS_N == 0, "WARPS_N must divide NUM_WARPS");
static_assert(WARPS_N == 1 || USE_MMA == 1, "WARPS_N > 1 needs USE_MMA=1 (the SIMT path splits no keys)");
static_assert(BLOCK_M % WARPS_M == 0, "BLOCK_M must be a multiple of NUM_WARPS/WARPS_N");
#if USE_MMA
static_assert(RW % 16 == 0,
              "USE_MMA=1: each warp owns BLOCK_M/NUM_WARPS query rows, which must be a multiple of 16 "
              "(the m16n8k16 tile height)");
static_assert(WN % 16 == 0,
              "USE_MMA=1: each warp takes BLOCK_N/WARPS_N keys of a tile, which must be a multiple "
              "of 16 (the k16 step of P*V)");
// S and O accumulators of a thread: (RW/16) m-tiles x (WN/8 + HEAD_DIM/8) n8 tiles x 4 fp32.
constexpr int ACC_REGS = (RW / 16) * (WN / 8 + D / 8) * 4;
static_assert(ACC_REGS <= 160,
              "USE_MMA=1: S and O accumulators need (RW/16)*(BLOCK_N/WARPS_N/8+HEAD_DIM/8)*4 > 160 "
              "registers per thread (RW = BLOCK_M*WARPS_N/NUM_WARPS); with fragments and addresses "
              "that spills past 255");
#endif

// Shared memory: one row of Q/K/V is D halves; SWIZZLE=1 keeps rows dense and XORs the 16-byte
// chunk index with (row % 8); SWIZZLE=0 pads every row by 16 bytes instead.
constexpr int CHUNKS = D / 8;  // 16-byte chunks per row
constexpr int ROW_BYTES = D * 2 + (SWIZZLE ? 0 : PAD);
constexpr size_t Q_BYTES = (size_t)BM * ROW_BYTES;
constexpr size_t KV_STAGE_BYTES = (size_t)BN * ROW_BYTES;
constexpr size_t OFF_Q = 0;
constexpr size_t OFF_K = OFF_Q + Q_BYTES;
constexpr size_t OFF_V = OFF_K + STAGES * KV_STAGE_BYTES;
// WARPS_N > 1: after the last tile, warps wn > 0 park their (O, m, l) fragments over the K/V
// stages for warp wn = 0 of the same rows to merge: per warp 32 lanes x MT x (D/8·4 + 4) floats.
constexpr size_t OFF_COMB = OFF_K;
constexpr size_t COMB_FLOATS_PER_LANE = USE_MMA ? (size_t)(RW / 16) * (D / 2 + 4) : 0;
constexpr size_t COMB_BYTES = (size_t)(WARPS_N - 1) * WARPS_M * 32 * COMB_FLOATS_PER_LANE * 4;
constexpr size_t OFF_END_KV = OFF_V + STAGES * KV_STAGE_BYTES > OFF_COMB + COMB_BYTES
                                  ? OFF_V + STAGES * KV_STAGE_BYTES
                                  : OFF_COMB + COMB_BYTES;
// SIMT path only: fp32 output accumulators [BM][D], per-warp probabilities [NW][BN], m and l [BM].
constexpr size_t OFF_OACC = OFF_END_KV;
constexpr size_t OFF_P = OFF_OACC + (USE_MMA ? 0 : (size_t)BM * D * 4);
constexpr size_t OFF_ML = OFF_P + (USE_MMA ? 0 : (size_t)NW * BN * 4);
constexpr size_t OFF_ITEM = OFF_ML + (USE_MMA ? 0 : (size_t)BM * 8);
constexpr size_t SMEM_BYTES = OFF_ITEM + 16;  // last 16 bytes: the persistent work item

static_assert(SMEM_BYTES <= SMEM_LIMIT,
              "shared memory per CTA exceeds 227 KB (sm_90 limit): lower STAGES, BLOCK_N or BLOCK_M");

// Byte offset of 16-byte chunk c of row r inside a Q/K/V tile.
__host__ __device__ constexpr int tile_off(int r, int c) {
  return r * ROW_BYTES + ((SWIZZLE ? (c ^ (r & 7)) : c) << 4);
}

}  // namespace fa
