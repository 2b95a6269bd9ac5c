#!/usr/bin/env bash
# test_bench_gpu.sh — the bench harness on a GPU, its failure paths above all (needs a GPU and
# nvcc; without a GPU it says so and skips). The stand-in kernel (naive_attn.cu) must pass
# --check-ref (the fp32 GPU reference against fp64 on the CPU) and --check at odd shapes; four
# fixtures, each the stand-in with one fault, and two more must fail the way `bench --help`
# promises (their
# outputs compared on the GPU: test_compare_dev holds that comparison to the host one), and a
# failed timing run must leave no sample file:
#   wrong  (one output element off)        --check exit 1
#   nan    (a NaN in the output)           --check exit 1
#   fault  (an illegal address)            --check exit 4 (CUDA error)
#   nondet (a bit that flips every rerun)  --check exit 1 with rerun_mismatch=1
#   stale  (each row's first 64 keys' maximum kept, P in fp16)  --check exit 1, hard=fail and
#          uniform=pass: only the hard inputs (keys growing along the row) find it
#   dirty  (a word of the plan's zeroed workspace left raised)  --check exit 1, workspace_dirty=1
# compute-sanitizer's memcheck, racecheck and synccheck run the stand-in when it is installed.
set -u
. tests/lib.sh
B=${B:-build}
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "skip: no GPU here (nvidia-smi lists none); the bench's GPU failure paths run only on a GPU host"
  done_testing
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
make -s --no-print-directory "$B/tests/bench_naive" "$B/tests/test_compare_dev" "$B/tests/bench_fixture_wrong" "$B/tests/bench_fixture_nan" \
  "$B/tests/bench_fixture_fault" "$B/tests/bench_fixture_nondet" "$B/tests/bench_fixture_stale" \
  "$B/tests/bench_fixture_dirty" >"$T/build.log" 2>&1
check "the stand-in and its six fixtures build" test -x "$B/tests/bench_fixture_nondet" -a -x "$B/tests/bench_fixture_stale" -a -x "$B/tests/bench_fixture_dirty"
X=$B/tests/bench_naive
S=(--shape B1_H2_S77_D64_C0)
ODD=(--shape B1_H2_S1_K4096_D128_C1 --shape B1_H2_S77_D64_C1 --shape B1_H2_S129_D128_C1
     --shape B1_H2_S33_K77_D64_C1 --shape B1_H2_S77_K33_D128_C1 --shape B1_H1_S1_D64_C0)

rc_of() { "$@" >"$T/out" 2>&1; echo $?; }
check_eq "--check's GPU comparison equals the host one on planted faults (test_compare_dev)" "$(rc_of "$B/tests/test_compare_dev")" 0
[ "$(cat "$T/out" | tail -n 1)" = "0 failure(s)" ] || sed 's/^/# /' "$T/out"
check_eq "stand-in: --check-ref passes (fp32 GPU reference vs fp64 CPU)" "$(rc_of $X --check-ref --seed 7 --shape B1_H2_S129_D128_C1)" 0
check_eq "stand-in: --check passes at six odd shapes" "$(rc_of $X --check "${ODD[@]}")" 0
check_eq "wrong: --check exits 1" "$(rc_of "$B/tests/bench_fixture_wrong" --check "${S[@]}")" 1
check_eq "nan: --check exits 1" "$(rc_of "$B/tests/bench_fixture_nan" --check "${S[@]}")" 1
check_eq "fault: --check exits 4" "$(rc_of "$B/tests/bench_fixture_fault" --check "${S[@]}")" 4
check_eq "nondet: --check exits 1" "$(rc_of "$B/tests/bench_fixture_nondet" --check "${S[@]}")" 1
check_grep "nondet: the failure names rerun_mismatch=1" 'rerun_mismatch=1' "$T/out"
LONG=(--shape B1_H2_S96_K2048_D64_C0 --shape B1_H2_S2048_D128_C1)
check_eq "stand-in: --check passes at long rows (the hard inputs included)" "$(rc_of $X --check "${LONG[@]}")" 0
check_eq "... both input sets pass at each shape" "$(grep -c 'uniform=pass hard=pass verdict=pass' "$T/out")" 2
check_eq "stale: --check exits 1 at long rows" "$(rc_of "$B/tests/bench_fixture_stale" --check "${LONG[@]}")" 1
check_eq "... failing on the hard inputs only, at both shapes" "$(grep -c 'uniform=pass hard=fail verdict=fail' "$T/out")" 2
check_eq "dirty: --check exits 1" "$(rc_of "$B/tests/bench_fixture_dirty" --check "${S[@]}")" 1
check_grep "... naming the raised byte, counted after each of its three runs: workspace_dirty=3" 'workspace_dirty=3 uniform=pass hard=pass verdict=fail' "$T/out"
for f in wrong fault; do
  want=$([ $f = fault ] && echo 4 || echo 1)
  check_eq "$f: a timing run exits $want" "$(rc_of "$B/tests/bench_fixture_$f" "${S[@]}" --reps 3 --out "$T/$f.csv")" "$want"
  check_eq "$f: and leaves no sample file or temp file" "$(ls "$T" | grep -c "^$f\.csv")" 0
