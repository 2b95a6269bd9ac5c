#!/usr/bin/env bash
# with_gpu.sh WHAT CMD... — runs CMD holding the lock of the GPU it runs on (tools/pipeline/gpus.sh:
# GPU, else the first index of CUDA_VISIBLE_DEVICES, else 0), as a measure session holds it, so
# that a tool timing or loading that GPU (make ceilings) never overlaps a session's timing there.
# WHAT names the holder in its note. Exit: CMD's, or 2 when the lock cannot be had.
set -u
[ $# -ge 2 ] || { echo "usage: with_gpu.sh WHAT CMD..." >&2; exit 2; }
what=$1; shift
. tools/pipeline/gpus.sh
gpu_lock_take 9 "$(gpu_default_index)" "$what" || { echo "${what%% *}: $gpu_err" >&2; exit 2; }
"$@" 9<&-
