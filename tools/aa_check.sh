#!/usr/bin/env bash
# aa_check.sh — the A/A check (noise floor): one binary measured as two variants (a, b) in
# separate processes, interleaved over K rounds. Each round's pair goes through
# `stats compare` (base = a, cand = b), one row per shape; nothing changed between a and b, so
# every positive is a false positive.
#
#   aa_check.sh [--stats PATH] [--seed S] [--alpha A] [--gate verdict|p] [--group K]
#               [--base a] [--cand b] [--pairs FILE] DIR
#
# DIR holds either the published files a.csv and b.csv (rounds merged, with a `round` column,
# as `make measure` writes data/aa/<gpu>/) or per-round files a.r<K>.csv and b.r<K>.csv (as in
# build/aa/runs/). --group K pools K consecutive rounds per side into one comparison (round r goes
# to group ceil(r/K)), as `make measure` pools ROUNDS rounds into one published file; the default
# K = 1 compares single processes. Writes to stdout "# key: value" lines, then one CSV row per shape:
#   fp_rate_p        share of comparisons with p_value < alpha (the test's type-I error)
#   fp_rate_verdict  share with verdict FAST or SLOW (the claims a user would act on)
#   drift_pct        (max - min) / median of the per-round medians, per variant (the larger)
#   ab_diff_max_pct  largest |median_b / median_a - 1| of a round
#   p_process        stats compare of the comparisons' medians (a's against b's, n = comparisons
#                    per side): the process, not the sample, as the unit (reported, not gated)
# --pairs FILE also keeps every comparison row (round, shape, p_value, verdict, medians).
# Exit: 0 pass (the gated rate <= alpha), 1 fail, 2 usage or input error, 3 no comparisons.
set -u -o pipefail
prog=aa_check
stats=${STATS:-build/tools/stats}
seed=1 alpha=0.05 gate=verdict base=a cand=b pairs= group=1
die() { echo "$prog: $*" >&2; exit 2; }
usage() { die "usage: $prog [--stats PATH] [--seed S] [--alpha A] [--gate verdict|p] [--group K] [--base a] [--cand b] [--pairs FILE] DIR"; }
num() { [[ $2 =~ ^[0-9]+([.][0-9]+)?$ ]] || die "$1: '$2' is not a number"; }
dir=
while [ $# -gt 0 ]; do
  case $1 in
    --stats) [ $# -ge 2 ] || usage; stats=$2; shift 2 ;;
    --seed) [ $# -ge 2 ] || usage; [[ $2 =~ ^[0-9]+$ ]] || die "--seed: '$2' is not an integer"; seed=$2; shift 2 ;;
    --alpha) [ $# -ge 2 ] || usage; num --alpha "$2"; alpha=$2; shift 2 ;;
    --gate) [ $# -ge 2 ] || usage; case $2 in verdict|p) gate=$2 ;; *) die "--gate: '$2' is not verdict or p" ;; esac; shift 2 ;;
    --group) [ $# -ge 2 ] || usage; [[ $2 =~ ^[1-9][0-9]*$ ]] || die "--group: '$2' is not a count >= 1"; group=$2; shift 2 ;;
    --base) [ $# -ge 2 ] || usage; base=$2; shift 2 ;;
    --cand) [ $# -ge 2 ] || usage; cand=$2; shift 2 ;;
    --pairs) [ $# -ge 2 ] || usage; pairs=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option '$1'" ;;
    *) [ -z "$dir" ] || usage; dir=$1; shift ;;
  esac
done
[ -n "$dir" ] || usage
[ -d "$dir" ] || die "$dir: not a directory"
[ -x "$stats" ] || die "$stats: no stats tool (make tools)"
for v in "$base" "$cand"; do [[ $v =~ ^[A-Za-z0-9_.+-]+$ ]] || die "variant name '$v' is not [A-Za-z0-9_.+-]"; done

tmp=$(mktemp -d) || die "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT

