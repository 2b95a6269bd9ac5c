// gemm_config.cuh — compile-time configuration of gemm_mma.cu: defaults, refusals (static_assert
// naming the tunables), derived constants and the shared-memory layout. Every tunable is a -D
// macro; gemm_mma.cu's header describes them, gemm_mma.tunables lists their values.
#pragma once
#include <stddef.h>

#ifndef BLOCK_M
#define BLOCK_M 128
#endif
#ifndef BLOCK_N
#define BLOCK_N 128
#endif
#ifndef BLOCK_K
#define BLOCK_K 32
#endif
#ifndef WARPS_M
#define WARPS_M 2
#endif
#ifndef WARPS_N
#define WARPS_N 2
#endif
#ifndef STAGES
#define STAGES 3
#endif
#ifndef SWIZZLE
#define SWIZZLE 1
#endif
#ifndef SPLIT_K
#define SPLIT_K 0
#endif
#ifndef GROUP_M
#define GROUP_M 8
#endif

namespace gm {

constexpr int BM = BLOCK_M;
constexpr int BN = BLOCK_N;
constexpr int BK = BLOCK_K;
constexpr int NWARPS = WARPS_M * WARPS_N;
constexpr int NT = 32 * NWARPS;           // threads per CTA
constexpr int WTM = BLOCK_M / WARPS_M;    // warp tile rows
constexpr int WTN = BLOCK_N / WARPS_N;    // warp tile columns
constexpr int MAX_SPLITS = 16;            // SPLIT_K above this is refused; the auto rule caps here
constexpr size_t SMEM_LIMIT = 227 * 1024;  // sm_90 opt-in maximum per CTA

static_assert(BLOCK_M == 16 || BLOCK_M == 32 || BLOCK_M == 64 || BLOCK_M == 128 || BLOCK_M == 256,
              "BLOCK_M must be one of 16, 32, 64, 128, 256");
static_assert(BLOCK_N == 16 || BLOCK_N == 32 || BLOCK_N == 64 || BLOCK_N == 128 || BLOCK_N == 256,
              "BLOCK_N must be one of 16, 32, 64, 128, 256");
static_assert(BLOCK_K % 16 == 0,
              "BLOCK_K must be a multiple of 16 (the k16 step of mma.m16n8k16)");
static_assert(BLOCK_K == 16 || BLOCK_K == 32 || BLOCK_K == 64, "BLOCK_K must be one of 16, 32, 64");
static_assert(WARPS_M == 1 || WARPS_M == 2 || WARPS_M == 4 || WARPS_M == 8,
              "WARPS_M must be one of 1, 2, 4, 8");
static_assert(WARPS_N == 1 || WARPS_N == 2 || WARPS_N == 4 || WARPS_N == 8,
              "WARPS_N must be one of 1, 2, 4, 8");
static_assert(NT <= 1024,
              "WARPS_M*WARPS_N*32 threads exceed 1024 per CTA: lower WARPS_M or WARPS_N");
static_assert(STAGES >= 1 && STAGES <= 5, "STAGES must be 1..5");
static_assert(SWIZZLE == 0 || SWIZZLE == 1, "SWIZZLE must be 0 or 1");
static_assert(SPLIT_K >= 0 && SPLIT_K <= MAX_SPLITS, "SPLIT_K must be 0 (auto), 1 (none) or 2..16");
static_assert(GROUP_M >= 1 && GROUP_M <= 16, "GROUP_M must be 1..16");
static_assert(BLOCK_M % (16 * WARPS_M) == 0,
              "BLOCK_M/WARPS_M (warp tile rows) must be a multiple of 16 (the m16 of "
              "mma.m16n8k16)");
static_assert(BLOCK_N % (16 * WARPS_N) == 0,
              "BLOCK_N/WARPS_N (warp tile columns) must be a multiple of 16 (ldmatrix.x4.trans "
              "loads two n8 tiles of B)");

// Per thread: MT x NT8 accumulator tiles of 4 fp32, and per k16 step MT A fragments (4 regs) and
// NT8 B half-fragments (2 regs), double-buffered (the next step's load while this step's MMAs run).
constexpr int MT = WTM / 16;   // m16 tiles per warp
constexpr int NT8 = WTN / 8;   // n8 tiles per warp
constexpr int NP = WTN / 16;   // ldmatrix.x4.trans loads of B per k16 step (two n8 tiles each)
constexpr int KK = BK / 16;    // k16 steps per BLOCK_K tile
constexpr int ACC_REGS = MT * NT8 * 4;
constexpr int FRAG_REGS = 2 * (MT * 4 + NT8 * 2);
static_assert(ACC_REGS + FRAG_REGS <= 208,
              "warp tile too large: (BLOCK_M/WARPS_M)x(BLOCK_N/WARPS_N) needs accumulators + "
              "double-buffered fragments of (WTM/16)*(WTN/8)*4 + 2*((WTM/16)*4 + (WTN/8)*2) > 208 "
              "registers per thread (255 is the limit; 64x64, 128x32 and 32x128 fit, 128x64 or "
              "256x16 do not): raise WARPS_M/WARPS_N or lower BLOCK_M/BLOCK_N");
// ~40 registers of addresses, indices and loop state on top (nvcc 13.0: 64x64 warp tiles use
// 244, 16x16 ones 62).
constexpr int REG_ESTIMATE = ACC_REGS + FRAG_REGS + 40;
static_assert(REG_ESTIMATE * NT <= 65536,
              "register file: WARPS_M*WARPS_N*32 threads x ~(accumulators + fragments + 40) "
              "registers exceed the 64K registers of an SM (ptxas would spill): use fewer warps or "
              "a smaller warp tile (BLOCK_M/WARPS_M x BLOCK_N/WARPS_N)");

// ---- shared memory --------------------------------------------------------------------------
// A stage holds the BM x BK tile of A (rows of BK halves) and the BK x BN tile of B (rows of BN
// halves), both row-major as in global memory, in 16-byte chunks. SWIZZLE=1 keeps rows dense and
// XORs the chunk index with 3 bits of the row (tile_off); SWIZZLE=0 pads every row by 16 bytes,
// an odd number of 16-byte units per row. Either way the 8 row addresses of one ldmatrix phase
// (8 consecutive rows, same chunk) fall in 8 distinct 16-byte bank groups.
constexpr int A_CPR = BK / 8;  // 16-byte chunks per row of an A tile (2, 4, 8)
constexpr int B_CPR = BN / 8;  // ... of a B tile (2 .. 32)
constexpr int A_ROW = BK * 2 + (SWIZZLE ? 0 : 16);  // bytes per row in shared memory
constexpr int B_ROW = BN * 2 + (SWIZZLE ? 0 : 16);
constexpr int A_STAGE = BM * A_ROW;
constexpr int B_STAGE = BK * B_ROW;
constexpr size_t PIPE_BYTES = (size_t)STAGES * (A_STAGE + B_STAGE);
// Epilogue staging of the fp16 C tile (rows padded by 16 bytes) over the drained pipeline; used
// only where it fits in PIPE_BYTES, else the fragments are stored straight to global memory.
constexpr int C_ROW = BN * 2 + 16;
constexpr size_t C_BYTES = (size_t)BM * C_ROW;
constexpr bool STAGE_C = C_BYTES <= PIPE_BYTES;
constexpr size_t SMEM_BYTES = PIPE_BYTES;

static_assert(SMEM_BYTES <= SMEM_LIMIT,
              "shared memory per CTA, STAGES*(BLOCK_M*BLOCK_K + BLOCK_K*BLOCK_N)*2 bytes (+16 per "
              "row with SWIZZLE=0), exceeds 227 KB (sm_90 limit): lower STAGES, BLOCK_K, BLOCK_M "
              "or BLOCK_N");

__host__ __device__ constexpr int log2_pow2(int x) { return x <= 1 ? 0 : 1 + log2_pow2(x / 2); }

// Byte offset of 16-byte chunk c of row r in a tile with CPR chunks per row and ROW bytes per row.
// SWIZZLE=1: the chunk index is XORed with S = min(CPR, 8) values taken from row bits, so 8
// consecutive rows map a chunk to 8 distinct 16-byte positions of a 128-byte line:
//   CPR >= 8: c ^ (r & 7);  CPR == 4: c ^ ((r >> 1) & 3);  CPR == 2: c ^ ((r >> 2) & 1).
// The XOR pattern depends on r % 8 only, so rows r and r + 8j differ by exactly 8j·ROW bytes.
template <int CPR, int ROW>
__host__ __device__ __forceinline__ constexpr int tile_off(int r, int c) {
  constexpr int S = CPR < 8 ? CPR : 8;
  constexpr int SHIFT = log2_pow2(8 / S);
  return r * ROW + ((SWIZZLE ? (c ^ ((r >> SHIFT) & (S - 1))) : c) << 4);
}

}  // namespace gm
