#!/usr/bin/env bash
# test_forms.sh — the main appendix and the full one, on the published data (every experiment of
# data/ and results/, as `make report` builds them, into a scratch build directory): the main one
# stays within its page limit; its claims (section A.0) are rows of the full one's comparison
# tables, number for number (tests/report/claims_oracle.awk reads them from the Markdown, not
# from the generator); each document's Markdown shows the figures its LaTeX includes; both number
# their sections alike and every section the main one points to exists in the full one. The
# fixture report (test_report.sh) has the same checks of its claims.
set -u
. tests/lib.sh
PAGES_MAX=12
RB=build/test-forms
rm -rf "$RB" && mkdir -p "$RB"
make -s --no-print-directory report RB="$RB" >"$RB/make.log" 2>&1
check_eq "make report on the published data (RB=$RB)" "$?" 0
R=$RB/report
pages() { sed -n 's/^Output written on .* (\([0-9]*\) pages.*/\1/p' "$1"; }
np=$(pages $R/latex/appendix.log) nf=$(pages $R/latex-full/appendix-full.log)
echo "# main appendix: $np pages; full appendix: $nf pages"
check "the main appendix has at most $PAGES_MAX pages ($np)" test "${np:-99}" -le $PAGES_MAX
check "the full appendix is the longer ($nf pages)" test "${nf:-0}" -gt "${np:-99}"
# experiments/correctness names 28 shapes (counted in its experiment.mk): the full appendix lists
# them (the main one gives correctness one line, below)
# the A/As inside hopper's design: each row pits dispatch against the configuration its rules
# (dispatchcheck --match, not the sample header report_pairs reads) name for the shape, one row a
# shape; the appendix's count of CIs that exclude 1 is the rows' own (counted here with awk)
for g in nvidia-h200 nvidia-h100-80gb-hbm3; do
  a=$RB/hopper/$g/aa-inside.csv
  [ -s "$a" ] || { check "hopper $g: aa-inside.csv written" false; continue; }
  want=$(build/tools/dispatchcheck --problem attention --match experiments/hopper/variants/dispatch.dispatch \
    $(tail -n +2 "$a" | cut -d, -f1) | awk '{print $1 "," $2}')
  got=$(awk -F, 'NR == 1 {for (i = 1; i <= NF; i++) c[$i] = i; next} {print $c["shape"] "," $c["base"]}' "$a")
  check_eq "hopper $g: each A/A is dispatch against the configuration its rules serve the shape with" "$got" "$want"
  check_eq "hopper $g: an A/A for each of the 8 shapes" "$(tail -n +2 "$a" | wc -l)" 8
  ex=$(awk -F, 'NR == 1 {for (i = 1; i <= NF; i++) c[$i] = i; next} $c["speedup_lo"] > 1 || $c["speedup_hi"] < 1 {n++} END {print n + 0}' "$a")
  check_grep "hopper $g: the appendix counts the A/A CIs that exclude 1 ($ex)" "^\*\*A/A inside the design\.\*\* 8 A/As: .*: $ex of 8 95% CIs exclude 1" $R/appendix-full.md
done

check_grep "... and the full appendix lists it" '^- Kernel: `flash_attn.cu`; shapes: `B1_H2_S1_D64_C0`, `B1_H2_S1_D64_C1`' $R/appendix-full.md
for l in $R/latex/appendix.log $R/latex-full/appendix-full.log; do
  check_eq "no overfull box wider than 1 pt in $(basename $l)" "$(overfull $l)" 0
  [ "$(overfull $l)" = 0 ] || grep '^Overfull' $l | sed 's/^/# /'
  # a page whose content runs past the text block into the footer (floating figures beside a
  # longtable did, in the full appendix: the figures are placed where they stand, [H])
  check_eq "no page taller than the text block in $(basename $l)" "$(grep -c '^Overfull \\vbox' $l)" 0
done
for d in appendix appendix-full; do
  # Markdown code spans become \texttt in LaTeX: a backtick left in the .tex is one cut in half
  check_eq "$d.tex holds no stray backtick (a list cut short would leave one)" "$(grep -c '`' $R/$d.tex)" 0
done

