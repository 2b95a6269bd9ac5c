#!/usr/bin/env bash
# test_report.sh — `make analyze/plots/report` on the SYNTHETIC fixture (tests/fixtures/report):
# the appendix (PDF + Markdown) exists, holds the expected sections, tables and figures, is
# byte-identical on a rebuild, and broken inputs fail with FILE:LINE. Known values come from the
# fixture files themselves (awk/sort), not from the tools under test.
source tests/lib.sh
set -u
FIX=tests/fixtures/report
RB=build/test-report
MK=(make -s --no-print-directory DATA=$FIX/data EXPDIR=$FIX/experiments RB=$RB)
rm -rf "$RB"
mkdir -p "$RB"
log=$RB/make.log

if "${MK[@]}" report >$log 2>&1; then ok "make report on the fixtures succeeds"; else
  not_ok "make report on the fixtures succeeds"; sed 's/^/# /' $log; done_testing; fi
R=$RB/report
check "appendix.pdf is a PDF" bash -c "head -c 5 $R/appendix.pdf | grep -q '%PDF-'"
check "appendix.tex and appendix.md exist" test -s $R/appendix.tex -a -s $R/appendix.md
check "pdflatex log is kept" test -s $R/pdflatex.log
check_grep "pdflatex: no undefined references" '^Output written on appendix.pdf \([0-9]+ pages' $R/appendix.log
if grep -q 'undefined references\|Rerun to get' $R/appendix.log; then not_ok "latex settled"; else ok "latex settled"; fi

# sections (Markdown headings, and the PDF's bookmarks in appendix.out)
for s in "Methodology" "Results per experiment" "Seed claims vs measured" \
         "The twelve rules of Hoefler and Belli" "Experiments without data"; do
  check_grep "md section: $s" "^##+ $s" $R/appendix.md
  check_grep "pdf section: $s" "contentsline \{(sub)?section\}\{\\\\numberline \{[0-9A.]+\}$s" $R/appendix.aux
done
check_grep "md: synthetic banner" 'SYNTHETIC DATA' $R/appendix.md
check_grep "tex: synthetic banner" 'SYNTHETIC DATA' $R/appendix.tex
check_grep "experiment without data named once" '^- `gamma`: defined, but no samples' $R/appendix.md
check_eq "gamma has no section" "$(grep -c 'Experiment `gamma`' $R/appendix.md)" 0

# tables
for t in 'Fingerprint of `nvidia-h100-80gb-hbm3`' 'Fingerprint of `nvidia-h200`' \
         'GPU time per call of `phase1` on `nvidia-h100-80gb-hbm3`' \
         'Comparisons of `phase1` on `nvidia-h100-80gb-hbm3`' 'Comparisons of `beta` on `nvidia-h200`' \
         'Gate rejections of `phase1`' 'Gate rejections of `beta`' 'Seed claims vs measured on' \
         'The twelve rules and where'; do
  check_grep "md table: $t" "^\*\*Table [0-9]+\.\*\* $t" $R/appendix.md
done
check_grep "tex: booktabs" '\\toprule' $R/appendix.tex
check_eq "twelve rules rows" "$(grep -cE '^\| (1[0-2]|[1-9]) \|' $R/appendix.md)" 12
check_grep "gate reason with meaning" '^\| `smem_overflow` \| 1 \| `v4s3` \| shared memory' $R/appendix.md
check_grep "too_few_ctas counted twice" '^\| `too_few_ctas` \| 2 \| `v5b`, `v5c` \|' $R/appendix.md
check_grep "a non-sample CSV is named, not read" 'not read as samples .*`aa_check.csv`' $R/appendix.md
check_grep "SDPA python time shown" 'Python µs/call' $R/appendix.md
check_grep "negative results stated" '^\*\*Negative results\*\*' $R/appendix.md
check_grep "beta: b slower at the causal shape" '^- `b` vs `a`: SLOW at `B2_H8_S512_D128_C1` \(0\.[0-9]+×' $R/appendix.md
check_grep "too few samples: n = 1 and no CI" '^\| `e` \| 1 \| 12\.36 \[—, —\] \| — \|' $R/appendix.md
check_grep "too few samples: AMBIGUOUS" '^\| `e` \| `a` \| .* \| \*\*AMBIGUOUS\*\* \|$' $R/appendix.md
check_grep "claims: holds" '\*\*holds\*\*' $R/appendix.md
check_grep "claims: does not hold" '\*\*does not hold\*\*' $R/appendix.md
check_grep "claims: not comparable" '\*\*not comparable\*\*' $R/appendix.md
check_grep "claims: stand-in shape named" 'stand-in for `B2_H8_S512_D64_C0`' $R/appendix.md
check_grep "methodology: seed and resamples" 'resamples, seed 42' $R/appendix.md
check_grep "methodology: holm" "Holm's correction" $R/appendix.md

