// test_gates.c — unit tests of the gates library: arch limits, occupancy, ptxas report parser.
// Occupancy known answers are hand calculations by the CUDA occupancy-calculator rules
// (written out below); every case was also checked once against NVIDIA's own implementation,
// cudaOccMaxActiveBlocksPerMultiprocessor in /usr/local/cuda/include/cuda_occupancy.h,
// which gave the same blocks per SM. Limits: CUDA C Programming Guide, "Technical
// Specifications per Compute Capability".
#include <string.h>

#include "gates/arch_limits.h"
#include "check.h"
#include "gates/occupancy.h"
#include "gates/ptxas_report.h"

static struct occupancy occ(const char *arch, long threads, long regs, long st, long dyn) {
  return occupancy_calc(arch_limits_find(arch), threads, regs, st, dyn);
}

static void test_limits(void) {
  const struct arch_limits *a = arch_limits_find("sm_90");
  CHECK(a && a->smem_per_sm == 233472 && a->smem_per_block_optin == 232448, "sm_90 smem 228 KB per SM, 227 KB per block");
  CHECK(a && a->max_warps_per_sm == 64 && a->max_blocks_per_sm == 32 && a->sm_count == 132, "sm_90 64 warps, 32 blocks, 132 SMs");
  const struct arch_limits *h = arch_limits_find("sm_90a");  // the same part, sm_90a features
  CHECK(h && a && h->smem_per_block_optin == a->smem_per_block_optin && h->regs_per_sm == a->regs_per_sm &&
        h->max_warps_per_sm == a->max_warps_per_sm && h->sm_count == a->sm_count, "sm_90a has sm_90's limits");
  a = arch_limits_find("sm_80");
  CHECK(a && a->smem_per_sm == 167936 && a->smem_per_block_optin == 166912 && a->sm_count == 108, "sm_80 164/163 KB, 108 SMs");
  a = arch_limits_find("sm_86");
  CHECK(a && a->max_warps_per_sm == 48 && a->max_blocks_per_sm == 16 && a->smem_per_sm == 102400, "sm_86 48 warps, 16 blocks, 100 KB");
  a = arch_limits_find("sm_89");
  CHECK(a && a->max_warps_per_sm == 48 && a->max_blocks_per_sm == 24 && a->sm_count == 58, "sm_89 48 warps, 24 blocks, 58 SMs");
  CHECK(arch_limits_find("sm_75") == NULL && arch_limits_find("") == NULL, "unknown arch gives NULL");
}

