#!/usr/bin/env bash
# test_concurrent_report.sh — two `make report` at once in one build tree (the fixture data): both
# succeed and leave the appendix a sequential run writes, byte for byte, in each of 3 trials; no
# temporary file is left. Every intermediate is written under a name of its own process and
# renamed (mk/report.mk), so neither reads the other's half-written file.
set -u
. tests/lib.sh
FIX=tests/fixtures/report
RB=build/test-concurrent
MK=(make -s --no-print-directory DATA=$FIX/data EXPDIR=$FIX/experiments RB=$RB)
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
rm -rf "$RB"
"${MK[@]}" report >"$t/seq.out" 2>&1
check_eq "a sequential make report: exit 0" "$?" 0
for f in appendix.md appendix-full.md appendix.tex appendix-full.tex; do cp "$RB/report/$f" "$t/$f"; done
fails=0 diffs=0
for trial in 1 2 3; do
  rm -rf "$RB"
  "${MK[@]}" report >"$t/a.out" 2>&1 & a=$!
  "${MK[@]}" report >"$t/b.out" 2>&1 & b=$!
  wait $a || fails=$((fails + 1)); wait $b || fails=$((fails + 1))
  for f in appendix.md appendix-full.md appendix.tex appendix-full.tex; do
    cmp -s "$RB/report/$f" "$t/$f" || { diffs=$((diffs + 1)); echo "# trial $trial: $f differs"; }
  done
  # a later sequential run finds nothing to redo wrongly: the same appendix again
  "${MK[@]}" report >/dev/null 2>&1 || fails=$((fails + 1))
  cmp -s "$RB/report/appendix-full.md" "$t/appendix-full.md" || diffs=$((diffs + 1))
done
check_eq "3 trials of two make report at once: every run exits 0" "$fails" 0
check_eq "... each leaves the sequential run's appendix, byte for byte (then and after a later run)" "$diffs" 0
[ "$fails" = 0 ] || tail -n 5 "$t/a.out" "$t/b.out" | sed 's/^/# /'
check_eq "... and no temporary file or directory is left" \
  "$(find "$RB" -name '*.tmp*' -o -name '*.old.*' -o -name '*.[0-9][0-9]*[0-9]' | grep -v '\.pdf$' | wc -l)" 0
done_testing
