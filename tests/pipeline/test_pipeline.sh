#!/usr/bin/env bash
# test_pipeline.sh — build and static gates on the smoke experiment, on a CPU-only machine:
# every planted outcome is named in gates.csv, a second build compiles nothing, touching one flag
# file rebuilds exactly one binary, and hostile flag files and file names execute nothing.
. tests/lib.sh
M="make --no-print-directory"
rm -f /tmp/cudadent42_owned

out=$($M -j2 build EXP=smoke 2>&1); rc=$?
check_eq "smoke build exits 0 although variants fail" "$rc" 0
check_eq "smoke build summary line" "$(echo "$out" | grep -E '^built [0-9]+, failed [0-9]+$')" "built 4, failed 3"
for v in mma simt_split smem_big spill; do
  check "smoke/$v binary exists" test -x build/smoke/$v/bench
done
check "no binary for the refused configuration" test ! -e build/smoke/refused/bench
check_grep "a shape the build's describe refuses is not applicable, with the reason" \
  '^B1_H2_S1_K300_D128_C0: head dim 128 not supported by this build \(HEAD_DIM=64\)$' build/smoke/mma/not_applicable.txt
check "... and left out of the shapes the variant runs" bash -c '! grep -q D128 build/smoke/mma/shapes.txt'

$M gates EXP=smoke >/dev/null 2>&1
g=build/smoke/gates.csv
check_eq "gates.csv header starts variant,verdict,reason" "$(head -n1 $g | cut -d, -f1-3)" "variant,verdict,reason"
check_eq "gates.csv has one row per variant" "$(($(wc -l <$g) - 1))" 7
row() { grep -E "^$1," $g | cut -d, -f2,3; }
check_eq "mma passes"                "$(row mma)" "pass,"
check_eq "simt_split passes"         "$(row simt_split)" "pass,"
check_eq "refused is invalid_config" "$(row refused)" "reject,invalid_config"
check_eq "broken (BLOCK_M=abc) is refused by the tunables table" "$(row broken)" "reject,invalid_config"
check_eq "smem_big is smem_overflow" "$(row smem_big)" "reject,smem_overflow"
check_eq "spill is register_spill"   "$(row spill)" "reject,register_spill"
check_eq "hostile is invalid_config" "$(row hostile)" "reject,invalid_config"
check_grep "refused row carries the static_assert message" '^refused,.*multiple of 16' $g
check_grep "hostile row names its file and line" '^hostile,.*hostile\.flags:2' $g
check "the hostile command never ran" test ! -e /tmp/cudadent42_owned

out=$($M -j2 build EXP=smoke 2>&1)
check_eq "a second build compiles nothing" "$(echo "$out" | grep -c 'NVCC')" 0
sleep 1; touch experiments/smoke/variants/simt_split.flags
out=$($M -j2 build EXP=smoke 2>&1)
check_eq "touching one flag file rebuilds exactly that binary" "$(echo "$out" | grep 'NVCC' | tr -s ' ')" " NVCC smoke/simt_split"

# a change of compiler flags rebuilds what they built (host tools and the harness), and only then
tb=$(mktemp -d)
$M -s B="$tb" "$tb/tools/gates" >/dev/null 2>&1
check_eq "same flags: nothing rebuilt" "$($M B="$tb" "$tb/tools/gates" 2>&1 | grep -c ' -c ')" 0
check "CFLAGS changed: the tool's objects are rebuilt" test "$($M B="$tb" CFLAGS='-O1 -g' "$tb/tools/gates" 2>&1 | grep -c ' -c ')" -ge 1
$M -s B="$tb" "$tb/harness/sm_90/harness/bench_args.o" >/dev/null 2>&1
check "the nvcc flags stamp outlives the make that wrote it" test -f "$tb/harness/sm_90/nvccflags.txt"
check_eq "same nvcc flags: the harness is not rebuilt" "$($M B="$tb" "$tb/harness/sm_90/harness/bench_args.o" 2>&1 | grep -c 'bench_args.cu')" 0
$M -s B="$tb" ARCH=sm_90a "$tb/harness/sm_90a/harness/bench_args.o" >/dev/null 2>&1
check "ARCH=sm_90a: its own stamp, its own objects" grep -q 'compute_90a,code=sm_90a' "$tb/harness/sm_90a/nvccflags.txt"
check "NVCCFLAGS changed: the harness objects are rebuilt" test "$($M B="$tb" NVCCFLAGS='-O1 -std=c++17' "$tb/harness/sm_90/harness/bench_args.o" 2>&1 | grep -c 'bench_args.cu')" -eq 1
rm -rf "$tb"

