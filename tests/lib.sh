# lib.sh — shell test vocabulary, sourced by tests/test_*.sh. Prints "ok"/"not ok" lines
# that tests/run.sh counts; a script exits non-zero if any check failed.
fails=0
# the measure sessions of the tests' stand-in benches pause 0 ms before each run unless a test
# sets SETTLE_MS itself (the pause: tools/session/run_runs.c; its own test: test_measure.sh)
export SETTLE_MS=${SETTLE_MS:-0}
ok()     { echo "ok $*"; }
not_ok() { echo "not ok $*"; fails=$((fails + 1)); }
# check "what" command... : passes when the command succeeds
check()  { local what=$1; shift; if "$@" >/dev/null 2>&1; then ok "$what"; else not_ok "$what: $*"; fi; }
# check_eq "what" got want
check_eq() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: got '$2' want '$3'"; fi; }
# check_grep "what" pattern file
check_grep() { if grep -Eq -- "$2" "$3" 2>/dev/null; then ok "$1"; else not_ok "$1: /$2/ not in $3"; fi; }
# check_build_statuses EXP_DIR OUT_DIR WHY_ARRAY: every variants/*.flags of EXP_DIR built (status
# `ok` in OUT_DIR/<v>/status), except bad_* ones, which are invalid_config with the phrase the
# associative array named WHY_ARRAY holds for them
check_build_statuses() {
  local exp=$1 out=$2 f v st
  local -n want=$3
  for f in "$exp"/variants/*.flags; do
    v=$(basename "$f" .flags)
    st=$(head -n 1 "$out/$v/status" 2>/dev/null)
    if [[ $v == bad_* ]]; then
      check_eq "$v refused" "$st" invalid_config
      if [ -n "${want[$v]:-}" ]; then check_grep "$v says why" "${want[$v]}" "$out/$v/status"
      else not_ok "$v has an expected message in this test"; fi
    else
      check_eq "$v builds" "$st" ok
    fi
  done
}
# spilling_logs LOG...: the ptxas logs (build.log) without the zero-spill line, or with a line of
# any function that spills, one a line
spilling_logs() {
  { grep -L '0 bytes spill stores, 0 bytes spill loads' "$@"; grep -lE '[1-9][0-9]* bytes spill (stores|loads)' "$@"; } | sort -u
}
done_testing() { exit $((fails > 0)); }
# find_cuobjdump: prints the path of cuobjdump ($CUOBJDUMP, PATH, the CUDA toolkit, or pip's
# nvidia-cuda-cuobjdump wheel); status 1 when there is none. `cuobjdump -sass` runs nvdisasm from
# beside it or PATH.
find_cuobjdump() {
  local c
  for c in "${CUOBJDUMP:-}" "$(command -v cuobjdump 2>/dev/null)" "${CUDA_HOME:-/nonexistent}/bin/cuobjdump" \
           /usr/local/cuda/bin/cuobjdump; do
    [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
  done
  c=$(python3 -c 'import nvidia, os; print(os.path.join(list(nvidia.__path__)[0], "cu13", "bin", "cuobjdump"))' 2>/dev/null)
  [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
  return 1
}
# overlaps LOG G H: 1 when a run on GPU G and another run on GPU H overlapped in time by more than
# 0.05 s, else 0; LOG holds one line "gpu start end" (seconds) per run
overlaps() {
  awk -v g="$2" -v h="$3" '{ G[NR] = $1; S[NR] = $2; E[NR] = $3 }
    END { m = 0; for (i = 1; i <= NR; i++) for (j = 1; j <= NR; j++) if (i != j && G[i] == g && G[j] == h) {
      o = (E[i] < E[j] ? E[i] : E[j]) - (S[i] > S[j] ? S[i] : S[j]); if (o > m) m = o }; print (m > 0.05) }' "$1"
}

# overfull LOG: how many lines or tables of a pdflatex log are wider than the text by more than
# 1 pt (its "Overfull \hbox (W pt too wide)" warnings)
overfull() { awk '/^Overfull \\hbox \(/ { w = $3; sub(/^\(/, "", w); sub(/pt$/, "", w); if (w + 0 > 1) n++ } END { print n + 0 }' "$1"; }

# tree_copy DIR: the tracked files as they are now (edits included, times kept so that built tools
# stay current) and build/tools, copied into DIR, for a test that plants files in the sources
tree_copy() {
  mkdir -p "$1" && git ls-files -z | xargs -0 cp -a --parents -t "$1" 2>/dev/null
  [ -d build/tools ] && mkdir -p "$1/build" && cp -a build/tools "$1/build/"
  return 0
}
# in_tree_copy: a test's working directory becomes a copy of the tree (tree_copy) in R=$T/repo,
# T a temporary folder removed when the test exits
in_tree_copy() {
  T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
  R=$T/repo
  tree_copy "$R"
  cd "$R" || exit 1
}
