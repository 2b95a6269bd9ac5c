#!/usr/bin/env bash
# code_id.sh — the one definition of "the same code": the id a sample file's `# code:` header
# carries (`session measure` writes it), the trial log of a search is keyed by (search.sh) and
# check-published compares the published files with (check_published.sh).
#   code_id_kernels PATH...   kernels:<12 hex>: the sha256 of the sorted names and contents of the
#                             C/CUDA sources and tunables (*.c *.h *.cu *.cuh *.tunables) under
#                             PATH... — make's CODE_SRC (mk/measure.mk): the harness, the problem's
#                             folder and the host C a bench is linked with
#   code_id_runner FILE       <lib>:<12 hex>: a library runner <lib>_bench.py (LIB_BENCH) by the
#                             sha256 of its text; `session measure` appends the library's versions after a
#                             space (`sdpa:8f48afd4958b torch=… cudnn=…`), which only a GPU host
#                             knows, so ids are compared up to the first space (code_id_base)
#   code_id_lib FILE          <lib> of a runner path (none_bench.py: none)
#   code_id_for VARIANT KERNELS RUNNER   the id a variant's file carries: RUNNER's (the versions
#                             may follow it) for a baseline <lib>-* of the runner, else KERNELS
#   code_id_base ID           ID up to its first space
# The ids hash the sources themselves, not git: the GPU host's copy of the tree may carry no or a
# stale .git, and a change elsewhere in the repository changes nothing that runs.
# Sourced (. tools/pipeline/code_id.sh) it defines these functions; run as a command,
# `code_id.sh kernels PATH...` or `code_id.sh runner FILE` prints the id (exit 2 on misuse).
code_id_kernels() {
  echo "kernels:$(find "$@" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' -o -name '*.tunables' \) \
    -print0 | LC_ALL=C sort -zu | xargs -0 sha256sum | sha256sum | cut -c1-12)"
}
code_id_lib() { basename "$1" _bench.py; }
code_id_runner() { echo "$(code_id_lib "$1"):$(sha256sum <"$1" | cut -c1-12)"; }
code_id_base() { echo "${1%% *}"; }
code_id_for() {
  local lib=${3%%:*}
  if [ -n "$3" ] && [[ $1 == "$lib"-* ]]; then echo "$3"; else echo "$2"; fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -u
  case ${1:-} in
    kernels) [ $# -ge 2 ] || { echo "code_id: kernels needs a source path" >&2; exit 2; }
             shift; code_id_kernels "$@" ;;
    runner)  [ $# -eq 2 ] && [ -f "$2" ] || { echo "code_id: runner needs one runner file" >&2; exit 2; }
             code_id_runner "$2" ;;
    *) echo "usage: code_id.sh kernels PATH... | code_id.sh runner FILE" >&2; exit 2 ;;
  esac
fi
