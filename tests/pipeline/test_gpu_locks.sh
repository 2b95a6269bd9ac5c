#!/usr/bin/env bash
# test_gpu_locks.sh — the GPU locks (`session lock`, tools/session/run_lock.h) against another local user's tricks,
# on a machine without a GPU: a symbolic link planted as a lock file or as the lock directory, a
# directory others may write without the sticky bit, a lock held by another process (a bounded
# wait that names the holder), an unreadable lock; and measure stopping, blaming no variant, when
# its run ran out of time while another process held the runs' lock.
set -u
. tests/lib.sh
t=$(mktemp -d); trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$t"' EXIT
# take DIR INDEX [VAR=VALUE...]: a command that takes GPU INDEX's lock in DIR and prints "took"
take() { local d=$1 i=$2; shift 2; env "$@" GPU_LOCK_DIR="$d" GPU="$i" build/tools/session lock "a test" echo took 2>"$t/err"; }

# a lock file that is a symbolic link to a victim file: refused, the victim untouched
mkdir -p "$t/l1"; printf 'precious\n' >"$t/victim"; ln -s "$t/victim" "$t/l1/cudadent42-gpu0.lock"
out=$(take "$t/l1" 0); rc=$?
check_eq "a lock file planted as a symbolic link: refused (exit 2)" "$rc $out" "2 "
check_grep "... saying so" "not a plain file \(a symbolic link\?\)" "$t/err"
check_eq "... the file it points to is untouched" "$(cat "$t/victim")" precious
# a dangling symbolic link (the target not yet there): not created through it
mkdir -p "$t/l2"; ln -s "$t/made-by-link" "$t/l2/cudadent42-gpu0.lock"
take "$t/l2" 0 >/dev/null
check "a dangling link: nothing made where it points" test ! -e "$t/made-by-link"
# the lock directory a symbolic link: refused
mkdir -p "$t/real"; ln -s "$t/real" "$t/l3"
out=$(take "$t/l3" 0); rc=$?
check_eq "the lock directory a symbolic link: refused (exit 2)" "$rc" 2
check_grep "... saying so" "is not a directory \(a symbolic link\?\)" "$t/err"
# a directory others may write without the sticky bit: refused
mkdir -p "$t/l4"; chmod 0777 "$t/l4"
out=$(take "$t/l4" 0); rc=$?
check_eq "a directory writable by all without the sticky bit: refused (exit 2)" "$rc" 2
check_grep "... saying so" "without the sticky bit \(mode 777\)" "$t/err"
chmod 1777 "$t/l4"
check_eq "... with the sticky bit (as /tmp): taken" "$(take "$t/l4" 0)" took
# a fresh directory: the lock made (a plain file, read-only for others), the holder's note left
mkdir -p "$t/l5"
check_eq "a fresh directory: taken" "$(take "$t/l5" 3)" took
check "... the lock is a plain file" test -f "$t/l5/cudadent42-gpu3.lock" -a ! -L "$t/l5/cudadent42-gpu3.lock"
check_grep "... the holder's note names what held it" " a test since " "$t/l5/cudadent42-gpu3.$(id -u).holder"
# held by another process: a bounded wait (GPU_LOCK_WAIT) that names the holder, then no lock
GPU_LOCK_DIR=$t/l5 GPU=1 build/tools/session lock "make measure EXP=other" sleep 30 2>/dev/null &
for i in $(seq 100); do [ -e "$t/l5/cudadent42-gpu1.$(id -u).holder" ] && break; sleep 0.05; done
s0=$SECONDS
out=$(take "$t/l5" 1 GPU_LOCK_WAIT=1); rc=$?
check_eq "a GPU held by another process: exit 2 after GPU_LOCK_WAIT=1" "$rc $out" "2 "
check "... within a few seconds" test $(( SECONDS - s0 )) -le 4
check_grep "... naming the holder while it waits" "GPU 1 is busy \(held by pid [0-9]+ .* make measure EXP=other since" "$t/err"
check_grep "... and when it gives up" "GPU 1 was still held after 1 s by pid" "$t/err"
# an unreadable lock (another user's, mode 0): refused, saying so (root reads anything: skipped)
if [ "$(id -u)" != 0 ]; then
  mkdir -p "$t/l6"; : >"$t/l6/cudadent42-gpu0.lock"; chmod 0 "$t/l6/cudadent42-gpu0.lock"
  out=$(take "$t/l6" 0); rc=$?
  check_eq "an unreadable lock: refused (exit 2)" "$rc" 2
