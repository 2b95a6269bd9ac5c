# deps.mk — what each stage needs, and `make deps` to install it (Debian packages).
# Stages check their own needs and stop with the exact command to run, not a compiler error.
DEB_PACKAGES := make gcc libgsl-dev gnuplot-nox texlive-latex-base texlive-latex-recommended \
                texlive-fonts-recommended poppler-utils lmodern

## deps: install the Debian packages the CPU stages need (root), or print the command
.PHONY: deps
deps:
	@tools/pipeline/deps.sh install $(DEB_PACKAGES)
	@tools/pipeline/deps.sh install pip:nvidia-cuda-cuobjdump pip:nvidia-cuda-nvdisasm

# check-deps-<stage>: what a stage needs, before it starts. As root the missing Debian packages
# are installed (`make report` and `make test` on a fresh machine need nothing else); otherwise
# the stage stops with the one command to run. The stages' first files wait for these checks
# (order-only prerequisites), so nothing is compiled against a header that is not there yet.
.PHONY: check-deps-build check-deps-analyze check-deps-plots check-deps-report check-deps-test
check-deps-build:
	@[ -n "$(NVCC)" ] && [ -x "$(NVCC)" ] || { echo "make: nvcc not found (set CUDA_HOME, or put nvcc on PATH); install the CUDA Toolkit" >&2; exit 2; }
# STATS=<path> (e.g. build/tools/stats-static carried to a GPU host) stands in for GSL
check-deps-analyze:
	@if [ "$(STATS)" != "$(B)/tools/stats" ] && [ -x "$(STATS)" ]; then :; \
	 else tools/pipeline/deps.sh install make gcc libgsl-dev; fi
# (poppler-utils: pdftotext reads the words of each figure for the figure check)
check-deps-plots: check-deps-analyze
	@tools/pipeline/deps.sh install gnuplot-nox poppler-utils
check-deps-report: check-deps-plots
	@tools/pipeline/deps.sh install texlive-latex-base texlive-latex-recommended texlive-fonts-recommended \
	  lmodern
# the SASS tests disassemble with cuobjdump/nvdisasm: PyPI wheels carry them when the CUDA
# install lacks them
check-deps-test: check-deps-build check-deps-report
	@tools/pipeline/deps.sh install pip:nvidia-cuda-cuobjdump pip:nvidia-cuda-nvdisasm
# the Slurm runner's test starts a one-node cluster (slurmctld, slurmd, munged): as root the
# packages are installed; otherwise that test says what it lacks and skips
	@if [ "$$(id -u)" = 0 ]; then tools/pipeline/deps.sh install slurm-wlm munge; fi