# split_rounds FILE VARIANT: FILE's rows by their `round` column r into $tmp/VARIANT.r<g>.csv,
# g = ceil(r / group), each with FILE's header lines and CSV header row.
split_rounds() {
  awk -F, -v out="$tmp/$2" -v prog=$prog -v group="$group" '
    /^#/ { head = head $0 "\n"; next }
    !hdr { hdr = $0; for (i = 1; i <= NF; i++) if ($i == "round") rc = i
           if (!rc) { printf "%s: %s:%d: no round column\n", prog, FILENAME, FNR > "/dev/stderr"; bad = 1; exit }
           next }
    NF == 0 { next }
    { r = $rc
      if (r !~ /^[0-9]+$/) { printf "%s: %s:%d: round '\''%s'\'' is not an integer\n", prog, FILENAME, FNR, r > "/dev/stderr"; bad = 1; exit }
      f = out ".r" int((r - 1) / group) + 1 ".csv"
      if (!(f in seen)) { seen[f] = 1; printf "%s%s\n", head, hdr > f }
      print >> f; close(f) }
    END { exit bad ? 2 : 0 }' "$1"
}

if [ -f "$dir/$base.csv" ] && [ -f "$dir/$cand.csv" ]; then
  split_rounds "$dir/$base.csv" "$base" || exit 2
  split_rounds "$dir/$cand.csv" "$cand" || exit 2
else
  # per-round files: round r appended to group ceil(r/group) (header lines of the first only)
  for f in "$dir/$base".r*.csv "$dir/$cand".r*.csv; do
    [ -f "$f" ] || continue
    n=${f##*.r}; n=${n%.csv}; v=${f##*/}; v=${v%.r*.csv}
    [[ $n =~ ^[1-9][0-9]*$ ]] || die "$f: round '$n' is not an integer"
    g=$(( (n - 1) / group + 1 ))
    if [ -f "$tmp/$v.r$g.csv" ]; then awk '/^#/ { next } seen++' "$f" >>"$tmp/$v.r$g.csv"
    else cp "$f" "$tmp/$v.r$g.csv"; fi
  done
fi
mapfile -t rounds < <(cd "$tmp" && ls -1 | sed -n "s/^$base\.r\([0-9]*\)\.csv$/\1/p" | sort -n)
[ ${#rounds[@]} -gt 0 ] || die "$dir: no $base.csv/$cand.csv with a round column and no $base.r<K>.csv files"

# every round pair through stats compare; rows: round,shape,p_value,verdict,median_base,median_cand
echo "round,shape,p_value,verdict,median_base,median_cand" >"$tmp/pairs.csv"
used=0
for r in "${rounds[@]}"; do
  a=$tmp/$base.r$r.csv b=$tmp/$cand.r$r.csv
  [ -f "$b" ] || { echo "$prog: round $r: no $cand file, skipped" >&2; continue; }
  "$stats" compare --seed "$seed" --alpha "$alpha" "$a" "$b" >"$tmp/cmp.csv" 2>"$tmp/cmp.err"
  rc=$?
  case $rc in 0|1|3) ;; *) die "round $r: $stats compare failed (exit $rc): $(head -c 300 "$tmp/cmp.err")" ;; esac
  awk -F, -v r="$r" -v prog=$prog '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
              if (!c["shape"] || !c["p_value"] || !c["verdict"] || !c["median_base"] || !c["median_cand"]) {
                printf "%s: stats compare output lacks shape/p_value/verdict/median_base/median_cand\n", prog > "/dev/stderr"; exit 2 }
              next }
    { print r "," $c["shape"] "," $c["p_value"] "," $c["verdict"] "," $c["median_base"] "," $c["median_cand"] }
  ' "$tmp/cmp.csv" >>"$tmp/pairs.csv" || exit 2
  used=$((used + 1))
done
[ -n "$pairs" ] && { cp "$tmp/pairs.csv" "$pairs" || die "$pairs: cannot write"; }

