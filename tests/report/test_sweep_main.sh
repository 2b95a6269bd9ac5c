#!/usr/bin/env bash
# test_sweep_main.sh — a recorded sweep's section in the main appendix (REPORT_STYLE sweep, form
# main: tools/report/report_sweep.c), which an experiment gets when it declares claims (PRIMARY):
# one sentence a shape naming that shape's fastest configuration. The fixture, written here, is a
# sweep of two shapes whose fastest configurations differ; the fastest of each shape is found with
# awk from the sample files, not from the tools under test. The statistics and the experiment's
# variables are made by make; the appendix by report_gen alone (the appendix's search section
# would replay the sweep through experiments/, which holds no such experiment).
set -u
. tests/lib.sh
T=build/test-sweep-main
rm -rf "$T" && mkdir -p "$T/exp/sw" "$T/data/sw/nvidia-h200"
cat >"$T/exp/sw/experiment.mk" <<'EOF'
# SYNTHETIC fixture experiment for tests/report/test_sweep_main.sh (not real data)
DESCRIPTION := Synthetic sweep of two shapes
KERNEL := attention/flash_attn.cu
SPACE := space.txt
SHAPES := B2_H8_S512_D64_C0 B2_H8_S1024_D64_C0
PRIMARY := c1:c2
EOF
: >"$T/exp/sw/space.txt"
# sample NAME MEDIAN_S512 MEDIAN_S1024: one round of 5 reps at each shape, around the medians
sample() {
  { printf '# cudadent42 samples v1\n# synthetic: yes\n# experiment: sw\n# variant: %s\n# gpu: NVIDIA H200\n' "$1"
    printf '# date: 2026-11-20T10:00:00Z\n# seed: 1\n# reps: 5\nshape,rep,time_us,sm_clock_mhz,round\n'
    for r in 0 1 2 3 4; do
      awk -v s=B2_H8_S512_D64_C0 -v m="$2" -v r=$r 'BEGIN { printf "%s,%d,%.3f,1980,1\n", s, r, m + (r - 2) * 0.01 }'
      awk -v s=B2_H8_S1024_D64_C0 -v m="$3" -v r=$r 'BEGIN { printf "%s,%d,%.3f,1980,1\n", s, r, m + (r - 2) * 0.01 }'
    done
  } >"$T/data/sw/nvidia-h200/$1.csv"
}
sample c1 10 40
sample c2 12 30
sample c3 11 35
printf 'variant,verdict,reason,detail\nc1,pass,,\nc2,pass,,\nc3,pass,,\n' >"$T/data/sw/nvidia-h200/gates.csv"

make -s --no-print-directory DATA="$T/data" EXPDIR="$T/exp" RB="$T/b" \
  "$T/b/sw/nvidia-h200/summary.csv" "$T/b/sw/experiment.vars" >"$T/make.log" 2>&1
check_eq "make: the sweep's summary and variables" "$?" 0
for form in main full; do
  build/tools/report_gen --data "$T/data" --build "$T/b" --static reports --claims reports/seed_claims.csv \
    --form $form --tex "$T/$form.tex" --md "$T/$form.md" sw >"$T/gen-$form.log" 2>&1
  check_eq "report_gen --form $form: exit 0" "$?" 0
done

# the oracle: each shape's configuration with the lowest median of its reps, and that median as
# the appendix prints it (4 significant digits)
fastest() {
  awk -F, -v sh="$1" '$1 == sh { f = FILENAME; sub(/^.*\//, "", f); sub(/\.csv$/, "", f); print f, $3 }' \
    "$T"/data/sw/nvidia-h200/c*.csv | sort -k1,1 -k2,2g |
    awk '{ v[$1] = v[$1] " " $2 } END { for (k in v) { n = split(v[k], a, " ")
           printf "%.6f %s\n", n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2, k } }' |
    sort -g | awk 'NR == 1 { printf "%s %#.4g\n", $2, $1 }'
}
read -r f512 m512 < <(fastest B2_H8_S512_D64_C0)
read -r f1024 m1024 < <(fastest B2_H8_S1024_D64_C0)
check "the fixture's two shapes have different fastest configurations ($f512, $f1024)" test "$f512" != "$f1024"
check_eq "main: the sweep's section has one fastest sentence a shape" "$(grep -c '^The fastest at `' "$T/main.md")" 2
check_grep "main: the fastest at B2_H8_S512_D64_C0 is its own ($f512, $m512 µs)" \
  "^The fastest at \`B2_H8_S512_D64_C0\`: \`$f512\`, median $m512 µs\.$" "$T/main.md"
check_grep "main: the fastest at B2_H8_S1024_D64_C0 is its own ($f1024, $m1024 µs), not the first shape's" \
  "^The fastest at \`B2_H8_S1024_D64_C0\`: \`$f1024\`, median $m1024 µs\.$" "$T/main.md"
# the full appendix's tables of the fastest agree: rank 1 of each shape's table
check_eq "full: rank 1 of each shape's table is the same configuration" \
  "$(grep -E '^\| 1 \| `' "$T/full.md" | cut -d'`' -f2 | tr '\n' ' ')" "$f512 $f1024 "
done_testing
