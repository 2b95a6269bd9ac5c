#!/usr/bin/env bash
# test_mixed_types.sh — bring your own kernel of any types, in a copy of the tree: a scaffolded
# problem (make new-problem NAME=mixo) gets the mixed-type kernel of tests/fixtures/mixed (fp32,
# bf16 and fp8 e4m3 in; fp32, int32, bf16 and fp8 e5m2 out), written over the scaffold's own files only, and no other
# file is edited. It builds, its bench's help names mixo and not attention, its variants pass the
# static gates, a misspelt baseline is refused without SDPA, and fake runs (as in
# test_measure.sh) that print a check line per output are measured, analyzed and reported.
set -u
. tests/lib.sh
in_tree_copy
M=(make -s --no-print-directory)
sums() { find kernels experiments tools mk tests -type f | LC_ALL=C sort | xargs sha256sum; }
sums >"$T/before"

# --- the problem: scaffolded, then its kernel, views and tensors replaced
"${M[@]}" new-problem NAME=mixo >"$T/new.out" 2>&1
check_eq "make new-problem NAME=mixo: exit 0" "$?" 0
tag=$(sed -n 's/^new_problem: the shapes of mixo are \([A-Z]\)<n> .*/\1/p' "$T/new.out")
check "... its shapes' letter" test -n "$tag"
F=tests/fixtures/mixed
sed "s/@NAME@/mixo/g" $F/mixed.h.in >kernels/mixo/mixo.h
sed "s/@NAME@/mixo/g" $F/mixed.cu.in >kernels/mixo/mixo.cu
sed "s/@NAME@/mixo/g" $F/problem.cu.in >kernels/mixo/problem/problem.cu
printf '# b512\n-DBLOCK=512\n' >experiments/mixo/variants/b512.flags
check_eq "no file but the new problem's and experiment's changed" \
  "$(diff "$T/before" <(sums) | grep '^[<>]' | awk '{print $3}' | grep -cv '^\(kernels\|experiments\)/mixo/')" 0

# --- build and static gates
"${M[@]}" -j2 build EXP=mixo >"$T/build.log" 2>&1
check_eq "make build EXP=mixo: exit 0" "$?" 0
for v in b256 b512; do check_eq "... $v builds" "$(head -n 1 build/mixo/$v/status 2>/dev/null)" ok; done
check_grep "... its plan at ${tag}1048576: 528 CTAs of 256 threads" \
  "^shape=${tag}1048576 kernel=mixo_mixed grid=528,1,1 block=256,1,1 " build/mixo/b256/describe.txt
build/mixo/b256/bench --help >"$T/help.out" 2>&1
check_grep "bench --help names the problem" "kernel of the mixo problem" "$T/help.out"
check "... and never attention or SDPA" bash -c "! grep -qiE 'attention|sdpa' '$T/help.out'"
"${M[@]}" gates EXP=mixo >"$T/gates.log" 2>&1
check_eq "make gates EXP=mixo: exit 0" "$?" 0
for v in b256 b512; do check_grep "... $v passes, its kernel found by name" "^$v,pass,.*mixo_mixed" build/mixo/gates.csv; done
"${M[@]}" -n build EXP=mixo BASELINES=sdpa-cudn >"$T/bl.out" 2>&1
check_grep "a misspelt baseline: refused for mixo, which has none" "'sdpa-cudn' is not a baseline of mixo \(one of: none\)\.  Stop\.$" "$T/bl.out"
check "... naming no SDPA" bash -c "! grep -qi 'sdpa one' '$T/bl.out'"

