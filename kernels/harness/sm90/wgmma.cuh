// sm90/wgmma.cuh — warpgroup matrix multiply (wgmma.mma_async, sm_90a only), shared by the
// Hopper kernels (attention/flash_attn_sm90.cu, gemm/gemm_sm90.cu): shared-memory matrix
// descriptors for 128-byte-swizzled tiles (and 64-byte-swizzled ones of 32-column panels), the
// fence / commit / wait protocol, and m64nNk16 fp16 -> fp32 for N = 64, 128 and 176 (SS only)
// with A from shared memory (SS) or from registers (RS), and for N = 32, 64, 128, 256 with both
// from shared memory and B MN-major (mma_ss_tb: GEMM's row-major B). Layouts follow the PTX ISA ("Asynchronous Warpgroup Level
// Matrix Instructions": register fragments, shared memory matrix layout, matrix descriptor).
//
// A warpgroup is 4 consecutive warps starting at a warp index divisible by 4; all 128 threads
// issue every instruction here. Accumulator layout of m64nNk16 (f32): warp w of the warpgroup
// holds rows 16w + lane/4 and 16w + lane/4 + 8; register 4j + e holds column 8j + 2(lane%4) +
// (e & 1) of row 16w + lane/4 + 8(e >> 1) — per warp exactly the C fragment of mma.sync m16n8k16
// repeated over N/8 column blocks. The register A fragment (4 x f16x2) is the A fragment of
// mma.sync m16n8k16 for the warp's 16 rows, so an S accumulator block of 16 columns, repacked to
// fp16, is the A operand of one k16 step of P·V.
#pragma once
#include <stdint.h>

namespace sm90 {

// Shared-memory matrix descriptor (64 bits): start address, leading- and stride-dimension byte
// offsets (each encoded as (x & 0x3FFFF) >> 4), base offset 0 (every swizzle atom starts on a
// 1024-byte boundary) and the swizzle mode in bits 62-63 (1 = 128-byte swizzle).
//
// Every descriptor here has the stride offset 1024 (8 rows of 128 bytes) and the 128-byte swizzle,
// so its high word is one constant and only the low word (start address and leading offset)
// varies. Moving a descriptor by a multiple of 16 bytes is adding the offset / 16 to the low word:
// shared addresses stay below 256 KB, so the 14-bit start field never carries into the leading
// offset. The kernel builds a tile's low word once and steps it with compile-time constants, which
// keeps the arithmetic between two wgmmas to one add.
__device__ __forceinline__ uint32_t desc_encode(uint32_t x) { return (x & 0x3FFFFu) >> 4; }

constexpr uint32_t DESC_HI_SW128 = (1024u >> 4) | (1u << 30);
// The 64-byte swizzle (mode 2): 8-row atoms of 512 bytes (stride-dimension offset 512), for an
// MN-major operand of 32-column panels (64-byte rows; GEMM's BLOCK_N = 32).
constexpr uint32_t DESC_HI_SW64 = (512u >> 4) | (2u << 30);

__device__ __forceinline__ uint32_t desc_lo(uint32_t smem_addr, uint32_t lbo_bytes) {
  return desc_encode(smem_addr) | (desc_encode(lbo_bytes) << 16);
}
__device__ __forceinline__ uint64_t desc_of(uint32_t lo) {
  return ((uint64_t)DESC_HI_SW128 << 32) | lo;
}
__device__ __forceinline__ uint64_t desc_of_sw64(uint32_t lo) {
  return ((uint64_t)DESC_HI_SW64 << 32) | lo;
}

// K-major operand (rows of 64 fp16 = 128 bytes, k contiguous), as TMA writes it with the 128-byte
// swizzle: 8-row atoms of 1024 bytes stacked along M/N (stride-dimension offset 1024); the
// leading offset is unused for swizzled K-major layouts (set to 16). A k16 step inside the
// 128-byte row is a plain +32-byte start address: the hardware applies the swizzle to the final
// address bits, exactly as TMA did when it wrote the tile.
__device__ __forceinline__ uint32_t desc_kmajor_lo(uint32_t smem_addr) {
  return desc_lo(smem_addr, 16);
}
__device__ __forceinline__ uint64_t desc_kmajor(uint32_t smem_addr) {
  return desc_of(desc_kmajor_lo(smem_addr));
}

// MN-major operand (B = V: keys along K, head dimension along N contiguous in 64-wide panels of
// 128 bytes per key row): 8 keys x 64 columns per 1024-byte atom; the stride-dimension offset
// steps 8 keys (1024 bytes), the leading-dimension offset steps to the next 64-column panel.
__device__ __forceinline__ uint32_t desc_mnmajor_lo(uint32_t smem_addr, uint32_t panel_bytes) {
  return desc_lo(smem_addr, panel_bytes);
}

// Orders this thread's earlier register writes (accumulators, A fragments) before the next
// wgmma reads them; required before the first wgmma of a batch.
__device__ __forceinline__ void fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void commit() {
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
}
// Waits until at most N committed groups of this warpgroup are pending.
template <int N>
__device__ __forceinline__ void wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
}

