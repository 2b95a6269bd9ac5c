#!/usr/bin/env bash
# test_published.sh — the redesign kept every published number: the numbers in the full appendix's
# table rows on the published data of phase1, aa, baselines and ceilings (row by row, cell by cell;
# the rows after section A.0, the claims, which the snapshot predates and which repeat rows of the
# comparison tables: test_report.sh checks that) are those the report generator wrote before the
# pipeline became problem-agnostic and before the appendix was split into a main and a full one
# (the snapshot and how it was made:
# tests/fixtures/report/published/table_rows.md). Needs the report's host tools and gnuplot, as
# test_report.sh does. When those published data change (a new session), the snapshot no longer
# applies: the test says so and fails until the snapshot is retaken.
set -u
. tests/lib.sh
G=tests/fixtures/report/published/table_rows.md
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
want=$(sed -n 's/.*Input: sha256 of the data files \([0-9a-f]*\)\..*/\1/p' "$G")
have=$(cd data && find phase1 aa baselines ceilings -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)
check_eq "the published data are those of the snapshot (else retake it: see $G)" "$have" "$want"
mkdir -p "$T/data" && cp -r data/phase1 data/aa data/baselines data/ceilings "$T/data/"
make -s --no-print-directory "$T/rb/report/appendix-full.md" DATA="$T/data" RB="$T/rb" >"$T/log" 2>&1
check_eq "the full appendix is written from the published data" "$?" 0
# the numbers of a row: its cells reduced to their digits, decimal points and signs (the words
# around them may be reworded; the numbers may not change)
numbers() { sed 's/[^0-9.|+-]//g; s/|\.|/||/g'; }
# the table rows from section A.1 on (A.0 holds the claims: rows the comparison tables hold too)
awk '/^## A\.1 / { on = 1 } on' "$T/rb/report/appendix-full.md" | grep '^| ' | grep -v '^| *---' | grep -v 'tests/' >"$T/rows"
check "the full appendix has a section A.1" grep -q '^## A\.1 ' "$T/rb/report/appendix-full.md"
grep -v '^#' "$G" >"$T/want"
check_eq "as many table rows as before ($(wc -l <"$T/want"))" "$(wc -l <"$T/rows")" "$(wc -l <"$T/want")"
check "every number of every table row as in the snapshot" cmp -s <(numbers <"$T/rows") <(numbers <"$T/want")
cmp -s <(numbers <"$T/rows") <(numbers <"$T/want") || diff <(numbers <"$T/want") <(numbers <"$T/rows") | head -20 | sed 's/^/# /'
echo "# rows whose words (not numbers) changed since the snapshot: $(comm -13 <(sort "$T/want") <(sort "$T/rows") | wc -l)"
done_testing