static void test_occupancy(void) {
  struct occupancy o;
  // sm_90, 128 threads (4 warps), 31 regs, 32 KB dynamic: warps 64/4 = 16; regs 31*32 = 992
  // -> 1024 per warp, 16384/1024 = 16 warps per sub-partition * 4 = 64 warps / 4 = 16 blocks;
  // smem 32768 + 1024 reserved = 33792 (a multiple of 128), 233472 / 33792 = 6.9 -> 6 blocks.
  // 6 * 4 = 24 warps / 64 = 0.375, limited by shared memory.
  o = occ("sm_90", 128, 31, 0, 32768);
  CHECK(o.blocks_per_sm == 6 && !strcmp(o.limiter, "shared memory"), "sm_90 128 thr 31 regs 32 KB dyn: 6 blocks by smem");
  CHECK_NEAR(o.occupancy, 0.375, 1e-12, "sm_90 128 thr 31 regs 32 KB dyn: occupancy 0.375");
  // sm_90, 256 threads (8 warps), 204 regs: 204*32 = 6528 -> 6656 (26*256); 16384/6656 = 2
  // warps per sub-partition, 8 per SM -> 1 block, 8/64 = 0.125, limited by registers.
  o = occ("sm_90", 256, 204, 0, 0);
  CHECK(o.blocks_per_sm == 1 && !strcmp(o.limiter, "registers"), "sm_90 256 thr 204 regs: 1 block by registers");
  CHECK_NEAR(o.occupancy, 0.125, 1e-12, "sm_90 256 thr 204 regs: occupancy 0.125");
  // sm_86, 256 threads, 64 regs: warps 48/8 = 6; regs 2048 per warp, 16384/2048 = 8 * 4 = 32
  // warps -> 4 blocks; smem 1024 reserved -> 100. 4*8 = 32/48 = 0.6667.
  o = occ("sm_86", 256, 64, 0, 0);
  CHECK(o.blocks_per_sm == 4, "sm_86 256 thr 64 regs: 4 blocks");
  CHECK_NEAR(o.occupancy, 32.0 / 48, 1e-12, "sm_86 256 thr 64 regs: occupancy 2/3");
  // sm_80, 32 threads, 16 regs: warps 64/1 = 64 but at most 32 blocks; regs 512 per warp ->
  // 128 warps; smem 167936/1024 = 164. 32 blocks * 1 warp = 32/64 = 0.5, limited by blocks.
  o = occ("sm_80", 32, 16, 0, 0);
  CHECK(o.blocks_per_sm == 32 && !strcmp(o.limiter, "blocks"), "sm_80 32 thr: 32 blocks by block limit");
  CHECK_NEAR(o.occupancy, 0.5, 1e-12, "sm_80 32 thr: occupancy 0.5");
  // sm_89, 1024 threads, 64 regs: 2048*32 = 65536 regs per block (fits exactly); warps 48/32
  // = 1 block; 32/48 = 0.6667.
  o = occ("sm_89", 1024, 64, 0, 0);
  CHECK(o.blocks_per_sm == 1, "sm_89 1024 thr 64 regs: 1 block");
  CHECK_NEAR(o.occupancy, 32.0 / 48, 1e-12, "sm_89 1024 thr 64 regs: occupancy 2/3");
  // sm_90, 1024 threads, 65 regs: 65*32 = 2080 -> 2304 per warp * 32 = 73728 > 65536 per block.
  o = occ("sm_90", 1024, 65, 0, 0);
  CHECK(o.blocks_per_sm == 0 && o.occupancy == 0, "sm_90 1024 thr 65 regs: cannot launch");
  // sm_90, 227 KB dynamic: 232448 + 1024 = 233472 = the whole SM -> 1 block, 4/64 = 0.0625;
  // one byte more exceeds the 227 KB opt-in limit -> 0 blocks.
  o = occ("sm_90", 128, 32, 0, 232448);
  CHECK(o.blocks_per_sm == 1, "sm_90 227 KB dynamic: 1 block");
  CHECK_NEAR(o.occupancy, 0.0625, 1e-12, "sm_90 227 KB dynamic: occupancy 1/16");
  o = occ("sm_90", 128, 32, 0, 232449);
  CHECK(o.blocks_per_sm == 0, "sm_90 227 KB + 1 dynamic: cannot launch");
  // sm_90, 96 threads = 3 warps, 32 regs: warps 64/3 = 21 (< 32 blocks); regs 1024 per warp,
  // 64 warps / 3 = 21; 21*3 = 63/64 = 0.984375.
  o = occ("sm_90", 96, 32, 0, 0);
  CHECK(o.blocks_per_sm == 21, "sm_90 96 thr: 21 blocks");
  CHECK_NEAR(o.occupancy, 63.0 / 64, 1e-12, "sm_90 96 thr: occupancy 63/64");
  // Static and dynamic shared memory add: 49152 + 32768 + 1024 = 82944 per block.
  // sm_90: 233472/82944 = 2 blocks (8/64 = 0.125); sm_89: 102400/82944 = 1 (4/48 = 0.0833).
  o = occ("sm_90", 128, 40, 49152, 32768);
  CHECK(o.blocks_per_sm == 2, "sm_90 48 KB static + 32 KB dynamic: 2 blocks");
  o = occ("sm_89", 128, 40, 49152, 32768);
  CHECK(o.blocks_per_sm == 1, "sm_89 48 KB static + 32 KB dynamic: 1 block");
  CHECK_NEAR(o.occupancy, 4.0 / 48, 1e-12, "sm_89 48 KB static + 32 KB dynamic: occupancy 1/12");
  // sm_86, 192 threads (6 warps), 72 regs, 16 KB: regs 2304 per warp, 16384/2304 = 7 * 4 = 28
  // warps / 6 = 4 blocks; smem 17408 -> 102400/17408 = 5; warps 48/6 = 8. 4*6 = 24/48 = 0.5.
  o = occ("sm_86", 192, 72, 0, 16384);
  CHECK(o.blocks_per_sm == 4 && !strcmp(o.limiter, "registers"), "sm_86 192 thr 72 regs: 4 blocks by registers");
  // sm_90, 384 threads (12 warps), 168 regs, 64 KB: regs 5376 per warp, 16384/5376 = 3 * 4 =
  // 12 warps -> 1 block; 12/64 = 0.1875.
  o = occ("sm_90", 384, 168, 0, 65536);
  CHECK_NEAR(o.occupancy, 0.1875, 1e-12, "sm_90 384 thr 168 regs: occupancy 0.1875");
  // Invalid block sizes and register counts.
  CHECK(occ("sm_90", 0, 32, 0, 0).blocks_per_sm == 0, "0 threads: cannot launch");
  CHECK(occ("sm_90", 1025, 16, 0, 0).blocks_per_sm == 0, "1025 threads: cannot launch");
  CHECK(occ("sm_90", 32, 256, 0, 0).blocks_per_sm == 0, "256 registers: cannot launch");
}