# --- measure on fake runners: each prints bench's check lines, one a shape and one per output
export SAMPLES_BIN=$PWD/build/tools/samples SESSION_BIN=$PWD/build/tools/session GATETAB=$PWD/build/tools/gatetab NUMTAB=$PWD/build/tools/numtab
"${M[@]}" -j2 build/tools/samples build/tools/session build/tools/gatetab build/tools/numtab >/dev/null 2>&1
shapes="${tag}1000 ${tag}1048576"
b=$T/build/mixo; mkdir -p "$b"
fake() { # fake VARIANT MICROSECONDS
  mkdir -p "$b/$1"; printf -- '-DBLOCK=x\n' >"$b/$1/flags"; printf '%s\n' $shapes >"$b/$1/shapes.txt"
  cat >"$b/$1/bench" <<EOS
#!/usr/bin/env bash
for a in "\$@"; do [ "\$a" = --gpu-slug ] && { echo fake-gpu; exit 0; }; done
checks() { for s in $shapes; do
  echo "check shape=\$s max_abs_err=1.000e-06 max_rel_err=1.000e-06 allclose_violations=0 nan=0 rerun_mismatch=0 workspace_dirty=0 uniform=pass hard=pass verdict=pass"
  for o in y:fp32 k:int32 h:bf16 e:fp8e5m2; do
    echo "check-out shape=\$s out=\${o%:*} type=\${o#*:} max_abs_err=0.000e+00 max_rel_err=0.000e+00 allclose_violations=0 nan=0 rerun_mismatch=0 uniform=pass hard=pass verdict=pass"
  done; done; }
for a in "\$@"; do [ "\$a" = --check ] && { checks; exit 0; }; done
. $PWD/tests/fixtures/bench/turn.sh "\$@"
checks >&2
out=; reps=30; meta=
while [ \$# -gt 0 ]; do case \$1 in
  --out) out=\$2; shift ;;
  --reps) reps=\$2; shift ;;
  --meta) meta="\$meta# \${2%%=*}: \${2#*=}
"; shift ;;
esac; shift; done
{ echo "# cudadent42 samples v1"; printf '%s' "\$meta"; echo "# problem: mixo"; echo "# gpu: Fake GPU"
  echo "# sm_count: 132"; echo "# reps: \$reps"
  echo "# work.${tag}1000: flops=1000 bytes=14000"; echo "# work.${tag}1048576: flops=1048576 bytes=14680064"
  echo "shape,rep,time_us,sm_clock_mhz"
  for s in $shapes; do for ((i = 0; i < reps; i++)); do
    case \$s in ${tag}1000) t=5 ;; *) t=$2 ;; esac
    awk -v s=\$s -v i=\$i -v t=\$t 'BEGIN { printf "%s,%d,%.3f,1980\n", s, i, t + 0.01 * i }'
  done; done; } >"\$out"
EOS
  chmod +x "$b/$1/bench"
}
fake b256 100; fake b512 60
{ echo 'variant,verdict,reason,detail,kernel,regs'; printf '%s,pass,,,mixo_mixed,1\n' b256 b512; } >"$b/gates.csv"
mkdir -p "$T/smi"; printf '#!/usr/bin/env bash\necho " GPU-fake-0"\n' >"$T/smi/nvidia-smi"; chmod +x "$T/smi/nvidia-smi"
PATH=$T/smi:$PATH B=$T/build DATA_OUT=$T/data ROUNDS=3 REPS=30 SHAPES="$shapes" SESSION=s1 ORDER_SEED=1 GIT_REV=abc PROBLEM=mixo \
  build/tools/session measure mixo >"$T/measure.out" 2>"$T/measure.err"
rc=$?
check_eq "measure, its runs printing check-out lines: exit 0" "$rc" 0
[ "$rc" = 0 ] || sed 's/^/# /' "$T/measure.err" | tail -10
dd=$T/data/mixo/fake-gpu
for v in b256 b512; do check "... $v published under mixo/fake-gpu" test -f "$dd/$v.csv"; done
"${M[@]}" analyze EXP=mixo DATA=$T/data RB=$T/rb >"$T/analyze.log" 2>&1
check_eq "make analyze EXP=mixo: exit 0" "$?" 0
check_grep "... b512 against b256 at ${tag}1048576: FAST (60 us against 100 us)" "^${tag}1048576,.*,FAST,b256,b512," "$T/rb/mixo/fake-gpu/compare.csv"
grep -q ",FAST," "$T/rb/mixo/fake-gpu/compare.csv" || sed "s/^/# /" "$T/rb/mixo/fake-gpu/compare.csv"
"${M[@]}" report DATA=$T/data RB=$T/rb >"$T/report.log" 2>&1; rc=$?
check_eq "make report: exit 0" "$rc" 0
[ "$rc" = 0 ] || sed 's/^/# /' "$T/report.log" | tail -10
check_grep "... its appendix has the mixo experiment's section" 'Experiment `mixo`' "$T/rb/report/appendix-full.md"
done_testing