# hostile file names: a variant name is never expanded by make or a shell
tmp=$(mktemp -d); mkdir -p "$tmp/evil/variants"
grep -v "^COMPARE\|^BASELINE " experiments/smoke/experiment.mk >"$tmp/evil/experiment.mk"  # its pairs name smoke's variants
cp experiments/smoke/variants/mma.flags "$tmp/evil/variants/ok.flags"
cp experiments/smoke/variants/mma.flags "$tmp/evil/variants/\$(shell touch \$\$HOME.owned).flags"
cp experiments/smoke/variants/mma.flags "$tmp/evil/variants/a;touch owned-by-a-name.flags"
out=$($M -n build EXP=evil EXP_ROOT="$tmp" B="$tmp/build" 2>&1)
check_grep "hostile file names are reported" 'skipped: .*a flag file name may hold only' <(echo "$out")
check "hostile file names are not built" test "$(echo "$out" | grep -c 'evil/ok')" -ge 1
check "no file created by a hostile name" test ! -e "$HOME.owned" -a ! -e owned-by-a-name
rm -rf "$tmp"

out=$($M build EXP=does-not-exist 2>&1); rc=$?
check_eq "an unknown experiment is a usage error" "$rc" 2
check_grep "an unknown experiment is named" "no experiment 'does-not-exist'" <(echo "$out")

# GPU targets on a machine without a GPU: stop at once, point to make report, touch nothing
if ! $M -s --no-print-directory check-gpu >/dev/null 2>&1; then
  before=$(find data -type f -exec md5sum {} + 2>/dev/null | sort | md5sum)
  for tgt in phase1 measure reproduce sanitize; do
    out=$($M $tgt EXP=smoke 2>&1); rc=$?
    check "make $tgt without a GPU fails" test "$rc" -ne 0
    check_grep "make $tgt without a GPU points to make report" 'make report' <(echo "$out")
  done
  check_eq "data/ unchanged by GPU targets without a GPU" "$(find data -type f -exec md5sum {} + 2>/dev/null | sort | md5sum)" "$before"
  gb=$(mktemp -d); rmdir "$gb"
  for tgt in measure sanitize profile ceilings; do
    $M $tgt EXP=correctness B="$gb" >/dev/null 2>&1
    # (the host tools aside: check-gpu is `session gpus --check`, built first)
    check_eq "make $tgt EXP=correctness without a GPU compiles nothing of the GPU's first" \
      "$(find "$gb" -path "$gb/tools" -prune -o \( -name '*.o' -o -name status -o -name bench \) -print 2>/dev/null)" ""
  done
else
  ok "# skip: a GPU is present, the no-GPU paths are not exercised"
