#!/usr/bin/env bash
# test_shown.sh — nothing silently dropped, on the published data (data/ and results/, as `make
# report` builds them, into a scratch build directory). The oracles are the files themselves, read
# here with find and awk, never the generator's own lists: every experiment with data (a directory
# data/<exp>/<gpu>/ holding a sample file or a gate table, the ceilings aside) has a section in the
# full appendix and a section or a row in the main one; the opening's count and the rules table's
# row 2 give that number; every search confirmation (results/<exp>/loop1_results.json) is shown
# with its speedup, CI and verdict, every reproduction (results/<exp>/<run>/claims.csv) with its
# verdicts counted; each recorded sweep with its count of configurations and, where each was timed
# in one round (sweep, gemm-sweep), its fastest by the median of its reps. The checker is shown a
# main appendix with one row taken out first, so that it can fail.
set -u
. tests/lib.sh
RB=build/test-shown
rm -rf "$RB" && mkdir -p "$RB"
make -s --no-print-directory report RB="$RB" >"$RB/make.log" 2>&1
check_eq "make report on the published data (RB=$RB)" "$?" 0
R=$RB/report
M=$R/appendix.md F=$R/appendix-full.md

# the experiments with data, from the files
exps=$(for d in data/*/*/; do
  e=$(basename "$(dirname "$d")"); [ "$e" = ceilings ] && continue
  [ -f "$d/gates.csv" ] && { echo "$e"; continue; }
  for f in "$d"*.csv; do [ -f "$f" ] && head -1 "$f" | grep -q '^# cudadent42 samples' && { echo "$e"; break; }; done
done | sort -u)
n=$(wc -w <<<"$exps")
echo "# $n experiments with data: $(echo $exps)"
check "there are experiments with data, sweeps among them" grep -qx sweep <<<"$exps"

# missing FILE: the experiments of $exps that FILE shows neither as a section nor as a row
missing() {
  for e in $exps; do
    grep -Eq "^#+ A\.3\.[0-9]+ Experiment \`$e\`( \(|$)|^\| \`$e\`( \([a-z ]+\))? \|" "$1" || echo "$e"
  done
}
check_eq "the main appendix shows every experiment with data (a section or a row)" "$(missing $M | xargs)" ""
check_eq "the full appendix shows every experiment with data (a section)" \
  "$(for e in $exps; do grep -Eq "^### A\.3\.[0-9]+ Experiment \`$e\`( \(|$)" $F || echo $e; done | xargs)" ""
sed '/^| `sweep-d128` /d' $M >"$RB/altered.md"
check_eq "the checker finds an experiment taken out of the main appendix" "$(missing "$RB/altered.md" | xargs)" sweep-d128

for d in $M $F; do
  check_grep "$(basename $d): the opening counts the $n experiments with data" "(covers|\\() ?$n experiments with data" $d
done
check_grep "rules table, row 2: the $n experiments with data are shown" \
  "^\| 2 \| .* show every one of the $n experiments with data" $F

