# cudadent42 — a batch experiment pipeline for tuning CUDA kernels and proving the result.
# One Makefile; the stages live in mk/*.mk. `make help` lists every target. It starts a make of its
# own only where one make cannot hold the work (one experiment's names at a time, files that exist
# only after a step ran): each such recipe says why in a `# sub-make:` comment
# (tests/layout/submake_comments.awk).
SHELL := /bin/bash
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:
MAKEFLAGS += --no-builtin-rules

EXP  ?= smoke
ARCH ?= sm_90
B    := build
# the published samples that analysis, report and profile read (measure writes DATA_OUT)
DATA ?= data

# Goals that read no experiment and no data (help, clean, new-problem and the like): for them make reads no
# generated makefile, so reading the makefiles runs no tool and writes nothing. Any other goal
# (and a goal list with one) makes the generated ones first: the space expansion of an
# experiment, the inventory of the data.
LIGHT_GOALS := help clean deps fuzz fuzz-build fuzz-run-% new-problem check-tunables
MAKE_GRAPH  := $(filter-out $(LIGHT_GOALS),$(or $(MAKECMDGOALS),$(.DEFAULT_GOAL)))

include mk/text.mk
# what a user names on the command line reaches recipes: checked before anything is read or run
$(call txt_check_names,VARIANT)
$(foreach v,SHAPE REPLAY_GPU,$(call txt_check_name,$(v)))
$(foreach v,DATA DATA_OUT,$(call txt_check_path,$(v)))
$(call txt_check_path_as_written,FROM)
include mk/toolchain.mk
include mk/deps.mk
include mk/tools.mk
include mk/samples.mk
include mk/csv.mk
include mk/session.mk
include mk/stats.mk
include mk/experiment.mk
include mk/measure.mk
include mk/sanitize.mk
include mk/report.mk
include mk/baselines.mk
include mk/phase.mk
include mk/profile.mk
include mk/search.mk
include mk/published.mk
include mk/fuzz.mk
include mk/scaffold.mk
include mk/test.mk

## help: list every target with one line each
.PHONY: help
help:
	@echo "usage: make <target> [EXP=<experiment>] [ARCH=sm_90|sm_90a] [VARIANT=<v>] [SHAPE=<s>]"
	@echo "experiments: $(R_XNAMES)"
	@echo
	@sed -n 's/^## \([a-z0-9_-]*\): \(.*\)/  \1|\2/p' Makefile $(sort $(wildcard mk/*.mk)) \
	  | awk -F'|' '{ printf "  %-14s %s\n", $$1, $$2 }' | sed 's/^  //'
	@echo
	@echo "settings (make VAR=value, or in an experiment.mk): REPS ROUNDS WARMUP L2=cold|hot"
	@echo "  ARCH=sm_90 (default; sm_90a: wgmma/setmaxnreg kernels, set by their experiment.mk; sm_80 sm_86 sm_89)"
	@echo "  GRAPH_CALLS=20 (calls per timed CUDA graph replay, as SDPA is timed; 1: single cold calls)"
	@echo "  STATS=<path> (stats tool for analyze/reproduce on a GPU host without GSL: make stats-static)"
	@echo "  PUBLISH=1 (reproduce, profile, aa-check: write into data/)  CEILINGS=0 (phase runs)"
	@echo "  GPUS=all or 0,1 (measure, search: a session, or a batch's trials, on each GPU at once)"
	@echo "  RUNNER=slurm SLURM_JOBS=n SLURM_PARTITION= SLURM_ACCOUNT= SLURM_TIME=min (measure on a cluster)"
	@echo "  BUILD_JOBS=n BUILD_CHUNK=n (measure GPUS=: compiles beside the sessions, variants per make call)"

## clean: remove build/ (never touches data/)
.PHONY: clean
clean:
	rm -rf $(B)
