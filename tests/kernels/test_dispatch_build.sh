#!/usr/bin/env bash
# test_dispatch_build.sh — a dispatching variant (variants/<name>.dispatch) built without a GPU:
# one bench linking three configurations, two of them from the same source (flash_attn.cu at
# HEAD_DIM 64 and 128, whose kernels and symbols share names) and one from another
# (flash_attn_sm90.cu at HEAD_DIM 64).
# Its --describe must give, per shape, the plan of the configuration its first matching rule names
# (the same line as that variant's own describe, plus config=), refuse a shape no rule matches, and
# its gate must judge each shape by that configuration's kernel. A dispatch file naming no variant
# stops make before any build; a configuration that failed to build fails the dispatching one.
# The same for GEMM (kernels/gemm/gemm_dispatch.cu): two gemm_mma.cu configurations by M, and
# (sm_90a) a gemm_mma.cu configuration beside two gemm_sm90.cu ones, whose kernels share names. A
# cp.async configuration's shapes are gated by its looser occupancy threshold in the dispatching
# variant too.
set -u
. tests/lib.sh
xr=$(mktemp -d)
trap 'rm -rf "$xr" build/dtest build/gtest build/ctest build/htest' EXIT
e=$xr/dtest
mkdir -p "$e/variants"
cat >"$e/experiment.mk" <<'MK'
DESCRIPTION := dispatch build test
KERNEL      := attention/flash_attn.cu
KERNEL_hop   := attention/flash_attn_sm90.cu
ARCH        := sm_90a
SHAPES      := B1_H2_S77_D64_C0 B1_H2_S333_D64_C1 B1_H2_S333_D128_C0 B1_H2_S333_D128_C1
MIN_OCCUPANCY := 0
MK
echo '-DHEAD_DIM=64' >"$e/variants/d64.flags"
echo '-DHEAD_DIM=128' >"$e/variants/d128.flags"
echo '-DHEAD_DIM=64' >"$e/variants/hop.flags"
printf '# short rows to the Hopper kernel\nD=64 S<=128 -> hop\nD=64 -> d64\nD=128 C=0 -> d128\n' >"$e/variants/both.dispatch"
M=(make -s --no-print-directory EXP=dtest EXP_ROOT="$xr")
"${M[@]}" build >"$xr/build.log" 2>&1
check_eq "make build: every variant, the dispatching one included" \
  "$(for v in d64 d128 hop both; do head -n 1 build/dtest/$v/status 2>/dev/null; done | tr '\n' ' ')" "ok ok ok ok "
[ -s build/dtest/both/status ] || sed 's/^/# /' "$xr/build.log" | tail -20
d=build/dtest/both/describe.txt
line() { grep "^shape=$2 " "build/dtest/$1/describe.txt"; }
check_eq "S77 D64: the first rule, hop's plan" "$(line both B1_H2_S77_D64_C0)" \
  "$(line hop B1_H2_S77_D64_C0 | sed 's/ flops=/ config=hop flops=/')"
check_eq "S333 D64 causal: past S<=128, d64's plan" "$(line both B1_H2_S333_D64_C1)" \
  "$(line d64 B1_H2_S333_D64_C1 | sed 's/ flops=/ config=d64 flops=/')"
check_eq "S333 D128: d128's plan" "$(line both B1_H2_S333_D128_C0)" \
  "$(line d128 B1_H2_S333_D128_C0 | sed 's/ flops=/ config=d128 flops=/')"
check_grep "D128 causal: no rule matches, not applicable, with the file named" \
  "^B1_H2_S333_D128_C1: no rule of $e/variants/both.dispatch matches the shape$" build/dtest/both/not_applicable.txt
check_eq "the bench: the dispatcher's kernel_run and each configuration's, renamed" \
  "$(nm build/dtest/both/bench | grep -cE ' T (dsp[0-2]_)?kernel_run$')" 4
