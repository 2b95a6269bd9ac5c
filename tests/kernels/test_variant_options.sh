#!/usr/bin/env bash
# test_variant_options.sh — a flag file's compiler options (tools/space/nvcc_options.h) reach its
# variant's kernel compile and nothing else: two builds of the mma.sync attention kernel, one with
# --use_fast_math, built without a GPU. The SASS is the oracle (cuobjdump, where there is one):
# fast math flushes denormals, so the fast build's instructions carry .FTZ where the other's
# almost never do; the harness objects both link are the same files, compiled once without it.
set -u
. tests/lib.sh
xr=$(mktemp -d)
trap 'rm -rf "$xr" build/optest' EXIT
e=$xr/optest
mkdir -p "$e/variants"
printf 'DESCRIPTION := options test\nKERNEL := attention/flash_attn.cu\nSHAPES := B1_H2_S77_D64_C0\nMIN_OCCUPANCY := 0\n' >"$e/experiment.mk"
printf -- '-DHEAD_DIM=64\n' >"$e/variants/base.flags"
printf -- '-DHEAD_DIM=64\n--use_fast_math\n' >"$e/variants/fast.flags"
make -s --no-print-directory EXP=optest EXP_ROOT="$xr" build >"$xr/build.log" 2>&1
check_eq "two variants, one with --use_fast_math: make build exits 0" "$?" 0
check_eq "... both built" "$(cat build/optest/base/status build/optest/fast/status 2>/dev/null | grep -cx ok)" 2
check_grep "the option is among the variant's recorded flags" '^--use_fast_math$' build/optest/fast/flags
check "... and not among the other's" bash -c "! grep -q fast_math build/optest/base/flags"
check "the two kernel objects differ" bash -c "! cmp -s build/optest/base/kernel.o build/optest/fast/kernel.o"
if c=$(find_cuobjdump); then
  ftz() { "$c" -sass "build/optest/$1/kernel.o" 2>/dev/null | grep -c '\.FTZ'; }
  fb=$(ftz base) ff=$(ftz fast)
  check "fast math reached the kernel: .FTZ instructions $fb without, $ff with (at least 10 times as many)" \
    test "$ff" -ge $((10 * (fb + 1)))
else
  ok "# skip: no cuobjdump, the SASS is not checked"
fi
make -n --no-print-directory EXP=optest EXP_ROOT="$xr" build 2>/dev/null | grep -q 'fast_math'
check_eq "nothing is left to build with it: the shared harness objects never took it" "$?" 1
done_testing
