#!/usr/bin/env bash
# test_run.sh — the test runner (tests/run.sh): one progress line per test, a passing test's
# output kept out of sight, a failing test's log shown, a test that dies without a "not ok" line
# counted as failed, a long test reporting progress, and the final "N passed, M failed" line.
source tests/lib.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
printf 'echo "ok one"; echo "cp: cannot create regular file x" >&2; echo "ok two"\n' >"$t/good.sh"
printf 'echo "ok a"; echo "not ok b: got 1 want 2"\n' >"$t/bad.sh"
printf 'echo "ok a"; exit 3\n' >"$t/dies.sh"
printf 'echo "ok slow"; sleep 2.5; echo "ok done"\n' >"$t/slow.sh"
out=$(TEST_LOGS="$t/logs" PROGRESS=1 bash tests/run.sh "$t/good.sh" "$t/bad.sh" "$t/dies.sh" "$t/slow.sh" 2>&1); rc=$?
check_eq "a failure makes the runner exit 1" "$rc" 1
check_eq "the last line counts every check" "$(echo "$out" | tail -n 1)" "6 passed, 2 failed"
check_grep "one line per test, numbered" '^\[1/4\] good.sh: 2 passed \([0-9]+ s\)$' <(echo "$out")
check "a passing test's stray output is not shown" bash -c '! grep -q "cannot create" <<<"$1"' _ "$out"
check_grep "... but kept in its log" 'cannot create regular file' "$t/logs/good.log"
check_grep "a failing test's log is shown" '^    not ok b: got 1 want 2$' <(echo "$out")
check_grep "its line says it failed" '^\[2/4\] bad.sh: 1 passed, 1 FAILED' <(echo "$out")
check_grep "a test that dies is a failure" 'not ok .*dies.sh exited with status 3' <(echo "$out")
check_grep "a long test reports progress" '\.\.\. slow.sh: 1 checks so far' <(echo "$out")
out=$(TEST_LOGS="$t/logs" bash tests/run.sh "$t/good.sh" 2>&1); rc=$?
check_eq "all passing: exit 0" "$rc" 0
check_eq "all passing: last line" "$(echo "$out" | tail -n 1)" "2 passed, 0 failed"
done_testing