# search confirmations: speedup [CI] and verdict, as loop1_results.json has them
for j in results/*/loop1_results.json; do
  [ -f "$j" ] || continue
  e=$(basename "$(dirname "$j")")
  want=$(awk '
    /^  "speedup":/ { s = $2 } /^  "verdict":/ { v = $2 }
    /^  "speedup_ci_95":/ { gsub(/[][,]/, " "); lo = $2; hi = $3 }
    END { gsub(/[",]/, "", s); gsub(/[",]/, "", v); printf "%.3f× [%.3f, %.3f]", s, lo, hi; print " " v }' "$j")
  x=${want% *} v=${want##* }
  check "$e: the full appendix shows its search confirmation ($want)" grep -qF "speedup $x" $F
  check "$e: ... with its verdict $v" grep -qF "verdict **$v**" $F
  check "$e: the main appendix shows it too" grep -qF "confirmed at $x, $v" $M
  # its design: n_sessions sessions and n_rounds rounds in all (stats compare's n_rounds counts every
  # round, as 5 sessions of 6 rounds give 30), and whose samples confirmed it when they are another
  # variant's (confirmation_samples_of)
  d=$(awk -F': ' '/^  "n_sessions":/ { s = $2 + 0 } /^  "n_rounds":/ { r = $2 + 0 }
    /^  "confirmation_samples_of":/ { o = $2; gsub(/[",]/, "", o) }
    END { printf "(%d session%s, %d rounds in all%s)", s, s == 1 ? "" : "s", r, o == "" ? "" : "; the published samples of `" o "`, the same configuration" }' "$j")
  check "$e: the main appendix gives its design $d" grep -qF "confirmed at $x, $v $d" $M
done
for d in $M $F; do
  check_eq "$(basename $d): no sentence leaves its plural to the reader (GPU(s), session(s), round(s))" \
    "$(grep -c 'GPU(s)\|session(s)\|round(s)' $d)" 0
  check_eq "$(basename $d): ... nor counts one thing in the plural (1 comparisons, 1 GPUs)" \
    "$(grep -cE '(^|[ (])1 (comparisons|GPUs) ' $d)" 0
done

# reproductions: their claims' verdicts counted
for c in results/*/*/claims.csv; do
  [ -f "$c" ] || continue
  run=$(basename "$(dirname "$c")")
  cnt=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } { n++; k[$col["verdict"]]++ }
    END { printf "%d rows, %d SAME, %d FAST", n, k["SAME"], k["FAST"] }' "$c")
  # (its name may be followed by a label in parentheses: "(previous code: …)")
  check "$run: the full appendix counts its claims ($cnt)" grep -qE "\`$run\`( \([^)]*\))?: its claims $cnt" $F
  check "$run: the main appendix too" grep -qE "\`$run\`( \([^)]*\))?: its claims $cnt" $M
done

# sweeps: configurations (gate rows but the experiment's libraries) and those that passed
for e in sweep sweep-d128 sweep-sm90 sweep-sm90-d64 gemm-sweep; do
  gt=data/$e/nvidia-h200/gates.csv
  [ -f "$gt" ] || continue
  libs=" $(sed -n 's/^\(BASELINE\|BASELINES\|LIBRARIES\) *:= *//p' experiments/$e/experiment.mk | xargs) "
  cnt=$(awk -F, -v libs="$libs" 'NR == 1 { next } index(libs, " " $1 " ") == 0 { n++; p += $2 == "pass" }
    END { printf "%d configurations, %d passed the gates", n, p }' "$gt")
  check "$e: its row states $cnt" grep -qF "$cnt" <(grep "^| \`$e\`" $M)
done
# the fastest of a sweep whose configurations were each timed in one round of one session: the
# least median of the reps of one file, 4 significant digits
for e in sweep gemm-sweep; do
  libs=" $(sed -n 's/^\(BASELINE\|BASELINES\|LIBRARIES\) *:= *//p' experiments/$e/experiment.mk | xargs) "
  best=$(for f in data/$e/nvidia-h200/*.csv; do
    v=$(basename "$f" .csv); [ "$v" = gates ] && continue; [[ $libs == *" $v "* ]] && continue
    awk -F, -v v="$v" '/^#/ { next } !h { for (i = 1; i <= NF; i++) col[$i] = i; h = 1; next } { print $col["time_us"] }' "$f" |
      sort -g | awk -v v="$v" '{ a[NR] = $1 } END { m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.10g %s\n", m, v }'
  done | sort -g | head -1)
  m=$(printf '%#.4g' "${best% *}")
  check "$e: its row names the fastest, \`${best#* }\` at $m µs" grep -qF "fastest \`${best#* }\` at" <(grep "^| \`$e\`" $M)
  check "$e: ... with its median $m µs" grep -qF ": $m µs" <(grep "^| \`$e\`" $M)
done
done_testing
