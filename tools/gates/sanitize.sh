#!/usr/bin/env bash
# sanitize.sh — compute-sanitizer memcheck, racecheck, initcheck and synccheck over every variant
# that passed the gates, on the variant's smallest shapes (`bench --check`). Called by
# `make sanitize`.
#   sanitize.sh EXP
# Environment: B, DATA_OUT, GIT_REV (recorded in the table's header), SANITIZE_SHAPES (shapes to use where the variant runs them; the
#   experiment's choice of edge cases), SAN_SHAPES (else: how many of the smallest, default 2),
#   SAN_TOOLS (default "memcheck racecheck initcheck synccheck"), SAN_TIMEOUT (s, default 300),
#   SAN_JOBS (parallel sanitizer processes, default 1), GATETAB (the gate table's command, default
#   $B/tools/gatetab), SESSION_BIN (the session command, default $B/tools/session: the GPU's lock).
# Writes build/EXP/sanitize.csv (`# key: value` header: git_rev, gpu_slug, date, tools; then
# variant,tool,shape_count,result,errors,first_message); a variant
# with any error becomes a runtime_error row in build/EXP/gates.csv; the table is published
# beside the samples as data/EXP/<gpu>/sanitize.csv.
set -u
exp=$1
b=${B:-build}/$exp
gatetab=${GATETAB:-${B:-build}/tools/gatetab}
say() { echo "sanitize: $*" >&2; }
die() { echo "sanitize: $*" >&2; exit 2; }
cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null) \
  || die "compute-sanitizer not found (CUDA Toolkit): it runs on a GPU host; without a GPU, use make report"
[ -f "$b/gates.csv" ] || die "$b/gates.csv: missing (run make gates EXP=$exp)"
pass_list=$("$gatetab" list --pass --runtime "$b/runtime.csv" "$b/gates.csv") || exit 2
mapfile -t vs < <([ -z "$pass_list" ] || printf '%s\n' "$pass_list")
[ ${#vs[@]} -gt 0 ] || die "$exp: no variant passed the gates"
slug=$("$b/${vs[0]}/bench" --gpu-slug 2>/dev/null) || die "no usable GPU here; without a GPU, use make report"
# the GPU's lock, as a measure session holds it: no sanitizer run overlaps a session's timing there
# (`session lock`, tools/session/run_gpus.h: this script runs again, under it)
[ -n "${GPU_LOCK_HELD:-}" ] || GPU_LOCK_HELD=1 exec "${SESSION_BIN:-${B:-build}/tools/session}" lock "make sanitize EXP=$exp" "$0" "$@"
tools=(${SAN_TOOLS:-memcheck racecheck initcheck synccheck})
# the shapes to sanitize a variant on: those of SANITIZE_SHAPES it runs, else its smallest
pick_shapes() {
  local s found=0
  for s in ${SANITIZE_SHAPES:-}; do
    grep -qx -- "$s" "$1" && { printf -- '--shape\n%s\n' "$s"; found=1; }
  done
  [ $found -eq 1 ] || smallest "$1"
}
# the smallest shapes: the fewest bytes of the problem's work first (bench --describe's bytes=, in
# the variant's describe.txt beside its shapes.txt)
smallest() {
  awk '{ b = ""; for (i = 1; i <= NF; i++) if ($i ~ /^bytes=/) b = substr($i, 7)
         if (b != "") print b, substr($1, 7) }' "$(dirname "$1")/describe.txt" | sort -g -k1,1 -s |
    head -n "${SAN_SHAPES:-2}" | awk '{ print "--shape"; print $2 }'
}
out=$b/sanitize.csv
# one job per (variant, tool), SAN_JOBS at a time (sanitized processes share the GPU well)
job() { # job VARIANT TOOL -> $b/VARIANT/sanitize.TOOL.{log,row}
  local v=$1 t=$2 log=$b/$1/sanitize.$2.log rc errs res msg sa
  mapfile -t sa < <(pick_shapes "$b/$v/shapes.txt")
  timeout -k 5 "${SAN_TIMEOUT:-300}" "$cs" --tool "$t" --error-exitcode 9 \
    $( [ "$t" = memcheck ] && echo --leak-check full ) "$b/$v/bench" --check "${sa[@]}" >"$log" 2>&1
  rc=$?
  errs=$(grep -oE 'ERROR SUMMARY: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+$'); errs=${errs:-0}
  # exit 1 is bench --check's numerics verdict (the numerics gate's finding, not the sanitizer's):
  # with no sanitizer error the run is clean, and the row says the check failed
  if [ $rc -eq 0 ] && [ "$errs" -eq 0 ]; then res=clean msg=""
  elif [ $rc -eq 1 ] && [ "$errs" -eq 0 ]; then res=clean msg="no sanitizer error; bench --check failed numerics"
  else
    res=error
    msg=$(grep -m1 -E '^========= [A-Z]|Invalid|Race|error' "$log" | sed 's/^========= //' | tr -d '",' | cut -c1-200)
    [ $rc -eq 124 ] && msg="timed out after ${SAN_TIMEOUT:-300} s"
    [ -n "$msg" ] || msg="exit $rc"
  fi
  printf '%s,%s,%s,%s,%s,"%s"\n' "$v" "$t" "$(( ${#sa[@]} / 2 ))" "$res" "$errs" "$msg" >"$b/$v/sanitize.$t.row"
  echo "sanitize: $v $t: $res${msg:+ ($msg)}" >&2
}
export -f job smallest pick_shapes; export b cs SAN_TIMEOUT SAN_SHAPES SANITIZE_SHAPES
for v in "${vs[@]}"; do for t in "${tools[@]}"; do rm -f "$b/$v/sanitize.$t.row"; printf '%s %s\n' "$v" "$t"; done; done |
  xargs -P "${SAN_JOBS:-1}" -n 2 bash -c 'job "$0" "$1"'
# the table names what measured it, as a sample file does: the commit, the GPU, the date
{ echo "# cudadent42 sanitize v1"; echo "# experiment: $exp"; echo "# git_rev: ${GIT_REV:-unknown}"
  echo "# gpu_slug: $slug"; echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"; echo "# tools: ${tools[*]}"
  echo "variant,tool,shapes,result,errors,first_message"; } >"$out.tmp"
n=0 bad=0
for v in "${vs[@]}"; do
  for t in "${tools[@]}"; do
    n=$((n + 1)); row=$b/$v/sanitize.$t.row
    [ -f "$row" ] || { printf '%s,%s,0,error,0,"no result"\n' "$v" "$t" >"$row"; }
    cat "$row" >>"$out.tmp"
    if ! grep -q ',clean,' "$row"; then
      bad=$((bad + 1))
      "$gatetab" reject "$b/runtime.csv" "$v" runtime_error "$t: $(awk -F'"' '{ print $2 }' "$row")" || exit 2
    fi
  done
done
mv "$out.tmp" "$out"
dest=${DATA_OUT:-data}/$exp/$slug
mkdir -p "$dest" && cp "$out" "$dest/.sanitize.csv.tmp" && mv "$dest/.sanitize.csv.tmp" "$dest/sanitize.csv"
"$gatetab" merge "$b" "$dest" || exit 2
say "$n runs over ${#vs[@]} variants: $((n - bad)) clean, $bad with errors -> $out, $dest/sanitize.csv"
[ $bad -eq 0 ]
