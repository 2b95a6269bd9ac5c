# measure.mk — the GPU stage: runtime gates and timing, raw samples into data/. Needs nvcc's
# build outputs, a driver and build/tools/samples (gcc; no GSL, no gnuplot).
GIT_REV ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell \
             git diff --quiet HEAD -- kernels tools mk Makefile experiments 2>/dev/null || echo -dirty)
# the problem's library baselines: <lib>-* of BASELINES, run by kernels/<problem>/problem/<lib>_bench.py
LIB_BENCH     = $(wildcard kernels/$(PROBLEM)/problem/*_bench.py)
LIB_BASELINES = $(filter $(patsubst %_bench.py,%-%,$(notdir $(LIB_BENCH))),$(BASELINES))
DATA_OUT ?= data
ORDER    ?= balanced
# HOLD_DEVICE: 1 (default): a context kept open on each session's GPU (bench --hold), so that the
# runs do not each set the device up from nothing; 0: none
HOLD_DEVICE ?= 1
# PRESTART: 1 (default): each timing run of our variants is started while the one before it still
# works the GPU, and opens the device, then waits for its turn (bench --after); 0: one at a time
PRESTART ?= 1
# SERVE: 1 (default): a round's runs of our variants are jobs of one process on the GPU, which
# opens the device once and loads each variant's kernel.so in turn (tools/pipeline/serve.cu); 0:
# a process per variant and round
SERVE     ?= 1
# SETTLE_MS: the GPU is left idle this long before each run of a session (300 by default; 0: no
# pause): after a run that reached the board's power limit the driver's software power cap stays on
# for some hundreds of milliseconds, and a light shape timed then runs slower with the SM clock at
# its target (tools/session/run_runs.c). Recorded as `# settle_ms:` in every sample file; a session
# with another value is not appended to a published file, it replaces it. Within a run the shapes
# go in SHAPES' order with no pause between them: list the heavy ones last
SETTLE_MS ?= 300
SERVE_BIN := $(B)/tools/serve
$(SERVE_BIN): tools/pipeline/serve.cu $(B)/harness/$(ARCH)/nvccflags.txt | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(CUDART_SHARED) -o $(OUT_TMP) $< -ldl $(OUT_DONE)
# SESSION (an id, [A-Za-z0-9.-]) and ORDER_SEED (digits) are passed only when set: the session
# (`session measure`, tools/session/run_session.h) then names the session <host>-<UTC start> and draws the seed of the per-round shuffles itself.
MEASURE_OPT = $(if $(SESSION),SESSION=$(call shell_quote,$(SESSION))) $(if $(ORDER_SEED),ORDER_SEED=$(call shell_quote,$(ORDER_SEED)))

# A GPU target on a machine without a GPU stops before compiling any GPU code: check-gpu comes
# first (an order-only prerequisite of every binary and harness object when such a goal is asked
# for); it needs only the host tool that asks, `session gpus --check`.
GPU_GOALS := measure measure-one sanitize profile ceilings aa reproduce
.PHONY: check-gpu
check-gpu: $(SESSION_BIN)
	@$(SESSION_BIN) gpus --check
ifneq ($(filter $(GPU_GOALS),$(MAKECMDGOALS)),)
$(STATUS_FILES) $(HARNESS_OBJS): | check-gpu
endif

# CODE_SRC: what a bench binary of the problem is compiled from (the harness, the problem's folder,
# the host C the harness links): the sources of the code id (`session code-id`) that
# measure writes into every sample file and search and check-published compare against
CODE_SRC = $(sort kernels/harness kernels/$(PROBLEM) $(SAMPLES_HARNESS_SRC) $(SAMPLES_HARNESS_SRC:.c=.h))
# the environment of one measure session (`$(SESSION_BIN) measure`, tools/session/run_session.h)
MEASURE_ENV = STREAM= QUEUE= HOLD_DEVICE=$(HOLD_DEVICE) PRESTART=$(PRESTART) SERVE=$(SERVE) SETTLE_MS=$(SETTLE_MS) SERVE_BIN=$(SERVE_BIN) B=$(B) SAMPLES_BIN=$(SAMPLES_BIN) GATETAB=$(GATETAB) NUMTAB=$(NUMTAB) DATA_OUT=$(DATA_OUT) REPS=$(REPS) WARMUP=$(WARMUP) L2=$(L2) \
  ROUNDS=$(ROUNDS) GRAPH_CALLS=$(GRAPH_CALLS) SEED=$(SEED) RUN_TIMEOUT=$(RUN_TIMEOUT) \
  LIB_BENCH='$(LIB_BENCH)' LIB_BASELINES='$(LIB_BASELINES)' SHAPES='$(SHAPES)' GIT_REV='$(GIT_REV)' \
  PROBLEM=$(PROBLEM) ORDER=$(ORDER) VARIANT='$(VARIANT)' \
  CODE_SRC='$(CODE_SRC)' PLAN_TAG='$(PLAN_TAG)'
# GPUS: `all` or indices (0,1): one session per GPU at once (`session shards`, tools/session/shards_plan.h, deals out
# the rounds, or a sweep's variants; one timing job per GPU, BUILD_JOBS compiles beside them); empty:
# one session on the GPU CUDA_VISIBLE_DEVICES names first
GPUS ?=
# RUNNER=slurm: SLURM_JOBS sessions (default 1), each a Slurm job step on one GPU of the
# cluster (srun --gres=gpu:1 on SLURM_PARTITION, SLURM_ACCOUNT; SLURM_TIME minutes, else the
# most the session may take from RUN_TIMEOUT), staged under build/<exp>/slurm/ and published by
# `session collect` (tools/session/run_collect.h) when finished
RUNNER          ?= local
SLURM_JOBS      ?= 1
SLURM_PARTITION ?=
SLURM_ACCOUNT   ?=
SLURM_TIME      ?=
# sub-make: shards.mk is written per session from the GPUs found at run time, so only a make
# started after it can read it; the shards call this makefile back (MEASURE_MAKE) to build and
# measure under that make's job server
# the make that runs this one, for the shards to call back; the recipes that run it are marked
# `+` (they need make's job server), so under `make -n` they run and say that nothing is started
# (MAKE_DRY: the n of -n among make's one-letter flags)
MAKE_DRY = $(findstring n,$(firstword -$(MAKEFLAGS)))
MEASURE_MAKE = $(MAKE) --no-print-directory -f $(firstword $(MAKEFILE_LIST)) EXP=$(EXP) DATA_OUT=$(DATA_OUT)
SHARDS_MAKE  = $(MAKE) --no-print-directory -f $(EXP_OUT)/shards.mk

# BUILD_JOBS: compiles at once beside the timing sessions of `measure GPUS=...` (its builds
# overlap measuring where each variant is timed on one GPU: tools/session/shards_plan.h);
# BUILD_CHUNK: the variants one make call builds; BUILD_DEPTH: such calls at once (enough chunks
# to keep BUILD_JOBS compiles busy)
BUILD_JOBS  ?= $(shell nproc 2>/dev/null || echo 4)
BUILD_CHUNK ?= 8
BUILD_DEPTH ?= $(shell echo $$(( ($(BUILD_JOBS) + $(BUILD_CHUNK) - 1) / $(BUILD_CHUNK) )))
# what the sessions of `measure GPUS=...` share, made before any of them starts (each variant's
# binary is made by shards.mk: all first, or by the one session that times it)
MEASURE_SHARED = check-exp check-deps-build $(HARNESS_OBJS) $(B)/tools/flagcheck $(B)/tools/gates $(GATETAB) $(NUMTAB) \
  $(EXP_OUT)/compile.cmd $(EXP_OUT)/shapes.txt $(if $(filter 1,$(SERVE)),$(SERVE_BIN))

## measure: GPU only: numerics gate, then one session of ROUNDS shuffled rounds [SESSION= ORDER_SEED=] -> data/EXP/<gpu>/<v>.csv (appended); GPUS=all (or 0,1): a session per GPU at once, builds overlapping the timing; RUNNER=slurm: SLURM_JOBS cluster jobs
.PHONY: measure measure-one
ifeq ($(strip $(GPUS))$(filter slurm,$(RUNNER)),)
measure: check-gpu build $(EXP_OUT)/gates.csv $(SAMPLES_BIN) $(SESSION_BIN) $(NUMTAB) $(if $(filter 1,$(SERVE)),$(SERVE_BIN))
	@$(MEASURE_ENV) $(MEASURE_OPT) $(SESSION_BIN) measure $(EXP) >/dev/null
else
measure: check-gpu $(MEASURE_SHARED) $(SAMPLES_BIN) $(SESSION_BIN)
	+@$(if $(MAKE_DRY),echo "measure: a dry run (make -n): the sessions of GPUS='$(GPUS)' RUNNER=$(RUNNER) are not started"; exit 0;) \
	  exec 7>$(EXP_OUT)/.measure.lock && flock 7 || exit 2; \
	  rm -f $(EXP_OUT)/shards.*.done; rm -rf $(EXP_OUT)/queue && mkdir -p $(EXP_OUT)/queue || exit 2; \
	  B=$(B) GPUS='$(GPUS)' ROUNDS=$(ROUNDS) REPS=$(REPS) PLAN_ROUNDS='$(word 4,$(PLAN))' BASELINE='$(BASELINE)' BASELINES='$(BASELINES)' \
	  LIB_BASELINES='$(LIB_BASELINES)' RUN_TIMEOUT=$(RUN_TIMEOUT) ORDER_SEED='$(ORDER_SEED)' \
	  RUNNER=$(RUNNER) SLURM_JOBS=$(SLURM_JOBS) SLURM_PARTITION='$(SLURM_PARTITION)' \
	  SLURM_ACCOUNT='$(SLURM_ACCOUNT)' SLURM_TIME='$(SLURM_TIME)' MAKE_CMD='$(MEASURE_MAKE)' \
	  ALL_VARIANTS='$(BIN_TARGETS)' VARIANT='$(VARIANT)' $(SESSION_BIN) shards $(EXP) >$(EXP_OUT)/shards.mk.tmp && \
	  mv $(EXP_OUT)/shards.mk.tmp $(EXP_OUT)/shards.mk || exit 2; \
	  $(GATETAB) clear $(EXP_OUT)/runtime.csv || exit 2; \
	  t0=$$(date +%s); $(SHARDS_MAKE) -k -j$$(( $$(grep -c '^shard[0-9]*:' $(EXP_OUT)/shards.mk) + $(BUILD_JOBS) )) all; \
	  rc=$$?; echo "measure: $(EXP): the sessions took $$(( $$(date +%s) - t0 )) s" >&2; \
	  $(if $(filter slurm,$(RUNNER)),B=$(B) DATA_OUT=$(DATA_OUT) SAMPLES_BIN=$(SAMPLES_BIN) GATETAB=$(GATETAB) NUMTAB=$(NUMTAB) $(SESSION_BIN) collect $(EXP) || rc=1;,\
	  $(MEASURE_MAKE) $(EXP_OUT)/gates.csv || rc=1; \
	  for f in $(EXP_OUT)/shards.*.done; do [ -f "$$f" ] || continue; read -r _ dest <"$$f"; \
	    { flock 8; $(GATETAB) merge $(EXP_OUT) "$$dest"; } 8>"$$dest/.publish.lock" || rc=1; done;) exit $$rc
endif
# from_shards NAME: NAME's value when shards.mk set it (on measure-one's command line), else empty:
# a variable of that name in the user's environment (QUEUE, STREAM) is not taken for one
from_shards = $(if $(filter command line,$(origin $(1))),$($(1)))
# one GPU's session of `measure GPUS=...` (shards.mk calls it; SHARD: the runtime table is shared)
measure-one: check-gpu
	@[ -n "$(GPU)$$SLURM_JOB_ID" ] || { echo "make: measure-one is run by 'make measure GPUS=...' or RUNNER=slurm (it needs GPU=<index> or a Slurm job)" >&2; exit 2; }
	+@$(if $(MAKE_DRY),echo "measure-one: a dry run (make -n): no session started"; exit 0;) \
	  SHARD=1 $(if $(GPU),GPU=$(GPU)) DONE_FILE='$(DONE_FILE)' $(MEASURE_ENV) $(MEASURE_OPT) \
	  $(if $(call from_shards,STREAM),STREAM=1 BUILD_MAKE='$(MEASURE_MAKE)' BUILD_CHUNK=$(BUILD_CHUNK) BUILD_DEPTH=$(BUILD_DEPTH)) \
	  $(if $(call from_shards,QUEUE),QUEUE='$(QUEUE)' QUEUE_SHARED='$(QUEUE_SHARED)') $(SESSION_BIN) measure $(EXP) >/dev/null

