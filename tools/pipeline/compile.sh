#!/usr/bin/env bash
# compile.sh — build one variant's bench binary and record how it went.
#   compile.sh OUTDIR FLAGS_FILE KERNEL_SRC SHAPES_FILE -- HARNESS_OBJ... [-- LINK_ARGS...]
# (KERNEL_SRC OUTDIR/kernel.o: an object made already, linked as it is, with FLAGS_FILE none)
# Environment: NVCC, NVCCFLAGS, NVCC_ARCH, CUDART_SHARED (how kernel.so links the shared CUDA runtime,
# default -cudart shared), FLAGCHECK, GATETAB (default $B/tools/gatetab), BUILD_TIMEOUT (s, default 120).
# Writes OUTDIR/{flags,build.log,status,bench,kernel.so,describe.txt,shapes.txt,not_applicable.txt,kernel.d}.
# kernel.so is the same bench as a shared object (entry bench_entry), which a serving process
# loads to time the variant in a context it keeps open (tools/pipeline/serve.cu); so every object
# is compiled position-independent (-fPIC) and the object linked with the shared CUDA runtime, the
# one the server itself links. status line 1 is ok or a reason of the build stage (build_failed,
# build_timeout, invalid_config: tools/gates/build_status.h, written by gatetab status), line 2 a
# one-line detail. Exits 0 whenever
# the outcome was recorded, so one failed variant never stops the others.
# Flag tokens are validated by flagcheck and passed to nvcc as array elements: no text from a
# flag file is ever parsed by a shell.
set -u
out=$1 flags_in=$2 kernel=$3 shapes_in=$4; shift 4
[ "${1:-}" = -- ] && shift
objs=(); while [ $# -gt 0 ] && [ "$1" != -- ]; do objs+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
# LINK_ARGS: a C baseline's (its .link file): the -I ones are the compile's, the others the link's
# (a word after -Xlinker is the linker's, whatever it starts with)
link=() incs=() x=
for a in "$@"; do
  if [ -z "$x" ] && [[ $a == -I* ]]; then incs+=("$a"); else link+=("$a"); fi
  [ -z "$x" ] && [ "$a" = -Xlinker ] && x=1 || x=
done
mkdir -p "$out"
# the shapes this binary can run: the ones its describe accepts; a shape it refuses (e.g. another
# head dimension than the build's) is not applicable to this variant, listed with the reason in
# not_applicable.txt, not a failure; a variant that can run none of them is invalid_config
describe() {
  local args=() s
  while read -r s; do args+=(--shape "$s"); done <"$shapes_in"
  if ! "$out/bench" --describe --sm-count "${SM_COUNT:-132}" "${args[@]}" >"$out/describe.all" 2>>"$out/build.log"; then
    status build_failed "bench --describe failed: $(tail -n 1 "$out/build.log")"; return
  fi
  grep -v ' error=' "$out/describe.all" >"$out/describe.txt"
  grep ' error=' "$out/describe.all" | sed 's/^shape=\([^ ]*\) error=/\1: /' >"$out/not_applicable.txt"
  sed -n 's/^shape=\([^ ]*\) .*/\1/p' "$out/describe.txt" >"$out/shapes.txt"
  rm -f "$out/describe.all"
  if [ ! -s "$out/shapes.txt" ]; then
    status invalid_config "no shape of the experiment is applicable: $(head -n 1 "$out/not_applicable.txt")"; return
  fi
  status ok ""
}
# nvcc runs under timeout, which puts it in a process group of its own: a TERM to this script
# (a measure session stopping its builder's make) is passed on to timeout, which passes it to nvcc
tpid=
trap '[ -z "$tpid" ] || kill -TERM "$tpid" 2>/dev/null; exit 143' TERM INT
tmo_run() { # tmo_run CMD...: CMD under the build timeout, stoppable by the trap above
  timeout -k 5 "$tmo" "$@" & tpid=$!
  wait "$tpid"; local rc=$?; tpid=; return $rc
}
status() { # status WORD DETAIL: written by the gate table's command (tools/gates/build_status.h)
  "${GATETAB:-${B:-build}/tools/gatetab}" status "$out/status" "$1" "$2" || exit 2
  [ "$1" = ok ] || echo "compile: $(basename "$out"): $1: $2" >&2
}
# DESCRIBE_ONLY=1 (make: the experiment's shapes are all that changed since the last build): the
# binaries and the build log stand (built: written once both were linked); describe runs again
if [ "${DESCRIBE_ONLY:-}" = 1 ] && [ -f "$out/built" ] && [ -x "$out/bench" ] && [ -f "$out/kernel.so" ]; then
  rm -f "$out/describe.txt" "$out/gate.csv"
  describe; exit 0
fi
# (gate.csv too: the gate row of an earlier build must not outlive a build that did not finish)
rm -f "$out/bench" "$out/kernel.so" "$out/describe.txt" "$out/gate.csv" "$out/built"
read -r -a nvccflags <<<"${NVCCFLAGS:-}"
read -r -a arch <<<"${NVCC_ARCH:-}"
tmo=${BUILD_TIMEOUT:-120}

# the kernel's tunables table (kernels/<kernel>.tunables), when it declares one
tunables=${kernel%.cu}.tunables; [ -f "$tunables" ] || tunables=
# a build's log starts empty (flagcheck starts a variant's; a C baseline's is started here), but a
# dispatching build's, which holds its configurations' logs already (link_dispatch.sh)
if [ "$flags_in" = none ] && [ "$kernel" != "$out/kernel.o" ]; then : >"$out/build.log"; fi
if [ "$flags_in" = none ]; then : >"$out/flags"
elif ! "$FLAGCHECK" "$flags_in" "$out/flags" ${tunables:+"$tunables"} 2>"$out/build.log"; then
  status invalid_config "$(head -n 1 "$out/build.log")"; exit 0
fi
mapfile -t flags <"$out/flags"

# static_assert messages mark refused configurations; anything else is a failed build. Judged on
# what this script's steps wrote, not on a log it was handed (a dispatching build's starts with
# its configurations' logs, link_dispatch.sh)
log0=$(( $(wc -c <"$out/build.log" 2>/dev/null || echo 0) + 1 ))
classify() { # classify RC
  if [ "$1" -eq 124 ] || [ "$1" -eq 137 ]; then status build_timeout "compile exceeded ${tmo} s"; return; fi
  local sa; sa=$(tail -c +"$log0" "$out/build.log" | grep -m1 -E 'static assertion failed|static_assert' | sed 's/^.*error: //')
  if [ -n "$sa" ]; then status invalid_config "$sa"; return; fi
  # a link that failed names what is missing (a library not found, a symbol no library gave), not
  # the linker's closing "ld returned 1 exit status"
  local miss; miss=$(tail -c +"$log0" "$out/build.log" | grep -m1 -oE "cannot find -l[^ :]+|undefined reference to .[^'\"]+.")
  if [ -n "$miss" ]; then status build_failed "link: $miss (what its .link file declares: ${link[*]:-nothing})"; return; fi
  status build_failed "$(tail -c +"$log0" "$out/build.log" | grep -m1 -E 'error' || echo "nvcc exited with status $1")"
}
# a kernel under kernels/<problem>/ sees the harness's headers and its problem's; a kernel that is
# OUTDIR/kernel.o already (a dispatching build's, tools/pipeline/link_dispatch.sh) is only linked
if [ "$kernel" != "$out/kernel.o" ]; then
  kdir=$(dirname "$kernel")
  tmo_run "$NVCC" "${nvccflags[@]}" "${arch[@]}" -Xcompiler -fPIC "${flags[@]}" -Ikernels/harness -I"$kdir" "${incs[@]}" -Xptxas -v \
    -MMD -MP -MT "$out/status" -MF "$out/kernel.d" -c "$kernel" -o "$out/kernel.o" \
    >>"$out/build.log" 2>&1 || { classify $?; exit 0; }
  # -MP makes every header a phony target, not the kernel source: add it, so that a kernel moved or
  # renamed later never leaves a dependency make cannot satisfy
  printf '\n%s:\n' "$kernel" >>"$out/kernel.d"
fi
tmo_run "$NVCC" "${arch[@]}" -o "$out/bench.tmp" "$out/kernel.o" "${objs[@]}" \
  -ldl "${link[@]}" >>"$out/build.log" 2>&1 || { classify $?; exit 0; }
mv "$out/bench.tmp" "$out/bench"
read -r -a cudart <<<"${CUDART_SHARED:--cudart shared}"
tmo_run "$NVCC" "${arch[@]}" -shared "${cudart[@]}" \
  -o "$out/kernel.so.tmp" "$out/kernel.o" "${objs[@]}" -ldl "${link[@]}" >>"$out/build.log" 2>&1 ||
  { classify $?; exit 0; }
mv "$out/kernel.so.tmp" "$out/kernel.so"

: >"$out/built"
describe