static const struct ptxas_func *find(const struct ptxas_report *r, const char *name, const char *arch) {
  for (size_t i = 0; i < r->n; i++)
    if (!strcmp(r->f[i].name, name) && !strcmp(r->f[i].arch, arch)) return &r->f[i];
  return NULL;
}

static int parse_file(const char *path, struct ptxas_report *r) {
  char err[256];
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  int rc = ptxas_report_parse(f, path, r, err, sizeof err);
  fclose(f);
  return rc;
}

static int parse_text(const char *text, char *err, size_t errlen) {
  struct ptxas_report r;
  FILE *f = fmemopen((void *)text, strlen(text), "r");
  int rc = ptxas_report_parse(f, "t.log", &r, err, errlen);
  fclose(f);
  if (!rc) ptxas_report_free(&r);
  return rc;
}

static void test_ptxas(void) {
  struct ptxas_report r;
  const struct ptxas_func *f;
  // Numbers below are read off the captured logs by eye.
  CHECK(parse_file("tests/fixtures/gates/ok.log", &r) == 0 && r.n == 3, "ok.log: 3 functions");
  f = find(&r, "_Z9flash_fwdILi64EEvPKfPfi", "sm_90");
  CHECK(f && f->is_entry && f->regs == 31 && f->barriers == 1 && f->smem_static == 0, "ok.log: flash_fwd<64> 31 regs 1 barrier");
  f = find(&r, "_Z17flash_fwd_combinePKfPfi", "sm_90");
  CHECK(f && f->regs == 12 && f->spill_stores == 0, "ok.log: combine 12 regs");
  ptxas_report_free(&r);
  CHECK(parse_file("tests/fixtures/gates/spill.log", &r) == 0 && r.n == 2, "spill.log: 2 functions");
  f = find(&r, "_Z9flash_fwdPKfPfi", "sm_90");
  CHECK(f && f->regs == 32 && f->stack == 656 && f->spill_stores == 852 && f->spill_loads == 1128, "spill.log: 656 stack, 852/1128 spills");
  ptxas_report_free(&r);
  CHECK(parse_file("tests/fixtures/gates/smem.log", &r) == 0, "smem.log parses");
  f = find(&r, "_Z9flash_fwdPKfPfi", "sm_90");
  CHECK(f && f->smem_static == 49152 && f->regs == 18, "smem.log: 49152 B static smem");
  ptxas_report_free(&r);
  CHECK(parse_file("tests/fixtures/gates/multi.log", &r) == 0 && r.n == 4, "multi.log: 2 archs x (kernel + helper)");
  f = find(&r, "_Z9flash_fwdPKfPfi", "sm_80");
  CHECK(f && f->regs == 29 && f->smem_static == 8192, "multi.log: sm_80 kernel 29 regs, 8192 smem");
  f = find(&r, "_Z9flash_fwdPKfPfi", "sm_90");
  CHECK(f && f->regs == 30, "multi.log: sm_90 kernel 30 regs");
  f = find(&r, "_Z6helperPKfi", "sm_90");
  CHECK(f && !f->is_entry, "multi.log: helper is a device function of sm_90");
  ptxas_report_free(&r);

  char err[256] = "";
  CHECK(parse_text("ptxas info    : Compiling entry function '_Zk for 'sm_90'\n", err, sizeof err) == -1 &&
            strstr(err, "t.log:1: malformed 'Compiling entry function'"), "malformed entry line rejected with file:line");
  CHECK(parse_text("x\nptxas info    : Used 12 registers\n", err, sizeof err) == -1 &&
            strstr(err, "t.log:2: 'Used N registers' line outside"), "Used line without entry rejected");
  CHECK(parse_text("ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
                   "ptxas info    : Used x registers\n", err, sizeof err) == -1 &&
            strstr(err, "t.log:2: malformed number"), "bad register count rejected");
  CHECK(parse_text("ptxas info    : Function properties for k\n    -5 bytes stack frame\n", err, sizeof err) == -1 &&
            strstr(err, "t.log:2: malformed number in stack frame"), "negative stack rejected");
  CHECK(parse_text("warning: something\n", err, sizeof err) == 0, "log without ptxas lines parses to nothing");
}

int main(void) {
  test_limits();
  test_occupancy();
  test_ptxas();
  CHECK_DONE();
}