// The compiler sees a wgmma's accumulators as written when it is issued, but the hardware
// writes them at wait(): pinning each register with an empty volatile asm after wait() (and
// before fence()) keeps every other read or write of them on the right side of the batch.
template <int R>
__device__ __forceinline__ void pin(float (&d)[R]) {
#pragma unroll
  for (int i = 0; i < R; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

#define SM90_F4(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3])
#define SM90_F16(i) SM90_F4(i), SM90_F4(i + 4), SM90_F4(i + 8), SM90_F4(i + 12)
#define SM90_ACC16 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}"
#define SM90_ACC32                                                                           \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, " \
  "%20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}"
#define SM90_ACC64                                                                           \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, " \
  "%20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, "  \
  "%38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, "  \
  "%56, %57, %58, %59, %60, %61, %62, %63}"
#define SM90_ACC128                                                                          \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, " \
  "%20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, " \
  "%38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, " \
  "%56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, " \
  "%74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, " \
  "%92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, "   \
  "%108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, "  \
  "%123, %124, %125, %126, %127}"
#define SM90_ACC88                                                                           \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, " \
  "%20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, " \
  "%38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, " \
  "%56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, " \
  "%74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87}"

// d (+)= A·B, 64 x N x 16; A and B K-major in shared memory. accumulate = 0 overwrites d.
template <int N>
__device__ __forceinline__ void mma_ss(float (&d)[N / 2], uint64_t da, uint64_t db, int accumulate);

template <>
__device__ __forceinline__ void mma_ss<64>(float (&d)[32], uint64_t da, uint64_t db, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 " SM90_ACC32
      ", %32, %33, p, 1, 1, 0, 0;\n}\n"
      : SM90_F16(0), SM90_F16(16)
      : "l"(da), "l"(db), "r"(accumulate));
}

template <>
__device__ __forceinline__ void mma_ss<128>(float (&d)[64], uint64_t da, uint64_t db,
                                            int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 " SM90_ACC64
      ", %64, %65, p, 1, 1, 0, 0;\n}\n"
      : SM90_F16(0), SM90_F16(16), SM90_F16(32), SM90_F16(48)
      : "l"(da), "l"(db), "r"(accumulate));
}

// N = 176 (BLOCK_N 176 at HEAD_DIM 128, FlashAttention-3's key tile there): 88 accumulators
template <>
__device__ __forceinline__ void mma_ss<176>(float (&d)[88], uint64_t da, uint64_t db,
                                            int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %90, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n176k16.f32.f16.f16 " SM90_ACC88
      ", %88, %89, p, 1, 1, 0, 0;\n}\n"
      : SM90_F16(0), SM90_F16(16), SM90_F16(32), SM90_F16(48), SM90_F16(64), SM90_F4(80), SM90_F4(84)
      : "l"(da), "l"(db), "r"(accumulate));
}

// d += A·B, 64 x N x 16; A from registers (a: 4 x f16x2, the fragment described above), B
// MN-major in shared memory (imm-trans-b = 1).
template <int N>
__device__ __forceinline__ void mma_rs(float (&d)[N / 2], const uint32_t (&a)[4], uint64_t db);

template <>
__device__ __forceinline__ void mma_rs<64>(float (&d)[32], const uint32_t (&a)[4], uint64_t db) {
  asm volatile("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 " SM90_ACC32
               ", {%32, %33, %34, %35}, %36, 1, 1, 1, 1;\n"
               : SM90_F16(0), SM90_F16(16)
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
}

template <>
__device__ __forceinline__ void mma_rs<128>(float (&d)[64], const uint32_t (&a)[4], uint64_t db) {
  asm volatile("wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 " SM90_ACC64
               ", {%64, %65, %66, %67}, %68, 1, 1, 1, 1;\n"
               : SM90_F16(0), SM90_F16(16), SM90_F16(32), SM90_F16(48)
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
}

// d (+)= A·B, 64 x N x 16; A K-major and B MN-major (imm-trans-b = 1: B's N contiguous in 64-wide
// panels of 128-byte rows, desc_mnmajor_lo), both in shared memory: a row-major [K, N] operand as
// TMA writes it, without a transpose. accumulate = 0 overwrites d.
template <int N>
__device__ __forceinline__ void mma_ss_tb(float (&d)[N / 2], uint64_t da, uint64_t db,
                                          int accumulate);

template <>
__device__ __forceinline__ void mma_ss_tb<32>(float (&d)[16], uint64_t da, uint64_t db,
                                              int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %18, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 " SM90_ACC16
      ", %16, %17, p, 1, 1, 0, 1;\n}\n"
      : SM90_F16(0)
      : "l"(da), "l"(db), "r"(accumulate));
}

template <>
__device__ __forceinline__ void mma_ss_tb<64>(float (&d)[32], uint64_t da, uint64_t db,
                                              int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 " SM90_ACC32
      ", %32, %33, p, 1, 1, 0, 1;\n}\n"
      : SM90_F16(0), SM90_F16(16)
      : "l"(da), "l"(db), "r"(accumulate));
}

template <>
__device__ __forceinline__ void mma_ss_tb<128>(float (&d)[64], uint64_t da, uint64_t db,
                                               int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 " SM90_ACC64
      ", %64, %65, p, 1, 1, 0, 1;\n}\n"
      : SM90_F16(0), SM90_F16(16), SM90_F16(32), SM90_F16(48)
      : "l"(da), "l"(db), "r"(accumulate));
}

template <>
__device__ __forceinline__ void mma_ss_tb<256>(float (&d)[128], uint64_t da, uint64_t db,
                                               int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 " SM90_ACC128
      ", %128, %129, p, 1, 1, 0, 1;\n}\n"
      : SM90_F16(0), SM90_F16(16), SM90_F16(32), SM90_F16(48), SM90_F16(64), SM90_F16(80),
        SM90_F16(96), SM90_F16(112)
      : "l"(da), "l"(db), "r"(accumulate));
}

#undef SM90_F4
#undef SM90_F16
#undef SM90_ACC16
#undef SM90_ACC32
#undef SM90_ACC64
#undef SM90_ACC88
#undef SM90_ACC128

}  // namespace sm90
