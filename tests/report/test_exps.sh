#!/usr/bin/env bash
# test_exps.sh — `make report EXPS="…"`: the appendix of a user's own experiments. Of vecadd alone
# (the published data, read only) it builds, holds none of the attention problem's words (they live
# in reports/templates/problem-attention.txt and attention's rows of reports/rules.csv and
# rejections.csv, and attention's and GEMM's rows of reports/glossary.csv), no seed claims (their experiment, CLAIMS_EXP, is not among EXPS) and keeps the
# sections' numbers; an unknown name in EXPS stops make with exit 2 and says which.
set -u
. tests/lib.sh
T=build/test-exps
rm -rf "$T" && mkdir -p "$T"
make -s --no-print-directory report EXPS=vecadd RB="$T/rb" >"$T/make.log" 2>&1
check_eq "make report EXPS=vecadd" "$?" 0
for f in appendix appendix-full; do
  md=$T/rb/report/$f.md
  check "$f.pdf is built" test -s "$T/rb/report/$f.pdf"
  check_grep "$f: vecadd's section" '`vecadd`' "$md"
  for w in 'NVIDIA L4' 'sm_89' 'SDPA' 'PyTorch' 'keys scaled up along the sequence' 'softmax' 'KV_SPLITS' \
           'attention' 'phase1' '**not comparable**' 'head dimension' 'row-major'; do
    check_eq "$f: no '$w'" "$(grep -cF -- "$w" "$md")" 0
  done
  check_grep "$f: the glossary holds vecadd's shape (reports/glossary.csv's row of its problem)" '^\| shape \(vecadd\) \| `N` elements \|$' "$md"
  check_grep "$f: ... and the terms of every problem" '^\| AMBIGUOUS \| ' "$md"
done
full=$T/rb/report/appendix-full.md
check_grep "the seed claims keep their number and say none is shown" '^## A\.4 Seed claims vs measured$' "$full"
check_grep "... because CLAIMS_EXP is not among EXPS" 'which is not in this appendix: none is shown' "$full"
check_grep "the headline says there is none" 'so there is no headline result' "$full"
make -s --no-print-directory report EXPS="vecadd nope" RB="$T/rb" >"$T/bad.log" 2>&1
check_eq "an unknown experiment in EXPS: exit 2" "$?" 2
check_grep "... and says which" "^make: EXPS: 'nope' is not an experiment \(experiments/nope/experiment\.mk\)$" "$T/bad.log"
done_testing
