# lib.sh — shell test vocabulary, sourced by tests/test_*.sh. Prints "ok"/"not ok" lines
# that tests/run.sh counts; a script exits non-zero if any check failed.
fails=0
ok()     { echo "ok $*"; }
not_ok() { echo "not ok $*"; fails=$((fails + 1)); }
# check "what" command... : passes when the command succeeds
check()  { local what=$1; shift; if "$@" >/dev/null 2>&1; then ok "$what"; else not_ok "$what: $*"; fi; }
# check_eq "what" got want
check_eq() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: got '$2' want '$3'"; fi; }
# check_grep "what" pattern file
check_grep() { if grep -Eq -- "$2" "$3" 2>/dev/null; then ok "$1"; else not_ok "$1: /$2/ not in $3"; fi; }
done_testing() { exit $((fails > 0)); }