fi
# EXP is checked before anything is read or written
T_EXP_ERR=$(mktemp)
before=$(git status --porcelain --untracked-files=all experiments | wc -l)
make -s help EXP=../experiments/sweep >/dev/null 2>"$T_EXP_ERR" ; rc=$?
check_eq "EXP with a '/': exit 2" "$rc" 2
check_grep "... and says why" "an experiment is one directory name" "$T_EXP_ERR"
check_eq "... and writes nothing into the sources" "$(git status --porcelain --untracked-files=all experiments | wc -l)" "$before"
make -s gates EXP=no-such-exp >/dev/null 2>"$T_EXP_ERR"; rc=$?
check_eq "gates of a missing experiment: exit 2" "$rc" 2
check_grep "... naming it" "no experiment 'no-such-exp'" "$T_EXP_ERR"
xr=$(mktemp -d); mkdir -p "$xr/bad/variants"; printf -- '-DX=1\n' >"$xr/bad/variants/a.flags"
printf 'KERNEL := attention/flash_attn.cu\nSHAPES := B1_H1_S8_D64_C0\nREPS := 100   WARMUP := 20   L2 := cold   ROUNDS := 5\n' >"$xr/bad/experiment.mk"
make -s gates EXP=bad EXP_ROOT="$xr" >/dev/null 2>"$T_EXP_ERR"; rc=$?
check_eq "four assignments on one line: exit 2 before any work" "$rc" 2
check_grep "... naming the file, line and variable" "$xr/bad/experiment.mk:3: REPS = '100 .*' is not a whole number" "$T_EXP_ERR"
check "... nothing built" test ! -e "${B:-build}/bad"
printf 'KERNEL := attention/flash_attn.cu\nSHAPES := B1_H1_S8_D64_C0\nL2 := warm\n' >"$xr/bad/experiment.mk"
make -s gates EXP=bad EXP_ROOT="$xr" >/dev/null 2>"$T_EXP_ERR"
check_grep "L2 neither cold nor hot is named" "experiment.mk:3: L2 = 'warm' is not cold or hot" "$T_EXP_ERR"
printf 'KERNEL := attention/flash_attn.cu\nSHAPES := B1_H1_S8_D64_C0\nMIN_CTAS_PER_SM := 139748061164466301\n' >"$xr/bad/experiment.mk"
make -s gates EXP=bad EXP_ROOT="$xr" >/dev/null 2>"$T_EXP_ERR"; rc=$?
check_eq "MIN_CTAS_PER_SM that would wrap the shell's arithmetic: exit 2" "$rc" 2
check_grep "... named, before any work" "experiment.mk:3: MIN_CTAS_PER_SM = '139748061164466301' is above 999999 CTAs a SM" "$T_EXP_ERR"
# a shape its problem's parse refuses (a batch of 0) stops make at the experiment's line before any
# compile, not once every variant failed to describe it
printf 'KERNEL := attention/flash_attn.cu\nSHAPES := B1_H1_S8_D64_C0 B0_H1_S8_D64_C0\n' >"$xr/bad/experiment.mk"
make -s build EXP=bad EXP_ROOT="$xr" >/dev/null 2>"$T_EXP_ERR"; rc=$?
check_eq "a shape the problem refuses: make build exits 2" "$rc" 2
check_grep "... naming file, line and shape, with the problem's reason" "experiment.mk:2: SHAPES: 'B0_H1_S8_D64_C0' is not a shape of attention: 'B' needs a positive integer" "$T_EXP_ERR"
check "... before any compile" test ! -e "${B:-build}/bad/a/status"
printf 'KERNEL := attention/flash_attn.cu\nSHAPES := B1_H1_S8_D64_C0\n' >"$xr/bad/experiment.mk"; printf -- '-DX=2\n' >"$xr/bad/variants/.b.flags"
make -s help EXP=bad EXP_ROOT="$xr" >/dev/null 2>"$T_EXP_ERR"
check_grep "a hidden flag file is said to be no variant, not skipped without a word" "variants/\.b\.flags: a hidden file .* is no variant: left out" "$T_EXP_ERR"
bad_mk() { # bad_mk TEXT PATTERN WHAT: an experiment.mk holding TEXT stops make, naming PATTERN
  printf "KERNEL := attention/flash_attn.cu\n$1\n" >"$xr/bad/experiment.mk"
  make -s gates EXP=bad EXP_ROOT="$xr" B="$xr/b" >/dev/null 2>"$T_EXP_ERR"; rc=$?
  check_eq "$3: exit 2" "$rc" 2
  check_grep "$3: named with file:line" "$2" "$T_EXP_ERR"
  check "$3: nothing built" test ! -e "$xr/b"
}
bad_mk "SHAPES := B1_H8_S12x_D64_C0" "experiment.mk:2: 'B1_H8_S12x_D64_C0' is not a shape" "a typo in SHAPES"
bad_mk "SHAPES := B1_H8_S128_D64_C0 B1_H8_S128_D46_C0" "experiment.mk:2: 'B1_H8_S128_D46_C0': D is not a head dimension kernels/attention/flash_attn.tunables allows" "a head dimension no variant can build"
bad_mk "SHAPES := B1_H8_S128_D64_C0\nBASELINES := sdpa-cudn" "experiment.mk:3: 'sdpa-cudn' is not a baseline" "a misspelt baseline"
bad_mk "SHAPES := B1_H8_S128_D64_C0\nMIN_OCCUPANCY := 1.5" "experiment.mk:3: MIN_OCCUPANCY = '1.5' is not a fraction" "MIN_OCCUPANCY above 1"
bad_mk "SHAPES := B1_H8_S128_D64_C0\nDELTA := 3%%" "experiment.mk:3: DELTA = '3%' is not a fraction" "DELTA in per cent"
bad_mk "SHAPES := B1_H8_S128_D64_C0\nGATE_WAIVE := v0" "experiment.mk:3: GATE_WAIVE = 'v0': 'v0' is not VARIANT:REASON" "a waiver without its reason"
bad_mk "SHAPES := B1_H8_S128_D64_C0\nGATE_ARCH := sm_75" "GATE_ARCH = 'sm_75' is no architecture the tables know" "an unknown GATE_ARCH"
bad_mk "SHAPES := B1_H8_S128_D64_C0\nREPORT_STYLE := fancy" "REPORT_STYLE = 'fancy' is not timing, correctness or sweep" "an unknown REPORT_STYLE"
bad_mk "SHAPES := B1_H8_S128_D64_C0\nCOMPARE := t4:a" "experiment.mk:3: 't4:a': 't4' is neither a variant nor a baseline" "a COMPARE pair naming nothing"
rm -rf "$xr"
rm -f "$T_EXP_ERR"

# make help and make clean are light: reading the makefiles runs no shell (a logging SHELL sees
# every $(shell …) and recipe) and writes nothing, even for a space experiment whose expansion
# is a target of the other goals
tmp=$(mktemp -d)
printf '#!/bin/bash\necho "$*" >>"%s/shell.log"\nexec /bin/bash "$@"\n' "$tmp" >"$tmp/sh"; chmod +x "$tmp/sh"
for g in help clean; do
  $M -n $g EXP=sweep B="$tmp/b" SHELL="$tmp/sh" >/dev/null 2>&1
  check_eq "make -n $g EXP=sweep: no shell while reading the makefiles" "$(cat "$tmp/shell.log" 2>/dev/null)" ""
done
$M help EXP=sweep B="$tmp/b" >/dev/null 2>&1
check "make help EXP=sweep writes nothing" test ! -e "$tmp/b"
# ... while a real goal expands the space first, through its target
$M -n build EXP=sweep B="$tmp/b" >/dev/null 2>&1
check "make -n build EXP=sweep expands the space (a target)" test "$(ls "$tmp/b/sweep/variants" | wc -l)" -eq 240
check_grep "... and lists it in space.mk" '^SPACE_FLAGS := .*\.flags' "$tmp/b/sweep/space.mk"
rm -rf "$tmp"
done_testing
