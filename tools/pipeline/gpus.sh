# gpus.sh — sourced by measure.sh, shards.sh and search.sh: which GPUs a GPUS setting names, and
# the host-wide lock that keeps two timing jobs off one GPU.
#   gpu_list SPEC   sets gpus=(indices) from SPEC (`all`: every GPU nvidia-smi lists; else indices
#                   separated by commas or spaces); returns 1 with the reason in gpu_err
#   gpu_lock INDEX  the lock file of GPU INDEX (GPU_LOCK_DIR, default /tmp)
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
gpu_lock() { echo "${GPU_LOCK_DIR:-/tmp}/cudadent42-gpu$1.lock"; }
