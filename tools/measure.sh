#!/usr/bin/env bash
# measure.sh — runtime gates and timing for one experiment on a GPU host (needs nvcc's build
# outputs and a driver; no GSL, no gnuplot). Called by `make measure`.
#   measure.sh EXP
# Environment (from make): B, DATA_OUT (data), REPS, WARMUP, L2, GRAPH_CALLS, ROUNDS, SEED, RUN_TIMEOUT,
#   SDPA_BASELINES, SHAPES, GIT_REV, ORDER (interleaved|sequential), VARIANT (optional filter).
# For each variant that passed the static gates: `bench --check` (numerics / runtime_error /
# run_timeout), then ROUNDS rounds of timing, variants interleaved within each round (spreads
# clock and thermal drift), SDPA baselines through tools/sdpa_bench.py. Samples go to
# build/EXP/runs/, then merged into DATA_OUT/EXP/<gpu>/<v>.csv (temp file + rename: an
# interrupted run leaves published files untouched). The gate table with runtime verdicts is
# written to build/EXP/gates.csv and published beside the samples.
set -u
exp=$1
b=${B:-build}/$exp
rounds=${ROUNDS:-5}; reps=${REPS:-50}; order=${ORDER:-interleaved}
per_round=$(( (reps + rounds - 1) / rounds ))
say() { echo "measure: $*" >&2; }
die() { echo "measure: $*" >&2; exit 2; }
[ "${GRAPH_CALLS:-20}" != 0 ] || [ -z "${SDPA_BASELINES:-}" ] ||
  die "GRAPH_CALLS=0 times plain launches; the SDPA baselines are always timed as graph replays, so they would not compare like for like (drop GRAPH_CALLS=0 or the sdpa-* baselines)"
[ -f "$b/gates.csv" ] || die "$b/gates.csv: missing (run make gates EXP=$exp)"

# variants that passed the static gates (first three columns never hold commas)
mapfile -t cand < <(awk -F, 'NR > 1 && $2 == "pass" { print $1 }' "$b/gates.csv")
if [ -n "${VARIANT:-}" ]; then mapfile -t cand < <(printf '%s\n' "${cand[@]}" | grep -Fx -- "$VARIANT"); fi
[ ${#cand[@]} -gt 0 ] || die "$exp: no variant passed the static gates; see $b/gates.csv"

# the GPU, once: its slug names the data directory
slug=$("$b/${cand[0]}/bench" --gpu-slug 2>"$b/gpu.err") \
  || die "no usable GPU here ($(head -c 300 "$b/gpu.err")); on a machine without a GPU, use 'make report' to rebuild the appendix from data/"
dest=${DATA_OUT:-data}/$exp/$slug
mkdir -p "$b/runs" "$dest"
exec 9>"$b/.gpu.lock"; flock 9 || die "cannot lock $b/.gpu.lock"
say "$exp on $slug: ${#cand[@]} variants, $rounds rounds x $per_round reps, L2 ${L2:-cold}, $order"

shape_args() { local s; for s in $(cat "$1"); do printf -- '--shape\n%s\n' "$s"; done; }
: >"$b/runtime.csv"
reject() { # reject VARIANT REASON DETAIL
  printf '%s,%s,"%s"\n' "$1" "$2" "$(printf '%s' "$3" | tr -d '"\r' | tr '\n' ' ' | cut -c1-300)" >>"$b/runtime.csv"
  say "$1: $2: $3"
}
runtime_reason() { case $1 in 1) echo numerics ;; 124|137) echo run_timeout ;; *) echo runtime_error ;; esac; }

# 1. runtime gates: numerics (and crashes) before any timing
ok=()
i=0
for v in "${cand[@]}"; do
  i=$((i + 1))
  mapfile -t sa < <(shape_args "$b/$v/shapes.txt")
  timeout -k 5 "${RUN_TIMEOUT:-300}" "$b/$v/bench" --check --seed "${SEED:-42}" "${sa[@]}" >"$b/$v/check.log" 2>&1
  rc=$?
  if [ $rc -eq 0 ]; then ok+=("$v"); say "[$i/${#cand[@]}] $v: numerics pass"
  else reject "$v" "$(runtime_reason $rc)" "$(grep -m1 -E 'verdict=fail|error|bench:' "$b/$v/check.log" || echo "exit $rc")"; fi
done