done
check_eq "stand-in: a short timing run exits 0" "$(rc_of $X "${S[@]}" --reps 5 --warmup 1 --out "$T/naive.csv")" 0
check_grep "stand-in: its file is a sample file" '^# cudadent42 samples v1' "$T/naive.csv"
# --after: the device opened, the run waits for its turn (the file) before anything else
$X "${S[@]}" --reps 5 --warmup 1 --out "$T/after.csv" --after "$T/go" 2>"$T/after.err" & apid=$!
sleep 5
check "--after: no sample file before the turn" test ! -e "$T/after.csv"
: >"$T/go"; wait $apid; arc=$?
check_eq "--after: runs once its turn comes, exit 0" "$arc" 0
check_eq "--after: the progress line counts the wait (>= 2 s)" "$(sed -n 's/.*wait \([0-9]*\),.*/\1/p' "$T/after.err" | awk '{ print ($1 >= 2000) }')" 1
# --parent: a run waiting for its turn stops (exit 2) once the process to give it is gone
sleep 2 & spid=$!
check_eq "--after --parent: the giver gone, the waiting run stops with exit 2" \
  "$(rc_of timeout -s KILL 60 $X "${S[@]}" --reps 3 --out "$T/par.csv" --after "$T/never" --parent $spid)" 2
check_grep "... saying why" "the process that was to give this run its turn is gone" "$T/out"
# --gpu-lock: while another process holds the GPU's lock, the run neither opens the device nor times
flock "$T/gpulock" sleep 3 & lpid=$!
sleep 0.5
check_eq "--gpu-lock: a run waiting for the lock exits 0 once it is free" "$(rc_of $X "${S[@]}" --reps 3 --warmup 1 --out "$T/lk.csv" --gpu-lock "$T/gpulock")" 0
wait $lpid
check_eq "--gpu-lock: ... and its progress line counts the wait (>= 2 s)" "$(sed -n 's/.*wait \([0-9]*\),.*/\1/p' "$T/out" | awk '{ print ($1 >= 2000) }')" 1
# --nvml-from: the readings from a keeper's file (here one written by hand), not from NVML
printf 'driver test-driver-1\nclock_sm_max_mhz 1234\npower_limit_w 99.0\ntemp_c 17\n' >"$T/nvml"
check_eq "--nvml-from: a timing run exits 0" "$(rc_of $X "${S[@]}" --reps 3 --warmup 1 --out "$T/nv.csv" --nvml-from "$T/nvml")" 0
check_eq "--nvml-from: driver, clock, power limit and temperatures from the file" \
  "$(grep -E '^# (driver|clock_sm_max_mhz|power_limit_w|temp_start_c|temp_end_c):' "$T/nv.csv" | tr '\n' '|')" \
  "# driver: test-driver-1|# clock_sm_max_mhz: 1234|# power_limit_w: 99.0|# temp_start_c: 17|# temp_end_c: 17|"
