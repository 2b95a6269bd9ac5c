#!/usr/bin/env bash
# test_budget.sh — the main appendix's page budget holds as experiments are added: a copy of the
# published data and experiments gets experiments of a problem of its own (synthetic samples of
# two variants on a GPU the data has, no PRIMARY; its shapes in the grammar of vecadd, as stats
# reads only the shapes of a problem it knows) and one defined without data; the main appendix
# stays within its pages, gives each added experiment with data one row of its table of
# experiments without claims (pointing at its section in the full appendix) and no section, and
# names the one without data on one line.
set -u
. tests/lib.sh
PAGES_MAX=12
ADDED="probe-a probe-b probe-c probe-d"  # experiments with data, no claims
EMPTY=probe-none                        # defined, no data
T=build/test-budget
rm -rf "$T" && mkdir -p "$T"
cp -r data "$T/data" && cp -r experiments "$T/experiments"
# samples FILE VARIANT EXP SCALE: 2 sessions x 3 rounds x 10 reps at two shapes, times SCALE
samples() {
  awk -v v="$2" -v e="$3" -v k="$4" 'BEGIN {
    print "# cudadent42 samples v1"; print "# synthetic: yes"; print "# experiment: " e; print "# variant: " v
    print "# gpu: NVIDIA H200"; print "# date: 2026-11-20T10:00:00Z"
    print "shape,rep,time_us,round,session"
    split("N4096 N65536", sh, " ")
    for (s = 1; s <= 2; s++) for (i = 1; i <= 2; i++) for (r = 1; r <= 3; r++) for (p = 0; p < 10; p++)
      printf "%s,%d,%.3f,%d,syn-%d\n", sh[s], p, k * s * (10 + ((p * 7 + r * 3 + i * 5) % 11) / 20), r, i
  }' >"$1"
}
for e in $ADDED $EMPTY; do
  mkdir -p "$T/experiments/$e"
  printf '%s\n' "# $e: a problem of its own, for tests/report/test_budget.sh" \
    "DESCRIPTION := Probe of the page budget: two variants of a problem of its own" \
    "KERNEL := probe/probe.cu" "SHAPES := N4096 N65536" "BASELINE := a" >"$T/experiments/$e/experiment.mk"
done
for e in $ADDED; do
  d=$T/data/$e/nvidia-h200 && mkdir -p "$d"
  samples "$d/a.csv" a "$e" 1 && samples "$d/b.csv" b "$e" 0.9
done
make -s --no-print-directory report DATA="$T/data" EXPDIR="$T/experiments" RB="$T/rb" >"$T/make.log" 2>&1
check_eq "make report with experiments added" "$?" 0
R=$T/rb/report
np=$(sed -n 's/^Output written on .* (\([0-9]*\) pages.*/\1/p' $R/latex/appendix.log)
echo "# main appendix with $(echo $ADDED $EMPTY | wc -w) experiments added: $np pages"
check "the main appendix has at most $PAGES_MAX pages ($np)" test "${np:-99}" -le $PAGES_MAX
for e in $ADDED; do
  sec=$(sed -n "s/^### \(A\.3\.[0-9]*\) Experiment \`$e\`\$/\1/p" $R/appendix-full.md)
  check "$e: a section in the full appendix ($sec)" test -n "$sec"
  check_eq "$e: one row in the main appendix, pointing at that section" \
    "$(grep -cE "^\| \`$e\` \| \`nvidia-h200\` \| 2 \| 2 \| \`nvidia-h200\`: 2 comparisons: .* \| ${sec//./\\.} \|\$" $R/appendix.md)" 1
  check_eq "$e: no section in the main appendix, no other line" "$(grep -c "\`$e\`" $R/appendix.md)" 1
  # the H200's design row lists every experiment, however many (it was once cut at 512 bytes,
  # mid-character, and pdflatex stopped on the broken UTF-8)
  check_eq "$e: in the full appendix's design row" \
    "$(grep '^| design (sessions × rounds × reps) |' $R/appendix-full.md | grep -c "\`$e\` 2 × 3 × 10")" 1
done
last=$(for d in "$T"/data/*/nvidia-h200; do basename "$(dirname "$d")"; done | LC_ALL=C sort | tail -n 1)
check_eq "the H200's design row reaches its last experiment, \`$last\` (none cut)" \
  "$(grep '^| design (sessions × rounds × reps) |' $R/appendix-full.md | grep '`probe-a`' | grep -c "\`$last\` [0-9]")" 1
check_eq "$EMPTY: one line in the main appendix, as without data" \
  "$(grep -c "$EMPTY" $R/appendix.md)/$(grep -c "^- \`$EMPTY\`: defined, but no samples" $R/appendix.md)" 1/1
for l in $R/latex/appendix.log; do check_eq "no overfull box wider than 1 pt in the main appendix" "$(overfull $l)" 0; done
done_testing