# 2. timing, in rounds
sdpa=()
for bl in ${SDPA_BASELINES:-}; do sdpa+=("$bl"); done
mapfile -t all_shapes < <(printf '%s\n' ${SHAPES})
flags_of() { tr '\n' ' ' <"$b/$1/flags" | sed 's/ $//'; }
run_one() { # run_one NAME ROUND
  local v=$1 r=$2 out="$b/runs/$1.r$2.csv" rc
  local common=(--reps "$per_round" --warmup "${WARMUP:-10}" --l2 "${L2:-cold}"
                --graph-calls "${GRAPH_CALLS:-20}" --seed $(( ${SEED:-42} + r ))
                --out "$out" --meta "experiment=$exp" --meta "variant=$v" --meta "round=$r"
                --meta "git_rev=${GIT_REV:-unknown}" --meta "order=$order")
  case $v in
    sdpa-*)
      local sa=(); for s in "${all_shapes[@]}"; do sa+=(--shape "$s"); done
      timeout -k 5 "${RUN_TIMEOUT:-300}" python3 tools/sdpa_bench.py --backend "$v" "${sa[@]}" "${common[@]}" \
        --meta "flags=" 2>>"$b/runs/$v.log"; rc=$? ;;
    *)
      mapfile -t sa < <(shape_args "$b/$v/shapes.txt")
      timeout -k 5 "${RUN_TIMEOUT:-300}" "$b/$v/bench" "${sa[@]}" "${common[@]}" --meta "flags=$(flags_of "$v")" \
        2>>"$b/runs/$v.log"; rc=$? ;;
  esac
  return $rc
}
timed=("${ok[@]}" "${sdpa[@]}")
# the schedule: "v r" pairs, round-major (interleaved) or variant-major (sequential)
sched=()
if [ "$order" = sequential ]; then
  for v in "${timed[@]}"; do for r in $(seq 1 "$rounds"); do sched+=("$v $r"); done; done
else
  for r in $(seq 1 "$rounds"); do for v in "${timed[@]}"; do sched+=("$v $r"); done; done
fi
declare -A dead
i=0
for item in "${sched[@]}"; do
  read -r v r <<<"$item"; i=$((i + 1))
  [ -n "${dead[$v]:-}" ] && continue
  say "[$i/${#sched[@]}] round $r/$rounds $v"
  run_one "$v" "$r"; rc=$?
  if [ $rc -eq 1 ] && [[ $v == sdpa-* ]]; then say "$v: a shape failed numerics and was left out (see $b/runs/$v.log)"; rc=0; fi
  if [ $rc -eq 0 ]; then tail -n "$(printf '%s\n' "${all_shapes[@]}" | wc -l)" "$b/runs/$v.log" | grep -F median | sed 's/^/  /' >&2; continue; fi
  dead[$v]=1
  case $v in
    sdpa-*) if [ $rc -eq 5 ]; then say "$v: unavailable (no torch here)"; else say "$v: failed (exit $rc), see $b/runs/$v.log"; fi ;;
    *) reject "$v" "$(runtime_reason $rc)" "$(tail -n 1 "$b/runs/$v.log")" ;;
  esac
done

# 3. merge rounds into the published files (atomically, only for complete variants)
published=0
for v in "${timed[@]}"; do
  [ -n "${dead[$v]:-}" ] && continue
  files=(); for r in $(seq 1 "$rounds"); do files+=("$b/runs/$v.r$r.csv"); done
  awk -v rounds="$rounds" '
    FNR == 1 { f++ }
    /^#/ { if (f == 1) print; else if (f == rounds && $2 ~ /^temp_end_c:?$/) print "# temp_end_c_last_round: " $3; next }
    !hdr_seen[f]++ { if (f == 1) { print "# rounds: " rounds; print $0 ",round" }
                     for (i = 1; i <= NF; i++) if ($i == "rep") repcol = i; next }
    { n = split($0, c, ",")
      c[repcol] = seen[c[1]]++; line = c[1]; for (i = 2; i <= n; i++) line = line "," c[i]
      print line "," f }' FS=, "${files[@]}" >"$dest/.$v.csv.tmp" && mv "$dest/.$v.csv.tmp" "$dest/$v.csv" \
    && published=$((published + 1))
done

# 4. the gate table with runtime verdicts, published beside the samples
tools/gates_merge.sh "$b" "$dest"
rej=$(wc -l <"$b/runtime.csv")
say "done: $published sample files in $dest, ${#ok[@]} passed numerics, $rej rejected at run time"
echo "$dest"
