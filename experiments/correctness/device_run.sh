#!/usr/bin/env bash
# device_run.sh — one GPU session of the correctness sweep, without the make pipeline (so that it
# works on a bare device machine with nvcc alone):
#   1. builds every variants/*.flags (and the timing candidates below) against the harness,
#      16 compiles at a time;
#   2. bench --check on every shape of experiment.mk whose D equals the variant's HEAD_DIM;
#   3. compute-sanitizer memcheck, racecheck and synccheck on three small edge shapes for every
#      accepted variant (or those named on the command line);
#   4. a short cold- and hot-L2 timing of the two phase-1 target shapes for the candidates in
#      timing.txt.
# Usage: experiments/correctness/device_run.sh OUTDIR [SANITIZE_VARIANTS...]
# Environment: NVCC, SAN (compute-sanitizer), JOBS (parallel builds, 16), SAN_JOBS (12).
# Writes OUTDIR/logs.tar.gz and prints a summary table last.
set -u
out=${1:?usage: device_run.sh OUTDIR}
shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 2
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
SAN=${SAN:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
JOBS=${JOBS:-16}
w=/tmp/fa_dev
rm -rf "$w" && mkdir -p "$w/obj" "$w/logs" "$w/vars"
ARCH="-gencode=arch=compute_90,code=sm_90"
FLAGS="-O3 -std=c++17 -lineinfo"

# timing candidates: timing.txt, one "name flags..." line each
grep -vE '^(#|$)' "$here/timing.txt" >"$w/timing.txt"
cp "$here"/variants/*.flags "$w/vars/"
while read -r name rest; do printf '%s\n' $rest >"$w/vars/$name.flags"; done <"$w/timing.txt"

echo "== harness (t=${SECONDS}s)"
ls kernels/bench_*.cu | xargs -P "$JOBS" -I{} sh -c \
  "'$NVCC' $FLAGS $ARCH -Ikernels -c {} -o $w/obj/\$(basename {} .cu).o" || { echo "harness build failed"; exit 1; }

build_one() {  # build_one NAME
  local n=$1 d=$w/b/$1
  mkdir -p "$d"
  if "$NVCC" $FLAGS $ARCH $(cat "$w/vars/$n.flags") -Ikernels -Xptxas -v -c kernels/flash_attn.cu \
       -o "$d/k.o" >"$d/build.log" 2>&1 &&
     "$NVCC" $ARCH "$d/k.o" "$w"/obj/*.o -o "$d/bench" -ldl >>"$d/build.log" 2>&1; then
    echo ok >"$d/status"
  elif grep -q 'static assertion failed' "$d/build.log"; then
    echo refused >"$d/status"
  else
    echo build_failed >"$d/status"
  fi
}
export -f build_one
export NVCC FLAGS ARCH w
echo "== build $(ls "$w/vars" | wc -l) variants (t=${SECONDS}s)"
ls "$w/vars" | sed 's/\.flags$//' | xargs -P "$JOBS" -I{} bash -c 'build_one {}'

shapes=$(awk '/^SHAPES/ { f = 1 } f { print; if ($0 !~ /\\$/) exit }' "$here/experiment.mk" |
         sed 's/SHAPES *:=//; s/\\//g' | tr -s ' \n' '  ')
hd_of() { sed -n 's/^-DHEAD_DIM=\([0-9]*\)$/\1/p' "$w/vars/$1.flags"; }
shape_args() { local a=() s; for s in $shapes; do [[ $s == *_D$1_* ]] && a+=(--shape "$s"); done; echo "${a[@]}"; }

echo "== check (t=${SECONDS}s)"
summary=$w/logs/summary.txt
: >"$summary"
for f in "$here"/variants/*.flags; do
  n=$(basename "$f" .flags); d=$w/b/$n; st=$(cat "$d/status")
  if [ "$st" != ok ]; then
    printf '%-24s %-12s %s\n' "$n" "$st" "$(grep -m1 'static assertion' "$d/build.log" | sed 's/.*failed with //' | cut -c1-90)" >>"$summary"
    continue
  fi
  regs=$(grep -A2 flash_attn_fwd "$d/build.log" | grep -oE 'Used [0-9]+|[0-9]+ bytes spill stores' | tr '\n' ' ')
  timeout 300 "$d/bench" --check $(shape_args "$(hd_of "$n")") >"$d/check.log" 2>&1
  rc=$?
  fails=$(grep -c 'verdict=fail' "$d/check.log")
  passes=$(grep -c 'verdict=pass' "$d/check.log")
  worst=$(grep -oE 'max_rel_err=[0-9.e+-]+' "$d/check.log" | cut -d= -f2 | sort -g | tail -1)
  printf '%-24s rc=%-2s pass=%-3s fail=%-3s worst_rel=%-10s %s\n' "$n" "$rc" "$passes" "$fails" \
    "$worst" "$regs" >>"$summary"
done

echo "== sanitize (t=${SECONDS}s)"
if [ $# -gt 0 ]; then san=$*; else  # default: every accepted variant of the experiment
  san=$(for f in "$here"/variants/*.flags; do n=$(basename "$f" .flags);
          [ "$(cat "$w/b/$n/status")" = ok ] && echo "$n"; done)
fi
: >"$w/logs/sanitize.txt"
if [ -x "$SAN" ]; then
  for n in $san; do for tool in memcheck racecheck synccheck; do
    echo "$n $tool"; done; done | xargs -P "${SAN_JOBS:-12}" -L 1 bash -c '
      n=$0 tool=$1 d='"$w"'/b/$0
      hd=$(sed -n "s/^-DHEAD_DIM=\([0-9]*\)$/\1/p" '"$w"'/vars/$n.flags)
      timeout 150 '"$SAN"' --tool $tool --error-exitcode 9 $d/bench --check \
        --shape B1_H2_S77_K300_D${hd}_C1 --shape B1_H1_S129_D${hd}_C0 --shape B1_H1_S1_K700_D${hd}_C1 \
        >$d/san_$tool.log 2>&1
      echo "$n $tool rc=$? $(grep -m1 -E "ERROR SUMMARY|RACECHECK SUMMARY" $d/san_$tool.log)"' \
      >>"$w/logs/sanitize.txt"
else
  echo "no compute-sanitizer at $SAN" >>"$w/logs/sanitize.txt"
fi

echo "== timing (t=${SECONDS}s)"
: >"$w/logs/timing.txt"
while read -r n rest; do
  d=$w/b/$n
  [ "$(cat "$d/status")" = ok ] || { echo "$n not built" >>"$w/logs/timing.txt"; continue; }
  "$d/bench" --describe --shape B2_H8_S512_D64_C0 --shape B1_H8_S128_D64_C0 >"$d/describe.txt" 2>&1
  timeout 120 "$d/bench" --shape B2_H8_S512_D64_C0 --shape B1_H8_S128_D64_C0 --reps 30 --warmup 10 \
    --l2 cold --out "$d/samples.csv" >"$d/time.log" 2>&1
  timeout 120 "$d/bench" --shape B2_H8_S512_D64_C0 --shape B1_H8_S128_D64_C0 --reps 20 --warmup 5 \
    --l2 hot --out "$d/samples_hot.csv" >"$d/time_hot.log" 2>&1
  printf '%-22s cold %s | hot %s\n' "$n" \
    "$(grep -oE 'median [0-9.]+' "$d/time.log" | cut -d' ' -f2 | tr '\n' ' ')" \
    "$(grep -oE 'median [0-9.]+' "$d/time_hot.log" | cut -d' ' -f2 | tr '\n' ' ')" >>"$w/logs/timing.txt"
done <"$w/timing.txt"

(cd "$w" && for d in b/*; do mkdir -p "logs/$d"; cp "$d"/*.log "$d"/status "$d"/*.csv "$d"/*.txt "logs/$d/" 2>/dev/null; done)
tar -C "$w" -czf "$out/logs.tar.gz" logs
nvidia-smi --query-gpu=name,clocks.sm,temperature.gpu --format=csv,noheader 2>/dev/null
echo "== sanitize: $(grep -cE 'rc=0 .*(: 0 errors|0 hazards displayed \(0 errors, 0 warnings\))' "$w/logs/sanitize.txt") clean of $(wc -l <"$w/logs/sanitize.txt"); others:"
grep -vE 'rc=0 .*(: 0 errors|0 hazards displayed \(0 errors, 0 warnings\))' "$w/logs/sanitize.txt"
echo "== timing (median us: B2_H8_S512_D64_C0 B1_H8_S128_D64_C0)"; cat "$w/logs/timing.txt"
echo "== check"; cat "$summary"