# process level: per shape, the comparisons' medians themselves as the samples (n = comparisons
# per side) through stats compare; its test then sees the process-to-process variation that the
# per-sample comparisons above treat as if it were not there.
echo "shape,p_process,verdict_process" >"$tmp/process.csv"
mapfile -t shapes < <(awk -F, 'NR > 1 && !seen[$2]++ { print $2 }' "$tmp/pairs.csv")
i=0
for sh in "${shapes[@]}"; do
  i=$((i + 1))
  awk -F, -v s="$sh" 'NR > 1 && $2 == s { print $5 }' "$tmp/pairs.csv" >"$tmp/proc$i.base"
  awk -F, -v s="$sh" 'NR > 1 && $2 == s { print $6 }' "$tmp/pairs.csv" >"$tmp/proc$i.cand"
  "$stats" compare --seed "$seed" --alpha "$alpha" "$tmp/proc$i.base" "$tmp/proc$i.cand" >"$tmp/pc.csv" 2>"$tmp/pc.err"
  rc=$?
  case $rc in 0|1|3) ;; *) die "$sh: process level: $stats compare failed (exit $rc): $(head -c 300 "$tmp/pc.err")" ;; esac
  awk -F, -v s="$sh" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    NR == 2 { print s "," $c["p_value"] "," $c["verdict"] }' "$tmp/pc.csv" >>"$tmp/process.csv"
done

# summary: rates over all comparisons, and per shape the drift of the round medians
awk -F, -v alpha="$alpha" -v gate="$gate" -v dir="$dir" -v rounds="$used" -v seed="$seed" -v group="$group" '
  function median(s,   a, i, j, m, t) {  # of the space-separated numbers in s (POSIX awk)
    m = split(s, a, " ")
    for (i = 2; i <= m; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
  function spread(s,   a, i, m, lo, hi) {
    m = split(s, a, " "); lo = hi = a[1]
    for (i = 2; i <= m; i++) { if (a[i] < lo) lo = a[i]; if (a[i] > hi) hi = a[i] }
    return (hi - lo) / median(s) * 100 }
  FNR == NR { if (FNR > 1) { pp[$1] = $2; pvd[$1] = $3; if ($2 != "" && $2 != "nan" && $2 + 0 < alpha) PP++ }
              next }
  FNR == 1 { next }
  { sh = $2; if (!(sh in n)) order[++ns] = sh
    n[sh]++; N++
    p = $3 + 0; if ($3 != "" && $3 != "nan" && p < alpha) { pl[sh]++; PL++ }
    if ($4 == "FAST" || $4 == "SLOW") { pv[sh]++; PV++ }
    cnt[sh, $4]++
    ma[sh] = ma[sh] " " $5; mb[sh] = mb[sh] " " $6
    d = $6 / $5 - 1; if (d < 0) d = -d; if (d > dmax[sh]) dmax[sh] = d
    diffs[sh] = diffs[sh] " " d }
  END {
    fp_p = N ? PL / N : 0; fp_v = N ? PV / N : 0
    rate = gate == "p" ? fp_p : fp_v
    print "# cudadent42 aa v1"
    print "# dir: " dir
    print "# comparisons_from: " rounds " pairs of " group " pooled round(s) each"
    print "# comparisons: " N
    print "# alpha: " alpha
    print "# seed: " seed
    printf "# p_below_alpha: %d\n# fp_rate_p: %.4f\n", PL, fp_p
    printf "# fast_or_slow: %d\n# fp_rate_verdict: %.4f\n", PV, fp_v
    printf "# process_level: per shape, stats compare of the %d comparison medians per side\n", N / (ns ? ns : 1)
    printf "# process_p_below_alpha: %d of %d shapes\n", PP, ns
    print "# gate: fp_rate_" gate " <= alpha"
    print "# result: " (N == 0 ? "inconclusive" : rate <= alpha ? "pass" : "fail")
    print "shape,comparisons,median_a_us,median_b_us,drift_a_pct,drift_b_pct,ab_diff_median_pct,ab_diff_max_pct,p_below_alpha,fast,slow,same,ambiguous,p_process,verdict_process"
    for (i = 1; i <= ns; i++) {
      sh = order[i]
      printf "%s,%d,%.4g,%.4g,%.2f,%.2f,%.2f,%.2f,%d,%d,%d,%d,%d,%s,%s\n", sh, n[sh], median(ma[sh]),
        median(mb[sh]), spread(ma[sh]), spread(mb[sh]), median(diffs[sh]) * 100, dmax[sh] * 100,
        pl[sh], cnt[sh, "FAST"], cnt[sh, "SLOW"], cnt[sh, "SAME"], cnt[sh, "AMBIGUOUS"], pp[sh], pvd[sh] }
    exit N == 0 ? 3 : rate <= alpha ? 0 : 1 }' "$tmp/process.csv" "$tmp/pairs.csv"
