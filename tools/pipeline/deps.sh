#!/usr/bin/env bash
# deps.sh — check for or install the Debian packages a stage needs (and, as `pip:NAME`, the
# PyPI wheels that carry cuobjdump/nvdisasm when the CUDA install lacks them).
#   deps.sh check PKG...    exit 2 with the install command when a package's file is missing
#   deps.sh install PKG...  apt-get install what is missing (as root), else print the command
set -u
mode=$1; shift
# a file each package provides, so the check works without dpkg
probe() {
  case $1 in
    libgsl-dev) [ -e /usr/include/gsl/gsl_rng.h ] || [ -e /usr/local/include/gsl/gsl_rng.h ] ;;
    gnuplot-nox) command -v gnuplot >/dev/null ;;
    texlive-latex-base) command -v pdflatex >/dev/null ;;
    texlive-latex-recommended) kpsewhich booktabs.sty >/dev/null 2>&1 ;;
    texlive-fonts-recommended) kpsewhich phvr8t.tfm >/dev/null 2>&1 || kpsewhich ptmr8t.tfm >/dev/null 2>&1 ;;
    poppler-utils) command -v pdftotext >/dev/null ;;
    lmodern) kpsewhich lmodern.sty >/dev/null 2>&1 ;;
    make) command -v make >/dev/null ;;
    gcc) command -v gcc >/dev/null ;;
    slurm-wlm) command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v srun >/dev/null ;;
    munge) command -v munged >/dev/null ;;
    pip:nvidia-cuda-*) tool=${1#pip:nvidia-cuda-}
      command -v "$tool" >/dev/null || [ -x /usr/local/cuda/bin/"$tool" ] ||
        python3 -c 'import glob, os, sys, nvidia
sys.exit(0 if glob.glob(os.path.join(list(nvidia.__path__)[0], "cu*", "bin", sys.argv[1])) else 1)' "$tool" 2>/dev/null ;;
    *) dpkg -s "$1" >/dev/null 2>&1 ;;
  esac
}
missing=() wheels=()
for p in "$@"; do probe "$p" && continue; case $p in pip:*) wheels+=("${p#pip:}") ;; *) missing+=("$p") ;; esac; done
if [ ${#wheels[@]} -gt 0 ]; then
  if [ "$mode" = install ]; then
    echo "deps: pip installing ${wheels[*]}" >&2
    python3 -m pip install -q "${wheels[@]}" || { echo "deps: pip failed; run: python3 -m pip install ${wheels[*]}" >&2; exit 2; }
  else
    echo "make: missing ${wheels[*]}; run: python3 -m pip install ${wheels[*]}" >&2; exit 2
  fi
fi
[ ${#missing[@]} -eq 0 ] && exit 0
cmd="apt-get install -y ${missing[*]}"
if [ "$mode" = install ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "deps: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
      || { echo "deps: apt-get failed; run: $cmd" >&2; exit 2; }
    exit 0
  fi
  echo "deps: missing ${missing[*]}; as root run: $cmd" >&2
  exit 2
fi
echo "make: missing ${missing[*]}; run 'make deps' as root, or: sudo $cmd" >&2
exit 2
