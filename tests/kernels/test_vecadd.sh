#!/usr/bin/env bash
# test_vecadd.sh — the vecadd problem (kernels/vecadd/, experiments/vecadd) through the whole
# pipeline on a machine without a GPU: its variants build and an out-of-table VEC is refused by
# flagcheck at the flag file's line; the built variants pass the static gates; the launch plan
# picks the 16-byte kernel only when N % 8 == 0; and fake bench binaries standing in for the GPU
# runs (as in test_measure.sh) are measured, merged, analyzed and reported. The fakes' times are
# written here (v8 and b1024 about 40% faster than v1 at the large shapes), so the verdicts
# expected below follow from them, not from the tools under test.
set -u
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
# `session measure` merges the rounds with the samples command built here (make test builds it)
export SAMPLES_BIN=$PWD/build/tools/samples SESSION_BIN=$PWD/build/tools/session GATETAB=$PWD/build/tools/gatetab
exp=experiments/vecadd
out=build/vecadd
shapes="N1 N1000 N1048576 N1048583"

# --- build and gates -----------------------------------------------------------------------------
make -s build EXP=vecadd -j"$(nproc)" >"$t/build.log" 2>&1
check_eq "make build EXP=vecadd exits 0" "$?" 0
for v in v1 v8 b1024; do
  check_eq "$v builds" "$(head -n 1 "$out/$v/status" 2>/dev/null)" ok
done
check_eq "bad_vec is refused" "$(head -n 1 "$out/bad_vec/status" 2>/dev/null)" invalid_config
check_grep "bad_vec: flagcheck names the flags file and line, and the allowed values" \
  "^flagcheck: $exp/variants/bad_vec.flags:2: '-DVEC=4': VEC = '4' is not one of 1 2 8 \(kernels/vecadd/vecadd.tunables\)\$" \
  "$out/bad_vec/status"
check "bad_vec has no binary" test ! -e "$out/bad_vec/bench"
# a SHAPES change re-runs `bench --describe` alone: the binaries stand, the shapes follow
k0=$(stat -c %.9Y "$out/v1/kernel.o" "$out/v1/bench" 2>/dev/null)
make -s build EXP=vecadd SHAPES="N1 N77" -j"$(nproc)" >"$t/reshape.log" 2>&1
check_eq "make build with other SHAPES exits 0" "$?" 0
check_eq "... v1's object and binary are not rebuilt" "$(stat -c %.9Y "$out/v1/kernel.o" "$out/v1/bench")" "$k0"
check_eq "... its shapes are the new ones" "$(tr '\n' ' ' <"$out/v1/shapes.txt")" "N1 N77 "
check_eq "... and it is still ok" "$(head -n 1 "$out/v1/status")" ok
check_grep "... make says it described, not compiled" '^  DESC  vecadd/v1$' "$t/reshape.log"
# another source for a variant together with other shapes is a build, not a describe, even when
# the new source is no newer than the binary (the variant's recipe stamp changed)
make -s EXP=vecadd SHAPES="N1 N77" KERNEL=vecadd/./vecadd.cu "$out/v1/status" >"$t/resrc.log" 2>&1
check_grep "another KERNEL and other SHAPES: make compiles v1 again" '^  NVCC  vecadd/v1$' "$t/resrc.log"
check "... its recipe names the new source" grep -qx 'kernels/vecadd/./vecadd.cu' "$out/v1/recipe"
make -s EXP=vecadd "$out/v1/status" >"$t/resrc.log" 2>&1
check_grep "... and back to the experiment's source: compiled again" '^  NVCC  vecadd/v1$' "$t/resrc.log"
make -s build EXP=vecadd -j"$(nproc)" >"$t/reshape.log" 2>&1
check_eq "... and back: the experiment's own shapes again" "$(tr '\n' ' ' <"$out/v1/shapes.txt")" "$shapes "
make -s gates EXP=vecadd >"$t/gates.log" 2>&1
check_eq "make gates EXP=vecadd exits 0" "$?" 0
for v in v1 v8 b1024; do check_grep "$v passes the gates" "^$v,pass," "$out/gates.csv"; done
check_grep "bad_vec's gate row: invalid_config" '^bad_vec,reject,invalid_config,' "$out/gates.csv"

