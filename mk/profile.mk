# profile.mk — `make profile`: Nsight Compute with a minimal metric set on one shape of every
# passing variant (GPU host: ncu and these cc-built tools only), the counter gates
# bank_conflicts and bad_coalescing; `make report` shows the published profiles (its profile section).
#   build/<exp>/profile/<v>.csv        tidy: its code id, commit and GPU, then
#                                      variant,shape,metric,value,unit (tools/profile/profile_metrics.h)
#   build/<exp>/profile/<v>.ncu-rep    for the Nsight Compute GUI; raw/<v>.csv, <v>.log beside it
#   build/<exp>/counter_gates.csv      variant,verdict,reason,detail of the counter gates
#   data/<exp>/<gpu>/profile/<v>.csv   with PUBLISH=1 (committed: the report reads them)
BANK_CONFLICT_MAX      ?= 0.5
COALESCE_FACTOR        ?= 2
# Fallback ideal when ncu has no bytes-per-sector figure for global loads (it reports 0 when a
# kernel issues no LDG, e.g. all loads are cp.async): 16 sectors per warp request, as for the
# 16-byte-per-lane cp.async copies of this kernel (4 would be the ideal for 4-byte loads).
COALESCE_IDEAL_SECTORS ?= 16
PROFILE_TIMEOUT        ?= 110
# the shape profiled: SHAPE= on the command line, else PROFILE_SHAPE from experiment.mk, else
# the experiment's first shape
PROFILE_SHAPE          ?=
PUBLISH                ?=

PM_OBJ := $(B)/tools/obj/profile/profile_metrics.o
PROFILE_BIN := $(B)/tools/profile
PROFILE_TOOLS := $(addprefix $(B)/tools/,ncu_csv counter_gates) $(PROFILE_BIN)
$(B)/tools/ncu_csv: $(B)/tools/obj/profile/ncu_csv_main.o $(B)/tools/obj/profile/ncu_csv.o $(PM_OBJ)
	$(CC) -o $(OUT_TMP) $^ -lm $(OUT_DONE)
$(B)/tools/counter_gates: $(B)/tools/obj/profile/counter_gates.o $(PM_OBJ) $(GATE_TABLE_OBJS)
	$(CC) -o $(OUT_TMP) $^ -lm $(OUT_DONE)
# the driver of `make profile` (tools/profile/profile_main.c): its pure parts (the metric list and
# its retries, the ncu command lines, the choice of variants, shapes and kernels, the settings),
# its runs; the session's processes (timeouts, process groups) and helpers (run_proc.h, run_util.h)
PROFILE_PURE_OBJS := $(addprefix $(B)/tools/obj/profile/,ncu_metrics.o profile_ncu.o profile_pick.o profile_env.o) \
  $(PM_OBJ) $(RUN_PROC_OBJS)
$(PROFILE_BIN): $(addprefix $(B)/tools/obj/profile/,profile_main.o profile_run.o profile_gates.o) $(PROFILE_PURE_OBJS) \
  $(addprefix $(B)/tools/obj/session/,session_sha256.o session_code_id.o)
	$(CC) -o $(OUT_TMP) $^ -lm $(OUT_DONE)

## profile-tools: build the profiling host tools (ncu_csv, counter_gates, profile)
.PHONY: profile-tools
profile-tools: $(PROFILE_TOOLS)
tools: profile-tools

## profile: GPU only: ncu on one shape (SHAPE=) of each passing variant (VARIANT=) -> build/EXP/profile/, counter gates; PUBLISH=1 -> data/
.PHONY: profile
# (build/tools/profile: its settings, tools/profile/profile_env.h; it runs itself again under
# `session lock`, the GPU's host-wide lock)
profile: check-gpu build $(EXP_OUT)/gates.csv $(B)/tools/ncu_csv $(B)/tools/counter_gates $(GATETAB) $(SESSION_BIN) $(PROFILE_BIN)
	@B=$(B) SESSION_BIN=$(SESSION_BIN) DATA_OUT=$(DATA_OUT) PUBLISH=$(PUBLISH) VARIANTS='$(VARIANTS)' VARIANT='$(VARIANT)' \
	  SHAPE='$(or $(SHAPE),$(PROFILE_SHAPE))' SEED=$(SEED) PROFILE_TIMEOUT=$(PROFILE_TIMEOUT) \
	  BANK_CONFLICT_MAX=$(BANK_CONFLICT_MAX) COALESCE_FACTOR=$(COALESCE_FACTOR) \
	  COALESCE_IDEAL_SECTORS=$(COALESCE_IDEAL_SECTORS) CODE_SRC='$(CODE_SRC)' GIT_REV='$(GIT_REV)' $(PROFILE_BIN) $(EXP)

