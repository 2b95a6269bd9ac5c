#!/usr/bin/env bash
# deps_fa4.sh — what the fa4-cute baseline (kernels/attention/problem/fa4_bench.py) runs on,
# installed into python3's environment (make deps-fa4): FlashAttention-4 (flash-attn-4, its CuTe
# DSL kernels) and the CuTe DSL built for CUDA 13 (nvidia-cutlass-dsl[cu13]), at the versions the
# published sessions ran (FA4_PINS overrides), with pip's dependencies (quack-kernels,
# apache-tvm-ffi, torch-c-dlpack-ext; torch must be there already). From a package registry, or,
# on a host without one, from a folder of wheels (FA4_WHEELS=dir: pip install --no-index
# --find-links dir). Ends by importing flash_attn.cute; exit 2, saying what failed, otherwise.
set -u
die() { echo "deps-fa4: $*" >&2; exit 2; }
read -r -a pins <<<"${FA4_PINS:-flash-attn-4==4.0.0b36 nvidia-cutlass-dsl[cu13]==4.8.1}"
py=${PYTHON:-python3}
"$py" -c 'import torch' 2>/dev/null || die "$py has no torch: install PyTorch first (FlashAttention-4 runs on it)"
src=()
if [ -n "${FA4_WHEELS:-}" ]; then
  [ -d "$FA4_WHEELS" ] || die "FA4_WHEELS: '$FA4_WHEELS' is not a folder"
  src=(--no-index --find-links "$FA4_WHEELS")
fi
"$py" -m pip install --quiet --pre ${src[@]+"${src[@]}"} "${pins[@]}" >&2 ||
  die "pip could not install ${pins[*]}${FA4_WHEELS:+ from $FA4_WHEELS} (no package registry here? give the wheels: FA4_WHEELS=dir)"
"$py" -c 'import flash_attn.cute' >&2 || die "installed, but flash_attn.cute does not import (above: why)"
echo "deps-fa4: $("$py" -c 'from importlib.metadata import version as v; print("flash-attn-4", v("flash-attn-4"), "nvidia-cutlass-dsl", v("nvidia-cutlass-dsl"))')"