fi
GPU_LOCK_WAIT=x take "$t/l5" 2 >/dev/null; rc=$?
check_eq "GPU_LOCK_WAIT not a count: refused (exit 2)" "$rc" 2

# measure: a run that ran out of time while another process held the runs' lock is no verdict
b=$t/build/lk; mkdir -p "$b/good"
printf -- '-DX=1\n' >"$b/good/flags"; printf 'B1_H1_S8_D64_C0\n' >"$b/good/shapes.txt"
printf '#!/usr/bin/env bash\nfor a in "$@"; do [ "$a" = --gpu-slug ] && { echo fake-gpu; exit 0; }; [ "$a" = --check ] && exit 0; done\n. %s/tests/fixtures/bench/turn.sh "$@"\nexit 0\n' "$PWD" >"$b/good/bench"
chmod +x "$b/good/bench"
printf 'variant,verdict,reason,detail,kernel,regs\ngood,pass,,,k,1\n' >"$b/gates.csv"
mkdir -p "$t/locks" && chmod 1777 "$t/locks" && : >"$t/locks/cudadent42-gpu0.lock.runs"
flock "$t/locks/cudadent42-gpu0.lock.runs" sleep 40 & holder=$!
sleep 0.3
env PROBLEM=attention SAMPLES_BIN=$PWD/build/tools/samples SESSION_BIN=$PWD/build/tools/session GATETAB=$PWD/build/tools/gatetab B=$t/build DATA_OUT=$t/data GPU_LOCK_DIR=$t/locks PRESTART=0 SERVE=0 RUN_TIMEOUT=1 ROUNDS=1 REPS=2 \
  SHAPES=B1_H1_S8_D64_C0 GIT_REV=abc SESSION=lk1 build/tools/session measure lk >/dev/null 2>"$t/merr"; rc=$?
check_eq "measure, the runs' lock held by another process, RUN_TIMEOUT=1: exit 2" "$rc" 2
check_grep "... no verdict on the variant, the lock named" "good: its run ran out of time while another process held the runs' lock on GPU 0 .*no verdict on good" "$t/merr"
check "... and no run_timeout recorded for it" bash -c "! grep -qs 'good,.*run_timeout' '$b/runtime.csv' '$b/gates.csv'"
kill $holder 2>/dev/null
# a server that never opens the device (its lock held elsewhere): the session stops after
# SERVE_START_TIMEOUT, saying so, and blames no variant
printf '#!/usr/bin/env bash\nsleep 30\n' >"$t/stuck-serve"; chmod +x "$t/stuck-serve"
s0=$SECONDS
env PROBLEM=attention SAMPLES_BIN=$PWD/build/tools/samples SESSION_BIN=$PWD/build/tools/session GATETAB=$PWD/build/tools/gatetab B=$t/build DATA_OUT=$t/data GPU_LOCK_DIR=$t/locks SERVE=1 \
  SERVE_BIN=$t/stuck-serve SERVE_START_TIMEOUT=1 ROUNDS=1 REPS=2 SHAPES=B1_H1_S8_D64_C0 GIT_REV=abc SESSION=lk2 \
  build/tools/session measure lk >/dev/null 2>"$t/merr"; rc=$?
check_eq "a server that never gets ready, SERVE_START_TIMEOUT=1: exit 2" "$rc" 2
check "... within seconds" test $(( SECONDS - s0 )) -le 8
check_grep "... saying so" "the server on GPU 0 did not open the device within 1 s \(SERVE_START_TIMEOUT\)" "$t/merr"
check "... the server is gone" bash -c "! pgrep -f '$t/stuck-serv[e]' >/dev/null"
