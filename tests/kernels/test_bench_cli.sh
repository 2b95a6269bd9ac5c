#!/usr/bin/env bash
# test_bench_cli.sh — the bench harness's command line, without a GPU: --help, --describe (no
# CUDA call), --slug, strict shape names, usage errors (exit 2) and CUDA errors (exit 4 when no
# device is visible). Uses $BENCH, else builds build/tests/bench_naive (harness + naive_attn).
# Known answers: naive_attn's plan by hand (4 query rows per CTA of 128 threads, grid
# ceil(Sq/4) x H x B); slugs by hand from the rule and examples in ARCHITECTURE.md.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh

NVCC=${NVCC:-$(command -v /usr/local/cuda/bin/nvcc nvcc | head -1)}
build_bench() {  # build/tests/bench_naive through make (rebuilt when a source is newer)
  make -s --no-print-directory build/tests/bench_naive >/dev/null 2>&1
}
if [ -z "${BENCH:-}" ]; then
  BENCH=build/tests/bench_naive
  build_bench >build/tests/bench_naive.log 2>&1 || { not_ok "build bench_naive (see build/tests/bench_naive.log)"; done_testing; }
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run ARGS...: stdout in $tmp/out, stderr in $tmp/err, status in $rc
run() { "$BENCH" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

# --help
run --help
check_eq "--help exits 0" "$rc" 0
for w in --describe --check --check-ref --occupancy --gpu-slug --reps --warmup --graph-calls --l2 --hot-batch \
         --seed --out --meta --sm-count --device --after --parent --limit --gpu-lock --nvml-from --nvml-out "exit: 0 ok, 1 numerics failure, 2 usage"; do
  check_grep "--help mentions $w" "$w" "$tmp/out"
done

# --describe: known answers for naive_attn (hand-computed), no GPU or driver needed; the work is
# attention's: flops = 4*B*H*Sq*Skv*D (two GEMMs), bytes = 2*B*H*D*(2*Sq + 2*Skv) (fp16 Q, K, V, O)
export CUDA_VISIBLE_DEVICES=-1
run --describe --shape B2_H8_S512_D64_C0 --shape B1_H2_S1_K4096_D128_C0 --shape B3_H5_S77_K33_D128_C1
check_eq "--describe exits 0 without a GPU" "$rc" 0
check_eq "--describe line 1" "$(sed -n 1p "$tmp/out")" \
  "shape=B2_H8_S512_D64_C0 kernel=naive_attn_kernelILi64E grid=128,8,2 block=128,1,1 dyn_smem=0 ctas=2048 splits=1 persistent=0 work_items=2048 workspace=0 launches=1 flops=1073741824 bytes=4194304"
check_eq "--describe decode shape" "$(sed -n 2p "$tmp/out")" \
  "shape=B1_H2_S1_K4096_D128_C0 kernel=naive_attn_kernelILi128E grid=1,2,1 block=128,1,1 dyn_smem=0 ctas=2 splits=1 persistent=0 work_items=2 workspace=0 launches=1 flops=4194304 bytes=4195328"
check_eq "--describe Sq != Skv, causal" "$(sed -n 3p "$tmp/out" | cut -d' ' -f1-6)" \
  "shape=B3_H5_S77_K33_D128_C1 kernel=naive_attn_kernelILi128E grid=20,5,3 block=128,1,1 dyn_smem=0 ctas=300"
check_eq "--describe prints nothing on stderr" "$(cat "$tmp/err")" ""
run --describe --shape B1_H1_S16_D96_C0 --shape B1_H1_S16_D64_C0
check_eq "--describe refused shape exits 0" "$rc" 0
check_eq "--describe refused shape line" "$(sed -n 1p "$tmp/out")" \
  "shape=B1_H1_S16_D96_C0 error=head dim 96 not supported (naive_attn: 64 or 128)"
check_grep "--describe goes on after a refusal" "^shape=B1_H1_S16_D64_C0 kernel=" "$tmp/out"
run --describe --shape=B1_H1_S16_D64_C0 --sm-count=114
check_eq "--opt=value form" "$rc:$(cut -d' ' -f1 "$tmp/out")" "0:shape=B1_H1_S16_D64_C0"

# --slug: hand-made slugs
run --slug "NVIDIA H100 80GB HBM3"
check_eq "--slug H100" "$(cat "$tmp/out")" nvidia-h100-80gb-hbm3
run --slug "NVIDIA H200"
check_eq "--slug H200" "$(cat "$tmp/out")" nvidia-h200
run --slug "  NVIDIA  GH200 (480GB)!! "
check_eq "--slug collapses runs and trims" "$(cat "$tmp/out")" nvidia-gh200-480gb

# bad shape names: exit 2, `bench: shape 'x': what`
bad_shape() {  # name message-fragment
  run --describe --shape "$1"
  check_eq "shape '$1' exits 2" "$rc" 2
  check_grep "shape '$1' message" "^bench: shape '$(printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g')': .*$2" "$tmp/err"
  check_eq "shape '$1' prints nothing on stdout" "$(cat "$tmp/out")" ""
}
bad_shape "" "expected 'B<batch>' at offset 0"
bad_shape b1_H1_S1_D64_C0 "expected 'B<batch>' at offset 0"
bad_shape B1_H1_S1_D64 "expected '_C0' or '_C1' at offset 12"
bad_shape B1_H1_S1_D64_C2 "expected '_C0' or '_C1'"
bad_shape B1_H1_S1_D64_C01 "trailing '1'"
bad_shape B1_H1_S1_D64_C0_ "trailing '_'"
bad_shape B0_H1_S1_D64_C0 "'B' needs a positive integer without leading zeros"
bad_shape B01_H1_S1_D64_C0 "'B' needs a positive integer"
bad_shape B1_H-1_S1_D64_C0 "'_H' needs a positive integer"
bad_shape B1_H+1_S1_D64_C0 "'_H' needs a positive integer"
bad_shape B1_H1_S99999999999_D64_C0 "'_S' value out of range"
bad_shape B1_H1_S128_K128_D64_C0 "'_K128' equals the query length; omit '_K'"
bad_shape B1_H1_D64_S1_C0 "expected '_S<query length>' at offset 5"
bad_shape B1_H1_S1_K_D64_C0 "'_K' needs a positive integer"
bad_shape B70000_H1_S1_D64_C0 "batch and heads must be at most 65535"
bad_shape B1024_H1024_S4096_D128_C0 "more than 2\\^31-1 elements"
bad_shape "B1_H1_S1_D64_C0 " "trailing ' '"

# usage errors: exit 2 with a message
usage() {  # what fragment args...
  local what=$1 frag=$2; shift 2
  run "$@"
  check_eq "$what exits 2" "$rc" 2
  check_grep "$what message" "^bench: .*$frag" "$tmp/err"
}
S=B1_H1_S16_D64_C0
usage "unknown option" "unknown option '--fast'" --fast --shape $S
usage "missing value" "--reps: missing value" --shape $S --reps
usage "reps 0" "--reps: '0' is not an integer in \[1, 1000000\]" --shape $S --reps 0
usage "reps not a number" "--reps: '5x' is not an integer" --shape $S --reps 5x
usage "warmup negative" "--warmup: '-1' is not an integer" --shape $S --warmup -1
usage "hot-batch 0" "--hot-batch: '0'" --shape $S --hot-batch 0
usage "graph-calls negative" "--graph-calls: '-1' is not an integer in \[0, 10000\]" --shape $S --graph-calls -1
usage "graph-calls too many" "--graph-calls: '10001' is not an integer in \[0, 10000\]" --shape $S --graph-calls 10001
usage "meta reserved graph_calls" "--meta: key 'graph_calls' is written by bench" --shape $S --meta graph_calls=3
usage "meta reserved timing" "--meta: key 'timing' is written by bench" --shape $S --meta timing=x
usage "meta reserved process" "--meta: key 'process' is written by bench" --shape $S --meta process=own
usage "l2 mode" "--l2: 'warm' is not cold or hot" --shape $S --l2 warm
usage "seed negative" "--seed: '-1' is not an unsigned integer" --shape $S --seed -1
usage "seed overflow" "--seed: '99999999999999999999999' is not" --shape $S --seed 99999999999999999999999
usage "sm-count 0" "--sm-count: '0'" --describe --shape $S --sm-count 0
usage "device bad" "--device: 'x'" --shape $S --device x
usage "meta without =" "--meta: 'variant' is not key=value" --shape $S --meta variant
usage "meta empty key" "--meta: '=v' is not key=value" --shape $S --meta =v
usage "meta bad key" "--meta: key in 'Bad Key=v' must be" --shape $S --meta "Bad Key=v"
usage "meta reserved key" "--meta: key 'gpu' is written by bench" --shape $S --meta gpu=x
usage "meta launch key" "--meta: key 'launch.x' is written by bench" --shape $S --meta launch.x=1
usage "meta twice" "--meta: key 'variant' given twice" --shape $S --meta variant=a --meta variant=b
usage "two modes" "only one of --describe, --check" --describe --check --shape $S
usage "no shape" "no --shape given" --describe
usage "no shape timing" "no --shape given" --reps 3
usage "gpu-slug with shape" "take no --shape" --gpu-slug --shape $S
usage "shape twice" "shape 'B1_H1_S16_D64_C0': given twice" --describe --shape $S --shape $S
usage "empty out" "--out: empty file name" --shape $S --out ""
usage "flag with value" "--describe: takes no value" --describe=1 --shape $S
usage "unwritable --out (checked before the GPU)" "$tmp/no/such/dir/s.csv.tmp.[0-9]+: cannot create: No such file or directory" --shape $S --out "$tmp/no/such/dir/s.csv"
usage "check-ref too large" "too large for --check-ref" --check-ref --shape B1_H2_S1024_D128_C0
usage "after with a mode" "--after, --parent, --limit, --nvml-from and --served are for timing runs only" --check --shape $S --after "$tmp/go"
usage "limit with a mode" "--after, --parent, --limit, --nvml-from and --served are for timing runs only" --describe --shape $S --limit 5
usage "nvml-from with a mode" "--after, --parent, --limit, --nvml-from and --served are for timing runs only" --describe --shape $S --nvml-from x
usage "served with a mode" "--after, --parent, --limit, --nvml-from and --served are for timing runs only" --check --shape $S --served
usage "served with --after" "--served: a served job has no --after" --shape $S --served --after x
usage "served with a value" "--served: takes no value" --shape $S --served=1
usage "gpu-lock with a mode" "--gpu-lock is for timing runs and --hold only" --check --shape $S --gpu-lock x
usage "parent without --after" "--parent goes with --after" --shape $S --parent 1
usage "parent not a pid" "--parent: 'x' is not an integer" --shape $S --after x --parent x
usage "nvml-out without --hold" "--nvml-out is for --hold only" --shape $S --nvml-out x
usage "after empty" "--after: empty file name" --shape $S --after ""
usage "limit 0" "--limit: '0' is not an integer in \[1, 86400\]" --shape $S --limit 0

# CUDA errors: no visible device -> exit 4 with the call, file and line; no sample file
run --check --shape $S
check_eq "--check without a device exits 4" "$rc" 4
check_grep "--check error names the call" "^bench: kernels/harness/bench_[a-z_]+\.cu:[0-9]+: cudaSetDevice\(o->device\): " "$tmp/err"
run --gpu-slug
check_eq "--gpu-slug without a device exits 4" "$rc" 4
run --occupancy --shape $S
check_eq "--occupancy without a device exits 4" "$rc" 4
run --shape $S --reps 3 --out "$tmp/s.csv"
check_eq "timing without a device exits 4" "$rc" 4
check "timing without a device writes no file" test ! -e "$tmp/s.csv" -a ! -e "$tmp/s.csv.tmp"
done_testing
