#!/usr/bin/env bash
# test_measure.sh — the measure and merge logic of tools/measure.sh without a GPU: fake bench
# binaries stand in for the harness (a passing one, one failing numerics, one crashing while
# timing). Checks round interleaving, the merged sample file (rep renumbered, round column,
# metadata from round 1), runtime gate rows, and that data/ keeps old files on failure.
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
b=$t/build/fake; mkdir -p "$b"
fake() { # fake NAME MODE: MODE ok | numerics | crash
  mkdir -p "$b/$1"; printf -- '-DX=1\n' >"$b/$1/flags"; printf 'B1_H1_S8_D64_C0\nB1_H1_S16_D64_C0\n' >"$b/$1/shapes.txt"
  cat >"$b/$1/bench" <<EOS
#!/usr/bin/env bash
mode=$2
for a in "\$@"; do [ "\$a" = --gpu-slug ] && { echo fake-gpu; exit 0; }; done
for a in "\$@"; do [ "\$a" = --check ] && { [ \$mode = numerics ] && { echo "check shape=x verdict=fail"; exit 1; }; exit 0; }; done
out=; r=; while [ \$# -gt 0 ]; do case \$1 in --out) out=\$2; shift ;; --meta) case \$2 in round=*) r=\${2#round=} ;; esac; shift ;; esac; shift; done
echo "\$r" >>"$b/order.txt"
[ \$mode = crash ] && [ "\$r" = 2 ] && { echo "bench: cudaErrorMisalignedAddress" >&2; exit 4; }
{ echo "# cudadent42 samples v1"; echo "# variant: $1"; echo "# round_seen: \$r"; echo "shape,rep,time_us,sm_clock_mhz"
  echo "B1_H1_S8_D64_C0,0,1\$r.5,1980"; echo "B1_H1_S8_D64_C0,1,1\$r.6,1980"; echo "B1_H1_S16_D64_C0,0,2\$r.5,1980"; } >"\$out"
echo "bench: [1/1] B1_H1_S8_D64_C0 median 1.0 us" >&2
EOS
  chmod +x "$b/$1/bench"
}
fake good ok; fake wrong numerics; fake crashy crash
printf 'variant,verdict,reason,detail,kernel,regs\ngood,pass,,,k,1\nwrong,pass,,,k,1\ncrashy,pass,,,k,1\nbad,reject,build_failed,"x, y",,\n' >"$b/gates.csv"
mkdir -p "$t/data/fake/fake-gpu"; echo "old published" >"$t/data/fake/fake-gpu/crashy.csv"
B=$t/build DATA_OUT=$t/data ROUNDS=3 REPS=6 SHAPES="B1_H1_S8_D64_C0 B1_H1_S16_D64_C0" GIT_REV=abc \
  tools/measure.sh fake >"$t/stdout" 2>"$t/stderr"; rc=$?; cat "$t/stderr" >&2
check_eq "measure exits 0 when variants fail" "$rc" 0
d=$t/data/fake/fake-gpu
check "good published" test -f "$d/good.csv"
check_eq "interleaved rounds: good then crashy per round" "$(tr '\n' ' ' <"$b/order.txt")" "1 1 2 2 3 "
check_eq "merged header: round 1 metadata only" "$(grep -c '^# round_seen' "$d/good.csv")" 1
check_grep "merged header records rounds" '^# rounds: 3$' "$d/good.csv"
check_grep "round column added" '^shape,rep,time_us,sm_clock_mhz,round$' "$d/good.csv"
check_eq "reps renumbered per shape across rounds" "$(grep '^B1_H1_S8_D64_C0,' "$d/good.csv" | cut -d, -f2 | tr '\n' ' ')" "0 1 2 3 4 5 "
check_grep "round 3 sample carries round 3" '^B1_H1_S16_D64_C0,2,23.5,1980,3$' "$d/good.csv"
check_eq "numerics failure publishes nothing" "$(ls "$d" | grep -c wrong)" 0
check_eq "crash while timing leaves the old file" "$(cat "$d/crashy.csv")" "old published"
g=$d/gates.csv
check_grep "numerics gate row" '^wrong,reject,numerics,' "$g"
check_grep "runtime_error gate row with the CUDA error" '^crashy,reject,runtime_error,"bench: cudaErrorMisalignedAddress"' "$g"
check_grep "passing row unchanged" '^good,pass,,,k,1$' "$g"
check_grep "static reject kept with its quoted detail" '^bad,reject,build_failed,"x, y",,$' "$g"
check_eq "one gate row per variant" "$(($(wc -l <"$g") - 1))" 4
# process level: one median per shape and round (medians by hand: round 1 of S8 has 11.5, 11.6)
check_eq "round medians per shape and round" "$(tools/round_medians.sh "$d/good.csv" | grep -v '^#' | tr '\n' ' ')" \
  "shape,rep,time_us B1_H1_S8_D64_C0,0,11.55 B1_H1_S16_D64_C0,0,21.5 B1_H1_S8_D64_C0,1,12.55 B1_H1_S16_D64_C0,1,22.5 B1_H1_S8_D64_C0,2,13.55 B1_H1_S16_D64_C0,2,23.5 "
printf '# x\nshape,rep,time_us\nB1_H1_S8_D64_C0,0,1\n' >"$t/noround.csv"
check "a file without a round column is refused" test "$(tools/round_medians.sh "$t/noround.csv" >/dev/null 2>&1; echo $?)" -eq 2
# a clean run (no runtime rows) keeps every gate row
m=$t/merge; mkdir -p "$m"; printf 'variant,verdict,reason,detail,k\na,pass,,"x, y",1\n' >"$m/gates.csv"; : >"$m/runtime.csv"
tools/gates_merge.sh "$m" "$m/pub"
check_eq "merge with no runtime rows keeps the table" "$(cat "$m/pub/gates.csv" | tr '\n' '|')" 'variant,verdict,reason,detail,k|a,pass,,"x, y",1|'
out=$(B=$t/build DATA_OUT=$t/data tools/measure.sh nothing 2>&1); rc=$?
check_eq "missing gates.csv is an input error" "$rc" 2
check_grep "missing gates.csv is named" 'gates.csv: missing' <(echo "$out")
out=$(B=$t/build DATA_OUT=$t/data2 GRAPH_CALLS=0 SDPA_BASELINES=sdpa-cudnn tools/measure.sh fake 2>&1); rc=$?
check_eq "GRAPH_CALLS=0 with SDPA baselines is refused" "$rc" 2
check_grep "the refusal says why" 'would not compare like for like' <(echo "$out")
check "nothing measured when refused" test ! -e "$t/data2"
done_testing