## profile-gates: counter gates from build/EXP/profile/*.csv (or PROFILE_DIR=) into build/EXP/gates_run.csv (PUBLISH=1: gates.csv beside PROFILE_DIR); no GPU
# counter_gates judges the profiles (build/EXP/counter_gates.csv); `gatetab stage` turns its
# rejects into runtime rows, dropping the earlier counter rows of the same variants, and merges
# the table as measure's and sanitize's rows are (build/tools/profile does the same after ncu)
PROFILE_FROM := $(or $(PROFILE_DIR),$(EXP_OUT)/profile)
.PHONY: profile-gates
profile-gates: $(EXP_OUT)/gates.csv $(B)/tools/counter_gates $(GATETAB)
	@shopt -s nullglob; f=('$(PROFILE_FROM)'/*.csv); \
	  [ $${#f[@]} -gt 0 ] || { echo "make: $(PROFILE_FROM): no profile CSVs (run make profile EXP=$(EXP) on a GPU host)" >&2; exit 2; }; \
	  $(B)/tools/counter_gates --bank-conflict-max $(BANK_CONFLICT_MAX) --coalesce-factor $(COALESCE_FACTOR) \
	    --ideal-sectors $(COALESCE_IDEAL_SECTORS) "$${f[@]}" >$(EXP_OUT)/counter_gates.csv.tmp || exit 2; \
	  mv $(EXP_OUT)/counter_gates.csv.tmp $(EXP_OUT)/counter_gates.csv; \
	  n=$$($(GATETAB) stage $(EXP_OUT) counters $(EXP_OUT)/counter_gates.csv \
	    $(if $(and $(PUBLISH),$(PROFILE_DIR)),'$(patsubst %/,%,$(dir $(PROFILE_DIR)))')) || exit 2; echo "counter gates: $$n" >&2

# The report's profile section (tools/report/profile_section.c): every published profile under
# $(DATA)/<exp>/<gpu>/profile/, passed to the appendix generator (report.mk).
# (each listing read once, through r_safe: a hostile name is warned of once and never run)
PROFILE_CSVS := $(filter $(foreach e,$(R_EXPS) $(R_SPACE_DEXPS),$(DATA)/$(e)/%),$(sort $(call r_safe,$(DATA)/*/*/profile/*.csv)))
REPORT_ARGS += $(PROFILE_CSVS:%=--profile %)
$(R_TEX): $(PROFILE_CSVS) $(call r_safe,$(DATA)/ceilings/*.csv)

TEST_SCRIPTS += tests/profile/test_profile.sh
test: $(PROFILE_TOOLS) $(B)/tools/report_gen

# Unit test of the raw-CSV reader's pieces.
TEST_PROGS += $(B)/tests/test_ncu_csv
$(B)/tests/test_ncu_csv: tests/profile/test_ncu_csv.c $(B)/tools/obj/profile/ncu_csv.o
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(B)/tools/obj/profile/ncu_csv.o -lm
-include $(B)/tests/test_ncu_csv.d
# Unit test of the driver's pure parts (ncu_metrics.h, profile_ncu.h, profile_pick.h, profile_env.h).
TEST_PROGS += $(B)/tests/test_profile_driver
$(B)/tests/test_profile_driver: tests/profile/test_profile_driver.c $(PROFILE_PURE_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(PROFILE_PURE_OBJS) -lm
-include $(B)/tests/test_profile_driver.d
