#!/usr/bin/env bash
# sanitize.sh — compute-sanitizer memcheck, racecheck, initcheck and synccheck over every variant
# that passed the gates, on the variant's smallest shapes (`bench --check`). Called by
# `make sanitize`.
#   sanitize.sh EXP
# Environment: B, DATA_OUT, SAN_SHAPES (how many of the smallest shapes, default 2),
#   SAN_TOOLS (default "memcheck racecheck initcheck synccheck"), SAN_TIMEOUT (s, default 300).
# Writes build/EXP/sanitize.csv (variant,tool,shape_count,result,errors,first_message); a variant
# with any error becomes a runtime_error row in build/EXP/gates.csv; the table is published
# beside the samples as data/EXP/<gpu>/sanitize.csv.
set -u
exp=$1
b=${B:-build}/$exp
say() { echo "sanitize: $*" >&2; }
die() { echo "sanitize: $*" >&2; exit 2; }
cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null) \
  || die "compute-sanitizer not found (CUDA Toolkit); it runs only where a GPU is"
[ -f "$b/gates.csv" ] || die "$b/gates.csv: missing (run make gates EXP=$exp)"
mapfile -t vs < <(awk -F, 'NR > 1 && $2 == "pass" { print $1 }' "$b/gates.csv")
[ ${#vs[@]} -gt 0 ] || die "$exp: no variant passed the gates"
slug=$("$b/${vs[0]}/bench" --gpu-slug 2>/dev/null) || die "no usable GPU here"
tools=(${SAN_TOOLS:-memcheck racecheck initcheck synccheck})
# the smallest shapes: fewest B*H*Sq*Skv first
smallest() {
  awk '{ n = split($0, f, "_"); b = substr(f[1], 2); h = substr(f[2], 2); sq = substr(f[3], 2); skv = sq
         if (f[4] ~ /^K/) skv = substr(f[4], 2)
         print b * h * sq * skv, $0 }' "$1" | sort -n | head -n "${SAN_SHAPES:-2}" |
    awk '{ print "--shape"; print $2 }'
}
out=$b/sanitize.csv
echo "variant,tool,shapes,result,errors,first_message" >"$out.tmp"
: >>"$b/runtime.csv"
bad=0 n=0
for v in "${vs[@]}"; do
  mapfile -t sa < <(smallest "$b/$v/shapes.txt")
  for t in "${tools[@]}"; do
    n=$((n + 1))
    log=$b/$v/sanitize.$t.log
    timeout -k 5 "${SAN_TIMEOUT:-300}" "$cs" --tool "$t" --error-exitcode 9 \
      $( [ "$t" = memcheck ] && echo --leak-check full ) \
      "$b/$v/bench" --check "${sa[@]}" >"$log" 2>&1
    rc=$?
    errs=$(grep -oE 'ERROR SUMMARY: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+$'); errs=${errs:-0}
    if [ $rc -eq 0 ] && [ "$errs" -eq 0 ]; then res=clean msg=""
    else
      res=error; bad=$((bad + 1))
      msg=$(grep -m1 -E '^========= [A-Z]|Invalid|Race|error' "$log" | sed 's/^========= //' | tr -d '",' | cut -c1-200)
      [ $rc -eq 124 ] && msg="timed out after ${SAN_TIMEOUT:-300} s"
      [ -n "$msg" ] || msg="exit $rc"
      printf '%s,runtime_error,"%s: %s"\n' "$v" "$t" "$msg" >>"$b/runtime.csv"
    fi
    printf '%s,%s,%s,%s,%s,"%s"\n' "$v" "$t" "$(( ${#sa[@]} / 2 ))" "$res" "$errs" "$msg" >>"$out.tmp"
    say "$v $t: $res${msg:+ ($msg)}"
  done
done
mv "$out.tmp" "$out"
dest=${DATA_OUT:-data}/$exp/$slug
mkdir -p "$dest" && cp "$out" "$dest/.sanitize.csv.tmp" && mv "$dest/.sanitize.csv.tmp" "$dest/sanitize.csv"
say "$n runs over ${#vs[@]} variants: $((n - bad)) clean, $bad with errors -> $out, $dest/sanitize.csv"
[ $bad -eq 0 ]
