# gpus.sh — sourced by search.sh and with_gpu.sh (`session measure` and `session shards` keep the same
# rules in C, tools/session/run_lock.h and shards_plan.h): which GPUs a GPUS setting names, and
# the host-wide lock that keeps two timing jobs off one GPU.
#   gpu_list SPEC   sets gpus=(indices) from SPEC (`all`: every GPU nvidia-smi lists; else indices
#                   separated by commas or spaces); returns 1 with the reason in gpu_err
#   gpu_lock INDEX  the lock file of GPU INDEX in the lock directory (below)
#   gpu_lock_file FILE   makes lock file FILE if missing, safely; 1 with gpu_err when it cannot
#   gpu_lock_take FD INDEX WHAT   takes GPU INDEX's lock on file descriptor FD for WHAT (words
#                   for the holder's note), waiting at most GPU_LOCK_WAIT seconds (3600; 0: no
#                   limit) and saying who holds it; 1 with gpu_err when it cannot
# The lock directory: GPU_LOCK_DIR, default /tmp/cudadent42-locks, one per host (sessions of
# every user share the GPUs), made on first use sticky and writable by all, as /tmp is: a user
# can neither remove nor replace another's file there. A directory that is a symbolic link, or
# that others may write without the sticky bit, is refused. A lock file is made with O_EXCL
# (noclobber: never through a symbolic link) and opened read-only (flock needs no write access),
# so a file planted in its place is never truncated or written. The holder of a GPU leaves a note,
# cudadent42-gpu<i>.<uid>.holder ("pid user what since"), which a waiter prints while the holder
# lives.
gpu_list() {
  local g
  declare -A seen_gpu=()
  gpus=() gpu_err=
  case $1 in
    all) command -v nvidia-smi >/dev/null 2>&1 || { gpu_err="'all' needs nvidia-smi to list the GPUs"; return 1; }
         mapfile -t gpus < <(nvidia-smi --query-gpu=index --format=csv,noheader 2>/dev/null | tr -d ' \r') ;;
    *) mapfile -t gpus < <(printf '%s\n' ${1//,/ }) ;;
  esac
  [ ${#gpus[@]} -gt 0 ] || { gpu_err="'$1' names no GPU"; return 1; }
  for g in "${gpus[@]}"; do
    [[ $g =~ ^[0-9]{1,3}$ ]] || { gpu_err="'$g' is not a GPU index (GPUS=all, or indices such as 0,1)"; return 1; }
    [ -z "${seen_gpu[$g]:-}" ] || { gpu_err="GPU $g is listed twice (two timing jobs on one GPU would disturb each other)"; return 1; }
    seen_gpu[$g]=1
  done
}
# the GPU a tool that takes no GPUS= setting runs on: GPU, else the first of CUDA_VISIBLE_DEVICES
# when it is an index, else 0
gpu_default_index() {
  local v=${GPU:-${CUDA_VISIBLE_DEVICES:-0}}; v=${v%%,*}
  [[ $v =~ ^[0-9]{1,3}$ ]] && echo "$v" || echo 0
}
gpu_lock_dir() { echo "${GPU_LOCK_DIR:-/tmp/cudadent42-locks}"; }
gpu_lock() { echo "$(gpu_lock_dir)/cudadent42-gpu$1.lock"; }
gpu_lock_dir_ok() {
  local d; d=$(gpu_lock_dir)
  if [ ! -e "$d" ] && [ ! -L "$d" ]; then
    mkdir -p "$d" 2>/dev/null && { [ -n "${GPU_LOCK_DIR:-}" ] || chmod 1777 "$d" 2>/dev/null; } ||
      { gpu_err="cannot make the lock directory $d (GPU_LOCK_DIR chooses it)"; return 1; }
  fi
  if [ -L "$d" ] || [ ! -d "$d" ]; then gpu_err="the lock directory $d is not a directory (a symbolic link?): refused"; return 1; fi
  local m; m=$(stat -c %a "$d" 2>/dev/null)
  if [ -n "$m" ] && [ $(( 8#$m & 8#1002 )) -eq 2 ]; then
    gpu_err="the lock directory $d may be written by others without the sticky bit (mode $m): refused"; return 1
  fi
}
gpu_lock_file() {  # gpu_lock_file FILE [rw]: rw: a lock every user opens for writing (bench
                   # --gpu-lock does, without truncating): made writable by all
  local f=$1
  gpu_lock_dir_ok || return 1
  [ -e "$f" ] || [ -L "$f" ] || { (set -C; : >"$f") 2>/dev/null && [ "${2:-}" = rw ] && chmod a+rw "$f" 2>/dev/null; }
  if [ -L "$f" ] || [ ! -f "$f" ]; then gpu_err="$f is not a plain file (a symbolic link?): refused as a GPU lock"; return 1; fi
  [ -r "$f" ] || { gpu_err="$f cannot be read ($(stat -c 'owner %U, mode %a' "$f" 2>/dev/null)): a lock another user made unreadable"; return 1; }
}
# the live holders' notes of GPU $1, one line each
gpu_lock_holders() {
  local h pid rest
  for h in "$(gpu_lock_dir)"/cudadent42-gpu"$1".*.holder; do
    [ -f "$h" ] && [ ! -L "$h" ] && read -r pid rest <"$h" 2>/dev/null || continue
    [[ $pid =~ ^[0-9]+$ ]] && [ -d "/proc/$pid" ] && echo "pid $pid $rest"
  done
}
# the live holders of GPU $1 other than this shell, on one line ("" when none)
gpu_lock_others() { gpu_lock_holders "$1" | grep -v "^pid $$ " | paste -sd';' -; }
gpu_lock_take() {
  local fd=$1 i=$2 what=$3 f wait=${GPU_LOCK_WAIT:-3600} who
  f=$(gpu_lock "$i")
  [[ $wait =~ ^[0-9]+$ ]] || { gpu_err="GPU_LOCK_WAIT '$wait' is not a count of seconds"; return 1; }
  gpu_lock_file "$f" || return 1
  eval "exec $fd<\"\$f\"" || { gpu_err="cannot open $f"; return 1; }
  # (the waits in the background, so that a signal is not held back: the lock is the open file's,
  # which this shell keeps)
  if ! flock -n "$fd"; then
    who=$(gpu_lock_holders "$i" | paste -sd';' -)
    echo "${0##*/}: GPU $i is busy${who:+ (held by $who)}: waiting$([ "$wait" -eq 0 ] || echo " at most $wait s") (GPU_LOCK_WAIT)" >&2
    if [ "$wait" -gt 0 ]; then { flock -w "$wait" "$fd" & wait $!; }; else { flock "$fd" & wait $!; }; fi ||
      { gpu_err="GPU $i was still held after $wait s${who:+ by $who} ($f): not measured"; return 1; }
  fi
  local note; note="$(gpu_lock_dir)/cudadent42-gpu$i.$(id -u).holder"
  rm -f "$note.$$" 2>/dev/null
  { (set -C; printf '%s %s %s since %s\n' "$$" "$(id -un 2>/dev/null || id -u)" "$what" "$(date -u +%H:%M:%SZ)" >"$note.$$") &&
    mv -f "$note.$$" "$note"; } 2>/dev/null || rm -f "$note.$$" 2>/dev/null || true
}