# retired_mark EXP [GPU]: the mark of EXP's rows (of its groups on GPU): an experiment whose sample
# files (data/<exp>/*/*.csv, data/<exp>/<gpu>/*.csv, that open with the samples magic) are all
# listed in data/RETIRED is marked "(retired data)", one with some of them "(partly retired data)",
# else no mark
retired_mark() {
  local n=0 r=0 f
  for f in data/$1/${2:-*}/*.csv; do
    head -c 20 "$f" | grep -q '^# cudadent42 samples' || continue
    n=$((n + 1)); grep -q "^${f#data/} " data/RETIRED && r=$((r + 1))
  done
  if [ $r -eq 0 ]; then echo ""; elif [ $r -eq $n ]; then echo " (retired data)"; else echo " (partly retired data)"; fi
}

# the claims against the comparison tables; the oracle is shown a claim with one digit changed
# first, so that it can fail
awk -f tests/report/claims_oracle.awk $R/appendix-full.md >"$RB/claims.txt"
sed '/^## A\.0 /,/^## A\.1 /s/| 1\.\([0-9]\)/| 2.\1/' $R/appendix-full.md >"$RB/altered.md"
check "the oracle finds a claim that is no row of a comparison table" grep -q '^mismatch' \
  <(awk -f tests/report/claims_oracle.awk "$RB/altered.md")
last=$(tail -1 "$RB/claims.txt")
check_grep "claims: the headline's rows and the best-vs-library table are there ($last)" '^claims ([1-9][0-9]+) matched ' "$RB/claims.txt"
check_eq "claims: every one is a row of its comparison table (speedup, CI, verdict, n)" \
  "$(awk '{ print ($2 == $4) }' <<<"$last")" 1
grep '^mismatch' "$RB/claims.txt" | head -5 | sed 's/^/# /'
# the main appendix's A.0 is the full one's, but for the best-against-library rows of an experiment
# that declares its claims (its own table opens A.0), which it leaves out, saying so
# (and for the headline's sentences and their preamble, which it leaves to A.1's table, saying so)
# (and for the GPUs whose claims' files are all retired, which it leaves to the full one, saying so:
# the statement, the fastest libraries and the goal are then of the current GPUs alone, each GPU's
# design and verdicts the full one's sentence for it)
check_eq "the main appendix's claims are the full one's (but the rows it says it leaves out)" \
  "$(comm -23 <(sed -n '/^## A\.0 /,/^## A\.1 /p' $R/appendix.md | sort -u) <(sed -n '/^## A\.0 /,/^## A\.1 /p' $R/appendix-full.md | sort -u) |
     grep -v -e '^Left out of this table: ' -e '^Left out of this table, their files being all retired ' -e '^Not in the table, because ' -e '^The headline of `[^`]*` is A\.1' -e '^Speedup = median(library) / median(ours): above 1 ours is faster; n is' \
       -e '^\*\*Declared claims\*\* of `' -e "^\*\*The fastest library at each claim's shape\*\*" -e '^Goal (`GOAL`' \
       -e '^The data of `[^`]*` on .* are retired (data/RETIRED) and left out here: the full appendix lists them, marked\.$' \
       -e '^A verdict is not read off the CI alone: ')" ""
# (each claims experiment's statement: its own line of A.0)
# (the pairs not in the table: the main one's, which leaves all-retired GPUs out, are among the full one's)
unc() { sed -n '/^## A\.0 /,/^## A\.1 /p' "$1" | grep '^Not in the table, because ' | sed 's/^[^:]*): //; s/\.$//' | sed 's/; /\n/g'; }
check_eq "the main appendix's pairs not in the table are among the full one's" "$(comm -23 <(unc $R/appendix.md | sort) <(unc $R/appendix-full.md | sort))" ""
stmt_of() { sed -n '/^## A\.0 /,/^## A\.1 /p' "$1" | grep "^\*\*Declared claims\*\* of \`$2\`" | head -1; }
# the group and claim rows of the table of EXP's claims in FILE
t1() { awk -v e="$2" '/^\*\*Table [0-9]+\.\*\* The claims of / { t = index($0, "The claims of `" e "`") > 0; next } t && /^\|/ { print; r = 1; next } r { exit }' "$1"; }
cexps=$(sed -n 's/^\*\*Table [0-9]*\.\*\* The claims of `\([^`]*\)`.*/\1/p' $R/appendix.md)
check "the main appendix has tables of declared claims ($(echo $cexps))" test -n "$cexps"
nret=0
for e in $cexps; do
main_st=$(stmt_of $R/appendix.md $e) full_st=$(stmt_of $R/appendix-full.md $e)
check "$e: both appendices state its declared claims" test -n "$main_st" -a -n "$full_st"
while read -r seg; do
  [ -n "$seg" ] || continue
  check "the main appendix's design and verdicts of a GPU are the full one's (${seg:0:60}…)" grep -qF -- "$seg" <<<"$full_st"
done < <(grep -o 'On [^`]* (`[^`]*`)[^;]*; \*\*[^.]* claims\.' <<<"$main_st")
# each GPU of a claims experiment's declared claims: a GPU whose files there are all retired is
# absent from the main appendix's statement, the claims' table and goal, which says in one sentence
# that it is left out and where it is; the full appendix keeps it, its statement and group rows
# marked "(retired data, previous code `CODE`)", CODE the id data/RETIRED records for its files;
# current data come first in both
for gd in data/$e/*/; do
  g=$(basename $gd)
  [ -f $RB/$e/$g/compare.csv ] || continue
  # (a GPU with no claim rows, e.g. data of a design older than the claims, is not in the claims)
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "family") c = i; next } c && $c == "primary" { f = 1 } END { exit !f }' \
    $RB/$e/$g/compare.csv || continue
  if [ "$(retired_mark $e $g)" = " (retired data)" ]; then
    nret=$((nret + 1))
    code=$(grep "^$e/$g/" data/RETIRED | awk '$2 ~ /^kernels:/ { print $2; exit }')
    check_eq "main: $e's claims table has no group row of $g, whose $e files are all retired" "$(t1 $R/appendix.md $e | grep -c "^| \`$g\`, ")" 0
    check_eq "main: the statement of $e does not state $g's design" "$(grep -c "(\`$g\`)" <<<"$main_st")" 0
    check_grep "main: one sentence says $g's $e data are retired and where they are" \
      "^The data of \`$e\` on \`$g\` \([^;]*; previous code \`$code\`\) are retired \(data/RETIRED\) and left out here: the full appendix lists them, marked\.\$" $R/appendix.md
    check "full: $e's claims table's group rows of $g are marked with the previous code ($code)" \
      test "$(t1 $R/appendix-full.md $e | grep "^| \`$g\`, " | grep -vc "(retired data, previous code \`$code\`)")$(t1 $R/appendix-full.md $e | grep -c "^| \`$g\`, ")" != 00
    check "... and it is the last group of the table (current data first)" \
      test "$(t1 $R/appendix-full.md $e | grep -E '^\| `[^`]*`, ' | tail -1 | cut -d'`' -f2)" = "$g"
    check "full: the statement gives $g's design, marked ($code)" grep -qF "(\`$g\`) (retired data, previous code \`$code\`): " <<<"$full_st"
  fi
done
done
check "the published data have a claims experiment with a GPU whose claims' files are all retired ($nret)" test "$nret" -gt 0

# the declared claims (PRIMARY) open A.0 of both, the statement first, then one table; on page 1 of
# the main PDF; every number of them checked against compare.csv, the sample headers and the
# ceilings by primary_oracle.awk (which is shown an altered row first, so that it can fail), and a
# table for each experiment and GPU whose compare.csv has primary rows, which experiment.mk names
# (PRIMARY), not a default of the report
want=$(for c in $RB/*/*/compare.csv; do
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["family"] == "primary" { n++ } END { if (n) print FILENAME }' "$c"
done | awk -F/ '{ print $(NF - 2), $(NF - 1) }' | sort)
check "some experiment declares claims (PRIMARY)" test -n "$want"
# (first: the experiment of the lowest CLAIMS_RANK its experiment.vars gives, the unranked after, by name)
lead=$(for e in $(cut -d' ' -f1 <<<"$want" | sort -u); do
  r=$(sed -n 's/^CLAIMS_RANK=//p' $RB/$e/experiment.vars); echo "${r:-1000001} $e"; done | sort -k1,1n -k2 | head -1 | cut -d' ' -f2)
for d in appendix appendix-full; do
  first="**Declared claims** of \`$lead\`"
  check_eq "$d: A.0 opens with the declared claims" \
    "$(sed -n '/^## A\.0 /,/^## A\.1 /p' $R/$d.md | grep -v '^$' | sed -n 2p | cut -c1-${#first})" "$first"
  awk -v build=$RB -v data=data -f tests/report/primary_oracle.awk $R/$d.md >"$RB/primary-$d.txt"
  last=$(tail -1 "$RB/primary-$d.txt")
  check_grep "$d: the declared claims are their compare.csv rows, headers and ceilings ($last)" '^primary [1-9][0-9]+ checked 0 mismatches$' "$RB/primary-$d.txt"
  grep '^mismatch' "$RB/primary-$d.txt" | head -5 | sed 's/^/# /'
  # (the main one: of the GPUs whose files are not all retired)
  wd=$want
  [ $d = appendix ] && wd=$(while read -r e g; do [ "$(retired_mark $e $g)" = " (retired data)" ] || echo "$e $g"; done <<<"$want")
  check_eq "$d: a table of declared claims for each experiment and GPU with primary rows" \
    "$(sed -n 's/^table \([^ ]*\) \([^ ]*\) .*/\1 \2/p' "$RB/primary-$d.txt" | sort)" "$wd"
done
awk '/^\*\*Table 1\.\*\* The claims of / { t = 1 } t && /^\| `B/ && !done { sub(/\| [0-9]/, "| 9"); done = 1 } 1' $R/appendix.md >"$RB/altered-primary.md"
check "the primary oracle finds a µs that is not its compare.csv row's" \
  grep -q '^mismatch .*: ours 9' <(awk -v build=$RB -v data=data -f tests/report/primary_oracle.awk "$RB/altered-primary.md")
# Table 1 has the Holm-adjusted p of each claim (primary_oracle.awk checks it against compare.csv),
# and the sentence under it says that a verdict needs it below α, with each GPU's family and df
for d in appendix appendix-full; do
  check_grep "$d: Table 1 has a column of the Holm-adjusted p" '^\| Shape \| .* \| Verdict \| Δ \| p \(Holm\) \|' \
    <(awk '/^\*\*Table 1\.\*\* The claims of / { t = 1; next } t && /^\|/ { print; exit }' $R/$d.md)
  check "$d: the primary oracle checked the p column" grep -q '^ok .*: p (Holm) ' "$RB/primary-$d.txt"
done
e1=$(sed -n 's/^\*\*Table 1\.\*\* The claims of `\([^`]*\)`.*/\1/p' $R/appendix.md)
for g in $(sed -n '/^\*\*Table 1\.\*\* The claims of /,/^\*\*The fastest/p' $R/appendix.md | sed -n 's/^| `\([^`]*\)`, .*/\1/p' | sort -u); do
  n=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["family"] == "primary" { n++; df = $h["df"] } END { print n " claims, t with " df " df" }' $RB/$e1/$g/compare.csv)
  check_grep "main: under Table 1 a verdict is said to need the Holm-adjusted p below α (on \`$g\` $n)" \
    "^A verdict is not read off the CI alone: FAST or SLOW also needs the Holm-adjusted p \(.*on \`$g\` $n[;)].* below α = 0\.05" $R/appendix.md
