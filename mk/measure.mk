# measure.mk — the GPU stage: runtime gates and timing, raw samples into data/. Needs nvcc's
# build outputs, a driver and build/tools/samples (gcc; no GSL, no gnuplot).
GIT_REV ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell \
             git diff --quiet HEAD -- kernels tools mk Makefile experiments 2>/dev/null || echo -dirty)
# the problem's library baselines: <lib>-* of BASELINES, run by kernels/<problem>/problem/<lib>_bench.py
LIB_BENCH     = $(firstword $(wildcard kernels/$(PROBLEM)/problem/*_bench.py))
LIB_BASELINES = $(if $(LIB_BENCH),$(filter $(patsubst %_bench.py,%,$(notdir $(LIB_BENCH)))-%,$(BASELINES)))
DATA_OUT ?= data
ORDER    ?= interleaved
# SESSION (an id, [A-Za-z0-9.-]) and ORDER_SEED (digits) are passed only when set: measure.sh
# then names the session <host>-<UTC start> and draws the seed of the per-round shuffles itself.
# shell_quote: a value single-quoted for the shell
shell_quote = '$(subst ','\'',$(1))'
MEASURE_OPT = $(if $(SESSION),SESSION=$(call shell_quote,$(SESSION))) $(if $(ORDER_SEED),ORDER_SEED=$(call shell_quote,$(ORDER_SEED)))

# A GPU target on a machine without a GPU stops before compiling anything: check-gpu comes first
# (an order-only prerequisite of every binary and harness object when such a goal is asked for).
GPU_GOALS := measure sanitize profile ceilings aa reproduce
.PHONY: check-gpu
check-gpu:
	@tools/pipeline/gpu_check.sh
ifneq ($(filter $(GPU_GOALS),$(MAKECMDGOALS)),)
$(STATUS_FILES) $(HARNESS_OBJS): | check-gpu
endif

## measure: GPU only: numerics gate, then one session of ROUNDS shuffled rounds [SESSION= ORDER_SEED=] -> data/EXP/<gpu>/<v>.csv (appended)
.PHONY: measure
measure: check-gpu build $(EXP_OUT)/gates.csv $(SAMPLES_BIN)
	@B=$(B) SAMPLES_BIN=$(SAMPLES_BIN) DATA_OUT=$(DATA_OUT) REPS=$(REPS) WARMUP=$(WARMUP) L2=$(L2) ROUNDS=$(ROUNDS) \
	  GRAPH_CALLS=$(GRAPH_CALLS) \
	  SEED=$(SEED) RUN_TIMEOUT=$(RUN_TIMEOUT) LIB_BENCH='$(LIB_BENCH)' LIB_BASELINES='$(LIB_BASELINES)' \
	  SHAPES='$(SHAPES)' GIT_REV='$(GIT_REV)' PROBLEM=$(PROBLEM) \
	  CODE_SRC='$(sort kernels/harness kernels/$(PROBLEM) $(SHAPE_SRC) $(SAMPLES_HARNESS_SRC) $(SAMPLES_HARNESS_SRC:.c=.h))' ORDER=$(ORDER) VARIANT='$(VARIANT)' $(MEASURE_OPT) \
	  tools/pipeline/measure.sh $(EXP) >/dev/null

## sanitize: GPU only: compute-sanitizer memcheck/racecheck/initcheck/synccheck on passing variants
.PHONY: sanitize
sanitize: check-gpu build $(EXP_OUT)/gates.csv
	@B=$(B) DATA_OUT=$(DATA_OUT) GIT_REV=$(GIT_REV) SANITIZE_SHAPES='$(SANITIZE_SHAPES)' tools/gates/sanitize.sh $(EXP)