# --- the launch plan -----------------------------------------------------------------------------
# VEC=8: the 16-byte kernel when N % 8 == 0 (1048576 = 2^20), the element-wise one otherwise
# (1048583 = 2^20 + 7, and N1); VEC=1 always element-wise
d=$out/v8/describe.txt
check_grep "v8, N1048576 (a multiple of 8): the 16-byte kernel" '^shape=N1048576 kernel=vecadd_kernel_v8 ' "$d"
check_grep "v8, N1048583 (not a multiple of 8): the element-wise kernel" '^shape=N1048583 kernel=vecadd_kernel ' "$d"
check_grep "v8, N1: the element-wise kernel" '^shape=N1 kernel=vecadd_kernel ' "$d"
check_grep "v1, N1048576: the element-wise kernel" '^shape=N1048576 kernel=vecadd_kernel ' "$out/v1/describe.txt"
# grid: ceil(N / (BLOCK * VEC)) CTAs, at most 4 per SM (SM_COUNT 132 on sm_90: 528)
check_grep "v8, N1048576: 2^20 / (256 * 8) = 512 CTAs of 256 threads" '^shape=N1048576 .* grid=512,1,1 block=256,1,1 .* ctas=512 ' "$d"
check_grep "v1, N1048576: 4096 CTAs wanted, capped at 4 x 132 = 528" '^shape=N1048576 .* grid=528,1,1 block=256,1,1 ' "$out/v1/describe.txt"
check_grep "b1024, N1048583: ceil(N / 8192) = 129 CTAs of 1024 threads" '^shape=N1048583 .* grid=129,1,1 block=1024,1,1 ' "$out/b1024/describe.txt"
# the shape grammar, through the binary's --describe (each refused with the reason)
for s in N0 M1 N1_K1 N01; do
  check "shape $s is refused" bash -c "! $out/v1/bench --describe --sm-count 132 --shape $s"
done
check_grep "N0: 'N' must be at least 1" "'N' must be at least 1" <("$out/v1/bench" --describe --sm-count 132 --shape N0 2>&1)
check_grep "M1: a vecadd shape is N<n>" 'a vecadd shape is N<n>' <("$out/v1/bench" --describe --sm-count 132 --shape M1 2>&1)

# --- measure on fake runners ---------------------------------------------------------------------
b=$t/build/vecadd; mkdir -p "$b"
printf '%s\n' $shapes >"$t/shapes.txt"
# fake NAME MICROSECONDS_AT_2^20: a bench that answers --gpu-slug and --check, and for timing
# writes --reps rows per shape: small shapes 5 us, large ones the given time; + 0.1 us per round
# and + 0.01 us per rep, so that rounds differ
fake() {
  mkdir -p "$b/$1"; printf -- '-DVEC=x\n' >"$b/$1/flags"; cp "$t/shapes.txt" "$b/$1/shapes.txt"
  cat >"$b/$1/bench" <<EOS
#!/usr/bin/env bash
for a in "\$@"; do [ "\$a" = --gpu-slug ] && { echo fake-gpu; exit 0; }; done
for a in "\$@"; do [ "\$a" = --check ] && exit 0; done
. $PWD/tests/fixtures/bench/turn.sh "\$@"
out=; r=1; reps=30; meta=
while [ \$# -gt 0 ]; do case \$1 in
  --out) out=\$2; shift ;;
  --reps) reps=\$2; shift ;;
  --meta) meta="\$meta# \${2%%=*}: \${2#*=}
"; case \$2 in round=*) r=\${2#round=} ;; esac; shift ;;
esac; shift; done
{ echo "# cudadent42 samples v1"; printf '%s' "\$meta"; echo "# problem: vecadd"; echo "# gpu: Fake GPU"
  echo "# sm_count: 132"; echo "# reps: \$reps"
  echo "# work.N1: flops=1 bytes=6"; echo "# work.N1000: flops=1000 bytes=6000"
  echo "# work.N1048576: flops=1048576 bytes=6291456"; echo "# work.N1048583: flops=1048583 bytes=6291498"
  echo "shape,rep,time_us,sm_clock_mhz"
  for s in N1 N1000 N1048576 N1048583; do
    case \$s in N1|N1000) base=5 ;; *) base=$2 ;; esac
    for ((i = 0; i < reps; i++)); do
      awk -v s=\$s -v i=\$i -v b=\$base -v r=\$r 'BEGIN { printf "%s,%d,%.3f,1980\n", s, i, b + 0.1 * r + 0.01 * i }'
    done
  done; } >"\$out"