done
# the goal (GOAL) is judged on call time and on kernel time apart: on each GPU of Table 1, the claims
# whose 95% CI's lower end is at or above it, counted by awk from compare.csv and compare-kernel.csv
goal=$(sed -n 's/^GOAL=//p' $RB/$e1/experiment.vars)
for g in $(sed -n '/^\*\*Table 1\.\*\* The claims of /,/^\*\*The fastest/p' $R/appendix.md | sed -n 's/^| `\([^`]*\)`, .*/\1/p' | sort -u); do
  [ -n "$goal" ] || continue
  met() { awk -F, -v goal="$goal" -v want="$2" 'NR == FNR { if (FNR == 1) { for (i = 1; i <= NF; i++) p[$i] = i } else if ($p["family"] == "primary") pr[$p["shape"], $p["cand"], $p["base"]] = 1; next }
    FNR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    (($h["shape"], $h["cand"], $h["base"]) in pr) { n++; m += $h["speedup_lo"] >= goal } END { printf want == "n" ? n + 0 : m + 0 }' $RB/$e1/$g/compare.csv "$1"; }
  mc=$(met $RB/$e1/$g/compare.csv m) nc=$(met $RB/$e1/$g/compare.csv n)
  mk=$(met $RB/$e1/$g/compare-kernel.csv m) nk=$(met $RB/$e1/$g/compare-kernel.csv n)
  check_grep "main: the goal on \`$g\`: met at $mc of $nc on call time, at $mk of $nk on kernel time (awk)" \
    "^Goal \(\`GOAL\`.* On \`$g\`, on call time: met at $mc of the $nc claims.*; on kernel time \(\`compare-kernel\.csv\`\): met at $mk of the $nk[ .]" $R/appendix.md
done
# the table of our best against each library (its number follows the claims' tables): the kernel column is each library against our fastest
# variant by kernel time (the lowest summary-kernel.csv median of a variant that is no baseline or
# dispatching build), its compare-kernel.csv row, computed here with awk, the variant named where
# it is not the call time's fastest; its own verdict follows its CI
t2=$(awk '/^\*\*Table [0-9]+\.\*\* Our fastest variant against each library/ { t = 1; next } t && /^\|/ { print; r = 1; next } r { exit }' $R/appendix.md)
nk=0
while IFS='|' read -r _ sh best lib sp n v kc _; do
  case "$sh" in *'` on `'*) e=$(cut -d'`' -f2 <<<"$sh") g=$(cut -d'`' -f4 <<<"$sh"); continue ;; esac
  [ -f $RB/$e/$g/summary-kernel.csv ] && [ -f $RB/$e/$g/compare-kernel.csv ] || continue
  sh=$(tr -d ' `' <<<"$sh") best=$(tr -d ' `' <<<"$best") lib=$(tr -d ' `' <<<"$lib") kc=$(sed 's/^ *//; s/ *$//' <<<"$kc")
  not=" $(sed -n 's/^\(BASELINES\|LIBRARIES\|DISPATCH\|BASELINE\)=//p' $RB/$e/experiment.vars | tr '\n' ' ') "
  kb=$(awk -F, -v s="$sh" -v not="$not" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
    $k["shape"] == s && index(not, " " $k["variant"] " ") == 0 && (m == "" || $k["median"] + 0 < m) { m = $k["median"] + 0; b = $k["variant"] } END { print b }' $RB/$e/$g/summary-kernel.csv)
  [ -n "$kb" ] || continue
  want=$(awk -F, -v s="$sh" -v c="$kb" -v b="$lib" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
    $k["shape"] == s && $k["cand"] ~ "(^|/)" c "(\\.csv)?$" && $k["base"] ~ "(^|/)" b "(\\.csv)?$" { printf "%.3f× [%.3f, %.3f] %s", $k["speedup"], $k["speedup_lo"], $k["speedup_hi"], $k["verdict"]; exit }' $RB/$e/$g/compare-kernel.csv)
  [ -n "$want" ] || continue
  [ "$kb" = "$best" ] || want="$want (\`$kb\`)"
  nk=$((nk + 1))
  check_eq "main: Table 2's kernel cell of $e on $g at $sh against $lib is our fastest by kernel time ($kb)" "$kc" "$want"
done <<<"$t2"
check "main: Table 2 has kernel cells to check ($nk)" test "$nk" -gt 0
# the fastest library at each claim's shape: a list of one item a GPU (under each claims
# experiment's heading), each shape once in it
for d in appendix appendix-full; do
  items=$(awk '/^\*\*The fastest library at each claim/ { n++; t = 1; next } t && /^- on `/ { print n, $0; next } t && NF { t = 0 }' $R/$d.md)
  check "$d: the fastest library at each claim's shape is a list of one item a GPU" test "$(grep -c . <<<"$items")" -ge 1
  check_eq "$d: ... no GPU twice in one list" "$(awk '{ print $1, $4 }' <<<"$items" | sort | uniq -d)" ""
  items=$(cut -d' ' -f2- <<<"$items")
  while read -r it; do
    check_eq "$d: ... each shape once on $(cut -d'`' -f2 <<<"$it")" "$(grep -o '`[A-Z][A-Za-z0-9_]*`: ' <<<"$it" | sort | uniq -d)" ""
  done <<<"$items"
done
for e in $cexps; do
  for kind in "launches alone" "the whole library call" "launch alone"; do
    check "appendix: $e's claims state the timing '$kind' once at most, naming its sides together" \
      test "$(stmt_of $R/appendix.md $e | grep -o "$kind" | wc -l)" -le 1
  done
done
# a reproduction (results/<exp>/<run>/claims.csv) judged against sessions of previous code is
# labelled so: none of its published ratios is a speedup of the same shape and pair in a
# compare.csv now of a GPU whose files are not all retired (awk), else it is not labelled
nst=0
for c in results/*/*/claims.csv; do
  e=$(basename "$(dirname "$(dirname "$c")")") run=$(basename "$(dirname "$c")")
  item=$(grep "^- \`$run\`" $R/appendix.md | head -1)
  [ -n "$item" ] || continue
  cur=0
  for gd in $RB/$e/*/; do
    g=$(basename $gd)
    [ -f $gd/compare.csv ] && [ "$(retired_mark $e $g)" != " (retired data)" ] || continue
    m=$(awk -F, 'NR == FNR { if (FNR == 1) { for (i = 1; i <= NF; i++) h[$i] = i } else p[$h["shape"], $h["base"], $h["cand"]] = $h["published"]; next }
      FNR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
      { b = $k["base"]; sub(/.*\//, "", b); sub(/\.csv$/, "", b); a = $k["cand"]; sub(/.*\//, "", a); sub(/\.csv$/, "", a) }
      (($k["shape"], b, a) in p) { d = p[$k["shape"], b, a] - $k["speedup"]; if (d * d <= 1e-12 * $k["speedup"] * $k["speedup"]) n++ } END { print n + 0 }' "$c" $gd/compare.csv)
    [ "$m" -gt 0 ] && cur=1
  done
  if [ $cur = 0 ]; then
    nst=$((nst + 1))
    check_grep "main: reproduction $run of $e, judged against sessions of previous code, is labelled so" "^- \`$run\` \(previous code: " <(echo "$item")
  else
    check_eq "main: reproduction $run of $e, judged against the data published now, is not labelled" "$(grep -c "(previous code: " <<<"$item")" 0
  fi
done
check "the published results have a reproduction of previous code ($nst)" test "$nst" -gt 0
# A.3's subsection of an experiment on a GPU whose files there are all retired is marked "(retired
# data)" (some: "(partly retired data)") in both appendices, as data/RETIRED lists its files
for d in appendix appendix-full; do
  while read -r e g mark; do
    [ -n "$e" ] || continue
    check_eq "$d: A.3's subsection of $e on $g is marked as data/RETIRED lists its files" "${mark:+ $mark}" "$(retired_mark $e $g)"
  done < <(sed -n 's/^#### A\.[0-9.]* `\([^`]*\)` on `\([^`]*\)`\(.*\)$/\1 \2\3/p' $R/$d.md)
done
if command -v pdftotext >/dev/null; then
  p1=$(pdftotext -f 1 -l 1 $R/appendix.pdf - | tr '\n' ' ')
  check "page 1 of the main appendix states the declared claims and holds their table" \
    grep -q 'Declared claims of hopper .*Table 1: The claims of hopper .*B8_H32_S1_K4096_D128_C0.*B8_H32_S1_K4096_D128_C0' <<<"$p1"
  check "... the claims of the experiment ranked first (CLAIMS_RANK 1: hopper), those of gemm-ladder after" \
    grep -q 'Declared claims of hopper .*Declared claims of gemm-ladder' <<<"$(pdftotext $R/appendix.pdf - | tr '\n' ' ')"
fi

# each document: the figures of its Markdown (PNG) are those its LaTeX includes (PDF), in order
for d in appendix appendix-full; do
  md=$(grep -oE '^!\[Figure [0-9]+\]\([^)]*\.png\)' $R/$d.md | sed 's/.*](//; s/\.png)$//')
  tex=$(grep -oE '\\includegraphics(\[[^]]*\])?\{[^}]*\.pdf\}' $R/$d.tex | sed 's/.*{//; s/\.pdf}$//')
  check "$d: it has figures ($(echo "$md" | grep -c .))" test -n "$md"
  check_eq "$d: the Markdown's figures are the LaTeX's" "$md" "$tex"
done
check "the main appendix shows fewer figures than the full one" test \
  "$(grep -c '^!\[Figure' $R/appendix.md)" -lt "$(grep -c '^!\[Figure' $R/appendix-full.md)"

# "In brief" opens both appendices: per experiment with claims and GPU of current data, the
# verdicts of its claims counted and their speedups' range, on call time (compare.csv) and on kernel
# time (compare-kernel.csv), and the goal met where the CI's lower end is at or above it; each
# computed here with awk from the stats tool's files, named by header
brief_oracle() {  # EXP GPU GOAL
  local k=$RB/$1/$2/compare-kernel.csv
  awk -F, -v goal="$3" -v kf="$k" '
    function col(h, name,   i) { for (i = 1; i <= NF; i++) if ($i == name) return i }
    FNR == 1 { f = col($0, "family"); v = col($0, "verdict"); s = col($0, "speedup"); lo = col($0, "speedup_lo")
               b = col($0, "base"); c = col($0, "cand"); sh = col($0, "shape"); next }
    FILENAME == kf { kv[$b SUBSEP $c SUBSEP $sh] = $v; ks[$b SUBSEP $c SUBSEP $sh] = $s; kl[$b SUBSEP $c SUBSEP $sh] = $lo; next }
    $f == "primary" { n++; cnt[$v]++; if (n == 1 || $s < mn) mn = $s; if (n == 1 || $s > mx) mx = $s; met += $lo >= goal
      key = $b SUBSEP $c SUBSEP $sh
      if (key in kv) { nk++; kc[kv[key]]++; if (nk == 1 || ks[key] < kmn) kmn = ks[key]; if (nk == 1 || ks[key] > kmx) kmx = ks[key]; kmet += kl[key] >= goal } }
    function counts(a,   o, i, w) { split("FAST SAME AMBIGUOUS SLOW", w, " "); o = ""
      for (i = 1; i <= 4; i++) if (a[w[i]]) o = o (o == "" ? "" : ", ") w[i] " at " a[w[i]]; return o }
    END { printf "%d claims .* is on call time %s \\(speedups %.3f× to %.3f×\\); on kernel time %s \\(speedups %.3f× to %.3f×\\)", n, counts(cnt), mn, mx, counts(kc), kmn, kmx
          if (goal != "") printf ".* The goal of %s× .* is met at %d of the %d on call time and %d on kernel time", goal, met, n, kmet
          printf "\n" }' $k $RB/$1/$2/compare.csv
}
brief_tflops() {  # EXP GPU CAND: the shape of most work (the largest `work.<shape>: flops=` of CAND's
  # file) and CAND's TFLOPS there, its FLOPs over the median call time of its first claim row there
  local f=data/$1/$2/$3.csv top fl med
  top=$(sed -n 's/^# work\.\([^:]*\): flops=\([0-9]*\).*/\2 \1/p' "$f" | sort -u | sort -g | tail -n 1)
  fl=${top%% *} top=${top#* }
  med=$(awk -F, -v sh="$top" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
    $k["family"] == "primary" && $k["shape"] == sh && $k["cand"] == c { print $k["median_cand"]; exit }' $RB/$1/$2/compare.csv)
  printf 'At `%s`, its shape of most work, ours reaches %.0f TFLOPS' "$top" "$(awk -v f="$fl" -v m="$med" 'BEGIN { print f / m / 1e6 }')"
}
for d in appendix appendix-full; do
  brief=$(grep -m1 '^\*\*In brief\.\*\*' $R/$d.md)
  check "$d: it opens with In brief" test -n "$brief"
  check_grep "$d: ... hopper on nvidia-h200, counted from its compare files" "$(brief_oracle hopper nvidia-h200 1.10)" <(echo "$brief")
  check_grep "$d: ... gemm-ladder on nvidia-h200" "$(brief_oracle gemm-ladder nvidia-h200 '')\\. At " <(echo "$brief")
  check_eq "$d: ... one goal sentence, hopper's (gemm-ladder's goals per shape are A.0's to state)" "$(grep -o 'The goal of' <<<"$brief" | wc -l)" 1
  check_eq "$d: ... no sentence of goals per shape (GOAL_AT)" "$(grep -c 'GOAL_AT' <<<"$brief")" 0
  check_grep "$d: ... the claims of hopper first (CLAIMS_RANK)" 'in `hopper` .*in `gemm-ladder` ' <(echo "$brief")
  check_eq "$d: ... no GPU of retired data" "$(grep -c 'H100' <<<"$brief")" 0
  for ec in hopper:dispatch gemm-ladder:hd; do
    check_grep "$d: ... ${ec%%:*}'s shape of most work and our TFLOPS there, from its work header and compare.csv" \
      "$(brief_tflops ${ec%%:*} nvidia-h200 ${ec#*:})" <(echo "$brief")
  done
done

# A.2's timing set-up of each experiment: in the full appendix every experiment with samples, each
# cell the distinct values of its header key over the sample files (sed here, sorted as sort does;
# files older than the `process` key were a process per variant: own; older than `settle_ms`, no
# pause: 0)
sample_files() {  # EXP: its published sample files (gate tables and the like are not)
  local f
  for f in data/$1/*/*.csv; do head -c 24 "$f" | grep -q '^# cudadent42 samples' && echo "$f"; done
}
hv() {  # EXP KEY [DEFAULT]: the distinct values, ", "-joined (a file without KEY counted as DEFAULT)
  sample_files $1 | while read -r f; do
    v=$(sed -n "s/^# $2: //p" "$f"); [ -n "$v" ] || v=${3:-}; [ -n "$v" ] && echo "$v"
  done |
    LC_ALL=C sort -u | paste -sd, - | sed 's/,/, /g'
}
hshare() {  # EXP KEY: yes, no or "in K of N files": the sample files with a `# KEY.<shape>:` line
  local f with=0 all=0
  while read -r f; do
    all=$((all + 1)); grep -q "^# $2\." "$f" && with=$((with + 1))
  done < <(sample_files $1)
  if [ $with = $all ]; then echo yes; elif [ $with = 0 ]; then echo no; else echo "in $with of $all files"; fi
}
for e in hopper gemm-ladder aa-own phase2 aa baselines; do
  want="| \`$e\` | $(hv $e l2_flush) | $(hv $e graph_calls) | $(hv $e warmup) | $(hv $e reps) | $(hv $e process own) | $(hv $e order) | $(hv $e settle_ms 0) | $(hshare $e kernel_time) | $(hshare $e clock_wait) |"
  check "appendix-full: the timing set-up of $e from its headers ($want)" grep -qF -- "$want" $R/appendix-full.md
done
check_eq "appendix: the timing set-up tables the experiments with a section alone" \
  "$(awk '/The timing set-up of each experiment/ { t = 1 } t && /^\| `/ { print $2 } t && /^$/ && n++ > 1 { exit }' $R/appendix.md | tr '\n' ' ')" \
  '`gemm-ladder` `hopper` `phase1` '

# the sections: every heading of levels 1 and 2 of the main one is the full one's, numbers and
# all (the full one has more, e.g. Methodology's Timing and Statistics), and every section it points
# into ("Section A.x of the full appendix") is a heading there
heads() { grep -E '^#{2,3} A\.[0-9]' "$1" | sort; }
check_eq "sections and experiments numbered alike in both" "$(comm -23 <(heads $R/appendix.md) <(heads $R/appendix-full.md))" ""
check "... the main one has its sections and experiments ($(heads $R/appendix.md | wc -l))" test "$(heads $R/appendix.md | wc -l)" -gt 6
check_eq "... its sections: A.0-A.3 and A.6 (A.4, A.5, A.7 and A.8 are the full appendix's alone, numbers kept)" \
  "$(grep -oE '^## A\.[0-9]+' $R/appendix.md | tr '\n' ' ')" "## A.0 ## A.1 ## A.2 ## A.3 ## A.6 "
check_grep "... and its opening names the ones it leaves out" 'sections left out here \(A\.4 .*, A\.5 .*, A\.7 .*, A\.8 ' $R/appendix.md
# the experiments that make claims (PRIMARY, or the headline's phase1) have their section in the
# main appendix; every other with data is one row of its table, whose last column is its section
# in the full one: nothing is dropped, and each row names its experiment's section there
exps_full=$(sed -n 's/^### \(A\.3\.[0-9]*\) Experiment `\([^`]*\)`.*/\1 \2/p' $R/appendix-full.md)
exps_main=$(sed -n 's/^### \(A\.3\.[0-9]*\) Experiment `\([^`]*\)`.*/\1 \2/p' $R/appendix.md)
rows=$(sed -n 's/^| `\([^`]*\)`[^|]* | .* | \(A\.3\.[0-9]*\) |$/\2 \1/p' $R/appendix.md)
claims=$( (for m in experiments/*/experiment.mk; do grep -q '^PRIMARY *:\{0,1\}= *[^ #]' $m && basename "$(dirname $m)"; done
  echo phase1) | sort -u)
check_eq "main: the experiments with a section are those that make claims ($(echo $claims))" \
  "$(awk '{ print $2 }' <<<"$exps_main")" "$(awk 'NR == FNR { c[$1] = 1; next } $2 in c { print $2 }' <(echo "$claims") - <<<"$exps_full")"
check_eq "main: every other experiment with data is one row, pointing at its section in the full one" \
  "$(sort <<<"$rows")" "$(awk 'NR == FNR { c[$1] = 1; next } !($2 in c)' <(echo "$claims") - <<<"$exps_full" | sort)"
check_eq "... one row each" "$(awk '{ print $2 }' <<<"$rows" | sort | uniq -d)" ""
# (its row marked where data/RETIRED lists files of it: the check of the marks is below); 8 and 4:
# the COMPARE pairs of experiments/aa and aa-own, 2 and 1, at their 4 shapes
check_grep "main: the A/A of the served design is a line: its A/A CIs that exclude 1 and its false verdicts" \
  '^\| `aa`( \((partly )?retired data\))? \| .*`nvidia-h200`: A/A, process served: [0-9]+ of the 8 A/A 95% CIs exclude 1; [0-9]+ false FAST, [0-9]+ false SLOW' $R/appendix.md
check_grep "... and that of a process per variant and round" \
  '^\| `aa-own`( \((partly )?retired data\))? \| .*`nvidia-h200`: A/A, process own: [0-9]+ of the 4 A/A 95% CIs exclude 1' $R/appendix.md
for e in aa aa-own; do
  check_eq "main: the row of $e marks its retired data as data/RETIRED lists it" \
    "$(sed -n "s/^| \`$e\`\([^|]*\) | .*/\1/p" $R/appendix.md)" "$(retired_mark $e)"
done
check_grep "main: a retired experiment's row is marked" '^\| `vecadd` \(retired data\) \| ' $R/appendix.md
miss=0 n=0
for s in $( (grep -oE 'Section A\.[0-9.]+[0-9] of the full appendix' $R/appendix.md | awk '{ print $2 }'; awk '{ print $1 }' <<<"$rows") | sort -u); do
  n=$((n + 1)); grep -qE "^#+ $s " $R/appendix-full.md || { miss=$((miss + 1)); echo "# no section $s"; }
done
check "the main appendix points into the full one ($n sections)" test $n -gt 5
check_eq "every section it points to is in the full appendix" $miss 0
check_eq "what the full appendix holds for an experiment is said once in the main one" "$(grep -c "holds this experiment's" $R/appendix.md)" 1
check_eq "... the other experiments' pointers name their section and the one it was said for" \
  "$(grep -c 'Section A\.3\.[0-9]* of the full appendix, with the parts named for Section A\.3\.[0-9]* above' $R/appendix.md)" \
  "$(($(grep -c . <<<"$exps_main") - 1))"
for d in appendix appendix-full; do
  l=$R/latex${d#appendix}/$d.aux
  check_eq "$d: the Markdown's numbered sections are the PDF's" \
    "$(grep -oE '^#{2,4} A\.[0-9.]+' $R/$d.md | awk '{ print $2 }')" \
    "$(grep -oE 'numberline \{A\.[0-9.]+\}' $l | sed 's/numberline {//; s/}//')"
done
# an A/A calibration's verdicts: its A/A pairs (COMPARE's, from its experiment.mk) counted apart
# from its other comparisons (a library against our kernel), counted here with awk over compare.csv;
# each count is the appendix's exactly: the full one's sentence of verdicts in the experiment's
# section for the GPU, the main one's line of the experiment (its A/A CIs that exclude 1, its
# false FAST and SLOW)
# aa_counts EXP GPU: the A/A comparisons' count, FAST, SAME, AMBIGUOUS, SLOW and CIs that exclude 1,
# then the other comparisons' count, FAST, SAME, AMBIGUOUS, SLOW
aa_counts() {
  local pairs=" $(sed -n 's/^COMPARE *:= *//p' experiments/$1/experiment.mk | xargs) "
  awk -F, -v pairs="$pairs" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { b = $col["base"]; d = $col["cand"]; sub(/^.*\//, "", b); sub(/\.csv$/, "", b); sub(/^.*\//, "", d); sub(/\.csv$/, "", d)
      k = index(pairs, " " d ":" b " ") ? "a" : "o"; n[k]++; v[k, $col["verdict"]]++
      if (k == "a") x += $col["speedup_lo"] > 1 || $col["speedup_hi"] < 1 }
    END { printf "%d %d %d %d %d %d %d %d %d %d %d\n", n["a"], v["a", "FAST"], v["a", "SAME"], v["a", "AMBIGUOUS"],
            v["a", "SLOW"], x, n["o"], v["o", "FAST"], v["o", "SAME"], v["o", "AMBIGUOUS"], v["o", "SLOW"] }' "$RB/$1/$2/compare.csv"
}
# tally WHAT: a sentence of verdicts' counts of WHAT ("A/A", "other") comparisons, as numbers
tally() { sed -nE "s|.*The ([0-9]+) $1 comparisons \([^)]*\): ([0-9]+) FAST, ([0-9]+) SAME, ([0-9]+) AMBIGUOUS, ([0-9]+) SLOW\..*|\1 \2 \3 \4 \5|p"; }
for e in aa aa-own; do
  for g in nvidia-h200 nvidia-h100-80gb-hbm3; do
    [ -s "$RB/$e/$g/compare.csv" ] || { check "$e $g: compare.csv written" false; continue; }
    read -r naa afast asame aamb aslow excl nother ofast osame oamb oslow < <(aa_counts $e $g)
    check "$e $g: compare.csv has A/A comparisons ($naa)" test "$naa" -gt 0
    sec=$(sed -n "/^#### A\.[0-9.]* \`$e\` on \`$g\`\( ([^)]*)\)\{0,1\}\$/,/^###/p" $R/appendix-full.md | grep '^Verdicts of the ')
    o=$(tally other <<<"$sec")
    check_eq "$e $g: the full appendix counts its A/A comparisons' verdicts as compare.csv has them (n FAST SAME AMBIGUOUS SLOW)" \
      "$(tally A/A <<<"$sec")" "$naa $afast $asame $aamb $aslow"
    check_eq "$e $g: ... and its other comparisons' apart" "${o:-0 0 0 0 0}" "$nother $ofast $osame $oamb $oslow"
    row=$(grep "^| \`$e\` " $R/appendix.md | grep -oE "\`$g\`: A/A, process [a-z]+: [0-9]+ of the [0-9]+ A/A 95% CIs exclude 1; [0-9]+ false FAST, [0-9]+ false SLOW")
    check_eq "$e $g: the main appendix's line: compare.csv's A/A CIs that exclude 1 (of all), false FAST and false SLOW" \
      "$(sed -E 's|.*: ([0-9]+) of the ([0-9]+) A/A .*; ([0-9]+) false FAST, ([0-9]+) false SLOW|\1 \2 \3 \4|' <<<"$row")" "$excl $naa $afast $aslow"
  done
done
# a key result against a library is against the fastest library of each shape, never a slower one
# in its place: per experiment and GPU, the fastest of LIBRARIES and the fastest of ours (lowest
# median of summary.csv; the candidate of a PRIMARY pair against a library stands for ours where the
# experiment declares one, else that of such a COMPARE pair) at each shape, and whether compare.csv compares the two there (awk over the CSVs)
# key_oracle EXP GPU: "shapes compared FAST SAME AMBIGUOUS SLOW lo hi uncompared-libraries"
key_oracle() {
  local mk=experiments/$1/experiment.mk
  local libs=" $(sed -n 's/^LIBRARIES *:= *//p' $mk | xargs) " bases=" $(sed -n 's/^BASELINES *:= *//p' $mk | xargs) "
  local claimed=$(sed -n 's/^PRIMARY *:= *//p' $mk | tr ' ' '\n' | awk -F: -v libs="$libs" 'index(libs, " " $2 " ") { print $1; exit }')
  [ -n "$claimed" ] || claimed=$(sed -n 's/^COMPARE *:= *//p' $mk | tr ' ' '\n' |
    awk -F: -v libs="$libs" -v bases="$bases" 'index(libs, " " $2 " ") && !index(bases, " " $1 " ") { print $1; exit }')
  awk -F, -v libs="$libs" -v bases="$bases" -v claimed="$claimed" '
    FNR == 1 { f++; delete c; for (i = 1; i <= NF; i++) c[$i] = i; next }
    f == 1 { v = $c["variant"]; s = $c["shape"]; m = $c["median"] + 0; if (!(s in seen)) { seen[s] = 1; order[++ns] = s }
             if (index(libs, " " v " ")) { if (!(s in lm) || m < lm[s]) { lm[s] = m; lib[s] = v } }
             else if (!index(bases, " " v " ") && v !~ /^dispatch/) { if (!(s in om) || m < om[s]) { om[s] = m; ours[s] = v } }
             if (v == claimed) cl[s] = v; next }
    { b = $c["base"]; d = $c["cand"]; sub(/^.*\//, "", b); sub(/\.csv$/, "", b); sub(/^.*\//, "", d); sub(/\.csv$/, "", d)
      row[$c["shape"], b, d] = $c["verdict"] " " $c["speedup"] }
    END { lo = 1e9; hi = -1
      for (i = 1; i <= ns; i++) { s = order[i]; if (!(s in lib)) continue; o = (s in cl) ? cl[s] : ours[s]; if (o == "") continue; n++
        if (!((s, lib[s], o) in row)) { if (!index(un, "`" lib[s] "`")) un = un (un == "" ? "" : ", ") "`" lib[s] "`"; continue }
        split(row[s, lib[s], o], r, " "); k++; t[r[1]]++; if (r[2] < lo) lo = r[2]; if (r[2] > hi) hi = r[2] }
      printf "%d %d %d %d %d %d %.3f %.3f %s\n", n, k, t["FAST"], t["SAME"], t["AMBIGUOUS"], t["SLOW"], lo, hi, un }' \
    "$RB/$1/$2/summary.csv" "$RB/$1/$2/compare.csv"
}
for eg in "baselines nvidia-h200" "hopper nvidia-h100-80gb-hbm3" "hopper nvidia-h200" "phase1 nvidia-h200"; do
  set -- $eg
  read -r n k fast same amb slow lo hi un < <(key_oracle $1 $2)
  if [ "$k" = 1 ]; then sp="speedup $lo×"; else sp="speedups from $lo× to $hi×"; fi
  if [ "$k" -lt "$n" ]; then at="at $k of its $n shapes"; rest="; at the other $((n - k)) the fastest library ($un) has no comparison with ours"
  else at="at each of its $n shapes"; rest=""; fi
  want="ours vs the fastest library $at: $fast FAST, $same SAME, $amb AMBIGUOUS, $slow SLOW; $sp$rest"
  if ! grep -q "^### A\.3\.[0-9]* Experiment \`$1\`" $R/appendix.md; then
    check_grep "$1 $2: the main appendix's line: ours vs the fastest library of each shape ($at, $fast FAST, $sp)" \
      "$(sed 's/[][().*^$|]/\\&/g' <<<"\`$2\`: $want")" $R/appendix.md
  else
    check_grep "$1 $2: the main appendix's key result: ours vs the fastest library of each shape ($at, $fast FAST, $sp)" \
      "^$(sed 's/[][().*^$|]/\\&/g' <<<"**Key result.** Ours against the fastest library $at: $fast FAST, $same SAME, $amb AMBIGUOUS, $slow SLOW; $sp")" $R/appendix.md
  fi
done
check_grep "hopper: its key result is its claims, each a row of A.0's table (Table 1)" \
  '^\*\*Key result\.\*\* .*\(each is a row of the table of its claims in A\.0\)\.$' $R/appendix.md
# the main appendix states the SM clock of each side of the claims of each experiment and GPU with
# a section there: over its PRIMARY rows (family primary), else its rows of ours (not in BASELINES
# or LIBRARIES) against a library, each side's range of median clocks (printf %.0f of compare.csv's
# clock_cand_mhz / clock_base_mhz) and the largest throttled share, computed here with awk
clock_oracle() {
  local mk=experiments/$1/experiment.mk
  local libs=" $(sed -n 's/^LIBRARIES *:= *//p' $mk | xargs) " bases=" $(sed -n 's/^BASELINES *:= *//p' $mk | xargs) "
  awk -F, -v libs="$libs" -v bases="$bases" '
    function side(lo, hi, t) {
      return (lo == hi ? sprintf("%.0f MHz in every one", lo) : sprintf("%.0f–%.0f MHz", lo, hi)) \
        sprintf(", at most %.0f%% of its samples throttled", t) }
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { b = $c["base"]; d = $c["cand"]; sub(/^.*\//, "", b); sub(/\.csv$/, "", b); sub(/^.*\//, "", d); sub(/\.csv$/, "", d)
      fam[NR] = $c["family"]; lib[NR] = index(libs, " " b " ") && !index(libs bases, " " d " ")
      oc[NR] = $c["clock_cand_mhz"] + 0; bc[NR] = $c["clock_base_mhz"] + 0
      ot[NR] = $c["throttled_cand_pct"] + 0; bt[NR] = $c["throttled_base_pct"] + 0
      if (fam[NR] == "primary") p = 1 }
    END { ol = bl = 1e9; oh = bh = -1
      for (i = 2; i <= NR; i++) {
        if (p ? fam[i] != "primary" : !lib[i]) continue
        n++; if (oc[i] < ol) ol = oc[i]; if (oc[i] > oh) oh = oc[i]; if (bc[i] < bl) bl = bc[i]; if (bc[i] > bh) bh = bc[i]
        if (ot[i] > omax) omax = ot[i]; if (bt[i] > bmax) bmax = bt[i] }
      printf "Over its %d %s .*: ours %s; the baseline %s \\(\n", n, p ? "claims" : "comparisons of ours with a library",
        side(ol, oh, omax), side(bl, bh, bmax) }' "$RB/$1/$2/compare.csv"
}
# (a GPU whose files are all retired, in an experiment with current data, has its key result alone
# in the main appendix, the clocks and the rest in the full one)
for eg in "hopper nvidia-h100-80gb-hbm3" "hopper nvidia-h200" "phase1 nvidia-h100-80gb-hbm3" "phase1 nvidia-h200"; do
  set -- $eg
  want=$(clock_oracle $1 $2)
  sec=$(sed -n "/^#### A\.[0-9.]* \`$1\` on \`$2\`\( ([^)]*)\)\{0,1\}\$/,/^###/p" $R/appendix.md)
  if [ "$(retired_mark $1 $2)" = " (retired data)" ]; then
    check_grep "$1 $2 (retired): the main appendix says where its clocks are" 'clocks, roofline points and key figure, of retired data, are in the full appendix' <(echo "$sec")
    check_grep "... its key result kept" '^\*\*Key result\.\*\*' <(echo "$sec")
    check_eq "... and no clocks" "$(grep -c '^\*\*Clocks' <<<"$sec")" 0
  else
    check_grep "$1 $2: the main appendix states each side's clock over its claims ($want)" "^\*\*Clocks\.\*\* $want" <(echo "$sec")
  fi
done
nclaims=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next } $k["family"] == "primary" { n++ } END { print n }' $RB/hopper/nvidia-h200/compare.csv)
check_grep "hopper: the claims' clocks differ between shapes (dispatch and cuDNN slower at the large ones; $nclaims claims in compare.csv)" \
  "^\\*\\*Clocks\\.\\*\\* Over its $nclaims claims .*: ours 1[0-9]{3}–19[0-9]{2} MHz" $R/appendix.md
# the reproductions of an experiment (results/<exp>/<run>/claims.csv, each of any of its GPUs) are
# under a heading of their own, never inside the subsection of one GPU (the last one's)
for d in appendix appendix-full; do
  for c in results/*/*/claims.csv; do
    e=$(basename "$(dirname "$(dirname "$c")")") run=$(basename "$(dirname "$c")")
    grep -q "^### A\.3\.[0-9]* Experiment \`$e\`" $R/$d.md || continue
    under=$(awk -v item="- \`$run\`" '/^#+ / { h = $0 } index($0, item ": ") == 1 || index($0, item " (") == 1 { print h; exit }' $R/$d.md)
    check_grep "$d: reproduction $run of $e is under its own heading ($under)" \
      "^#### A\.3\.[0-9]+\.[0-9]+ (Search confirmation and r|R)eproductions of \`$e\`\$" <(echo "$under")
  done
done
# the group rows of A.0's table of our best against each library: an experiment on a GPU whose
# sample files there (data/<exp>/<gpu>/*.csv that open with the samples magic) are all listed in
# data/RETIRED is marked "(retired data)", one with some of them "(partly retired data)", else no
# mark; and so are the GPUs' group rows of the tables of declared claims
for d in appendix appendix-full; do
  # a group row: its first cell, then every other cell empty (however many columns the table has)
  groups=$(sed -n '/^## A\.0 /,/^## A\.1 /p' $R/$d.md | sed -n 's/^| `\([^`]*\)` on `\([^`]*\)`\([^|]*\) |\( |\)\{1,\}$/\1 \2\3/p')
  check "$d: A.0's table of our best against each library has group rows" test -n "$groups"
  while read -r e g mark; do
    [ -n "$e" ] || continue
    check_eq "$d: A.0's group row of $e on $g marks its retired data there as data/RETIRED lists it" "${mark:+ $mark}" "$(retired_mark $e $g)"
  done <<<"$groups"
  # Table 1's group rows: "`gpu`, NAME (mark)", of the experiment whose claims it holds
  e=$(sed -n 's/^\*\*Table 1\.\*\* The claims of `\([^`]*\)`.*/\1/p' $R/$d.md)
  tg=$(awk '/^\*\*Table 1\.\*\* The claims of / { t = 1; next } t && /^\|/ { print; r = 1; next } r { exit }' $R/$d.md | sed -n 's/^| `\([^`]*\)`, [^|(:]*\(([^)]*)\)\{0,1\}\(: [^|]*\)\{0,1\} |\( |\)\{1,\}$/\1 \2/p' | sed 's/, previous code `[^`]*`)$/)/')
  check "$d: the table of declared claims has group rows" test -n "$tg"
  while read -r g mark; do
    [ -n "$g" ] || continue
    check_eq "$d: the claims' group row of $e on $g marks its retired data there as data/RETIRED lists it" "${mark:+ $mark}" "$(retired_mark $e $g)"
  done <<<"$tg"
done
check_eq "main: no group of A.0's table of our best is of all-retired data" \
  "$(grep -cE '^\| `[^`]*` on `[^`]*` \(retired data\) \|' $R/appendix.md)" 0
check "full: ... but the full one's has such groups, marked" \
  test "$(grep -cE '^\| `[^`]*` on `[^`]*` \(retired data\) \|' $R/appendix-full.md)" -gt 0
check_grep "main: one sentence names what it leaves out as retired" \
  '^Left out of this table, their files being all retired \(data/RETIRED\): `[^`]*` on `[^`]*`' $R/appendix.md
# each key figure's caption names the kinds of row group its panel holds (the headings of its
# key.gpv, "d vs lib:"; d a variants/d.dispatch of the experiment: the dispatching build): hopper's
# names its dispatching build, phase1's (no .dispatch) does not
# (an experiment that declares claims, PRIMARY: its key figure holds its claims alone, a group
# each in PRIMARY's order, and its caption says so)
nclaimfig=0
for gpv in $RB/plots/*/*/key.gpv; do
  dir=$(dirname $gpv) e=$(basename "$(dirname "$(dirname $gpv)")")
  prim=$(sed -n 's/^PRIMARY=//p' $RB/$e/experiment.vars)
  if [ -n "$prim" ]; then
    nclaimfig=$((nclaimfig + 1))
    heads=$(grep -o '"[^"]*:"' $gpv | tr -d '"' | sed 's/ vs /:/; s/:$//' | paste -sd' ')
    inorder=$(tr ' ' '\n' <<<"$prim" | grep -Fxf <(tr ' ' '\n' <<<"$heads") | paste -sd' ')
    check_eq "$e $(basename $dir): the key figure's groups are its declared claims, in PRIMARY's order" "$heads" "$inorder"
    check "... at least one" test -n "$heads"
    check_grep "... and its caption says so" "^key key .*the experiment's declared claims \(\`PRIMARY\`\)" $dir/figures.txt
    continue
  fi
  want=0
  for c in $(grep -o '"[^"]*:"' $gpv | tr -d '"' | sed -n 's/ vs .*//p'); do
    [ -f experiments/$e/variants/$c.dispatch ] && want=1
  done
  check_eq "$e $(basename $dir): the key figure's caption names the dispatching build exactly when it has one" \
    "$(awk '$1 == "key" && $2 == "key"' $dir/figures.txt | grep -c 'the dispatching build')" $want
done
check "... hopper's has one" test -f experiments/hopper/variants/dispatch.dispatch
check "... and some key figure is of declared claims ($nclaimfig)" test "$nclaimfig" -gt 0
# A.1's headline states its design (GPUs × sessions per GPU × rounds per session × reps per round)
# and the plan it was declared under, from the first row of compare.csv of the headline's pair
# (COMPARE's pair of ours against a library), computed here with awk; a row of no declared plan
# gives the plan its sessions record (plan= of the `# session.` lines), if any; with fewer GPUs than
# the experiment's PLAN declares, "N of the plan's G GPUs so far". A GPU whose phase1 files are all
# retired is in the full appendix only, marked; the main one says so
ptag=$(sed -n 's/^PLAN_TAG=//p' $RB/phase1/experiment.vars)
for g in nvidia-h100-80gb-hbm3 nvidia-h200; do
  pair=$(sed -n 's/^COMPARE *:= *//p' experiments/phase1/experiment.mk | tr ' ' '\n' | grep ':sdpa-' | head -1)
  stags=$(grep '^# session\.' data/phase1/$g/${pair%%:*}.csv | grep -o ' plan=[^ ]*' | sed 's/ plan=//' | sort -u | paste -sd, | sed 's/,/, /g')
  want=$(awk -F, -v cand=${pair%%:*} -v base=${pair#*:} -v stags="$stags" -v ptag="$ptag" '
    function pl(n, w) { return sprintf("%d %s%s", n, w, n == 1 ? "" : "s") }
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["cand"] == cand && $c["base"] == base && !done { done = 1
      ng = $c["n_gpus"]; ns = $c["n_sessions"]; nr = $c["n_rounds"]; n = $c["n_base"] < $c["n_cand"] ? $c["n_base"] : $c["n_cand"]
      p = $c["plan"]; sub(/\+.*/, "", p)
      # sessions measured under no declared plan (plan none) state the plan their sessions record
      pw = p != "" && p != "none" ? sprintf(" (the plan `%s`, declared before its sessions ran)", p) : stags != "" ? sprintf(" (the plan `%s` its sessions record)", stags) : ""
      G = stags == ptag ? substr(ptag, index(ptag, "/") + 1) + 0 : 0
      printf "Design%s: %s × %s × %s × %d reps%s", pw,
        pl(ng, "GPU"), pl(ns / ng, "session"), pl(nr / ns, "round"), n / nr, (G > ng ? sprintf(", %d of the plan'"'"'s %d GPUs so far", ng, G) : "") }' \
    $RB/phase1/$g/compare.csv)
  d=appendix
  if [ "$(retired_mark phase1 $g)" = " (retired data)" ]; then
    d=appendix-full
    code=$(grep "^phase1/$g/" data/RETIRED | awk '$2 ~ /^kernels:/ { print $2; exit }')
    check_grep "A.1 on $g: the main appendix says its retired headline is left out" \
      "^The headline of \`phase1\` on \`$g\` \([^;]*; previous code \`$code\`\) is of retired data \(data/RETIRED\) and left out here" $R/appendix.md
    check_eq "A.1 on $g: ... and has no table of it" "$(grep -c "^\*\*Table [0-9]*\.\*\* Headline on \`$g\`" $R/appendix.md)" 0
    check_grep "A.1 on $g: the full appendix's headline table is marked ($code)" \
      "^\*\*Table [0-9]+\.\*\* Headline on \`$g\` \(retired data, previous code \`$code\`\): " $R/appendix-full.md
  fi
  check "A.1 on $g: the $d headline states its design and plan ($want)" \
    grep -qF "on \`$g\`, an $(sed -n 's/^# gpu: //p' data/phase1/$g/v5.csv | head -1)$([ $d = appendix-full ] && echo " (retired data, previous code \`$code\`)"): of the libraries" <(grep -F "$want." $R/$d.md)
done
# Holm runs within each family (mk/report.mk: a stats compare run per family, PRIMARY's pairs and
# the rest): where a compare.csv holds two families, A.2 of both documents says so, not "across all
# comparisons"; the main appendix's pointer to the headline's sentences does not say "here" of text
# that is only in the full one
fams=$(cut -d, -f"$(head -1 $RB/hopper/nvidia-h200/compare.csv | tr , '\n' | grep -nx family | cut -d: -f1)" \
  $RB/hopper/nvidia-h200/compare.csv | tail -n +2 | sort -u | tr '\n' ' ')
check_eq "hopper's comparisons are two Holm families" "$fams" "primary secondary "
for d in appendix appendix-full; do
  check_grep "$d: A.2 says Holm runs within each family" "Holm's correction within each family of an experiment and GPU \(its \`PRIMARY\` claims one" $R/$d.md
  check_eq "$d: ... never across all of an experiment's comparisons" "$(grep -c "correction across \(all \)\?\(the \)\?comparisons" $R/$d.md)" 0
done
check_grep "rule 7 of the full appendix's rules table says it too" "^\\| 7 \\| .*Holm's correction within each family of an experiment and GPU" $R/appendix-full.md
# a row of A.0 whose interval is across sessions on fewer than 3 GPUs (its n "k ses., g GPUs") or
# across the rounds of one session: the main appendix says what such an interval holds for
# (the published data may hold no such row: then none of A.0's rows says "k ses., g GPUs" at all, as
# one with g >= 3 would be an interval across GPUs mislabelled)
check_eq "A.0's rows written \"k ses., g GPUs\" are all on fewer than 3 GPUs" \
  "$(sed -n '/^## A\.0 /,/^## A\.1 /p' $R/appendix.md $R/appendix-full.md | grep -oE '\| [0-9]+ ses\., [0-9]+ GPUs \|' | grep -cvE ' [12] GPUs \|$')" 0
check_grep "... and says such an interval holds for those GPUs only" \
  'an interval across sessions on fewer than 3 GPUs \(n written "k ses\., g GPUs"\) holds for those GPUs only' $R/appendix.md
check_eq "the main appendix's A.0 does not say 'here' of the headline's sentences it leaves out" \
  "$(grep -c "also states its rows here" $R/appendix.md)" 0
check_eq "no key result points at a table by a number it does not have" "$(grep -c 'Table 1 has each library' $R/appendix.md $R/appendix-full.md | awk -F: '{ s += $2 } END { print s }')" 0
# a figure of retired data: none in the main appendix (the full one has it), and there its caption
# says so with the previous code
nretfig=0
while read -r d e g; do
  mark=$(retired_mark $e $g)
  [ "$mark" = " (retired data)" ] || continue
  if [ $d = appendix ]; then check_eq "main: no figure of $e on $g, whose files are all retired" "$d $e $g" "none"; continue; fi
  nretfig=$((nretfig + 1))
done < <(for d in appendix appendix-full; do sed -n 's|^!\[Figure [0-9]*\](\.\./plots/\([^/]*\)/\([^/]*\)/.*|'$d' \1 \2|p' $R/$d.md; done)
check "full: figures of retired data ($nretfig) each open their caption with the mark" test "$nretfig" -gt 0 -a \
  "$(awk '/^!\[Figure [0-9]+\]/ { f = $0; next } f && /^\*\*Figure [0-9]+\.\*\* Retired data \(previous code( `[^`]+`|: data\/RETIRED names it)\)\. / { n++ } NF { f = "" } END { print n + 0 }' $R/appendix-full.md)" -ge "$nretfig"
done_testing
