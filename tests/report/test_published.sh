#!/usr/bin/env bash
# test_published.sh — the redesign kept every published number: the numbers in the full appendix's
# table rows on the published data of phase1, aa, baselines and ceilings (row by row, cell by cell;
# the rows after section A.0, the claims, which the snapshot predates and which repeat rows of the
# comparison tables: test_report.sh checks that) are those the report generator wrote before the
# pipeline became problem-agnostic and before the appendix was split into a main and a full one
# (the snapshot and how it was made:
# tests/fixtures/report/published/table_rows.md). Needs the report's host tools and gnuplot, as
# test_report.sh does. The data are those the snapshot was made from, kept beside it: the sample
# files of phase1, aa and baselines as published at f4a018b (published/data.tar.gz; phase1 and aa
# were re-published since, under plan confirm1) and the ceilings of then (published/ceilings/), so
# that re-publishing data/ never touches this check; the test still fails if the fixture changes.
set -u
. tests/lib.sh
G=tests/fixtures/report/published/table_rows.md
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
want=$(sed -n 's/.*Input: sha256 of the data files \([0-9a-f]*\)\..*/\1/p' "$G")
mkdir -p "$T/data" && tar xzf tests/fixtures/report/published/data.tar.gz -C "$T/data" &&
  cp -r tests/fixtures/report/published/ceilings "$T/data/"
have=$(cd "$T/data" && find phase1 aa baselines ceilings -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)
check_eq "the published data (and the snapshot's ceilings) are those of the snapshot (else retake it: see $G)" "$have" "$want"
make -s --no-print-directory "$T/rb/report/appendix-full.md" DATA="$T/data" RB="$T/rb" >"$T/log" 2>&1
check_eq "the full appendix is written from the published data" "$?" 0
# the numbers of a row: its cells reduced to their digits, decimal points and signs (the words
# around them may be reworded; the numbers may not change)
# (a full stop is a number's only where a digit follows it: a reworded sentence may end in one)
numbers() { sed 's/[^0-9.|+-]//g; s/\.\([^0-9]\)/\1/g; s/\.$//'; }
# the table rows from section A.1 on (A.0 holds the claims: rows the comparison tables hold too),
# but for A.2's timing set-up and glossary, which the snapshot predates and which hold no
# statistic (test_forms.sh checks the set-up against the files' headers)
awk '/^## A\.1 / { on = 1 } /^\*\*Table [0-9]+\.\*\* (The timing set-up of each experiment|Glossary)/ { skip = 1; rows = 0; next }
  skip && /^\| / { rows = 1; next } skip && rows && !/^\| / { skip = 0 } on && !skip' "$T/rb/report/appendix-full.md" |
  grep '^| ' | grep -v '^| *---' | grep -v 'tests/' >"$T/rows"
check "the full appendix has a section A.1" grep -q '^## A\.1 ' "$T/rb/report/appendix-full.md"
grep -v '^#' "$G" >"$T/want"
check_eq "as many table rows as before ($(wc -l <"$T/want"))" "$(wc -l <"$T/rows")" "$(wc -l <"$T/want")"
# The memory roof is now the highest bandwidth measured (the snapshot's generator took the copy
# kernel's): in a roofline row bound by memory, the roof grows and the shares shrink by the ratio of
# the two bandwidths, both read from the snapshot's own ceilings rows. Those three cells are
# checked against the snapshot's scaled by that ratio (within the rounding of the printed digits:
# 1%, or 0.1 for a share), every other number of every row exactly.
bw() { awk -F' [|] ' -v m="$1" '$1 == "| `" m "`" { print $2 }' "$G"; }
copy=$(bw dram_copy_bw) top=$(printf '%s\n' "$(bw dram_copy_bw)" "$(bw memcpy_d2d_bw)" "$(bw dram_read_bw)" | sort -g | tail -1)
check "the snapshot has the copy bandwidth ($copy) and a highest one ($top)" test -n "$copy" -a -n "$top"
# memory_rows FILE: the line numbers of FILE's roofline rows bound by memory
memory_rows() { awk -F' [|] ' '/^[|] Shape [|] FLOP\/B [|] Roof TFLOPS/ { t = 1; next } /^[|] [A-Z]/ && !/^[|] `/ { t = 0 }
  t && $4 == "memory" { print NR }' "$1"; }
check_eq "the same roofline rows are bound by memory" "$(memory_rows "$T/rows")" "$(memory_rows "$G" | awk -v k="$(grep -c '^#' "$G")" '{ print $1 - k }')"
mem=$(memory_rows "$T/want" | tr '\n' ' ')
# scaled: the memory rows of the snapshot with roof × r and both shares / r (cells 4, 7, 9)
awk -F' [|] ' -v OFS=' | ' -v r="$(awk -v a="$top" -v b="$copy" 'BEGIN { print a / b }')" -v rows=" $mem" '
  index(rows, " " NR " ") { $3 = $3 * r; $6 = $6 / r; $8 = $8 / r } { print }' "$T/want" >"$T/want_scaled"
off=$(paste -d'\n' "$T/rows" "$T/want_scaled" | awk -F' [|] ' -v rows=" $mem" '
  NR % 2 { split($0, h); next } { n = NR / 2 }
  index(rows, " " n " ") { for (i = 3; i <= 8; i += (i == 3 ? 3 : 2)) { d = h[i] - $i; if (d < 0) d = -d
    if (d > 0.01 * $i && d > 0.1) print "row " n ": cell " i ": " h[i] " against " $i " scaled" } }')
check_eq "memory-bound roofline rows: roof and shares as the snapshot's scaled by $top / $copy" "$off" ""
# every other number exactly: the memory rows' three cells blanked on both sides, and the rules
# table's row 2, whose `where` now counts what the results section showed (report_shown.h; the
# snapshot predates it: tests/report/test_shown.sh checks those counts)
blank() { awk -F' [|] ' -v OFS=' | ' -v rows=" $mem" 'index(rows, " " NR " ") { $3 = $6 = $8 = "x" }
  $1 == "| 2" && $2 ~ /^Say why only a subset/ { $3 = "x" } { print }' "$1" | numbers; }
check "every other number of every table row as in the snapshot" cmp -s <(blank "$T/rows") <(blank "$T/want")
cmp -s <(blank "$T/rows") <(blank "$T/want") || diff <(blank "$T/want") <(blank "$T/rows") | head -20 | sed 's/^/# /'
echo "# rows whose words (not numbers) changed since the snapshot: $(comm -13 <(sort "$T/want") <(sort "$T/rows") | wc -l)"
done_testing