EOS
  chmod +x "$b/$1/bench"
}
fake v1 100; fake v8 60; fake b1024 62
{ echo 'variant,verdict,reason,detail,kernel,regs'; printf '%s,pass,,,k,1\n' v1 v8 b1024; } >"$b/gates.csv"
mkdir -p "$t/smi"; printf '#!/usr/bin/env bash\necho " GPU-fake-0"\n' >"$t/smi/nvidia-smi"; chmod +x "$t/smi/nvidia-smi"
PATH=$t/smi:$PATH B=$t/build DATA_OUT=$t/data ROUNDS=3 REPS=30 SHAPES="$shapes" SESSION=s1 ORDER_SEED=1 GIT_REV=abc PROBLEM=vecadd \
  build/tools/session measure vecadd >"$t/measure.out" 2>"$t/measure.err"
check_eq "measure exits 0" "$?" 0
dd=$t/data/vecadd/fake-gpu
for v in v1 v8 b1024; do check "$v published under vecadd/fake-gpu" test -f "$dd/$v.csv"; done
check_grep "merged file: round, session and position columns" '^shape,rep,time_us,sm_clock_mhz,round,session,position$' "$dd/v8.csv"
check_grep "merged file: 3 rounds" '^# rounds: 3$' "$dd/v8.csv"
check_grep "merged file: the problem and its work" '^# work\.N1048583: flops=1048583 bytes=6291498$' "$dd/v8.csv"
# REPS is the session's total: 30 / 3 rounds = 10 reps a round; 4 shapes x 10 x 3 = 120 rows,
# reps renumbered 0..29 per shape
check_eq "merged file: 4 shapes x 10 reps x 3 rounds" "$(grep -c '^N' "$dd/v1.csv")" 120
check_eq "merged file: reps renumbered per shape (0..29)" "$(grep '^N1048576,' "$dd/v1.csv" | cut -d, -f2 | sort -n | sed -n '1p;$p' | tr '\n' ' ')" "0 29 "
check_eq "merged file: rounds 1 2 3" "$(grep '^N1000,' "$dd/v1.csv" | cut -d, -f5 | sort -u | tr '\n' ' ')" "1 2 3 "
check_grep "round 2's first N1048576 sample (rep 10): 100 + 0.2" '^N1048576,10,100\.200,1980,2,s1,[1-3]$' "$dd/v1.csv"
check_eq "session column is s1" "$(grep '^N' "$dd/v8.csv" | cut -d, -f6 | sort -u)" s1
check "the gate table is published" test -f "$dd/gates.csv"

# --- analyze and report --------------------------------------------------------------------------
make -s analyze EXP=vecadd DATA=$t/data RB=$t/rb >"$t/analyze.log" 2>&1
check_eq "make analyze EXP=vecadd exits 0" "$?" 0
c=$t/rb/vecadd/fake-gpu/compare.csv
check "compare.csv exists" test -s "$c"
# columns: ..., verdict, base, cand, ...
check_grep "compare.csv: v8 vs v1 at N1048576 is FAST (60 us against 100 us)" '^N1048576,.*,FAST,v1,v8,' "$c"
check_grep "compare.csv: v8 vs v1 at N1048583 is FAST too" '^N1048583,.*,FAST,v1,v8,' "$c"
check_grep "compare.csv: v8 vs v1 at N1000 (5 us both) is SAME" '^N1000,.*,SAME,v1,v8,' "$c"
make -s report DATA=$t/data RB=$t/rb >"$t/report.log" 2>&1; rc=$?
check_eq "make report exits 0" "$rc" 0
[ "$rc" = 0 ] || sed 's/^/# /' "$t/report.log" | tail -20
# an experiment that declares no claims has its section in the full appendix and one row (its key
# result, and the section's number) in the main one
check_grep "appendix-full has the vecadd experiment's section" 'Experiment `vecadd`' "$t/rb/report/appendix-full.md"
check_grep "appendix has the vecadd experiment's row, naming that section" '^[|] `vecadd` [|].*[|] A[.]3[.][0-9]+ [|]$' "$t/rb/report/appendix.md"
for d in appendix appendix-full; do check "$d: the PDF is made" test -s "$t/rb/report/$d.pdf"; done
# the scaling figure of a problem with one axis (in the full appendix; the main one shows the
# speedups): x = N, the four shapes in increasing N
check_grep "a scaling figure over N (no other axis to hold)" 'Scaling over N on `fake-gpu`' "$t/rb/report/appendix-full.md"
check_eq "its data in increasing N" "$(awk '/^# / { b++ } b == 1 && /^[0-9]/ { printf "%s ", $1 }' "$t/rb/plots/vecadd/fake-gpu/scaling.dat")" "1 1000 1048576 1048583 "
done_testing
