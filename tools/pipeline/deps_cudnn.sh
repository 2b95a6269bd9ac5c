#!/usr/bin/env bash
# deps_cudnn.sh — what the cudnn-sdpa baseline (kernels/attention/cudnn_sdpa.cu) is built with,
# under build/deps/ (make deps-cudnn): cudnn/include and cudnn/lib (links to the installed cuDNN:
# CUDNN_HOME, else the one PyTorch's wheels bring, python3's nvidia.cudnn; lib/libcudnn.so names
# its libcudnn.so.9) and cudnn_frontend/include (the header-only frontend, from the wheel
# CUDNN_FE_WHEEL, else `pip download nvidia-cudnn-frontend`; a host without a package registry is
# given the wheel: CUDNN_FE_WHEEL=path). Exit 2, saying what is missing, when either is not found.
set -u
d=${B:-build}/deps
die() { echo "deps-cudnn: $*" >&2; exit 2; }
home=${CUDNN_HOME:-$(python3 -c 'import nvidia.cudnn as c; print(list(c.__path__)[0])' 2>/dev/null)}
[ -n "$home" ] && [ -f "$home/include/cudnn.h" ] ||
  die "no cuDNN (set CUDNN_HOME to a directory with include/cudnn.h and lib/libcudnn.so*, or install PyTorch's nvidia-cudnn wheel)"
lib=$(ls "$home"/lib/libcudnn.so* "$home"/lib64/libcudnn.so* 2>/dev/null | head -n 1)
[ -n "$lib" ] || die "$home: no lib/libcudnn.so*"
mkdir -p "$d/cudnn/lib" && ln -sfn "$(cd "$home/include" && pwd)" "$d/cudnn/include" || die "cannot write $d/cudnn"
for f in "$(dirname "$lib")"/libcudnn*.so*; do ln -sf "$f" "$d/cudnn/lib/$(basename "$f")"; done
ln -sf "$lib" "$d/cudnn/lib/libcudnn.so"
whl=${CUDNN_FE_WHEEL:-}
if [ -z "$whl" ]; then
  mkdir -p "$d/wheels"
  python3 -m pip download --quiet --no-deps -d "$d/wheels" nvidia-cudnn-frontend >&2 ||
    die "cannot download nvidia-cudnn-frontend (no package registry here? give the wheel: CUDNN_FE_WHEEL=path)"
  whl=$(ls "$d"/wheels/nvidia_cudnn_frontend-*.whl | tail -n 1)
fi
[ -f "$whl" ] || die "CUDNN_FE_WHEEL: '$whl' is not a file"
rm -rf "$d/cudnn_frontend" && mkdir -p "$d/cudnn_frontend" &&
  python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); z.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith("include/")])' "$whl" "$d/cudnn_frontend" ||
  die "$whl: cannot unpack its include/"
[ -f "$d/cudnn_frontend/include/cudnn_frontend.h" ] || die "$whl: no include/cudnn_frontend.h in it"
echo "deps-cudnn: cuDNN $home, frontend $(basename "$whl") -> $d/cudnn, $d/cudnn_frontend"
