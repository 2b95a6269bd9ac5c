# deps.mk — what each stage needs, and `make deps` to install it (Debian packages).
# Stages check their own needs and stop with the exact command to run, not a compiler error.
DEB_PACKAGES := make gcc libgsl-dev gnuplot-nox texlive-latex-base texlive-latex-recommended \
                texlive-fonts-recommended poppler-utils lmodern

## deps: install the Debian packages the CPU stages need (root), or print the command
.PHONY: deps
deps:
	@tools/deps.sh install $(DEB_PACKAGES)
	@tools/deps.sh install pip:nvidia-cuda-cuobjdump pip:nvidia-cuda-nvdisasm

# check-deps-<stage>: stop early, naming the package to install
.PHONY: check-deps-build check-deps-analyze check-deps-plots check-deps-report check-deps-test
check-deps-build:
	@[ -n "$(NVCC)" ] && [ -x "$(NVCC)" ] || { echo "make: nvcc not found (set CUDA_HOME, or put nvcc on PATH); install the CUDA Toolkit" >&2; exit 2; }
# STATS=<path> (e.g. build/tools/stats-static carried to a GPU host) stands in for GSL
check-deps-analyze:
	@if [ "$(STATS)" != "$(B)/tools/stats" ] && [ -x "$(STATS)" ]; then :; \
	 else tools/deps.sh check libgsl-dev; fi
check-deps-plots: check-deps-analyze
	@tools/deps.sh check gnuplot-nox
check-deps-report: check-deps-plots
	@tools/deps.sh check texlive-latex-base texlive-latex-recommended texlive-fonts-recommended lmodern
check-deps-test: check-deps-build check-deps-report