check_eq "... the kernels' host stubs renamed and local: flash_attn_fwd's twice, flash_attn_sm90_fwd's once" \
  "$(nm build/dtest/both/bench | grep -cE ' t dsp[0-2]__Z14flash_attn_fwdN2fa6ParamsE$') $(nm build/dtest/both/bench | grep -cE ' t dsp[0-2]__Z19flash_attn_sm90_fwdN4fa906ParamsE$')" "2 1"
check_eq "... and no symbol left under its own name but the dispatcher's and the compiler's shared ones" \
  "$(nm --defined-only -g build/dtest/both/m[0-2].o | awk 'NF == 3 && $3 !~ /^dsp[0-2]_/ && $3 !~ /^DW\.ref\./' | wc -l)" 0
check_eq "its build log holds each configuration's ptxas report, in a section" \
  "$(grep -c '^== configuration ' build/dtest/both/build.log)" 3
"${M[@]}" gates >/dev/null 2>&1
check_eq "its gate row passes, judged per shape by the serving configuration" \
  "$(grep '^both,' build/dtest/gates.csv | cut -d, -f2)" pass

# a dispatch file naming no variant: make stops before building anything, naming file and line
rm -rf build/dtest
printf 'D=64 -> d64\nD=128 -> d256\n' >"$e/variants/both.dispatch"
"${M[@]}" build >"$xr/out" 2>&1; rc=$?
check_eq "a rule naming no variant: make exits 2" "$rc" 2
check_grep "... with dispatchcheck's file:line message" \
  "dispatchcheck: $e/variants/both.dispatch:2: 'd256' is not a flag-file variant of the experiment" "$xr/out"
check "... before any build" test ! -e build/dtest/d64/status
# a configuration that failed to build: the dispatching variant fails too, saying which
printf -- '-DHEAD_DIM=96\n' >"$e/variants/d96.flags"
printf 'D=64 -> hop\n* -> d96\n' >"$e/variants/both.dispatch"
"${M[@]}" build >"$xr/out" 2>&1
check_eq "a configuration refused at build time: the dispatching variant is build_failed" \
  "$(head -n 1 build/dtest/both/status 2>/dev/null)" build_failed
check_grep "... naming it" "configuration d96 is not built \(invalid_config\)" build/dtest/both/status

# GEMM: small tiles for M <= 256, large ones otherwise
g=$xr/gtest
mkdir -p "$g/variants"
printf 'DESCRIPTION := gemm dispatch test\nKERNEL := gemm/gemm_mma.cu\nSHAPES := M64_N512_K64 M1024_N512_K64\nMIN_OCCUPANCY := 0\n' >"$g/experiment.mk"
printf -- '-DBLOCK_M=64\n-DBLOCK_N=64\n-DWARPS_M=2\n-DWARPS_N=2\n' >"$g/variants/small.flags"
printf -- '-DBLOCK_M=128\n-DBLOCK_N=128\n-DWARPS_M=2\n-DWARPS_N=2\n' >"$g/variants/large.flags"
printf 'M<=256 -> small\n* -> large\n' >"$g/variants/bym.dispatch"
make -s --no-print-directory EXP=gtest EXP_ROOT="$xr" build >"$xr/gbuild.log" 2>&1
check_eq "GEMM: every variant, the dispatching one included" \
  "$(for v in small large bym; do head -n 1 build/gtest/$v/status 2>/dev/null; done | tr '\n' ' ')" "ok ok ok "