# a median straight from the fixture (awk + sort as the oracle), as the table prints it: at the
# level of the design, exp of the mean over rounds of the log of each round's median
med=$(awk -F, '$1 == "B1_H1_S128_D64_C0" { print $5, $3 }' $FIX/data/phase1/nvidia-h100-80gb-hbm3/v0.csv |
      sort -k1,1n -k2,2g | awk '{ r[$1] = r[$1] " " $2 } END {
        for (k in r) { n = split(r[k], v, " "); m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
                       s += log(m); c++ }
        printf "%#.4g", exp(s / c) }')
check_grep "v0 median at S128 is $med" "^\| \`v0\` \| 30 \| $med \[" $R/appendix.md

# figures: every one the Markdown names exists, and LaTeX included the PDFs
figs=$(grep -oE '\]\([^)]*\.png\)' $R/appendix.md | sed 's/^](//; s/)$//')
nf=$(echo "$figs" | grep -c png)
check "at least 10 figures" test "$nf" -ge 10
miss=0
for f in $figs; do [ -s "$R/$f" ] && [ -s "$R/${f%.png}.pdf" ] || miss=$((miss + 1)); done
check_eq "every figure exists as PNG and PDF" "$miss" 0
for k in latency speedup roofline scaling gates; do
  check_grep "pdf includes a $k figure" "plots/phase1/nvidia-h100-80gb-hbm3/$k[-0-9]*\.pdf" $R/appendix.log
done
check_grep "roofline has measured ceilings" '^bw = 2950$' $RB/plots/phase1/nvidia-h100-80gb-hbm3/roofline.gpv
check_grep "roofline: H200 datasheet bandwidth" '^dbw = 4800$' $RB/plots/beta/nvidia-h200/roofline.gpv
# arithmetic intensity of B1_H8_S256_D64_C0 by hand: 4*8*256*256*64 / (2*(8*256*64*2 + 8*256*64*2)) = 128
check_grep "roofline AI by hand (128 FLOP/B)" '^128 [0-9.e+-]+ B1_H8_S256_D64_C0$' $RB/plots/phase1/nvidia-h100-80gb-hbm3/roofline.dat
# roof at B1_H8_S256_D64_C0 by hand: AI 128 FLOP/B × 2950 GB/s = 377.6 TFLOPS < 610: memory-bound
check_grep "roofline table: roof by hand" '^\| `B1_H8_S256_D64_C0` \| 128 \| 378 \| memory \|' $R/appendix.md
check_grep "ceilings table" '^\| `dram_copy_bw` \| 2950 \| GB/s \| 20 \|' $R/appendix.md
check "no scaling figure for beta (its shapes differ in D)" test ! -e $RB/plots/beta/nvidia-h200/scaling.pdf

