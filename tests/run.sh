#!/usr/bin/env bash
# run.sh — runs every test given on the command line (programs or scripts) and ends with one line
# "N passed, M failed"; exit status 1 when anything failed.
#
# The tests run as independent make users (no jobserver or make variables of the make that
# started this). One line per test: "[k/n] name: P passed (T s)". A test still running after PROGRESS seconds
# (15) prints "... name: C checks so far (T s)" every PROGRESS seconds, so a long one is never
# silent. A passing test's own output (its ok lines, a tool's warnings it provoked on purpose)
# stays in build/tests/logs/<name>.log; a failing test's log is shown whole. VERBOSE=1 shows
# every log.
set -u
pass=0 fail=0 k=0
logs=${TEST_LOGS:-build/tests/logs}
every=${PROGRESS:-15}
mkdir -p "$logs"
start=$SECONDS
for t in "$@"; do
  k=$((k + 1))
  name=$(basename "$t"); log=$logs/${name%.sh}.log
  t0=$SECONDS
  if [[ $t == *.sh ]]; then bash "$t" >"$log" 2>&1 & else "$t" >"$log" 2>&1 & fi
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    for ((i = 0; i < every * 10; i++)); do kill -0 "$pid" 2>/dev/null || break 2; sleep 0.1; done
    printf '      ... %s: %d checks so far (%d s)\n' "$name" "$(grep -c '^ok ' "$log")" $((SECONDS - t0))
  done
  wait "$pid"
  rc=$?
  p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log")
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "not ok $t exited with status $rc" >>"$log"; f=1
  fi
  pass=$((pass + p)); fail=$((fail + f))
  if [ "$f" -gt 0 ] || [ -n "${VERBOSE:-}" ]; then
    sed 's/^/    /' "$log"
  fi
  printf '[%d/%d] %s: %d passed%s (%d s)\n' "$k" "$#" "$name" "$p" \
    "$([ "$f" -gt 0 ] && echo ", $f FAILED (log above, and $log)")" $((SECONDS - t0))
done
echo "all $# tests ran in $((SECONDS - start)) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
