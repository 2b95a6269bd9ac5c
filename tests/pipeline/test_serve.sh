#!/usr/bin/env bash
# test_serve.sh — tools/pipeline/serve.cu without a GPU (--no-device): the protocol `session measure`
# speaks with it (SERVE=1). Jobs load the stand-in kernel's kernel.so (build/tests/bench_naive.so,
# linked as compile.sh links every variant's) and run bench --describe, which needs no device; its
# output is compared with the stand-in bench binary's own. A job that fails ends the server with
# its status, one whose kernel.so cannot be loaded with 2; the server's own failures (a job file it
# cannot read, a --ready it cannot make) end it with 3. Timing jobs run on a GPU host
# (tests/kernels/test_bench_gpu.sh).
set -u
. tests/lib.sh
B=${B:-build}
so=$(cd "$(dirname "${BENCH_SO:-$B/tests/bench_naive.so}")" && pwd -P)/$(basename "${BENCH_SO:-$B/tests/bench_naive.so}")
serve=${SERVE_BIN:-$B/tools/serve}
bench=${BENCH:-$B/tests/bench_naive}
check "the stand-in's kernel.so, its bench and the server are built (make test builds them)" test -f "$so" -a -x "$serve" -a -x "$bench"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
: >"$t/lock"  # (measure makes the runs' lock; the server opens it read-only, never creating it)
job() { # job NAME ARG...: a job file $t/NAME (the stand-in's kernel.so, log $t/NAME.log)
  local n=$1; shift
  printf '%s\n' "$so" "$t/$n.log" "$@" >"$t/$n"
}
serve() { "$serve" --gpu-lock "$t/lock" --no-device >"$t/out" 2>"$t/err"; }
job d1 --describe --shape B1_H2_S77_D64_C0
job d2 --describe --shape B2_H8_S512_D128_C1 --shape B1_H1_S1_K4096_D128_C0 --sm-count 78
printf '%s\n' "$t/d1" "$t/d2" "$t/d1" | serve; rc=$?
check_eq "three jobs, end of input: exit 0" "$rc" 0
check_eq "... each answered 0 in its .rc" "$(cat "$t/d1.rc" "$t/d2.rc" | tr '\n' ' ')" "0 0 "
"$bench" --describe --shape B1_H2_S77_D64_C0 >"$t/want1"
"$bench" --describe --shape B2_H8_S512_D128_C1 --shape B1_H1_S1_K4096_D128_C0 --sm-count 78 >"$t/want2"
check_eq "... a job's output is the bench's own, in its log (d1 twice: loaded afresh)" "$(cat "$t/d1.log")" "$(cat "$t/want1" "$t/want1")"
check_eq "... the other job's too (its own shapes and SM count)" "$(cat "$t/d2.log")" "$(cat "$t/want2")"
check_eq "... nothing on the server's own output" "$(cat "$t/out" "$t/err")" ""
# a job that fails: its status ends the server; the jobs after it are not run
job bad --describe --bogus
rm -f "$t"/*.rc "$t"/*.log
printf '%s\n' "$t/d1" "$t/bad" "$t/d2" | serve; rc=$?
check_eq "a job with a usage error (bench exits 2): the server exits 2" "$rc" 2
check_grep "... the job's message in its log" "unknown option '--bogus'" "$t/bad.log"
check_eq "... the job before it answered, the one after it never ran" "$(cat "$t/d1.rc") $(ls "$t" | grep -c '^d2\.')" "0 0"
job served --describe --served --shape B1_H2_S77_D64_C0
echo "$t/served" | serve; rc=$?
check_eq "--served outside timing is a usage error (exit 2)" "$rc" 2
check_grep "... named" "and --served are for timing runs only" "$t/served.log"
printf '%s\n' "$t/nowhere.so" "$t/ns.log" --describe >"$t/ns"
echo "$t/ns" | serve; rc=$?
check_eq "a kernel.so that cannot be loaded: exit 2" "$rc" 2
check_grep "... said in the job's log" "cannot load its bench" "$t/ns.log"
echo "$so" >"$t/short"
echo "$t/short" | serve; rc=$?
check_eq "a job file without its log line: the server's own failure, exit 3" "$rc" 3
check_grep "... said on the server's stderr" "not a job file" "$t/err"
# --ready: made once the device is open; a job's kernel.so is unloaded once the job has returned
# (the server's memory map, read while it waits for its next job, no longer holds it)
mkfifo "$t/in"
"$serve" --gpu-lock "$t/lock" --ready "$t/ready" --no-device <"$t/in" >"$t/out" 2>"$t/err" & spid=$!
exec {w}>"$t/in"
for i in $(seq 100); do [ -e "$t/ready" ] && break; sleep 0.05; done
check "--ready: the file is made once the server has started" test -e "$t/ready"
rm -f "$t/d1.rc"; echo "$t/d1" >&$w
for i in $(seq 100); do [ -e "$t/d1.rc" ] && break; sleep 0.05; done
check_eq "... a job answered" "$(cat "$t/d1.rc" 2>/dev/null)" 0
check_eq "... and its kernel.so is no longer mapped in the server" "$(grep -c "$(basename "$so")" /proc/$spid/maps)" 0
exec {w}>&-; wait $spid; rc=$?
check_eq "... end of input: exit 0" "$rc" 0
"$serve" --gpu-lock "$t/lock" --ready "$t/no/such/dir/ready" --no-device </dev/null >/dev/null 2>"$t/err"; rc=$?
check_eq "a --ready that cannot be made: the server's own failure, exit 3" "$rc" 3
"$serve" --no-device </dev/null >/dev/null 2>"$t/err"; rc=$?
check_eq "no --gpu-lock: exit 2" "$rc" 2
check_grep "... with the usage" "usage: serve --gpu-lock FILE" "$t/err"
"$serve" --gpu-lock "$t/lock" --device x --no-device </dev/null >/dev/null 2>"$t/err"; rc=$?
check_eq "a --device that is not an index: exit 2" "$rc" 2
done_testing
