#!/usr/bin/env bash
# test_kernel_report.sh — the kernel time through `make analyze` and `make report`, on a copy of
# the SYNTHETIC report fixture given a kernel_us column of known truth: every library row's
# kernel_us is its time_us / 2 (so each library's kernel medians, and our ratios to it with their
# CI bounds, are its call-time ones / 2: everything is on the log scale, a constant factor shifts
# it), our variants' kernel_us is their time_us (ratios between ours unchanged), one library leaves
# it empty at one shape (no kernel time there) and cublas-naive's file has no such column (as
# every published file). The truth is computed here (awk) from the call-time results, never from
# the kernel path; the call-time path has tests of its own.
source tests/lib.sh
set -u
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
RB=build/test-kernel-report
rm -rf "$RB"
cp -r tests/fixtures/report/data tests/fixtures/report/experiments "$T"/
G=nvidia-h100-80gb-hbm3 D=$T/data/phase1/nvidia-h100-80gb-hbm3 HOLE=B1_H8_S512_D64_C0
for f in "$D"/*.csv; do
  v=$(basename "$f" .csv)
  case $v in gates|cublas-naive) continue ;; sdpa-*) k=0.5 ;; *) k=1 ;; esac
  awk -F, -v OFS=, -v k=$k -v v=$v -v hole=$HOLE '
    /^#/ { print; next }
    !h { h = 1; for (i = 1; i <= NF; i++) if ($i == "time_us") t = i; print $0 ",kernel_us"; next }
    { print $0 "," (v == "sdpa-flash" && $1 == hole ? "" : sprintf("%.10g", $t * k)) }' "$f" >"$f.new" && mv "$f.new" "$f"
done
printf 'PRIMARY := v4s2:sdpa-flash\nGOAL := 1.10\n' >>"$T/experiments/phase1/experiment.mk"
MK=(make -s --no-print-directory DATA=$T/data EXPDIR=$T/experiments RB=$RB)
if "${MK[@]}" report >"$T/make.log" 2>&1; then ok "make report with kernel_us succeeds"; else
  not_ok "make report with kernel_us succeeds"; sed 's/^/# /' "$T/make.log"; done_testing; fi
B=$RB/phase1/$G
check "summary-kernel.csv and compare-kernel.csv written" test -s $B/summary-kernel.csv -a -s $B/compare-kernel.csv

# col FILE NAME BASE CAND SHAPE: field NAME of compare row BASE -> CAND at SHAPE ("" when none)
col() { awk -F, -v n="$2" -v b="$3" -v c="$4" -v s="$5" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
  $k["base"] == b && $k["cand"] == c && $k["shape"] == s { print $k[n] }' "$1"; }
# smed FILE V SHAPE: the median of variant V at SHAPE in a summary
smed() { awk -F, -v v="$2" -v s="$3" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
  $k["variant"] == v && $k["shape"] == s { print $k["median"] }' "$1"; }
# rel GOT WANT: |got - want| <= 1e-9 |want|
rel() { awk -v g="$1" -v w="$2" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d <= 1e-9 * (w < 0 ? -w : w)) }'; }
half() { awk -v x="$1" 'BEGIN { printf "%.12g", x / 2 }'; }

for s in B1_H1_S128_D64_C0 B1_H8_S256_D64_C0 $HOLE; do
  for f in speedup speedup_lo speedup_hi; do
    check "kernel $f of v4s2 vs sdpa-cudnn at $s is the call time's / 2" \
      rel "$(col $B/compare-kernel.csv $f sdpa-cudnn v4s2 $s)" "$(half "$(col $B/compare.csv $f sdpa-cudnn v4s2 $s)")"
  done
  check "kernel speedup of v1 vs v0 (both ours) at $s is the call time's" \
    rel "$(col $B/compare-kernel.csv speedup v0 v1 $s)" "$(col $B/compare.csv speedup v0 v1 $s)"
  check "kernel median of sdpa-cudnn at $s is the call time's / 2" \
    rel "$(smed $B/summary-kernel.csv sdpa-cudnn $s)" "$(half "$(smed $B/summary.csv sdpa-cudnn $s)")"
  check_eq "the kernel comparison keeps the call time's family at $s" \
    "$(col $B/compare-kernel.csv family sdpa-flash v4s2 B1_H1_S128_D64_C0),$(col $B/compare-kernel.csv metric sdpa-flash v4s2 B1_H1_S128_D64_C0)" "primary,kernel"
done
# the claims' and the per-session comparisons on kernel time (claims-kernel.csv, sessions-kernel.csv)
for lib in sdpa-cudnn sdpa-flash; do
  for s in B1_H1_S128_D64_C0 B1_H8_S256_D64_C0; do
    c=$(col $B/claims.csv speedup $lib v4s2 $s)
    [ -n "$c" ] && check "claims-kernel: $lib vs v4s2 at $s is the call time's / 2" rel "$(col $B/claims-kernel.csv speedup $lib v4s2 $s)" "$(half "$c")"
  done
done
check "claims-kernel.csv has the rows of claims.csv that have kernel time (v1 vs v0 at every shape)" \
  test "$(awk -F, 'NR > 1 && $0 ~ /,v0,v1,/' $B/claims-kernel.csv | wc -l)" -eq "$(awk -F, 'NR > 1 && $0 ~ /,v0,v1,/' $B/claims.csv | wc -l)"
srow() { awk -F, -v id="$1" -v b="$2" -v c="$3" -v s="$4" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
  $1 == id && $k["base"] == b && $k["cand"] == c && $k["shape"] == s { print $k["speedup"] }' "$5"; }
id=$(awk -F, 'NR == 2 { print $1 }' $B/sessions.csv)
check "sessions-kernel: session $id, sdpa-cudnn vs v4s2 at B1_H1_S128_D64_C0 is the call time's / 2" \
  rel "$(srow "$id" sdpa-cudnn v4s2 B1_H1_S128_D64_C0 $B/sessions-kernel.csv)" "$(half "$(srow "$id" sdpa-cudnn v4s2 B1_H1_S128_D64_C0 $B/sessions.csv)")"
check_eq "no kernel comparison where sdpa-flash left kernel_us empty" "$(col $B/compare-kernel.csv speedup sdpa-flash v4s2 $HOLE)" ""
check_eq "the call-time comparison there is kept" "$(col $B/compare.csv speedup sdpa-flash v4s2 $HOLE | grep -c .)" 1
check_grep "the skip said in compare-kernel.log" "sdpa-flash.csv: shape $HOLE has no kernel time \(rows without kernel_us\): skipped" $B/compare-kernel.log
check_eq "no kernel row of cublas-naive (no kernel_us column)" "$(grep -c cublas-naive $B/compare-kernel.csv $B/summary-kernel.csv | awk -F: '{ n += $2 } END { print n }')" 0
check_grep "cublas-naive's missing column said" "cublas-naive.csv: shape .* has no kernel time \(no column kernel_us\)" $B/compare-kernel.log

R=$RB/report M=$RB/report/appendix.md F=$RB/report/appendix-full.md
# xcell X LO HI: the appendix's speedup cell (report_fmt's xci, for 0.01 <= X < 10)
xcell() { awk -v x="$1" -v l="$2" -v h="$3" 'BEGIN { printf "%.3f× [%.3f, %.3f]", x, l, h }'; }
s=B1_H1_S128_D64_C0
want=$(xcell "$(half "$(col $B/compare.csv speedup sdpa-flash v4s2 $s)")" "$(half "$(col $B/compare.csv speedup_lo sdpa-flash v4s2 $s)")" \
  "$(half "$(col $B/compare.csv speedup_hi sdpa-flash v4s2 $s)")")" $(col $B/compare-kernel.csv verdict sdpa-flash v4s2 $s)"
for d in $M $F; do
  check_grep "$(basename $d): the claims' table has the kernel speedup column" '^\| Shape \| `v4s2` µs \| `sdpa-flash` µs .*\| Kernel speedup \[95% CI\], verdict \|$' $d
  check_grep "$(basename $d): the claim at $s: kernel speedup = call / 2 ($want)" "^\| \`$s\` \|.*\| ${want//[/\\[} \|\$" $d
  check_grep "$(basename $d): the claim at $HOLE: no kernel speedup" "^\| \`$HOLE\` \|.*\| — \|\$" $d
  check_grep "$(basename $d): page 1 says the two readings" 'Each time is read two ways from the same samples' $d
  check_grep "$(basename $d): page 1 names the libraries' versions" '^\*\*Libraries timed\*\*.*`sdpa-cudnn`, `sdpa-flash`' $d
  check_grep "$(basename $d): the methodology says they are not two tests" 'two readings of the same samples, not two independent tests' $d
done
# the fastest library per claim: by call time the lower of the two libraries' call medians
# (summary.csv); by kernel time the same but at HOLE, where only sdpa-cudnn has one
fast() { awk -v a="$(smed $B/summary.csv sdpa-cudnn $1)" -v b="$(smed $B/summary.csv sdpa-flash $1)" \
  'BEGIN { print (a + 0 < b + 0 ? "sdpa-cudnn" : "sdpa-flash") }'; }
check_grep "page 1: the fastest library at each claim's shape, by both times" "The fastest library at each claim's shape\*\*, of \`LIBRARIES\`" $M
for s in B1_H1_S128_D64_C0 B1_H8_S256_D64_C0; do
  fc=$(fast $s)
  check_grep "page 1: at $s the fastest by call time is $fc, by kernel time too" \
    "\`$s\`: \`$fc\` [0-9.]+× \[[0-9., ]+\] \(call\), \`$fc\` [0-9.]+× \[[0-9., ]+\] \(kernel\)" $M
done
check_grep "page 1: at $HOLE the fastest by kernel time is sdpa-cudnn, the only one with it" \
  "\`$HOLE\`: \`$(fast $HOLE)\` [0-9.]+× \[[0-9., ]+\] \(call\), \`sdpa-cudnn\` [0-9.]+× \[[0-9., ]+\] \(kernel\)" $M
# the key result on kernel time: ours against the fastest library by kernel time at each shape
# (summary-kernel.csv: the lower kernel median of the two; at HOLE only sdpa-cudnn has one), its
# compare-kernel.csv row; a different library than the call time's at HOLE when sdpa-flash is the
# faster there by call time
fastk() { awk -v a="$(smed $B/summary-kernel.csv sdpa-cudnn $1)" -v b="$(smed $B/summary-kernel.csv sdpa-flash $1)" \
  'BEGIN { print (b == "" || (a != "" && a + 0 < b + 0) ? "sdpa-cudnn" : "sdpa-flash") }'; }
check_eq "the fastest library by kernel time at $HOLE is sdpa-cudnn (summary-kernel.csv)" "$(fastk $HOLE)" sdpa-cudnn
rng=$(for s in B1_H1_S128_D64_C0 B1_H8_S256_D64_C0 $HOLE; do col $B/compare-kernel.csv speedup "$(fastk $s)" v4s2 $s; done |
  awk 'NR == 1 || $1 < lo { lo = $1 } NR == 1 || $1 > hi { hi = $1 } END { printf "%.3f× to %.3f×", lo, hi }')
check_grep "key result on kernel time: against the fastest library by kernel time, speedups from $rng" \
  "^\*\*Key result\.\*\* .* On kernel time, ours against the fastest library by kernel time at 3 of the 3 shapes .*; speedups from $rng\.\$" $M
# the headline (A.1): each row's speedup on kernel time against the same library, call / 2
s=B1_H8_S256_D64_C0 lib=$(fast B1_H8_S256_D64_C0)
want=$(xcell "$(half "$(col $B/compare.csv speedup $lib v4s2 $s)")" "$(half "$(col $B/compare.csv speedup_lo $lib v4s2 $s)")" \
  "$(half "$(col $B/compare.csv speedup_hi $lib v4s2 $s)")")" $(col $B/compare-kernel.csv verdict $lib v4s2 $s)"
check_grep "headline: the row at $s has the kernel speedup against $lib ($want)" "^\| \`$s\` \| \`$lib\` \| \`v4s2\` \|.*\| ${want//[/\\[} \|\$" $M
check_grep "best-against-libraries table: a kernel speedup column" '^\| Shape \| Ours \(fastest\) \| Library \| Speedup \[95% CI\] \| n \| Verdict \| Kernel speedup \[95% CI\], verdict \|$' $F
# the latency table: each library row's call and kernel medians (num: 4 significant digits)
m=$(smed $B/summary.csv sdpa-cudnn $s)
km=$(awk -v x="$(half "$m")" 'BEGIN { printf "%#.4g", x }')
check_grep "latency: sdpa-cudnn at $s shows its kernel median, the call's / 2 ($km)" "^\| \`sdpa-cudnn\` \|.*\| $km \[[0-9., ]+\] \|\$" $F
check_grep "latency: cublas-naive shows no kernel median" '^\| `cublas-naive` \|.*\| — \|$' $F
np=$(sed -n 's/^Output written on .* (\([0-9]*\) pages.*/\1/p' $R/latex/appendix.log)
check "the main appendix has at most 12 pages ($np)" test "${np:-99}" -le 12
done_testing