# --hold --nvml-out: the keeper writes the four readings
$X --hold --nvml-out "$T/kept" & kpid=$!
sleep 3; kill $kpid; wait $kpid 2>/dev/null
check_eq "--hold --nvml-out: the keeper wrote the four readings" "$(cut -d' ' -f1 "$T/kept" 2>/dev/null | tr '\n' ' ')" "driver clock_sm_max_mhz power_limit_w temp_c "
check_grep "... the temperature a number of degrees (NVML there) or unavailable" '^temp_c ([0-9]+|unavailable)$' "$T/kept"
check_eq "--limit 1: a run of 200000 reps is stopped with exit 124" \
  "$(rc_of timeout -s KILL 120 $X --shape B1_H16_S1024_D128_C0 --reps 200000 --warmup 1 --limit 1 --out "$T/limit.csv")" 124
check_grep "... saying why" "past the run's time limit" "$T/out"
check "... and leaves no sample file" test ! -e "$T/limit.csv"
# served jobs (tools/pipeline/serve.cu; session measure SERVE=1): the stand-in's kernel.so timed twice
# in one process, then a fixture whose kernel faults, which ends its server with 4
SRV=${SERVE_BIN:-$B/tools/serve}
make -s --no-print-directory "$B/tests/bench_naive.so" "$B/tests/bench_fixture_fault.so" "$SRV" >"$T/build.log" 2>&1
sjob() { # sjob NAME SO ARG...: a job file $T/NAME
  local n=$1 so=$2; shift 2
  printf '%s\n' "$(cd "$(dirname "$so")" && pwd -P)/$(basename "$so")" "$T/$n.log" "$@" >"$T/$n"
}
: >"$T/slock"  # (the runs' lock file: measure makes it; the server only opens it)
sjob j1 "$B/tests/bench_naive.so" "${S[@]}" --reps 5 --warmup 1 --out "$T/s1.csv" --gpu-lock "$T/slock" --limit 60 --served
sjob j2 "$B/tests/bench_naive.so" "${S[@]}" --reps 7 --warmup 1 --out "$T/s2.csv" --gpu-lock "$T/slock" --served
printf '%s\n' "$T/j1" "$T/j2" | "$SRV" --gpu-lock "$T/slock" >"$T/out" 2>&1; src=$?
check_eq "served: two timing jobs in one server, exit 0, both answered 0" "$src $(cat "$T/j1.rc" "$T/j2.rc" 2>/dev/null | tr '\n' ' ')" "0 0 0 "
check_grep "served: the first job's file is a sample file of its 5 reps" '^# reps: 5$' "$T/s1.csv"
check_grep "... which says it was served" '^# process: served$' "$T/s1.csv"
check_eq "... the second job's, 7 reps" "$(grep -c '^B1_H2_S77_D64_C0,' "$T/s2.csv")" 7
check_grep "an own-process run says so" '^# process: own$' "$T/naive.csv"
check_eq "served: the two jobs' progress lines are in their logs" "$(grep -c 'median' "$T/j1.log") $(grep -c 'median' "$T/j2.log")" "1 1"
sjob f1 "$B/tests/bench_fixture_fault.so" "${S[@]}" --reps 3 --out "$T/sf.csv" --served
rm -f "$T/j1.rc" "$T/s1.csv"
printf '%s\n' "$T/f1" "$T/j1" | "$SRV" --gpu-lock "$T/slock" >"$T/out" 2>&1; src=$?
check_eq "served: a job whose kernel faults ends its server with 4, unanswered, no sample file" \
  "$src $(ls "$T" | grep -c '^f1\.rc') $(ls "$T" | grep -c '^sf\.csv')" "4 0 0"
check_eq "... and the job after it never ran" "$(ls "$T" | grep -c '^j1\.rc') $(ls "$T" | grep -c '^s1\.csv')" "0 0"
if command -v compute-sanitizer >/dev/null 2>&1; then
  for tool in memcheck racecheck synccheck; do
    check_eq "compute-sanitizer $tool: the stand-in's --check is clean" \
      "$(rc_of compute-sanitizer --tool $tool --error-exitcode 9 $X --check --shape B1_H2_S77_D64_C1 --shape B1_H1_S1_K300_D128_C1)" 0
  done
else
  echo "skip: compute-sanitizer not installed"
fi
done_testing
