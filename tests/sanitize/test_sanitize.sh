#!/usr/bin/env bash
# test_sanitize.sh — build/tools/sanitize (`make sanitize`, tools/sanitize/) without a GPU: a fake
# compute-sanitizer runs the fake bench binaries and reports the ERROR SUMMARY each asks for. A run is clean only when the sanitizer
# found nothing and bench --check passed or failed numerics (exit 1: the numerics gate's finding);
# sanitizer errors, or any other exit, are errors and become runtime_error rows. The published
# table names the commit, GPU and date in its header. The runs hold the GPU's lock; bad settings stop
# it before anything runs (exit 2, saying which).
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
b=$t/build/x; mkdir -p "$b" "$t/bin"
# fake compute-sanitizer: runs the program after the options; its ERROR SUMMARY is the program's
# file SAN_ERRORS next to it (0 when absent); --error-exitcode N when errors were found
cat >"$t/bin/compute-sanitizer" <<'EOS'
#!/usr/bin/env bash
code=0; while [ "${1#--}" != "$1" ]; do [ "$1" = --error-exitcode ] && code=$2; shift 2; done
prog=$1; "$@"; rc=$?
n=$(cat "$(dirname "$prog")/SAN_ERRORS" 2>/dev/null || echo 0)
[ "$n" -gt 0 ] && echo "========= Invalid __global__ read of size 4 bytes"
echo "========= ERROR SUMMARY: $n errors"
[ "$n" -gt 0 ] && exit "$code"; exit $rc
EOS
chmod +x "$t/bin/compute-sanitizer"
# variant NAME EXIT ERRORS: a bench that answers --gpu-slug and exits EXIT on --check
variant() {
  mkdir -p "$b/$1"; echo "$3" >"$b/$1/SAN_ERRORS"
  # three shapes whose work (bytes=) orders them otherwise than their names or their digits do
  printf 'shape=M4096_N4096_K4096 kernel=k block=1,1,1 dyn_smem=0 flops=1 bytes=10000\n''shape=M16_N16_K16 kernel=k block=1,1,1 dyn_smem=0 flops=1 bytes=900\n''shape=M64_N64_K64 kernel=k block=1,1,1 dyn_smem=0 flops=1 bytes=5000\n' >"$b/$1/describe.txt"
  sed 's/^shape=\([^ ]*\) .*/\1/' "$b/$1/describe.txt" >"$b/$1/shapes.txt"
  printf '#!/usr/bin/env bash\nfor a in "$@"; do [ "$a" = --gpu-slug ] && { echo fake-gpu; exit 0; }; done\necho "$*" >"$(dirname "$0")/args"\nexit %s\n' "$2" >"$b/$1/bench"
  chmod +x "$b/$1/bench"
}
variant good 0 0; variant numerics 1 0; variant racy 9 3; variant crashy 4 0
printf 'variant,verdict,reason,detail\ngood,pass,,\nnumerics,pass,,\nracy,pass,,\ncrashy,pass,,\n' >"$b/gates.csv"
# the bench notes the GPU's lock holder (the note session/run_lock.h writes) when it runs
sed -i 's|^exit|cat "$GPU_LOCK_DIR"/cudadent42-gpu0.*.holder >"$(dirname "$0")/holder" 2>\&1\nexit|' "$b/good/bench"
san() { PATH=$t/bin:$PATH GATETAB=$PWD/build/tools/gatetab GPU_LOCK_DIR=$t/locks B=$t/build DATA_OUT=$t/data GIT_REV=0123456789ab "$@" \
  build/tools/sanitize x; }
for bad in SAN_TOOLS=memcheck,racecheck SAN_SHAPES=0 SAN_JOBS=x SAN_TIMEOUT=-1; do
  san env "$bad" >"$t/out" 2>&1; rc=$?
  check_eq "$bad: exit 2" "$rc" 2
  check_grep "... saying so" "^sanitize: ${bad%%=*}: '" "$t/out"