[ -s build/gtest/bym/status ] || sed 's/^/# /' "$xr/gbuild.log" | tail -20
gl() { grep "^shape=$2 " "build/gtest/$1/describe.txt"; }
check_eq "GEMM: M64 served by small, its plan" "$(gl bym M64_N512_K64)" "$(gl small M64_N512_K64 | sed 's/ flops=/ config=small flops=/')"
# cp.async: the mma.sync kernel's tuned D=64 configuration (occupancy 0.125, below the default
# MIN_OCCUPANCY 0.5, above MIN_OCCUPANCY_CP_ASYNC 0) passes alone and inside a dispatching build
c=$xr/ctest
mkdir -p "$c/variants"
printf 'DESCRIPTION := cp.async gate test\nKERNEL := attention/flash_attn.cu\nSHAPES := B2_H8_S512_D64_C0\n' >"$c/experiment.mk"
printf -- '-DHEAD_DIM=64\n-DBLOCK_M=64\n-DBLOCK_N=128\n-DNUM_WARPS=4\n-DUSE_MMA=1\n-DKV_SPLITS=1\n-DCP_ASYNC=1\n-DSTAGES=3\n' >"$c/variants/cp.flags"
printf '* -> cp\n' >"$c/variants/all.dispatch"
make -s --no-print-directory EXP=ctest EXP_ROOT="$xr" build gates >"$xr/cbuild.log" 2>&1
check_eq "cp.async: the configuration and the dispatching build both pass their gates" \
  "$(cut -d, -f1,2 build/ctest/gates.csv 2>/dev/null | sort | tr '\n' ' ')" "all,pass cp,pass variant,verdict "
check_eq "GEMM: M1024 served by large, its plan" "$(gl bym M1024_N512_K64)" "$(gl large M1024_N512_K64 | sed 's/ flops=/ config=large flops=/')"

# GEMM on Hopper: the mma.sync kernel for M <= 64, two Hopper configurations above
h=$xr/htest
mkdir -p "$h/variants"
printf 'DESCRIPTION := hopper gemm dispatch test\nKERNEL := gemm/gemm_mma.cu\nKERNEL_h64 := gemm/gemm_sm90.cu\nKERNEL_h128 := gemm/gemm_sm90.cu\nARCH := sm_90a\nSHAPES := M64_N512_K64 M256_N512_K100 M1024_N512_K64\nMIN_OCCUPANCY := 0\n' >"$h/experiment.mk"
printf -- '-DBLOCK_M=64\n-DBLOCK_N=64\n-DWARPS_M=2\n-DWARPS_N=2\n' >"$h/variants/mma.flags"
printf -- '-DBLOCK_M=64\n-DBLOCK_N=128\n-DCONSUMER_WGS=1\n-DSETMAXNREG=0\n' >"$h/variants/h64.flags"
printf -- '-DBLOCK_M=128\n-DBLOCK_N=256\n' >"$h/variants/h128.flags"
printf 'M<=64 -> mma\nM<=256 -> h64\n* -> h128\n' >"$h/variants/mixed.dispatch"
make -s --no-print-directory EXP=htest EXP_ROOT="$xr" build >"$xr/hbuild.log" 2>&1
check_eq "Hopper GEMM: every variant, the dispatching one included" \
  "$(for v in mma h64 h128 mixed; do head -n 1 build/htest/$v/status 2>/dev/null; done | tr '\n' ' ')" "ok ok ok ok "
[ -s build/htest/mixed/status ] || sed 's/^/# /' "$xr/hbuild.log" | tail -20
hl() { grep "^shape=$2 " "build/htest/$1/describe.txt"; }
check_eq "Hopper GEMM: M64 served by the mma.sync kernel" "$(hl mixed M64_N512_K64)" "$(hl mma M64_N512_K64 | sed 's/ flops=/ config=mma flops=/')"
check_eq "Hopper GEMM: M256 (K ragged: a padded copy) served by h64" "$(hl mixed M256_N512_K100)" "$(hl h64 M256_N512_K100 | sed 's/ flops=/ config=h64 flops=/')"
check_eq "Hopper GEMM: M1024 served by h128" "$(hl mixed M1024_N512_K64)" "$(hl h128 M1024_N512_K64 | sed 's/ flops=/ config=h128 flops=/')"
check_eq "Hopper GEMM: gemm_sm90_kernel's host stub twice, renamed and local" \
  "$(nm build/htest/mixed/bench | grep -cE ' t dsp[0-2]__Z16gemm_sm90_kernelN3g906ParamsE$')" 2
make -s --no-print-directory EXP=htest EXP_ROOT="$xr" gates >/dev/null 2>&1
check_eq "Hopper GEMM: the dispatching build's gate row passes" "$(grep '^mixed,' build/htest/gates.csv | cut -d, -f2)" pass
done_testing