# a correctness-style experiment (REPORT_STYLE := correctness): one compact table, counts in words,
# no timing statistics, tables or figures. Expected values come from the fixture files (awk).
CD=$FIX/data/corr/nvidia-h200
check_grep "corr: compact table" '^\*\*Table [0-9]+\.\*\* Correctness of `corr` on `nvidia-h200`' $R/appendix.md
check_grep "corr: refused-at-compile-time table" '^\*\*Table [0-9]+\.\*\* Configurations of `corr` on `nvidia-h200` refused at compile time' $R/appendix.md
check_grep "corr: gate rejections stay" '^\*\*Table [0-9]+\.\*\* Gate rejections of `corr`' $R/appendix.md
check_eq "corr: no latency or comparison table" "$(grep -cE 'GPU time per call of `corr`|Comparisons of `corr`' $R/appendix.md)" 0
check_eq "corr: no figures" "$(grep -c '\.\./plots/corr/' $R/appendix.md)" 0
check "corr: no statistics computed" test ! -e $RB/corr/nvidia-h200/summary.csv -a ! -e $RB/corr/nvidia-h200/compare.csv
check "corr: no plots drawn" test ! -e $RB/plots/corr
check_grep "corr: style in experiment.vars" '^REPORT_STYLE=correctness$' $RB/corr/experiment.vars
check_grep "beta: default style timing" '^REPORT_STYLE=timing$' $RB/beta/experiment.vars
# shapes with samples / shapes of the variant's head dimension, from the sample file and SHAPES
nshapes() { awk -F, '!/^#/ && $1 != "shape" { s[$1] } END { print length(s) }' $CD/$1.csv; }
ndim() { grep '^SHAPES' $FIX/experiments/corr/experiment.mk | tr ' ' '\n' | grep -c "_D$1_"; }
# sanitizer runs of a variant: clean/total
nsan() { awk -F, -v v=$1 '$1 == v { n++; c += ($4 == "clean" && $5 == 0) } END { printf "%d/%d", c, n }' $CD/sanitize.csv; }
a=$(nshapes m64a)/$(ndim 64) b=$(nshapes m64b)/$(ndim 64) c=$(nshapes s128)/$(ndim 128)
check_eq "corr: m64b fixture is one shape short (oracle sanity)" "$b" "2/3"
check_grep "corr: m64a row ($a, $(nsan m64a))" "^\| \`m64a\` \| \`D=64 MMA=1 BM=64\` \| pass \| $a \| $(nsan m64a) clean \|\$" $R/appendix.md
check_grep "corr: m64b row ($b, racecheck errors)" "^\| \`m64b\` \| \`D=64 MMA=1 BM=16 KV=2\` \| pass \| $b \| $(nsan m64b) clean; errors: \`racecheck\` \(2\) \|\$" $R/appendix.md
check_grep "corr: s128 row ($c)" "^\| \`s128\` \| \`D=128 MMA=0\` \| pass \| $c \| $(nsan s128) clean \|\$" $R/appendix.md
check_grep "corr: spill row, no samples, no sanitizer" '^\| `spill` \| — \| reject: `register_spill` \| none \| not run \|$' $R/appendix.md
check_grep "corr: refused configuration not in the compact table" '^\| `bad_bm` \| `BLOCK_M must be one of 16, 32, 64, 128` \|$' $R/appendix.md
check_eq "corr: compact table rows" "$(awk '/Correctness of `corr`/ { t = 1 } t && /^\| `/ { n++ } t && /^$/ && n { print n; exit }' $R/appendix.md)" 4
acc=$(grep -c ',pass,' $CD/gates.csv)
inv=$(grep -c ',reject,invalid_config,' $CD/gates.csv)
clean=$(awk -F, 'NR > 1 && $4 == "clean" && $5 == 0' $CD/sanitize.csv | wc -l)
runs=$(($(wc -l <$CD/sanitize.csv) - 1))
check_grep "corr: $acc accepted, 2 with all shapes, m64b short" "^\*\*Summary\*\*: $acc accepted configurations .*, 2 of them pass numerics on all shapes of their head dimension \(2–3 each\); short: \`m64b\` \(none at \`B1_H2_S128_D64_C0\`\)\." $R/appendix.md
check_grep "corr: $clean of $runs sanitizer runs clean" "Sanitizers: $clean of $runs compute-sanitizer runs are clean \(3 configurations × 4 tools" $R/appendix.md
check_grep "corr: $inv refused at compile time" "Compile time: $inv configurations refused \(\`invalid_config\`" $R/appendix.md
check_grep "corr: other gate rejections named" 'Rejected by other gates: `spill` \(`register_spill`\)\.$' $R/appendix.md
check_grep "corr: sanitizer finding with its first message" '^- `m64b`, `racecheck`: 2 errors; first: `Race reported between' $R/appendix.md
check_grep "corr: flag legend" '^Flags: the `-D` compile flags without `-D`; D = `HEAD_DIM`, MMA = `USE_MMA`, BM = `BLOCK_M`, KV = `KV_SPLITS`\.$' $R/appendix.md
check_eq "corr: sanitize.csv is read, not listed as unread" "$(grep -c 'not read.*`sanitize\.csv`' $R/appendix.md)" 0
check_grep "tex: corr compact table" 'Correctness of \\texttt\{corr\}' $R/appendix.tex

# deterministic: a rebuild from scratch gives the same bytes
mkdir -p $RB/first
cp $R/appendix.md $R/appendix.tex $R/appendix.pdf $RB/first/
rm -rf $RB/phase1 $RB/beta $RB/corr $RB/plots $R
check "second make report succeeds" "${MK[@]}" report
for f in appendix.md appendix.tex appendix.pdf; do check "identical on rebuild: $f" cmp -s $R/$f $RB/first/$f; done