done
check_eq "... and nothing ran" "$(ls "$b"/*/args 2>/dev/null)" ""
san env SAN_TOOLS="memcheck racecheck" SAN_JOBS=3 >"$t/out" 2>&1; rc=$?
check_eq "errors found: exit 1" "$rc" 1
check_grep "the runs held the GPU's lock" ' make sanitize EXP=x since ' "$b/good/holder"
check_grep "the summary on stderr" '^sanitize: 8 runs over 4 variants: 4 clean, 4 with errors -> ' "$t/out"
check_grep "each run said on stderr" '^sanitize: racy racecheck: error \(Invalid __global__ read of size 4 bytes\)$' "$t/out"
d=$t/data/x/fake-gpu/sanitize.csv
row() { grep "^$1,$2," "$d" | cut -d, -f4,5; }
check_eq "clean run" "$(row good memcheck)" "clean,0"
check_eq "numerics failure without sanitizer errors is clean" "$(row numerics racecheck)" "clean,0"
check_grep "... and the row says the check failed" '^numerics,memcheck,2,clean,0,"no sanitizer error; bench --check failed numerics"$' "$d"
check_eq "sanitizer errors" "$(row racy racecheck)" "error,3"
check_grep "... with the first message" '^racy,racecheck,.*"Invalid __global__ read' "$d"
check_eq "a crash (exit 4) is an error" "$(row crashy memcheck)" "error,0"
check_grep "runtime_error rows for the variants with errors" '^racy,runtime_error,' "$b/runtime.csv"
check_eq "no runtime_error row for the numerics-only variant" "$(grep -c '^numerics,runtime_error' "$b/runtime.csv")" 0
check_eq "the two shapes of fewest bytes are sanitized (900 and 5000 of 900, 5000, 10000)" "$(cat "$b/good/args")" \
  "--check --shape M16_N16_K16 --shape M64_N64_K64"
check_grep "the table names the commit" '^# git_rev: 0123456789ab$' "$d"
check_grep "... and the GPU" '^# gpu_slug: fake-gpu$' "$d"
check_eq "rows in the order of the variants, then of the tools (3 runs at a time)" "$(grep -v '^#' "$d" | cut -d, -f1,2 | tr '\n' ' ')" \
  "variant,tool good,memcheck good,racecheck numerics,memcheck numerics,racecheck racy,memcheck racy,racecheck crashy,memcheck crashy,racecheck "
check "the table in build/ is the published one" cmp "$b/sanitize.csv" "$d"
check_grep "the published gate table has the runtime_error" '^racy,reject,runtime_error,' "$t/data/x/fake-gpu/gates.csv"
SANITIZE_SHAPES="M99_N99_K99 M4096_N4096_K4096" san env SAN_TOOLS=synccheck >/dev/null 2>&1
check_eq "SANITIZE_SHAPES: the ones the variant runs" "$(cat "$b/good/args")" "--check --shape M4096_N4096_K4096"
SANITIZE_SHAPES="M4096_N4096_K4096" SANITIZE_SHAPES_RACECHECK="M16_N16_K16" san env SAN_TOOLS=racecheck SAN_JOBS=1 >/dev/null 2>&1
check_eq "SANITIZE_SHAPES_RACECHECK: racecheck's own list" "$(cat "$b/good/args")" "--check --shape M16_N16_K16"
check_grep "... named in the table's header" '^# shapes\.racecheck: M16_N16_K16$' "$d"
SANITIZE_SHAPES="M4096_N4096_K4096" SANITIZE_SHAPES_RACECHECK="M16_N16_K16" san env SAN_TOOLS=memcheck >/dev/null 2>&1
check_eq "... not another tool's" "$(cat "$b/good/args")" "--check --shape M4096_N4096_K4096"
rm -f "$b/gates.csv"
san >"$t/out" 2>&1; rc=$?
check_eq "no gate table: exit 2" "$rc" 2
check_grep "... saying so" "^sanitize: $b/gates.csv: missing \(run make gates EXP=x\)" "$t/out"
done_testing