# analyze / plots of one experiment; one without data fails
check "make analyze EXP=beta" "${MK[@]}" analyze EXP=beta
check_grep "compare.csv carries the seed" ',42,9999,' $RB/beta/nvidia-h200/compare.csv
check "make analyze EXP=corr still works when asked (a correctness style skips it only in the report)" \
  "${MK[@]}" analyze EXP=corr
check "analyze EXP=corr wrote its summary" test -s $RB/corr/nvidia-h200/summary.csv
"${MK[@]}" analyze EXP=gamma >$log 2>&1
check_eq "analyze without data exits 2" "$?" 2
check_grep "analyze without data says so" 'no samples under' $log

# a GPU directory with a gate table and no samples, and no claims experiment data
EDGE=$RB/edge
rm -rf $EDGE && mkdir -p $EDGE && cp -r $FIX/data $FIX/experiments $EDGE/
rm $EDGE/data/beta/nvidia-h200/[a-e].csv && rm -r $EDGE/data/phase1
EMK=(make -s --no-print-directory DATA=$EDGE/data EXPDIR=$EDGE/experiments RB=$EDGE/build)
check "gates only, no samples: make report succeeds" "${EMK[@]}" report
check_grep "gates only: said so" '^No samples were published for `beta` on `nvidia-h200`' $EDGE/build/report/appendix.md
check_grep "gates only: rejection table" '^\*\*Table [0-9]+\.\*\* Gate rejections of `beta`' $EDGE/build/report/appendix.md
check_grep "claims without phase1 data: said so" '^Experiment `phase1` has no data yet' $EDGE/build/report/appendix.md

# broken inputs fail with FILE:LINE
BAD=$RB/bad
rm -rf $BAD && mkdir -p $BAD && cp -r $FIX/data $FIX/experiments $BAD/
f=$BAD/data/beta/nvidia-h200/b.csv
line=$(grep -n '^B2_H8_S512_D64_C0,7,' $f | cut -d: -f1)
sed -i "${line}s/,7,[0-9.]*,/,7,abc,/" $f
BMK=(make -s --no-print-directory DATA=$BAD/data EXPDIR=$BAD/experiments RB=$BAD/build)
"${BMK[@]}" report >$log 2>&1
check_eq "broken sample: make fails" "$([ $? -ne 0 ] && echo failed)" failed
check_grep "broken sample: file:line named" "b\.csv:$line:" $log
cp $FIX/data/beta/nvidia-h200/b.csv $f
echo 'e,reject,build_failed' >>$BAD/data/beta/nvidia-h200/gates.csv
g=$(grep -c '' $BAD/data/beta/nvidia-h200/gates.csv)
"${BMK[@]}" report >$log 2>&1
check_eq "broken gates.csv: make fails" "$([ $? -ne 0 ] && echo failed)" failed
check_grep "broken gates.csv: file:line named" "gates\.csv:$g:" $log
cp $FIX/data/beta/nvidia-h200/gates.csv $BAD/data/beta/nvidia-h200/gates.csv
f=$BAD/data/corr/nvidia-h200/sanitize.csv
line=$(grep -n '^s128,racecheck,' $f | cut -d: -f1)
sed -i "${line}s/,clean,0,/,clean,x,/" $f
"${BMK[@]}" report >$log 2>&1
check_eq "broken sanitize.csv: make fails" "$([ $? -ne 0 ] && echo failed)" failed
check_grep "broken sanitize.csv: file:line named" "sanitize\.csv:$line:" $log
cp $FIX/data/corr/nvidia-h200/sanitize.csv $f
sed -i 's/^REPORT_STYLE := correctness/REPORT_STYLE := numbers/' $BAD/experiments/corr/experiment.mk
"${BMK[@]}" report >$log 2>&1
check_eq "unknown REPORT_STYLE: make fails" "$([ $? -ne 0 ] && echo failed)" failed
check_grep "unknown REPORT_STYLE: named with file:line" "experiment\.vars:[0-9]+: REPORT_STYLE 'numbers' is not timing or correctness" $log
cp $FIX/experiments/corr/experiment.mk $BAD/experiments/corr/experiment.mk
echo 'COMPARE := b' >>$BAD/experiments/beta/experiment.mk
"${BMK[@]}" analyze EXP=beta >$log 2>&1
check_eq "bad COMPARE pair: make fails" "$([ $? -ne 0 ] && echo failed)" failed
check_grep "bad COMPARE pair: named with file:line" "experiment\.vars:[0-9]+: COMPARE pair 'b'" $log
done_testing
