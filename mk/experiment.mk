# experiment.mk — read experiments/$(EXP)/experiment.mk, expand its variants, and build and
# gate one binary per variant: build/$(EXP)/<v>/{bench,status,build.log,describe.txt}.
EXP_ROOT ?= experiments
# EXP names a directory under EXP_ROOT: one word, no '/' (EXP=../x would write into the sources),
# and it reaches recipes: no character a shell reads
ifneq ($(words $(EXP))$(call txt_rest,$(EXP),$(TXT_WORD_CH)),1)
$(error EXP='$(EXP)': an experiment is one directory name under $(EXP_ROOT)/: a name may hold only [A-Za-z0-9_.+-])
endif
EXP_DIR := $(EXP_ROOT)/$(EXP)
EXP_OUT := $(B)/$(EXP)
ifneq ($(wildcard $(EXP_DIR)/experiment.mk),)
include $(EXP_DIR)/experiment.mk
endif
# the problem of the experiment: KERNEL is <problem>/<source> under kernels/
PROBLEM := $(firstword $(subst /, ,$(KERNEL)))
# defaults for what an experiment.mk may leave out
REPS          ?= 50
WARMUP        ?= 10
L2            ?= cold
# calls per CUDA graph replay, for our kernels and the SDPA baselines alike (0: plain launches,
# our kernels only)
GRAPH_CALLS   ?= 20
# processes per variant and session: the A/A data show per-process offsets, so the rounds, not
# the samples, bound what a session can resolve
ROUNDS        ?= 10
SEED          ?= 42
MIN_OCCUPANCY ?= 0.5
# the seeds' rule: occupancy matters less when cp.async hides the load latency
MIN_OCCUPANCY_CP_ASYNC ?= 0
MIN_CTAS_PER_SM ?= 0
RUN_TIMEOUT   ?= 300
BUILD_TIMEOUT ?= 120
BASELINES     ?=
# LIBRARIES: the production libraries among the baselines, the ones the report's headline and
# roofline table judge our best against (`@lib`); all BASELINES when unset
LIBRARIES     ?=
GATE_WAIVE    ?=
# PLAN: the design fixed before its sessions run, "NAME GPUS SESSIONS_PER_GPU ROUNDS" (e.g.
# `PLAN := confirm1 8 1 3`): measure writes plan=NAME/GxSxR on every session's line, and the
# statistics take the claims from that plan's sessions alone (confirmatory; earlier sessions are
# the pilot, reported apart), saying so when the data hold more sessions of it than planned
PLAN          ?=
# PRIMARY: the experiment's claims, cand:base pairs (each also a COMPARE pair or a variant
# against BASELINE): Holm runs over them as one family, the other comparisons are a secondary
# family, and `make reproduce` judges a fresh session by them. Unset: every variant against
# BASELINE.
PRIMARY       ?=
# limits the static gates check against: the target GPU, or a smaller one the binary must fit too
GATE_ARCH     ?= $(ARCH)
SM_COUNT      ?= $(SM_COUNT_$(ARCH))
SM_COUNT_sm_80 := 108
SM_COUNT_sm_86 := 84
SM_COUNT_sm_89 := 58
SM_COUNT_sm_90 := 132
# sm_90a: the same H100, built with its architecture-specific instructions (wgmma, setmaxnreg);
# an experiment whose kernel needs them sets ARCH := sm_90a in its experiment.mk
SM_COUNT_sm_90a := 132

# An experiment.mk's mistakes stop make before any work, naming the file and line: counts must be
# whole numbers (four assignments on one line make REPS "100 WARMUP := 20 ..."), L2 cold or hot.
x_line  = $(shell grep -n -m1 -E '^[[:space:]]*$(1)[[:space:]]*[:?+]?=' $(EXP_DIR)/experiment.mk 2>/dev/null | cut -d: -f1)
x_where = $(if $(call x_line,$(1)),$(EXP_DIR)/experiment.mk:$(call x_line,$(1)),$(1))
# x_own VAR: mk/text.mk
# x_shape SHAPE: non-empty when SHAPE is in the grammar every problem's shapes share (shape.h):
# fields TAG<n> joined by '_', TAG an upper-case letter, n a whole number without a leading zero;
# which tags a problem takes is checked by its bench (--describe) when the variants are built
X_TAGS  := A B C D E F G H I J K L M N O P Q R S T U V W X Y Z
x_num   = $(if $(filter 0,$(1)),1,$(if $(filter-out 0%,$(call txt_count,$(1))),1))
x_tagn  = $(strip $(foreach t,$(X_TAGS),$(if $(filter $(t)%,$(1)),$(call x_num,$(patsubst $(t)%,%,$(1))))))
x_shape = $(if $(findstring __,_$(1)_),,$(if $(filter-out 1,$(foreach w,$(subst _, ,$(1)),$(or $(call x_tagn,$(w)),0))),,1))
$(foreach v,REPS WARMUP ROUNDS GRAPH_CALLS SEED RUN_TIMEOUT BUILD_TIMEOUT MIN_CTAS_PER_SM,\
  $(if $(call txt_count,$($(v))),,$(error $(call x_where,$(v)): $(v) = '$($(v))' is not a whole number (one assignment per line))))
# (MIN_CTAS_PER_SM times the SMs is shell arithmetic: at most 6 digits, so that it cannot wrap)
x_chars = $(subst 0,0 ,$(subst 1,1 ,$(subst 2,2 ,$(subst 3,3 ,$(subst 4,4 ,$(subst 5,5 ,$(subst 6,6 ,$(subst 7,7 ,$(subst 8,8 ,$(subst 9,9 ,$(1)))))))))))
$(if $(word 7,$(call x_chars,$(MIN_CTAS_PER_SM))),$(error $(call x_where,MIN_CTAS_PER_SM): MIN_CTAS_PER_SM = '$(MIN_CTAS_PER_SM)' is above 999999 CTAs a SM))
$(if $(filter cold hot,$(L2)),,$(error $(call x_where,L2): L2 = '$(L2)' is not cold or hot))
$(if $(filter 0,$(ROUNDS)),$(error $(call x_where,ROUNDS): ROUNDS = 0: at least one round))
# ARCH (the Makefile's default, the command line's or the experiment's) must be one the tables
# know: its SM count here, its limits in tools/gates/arch_limits.c
ifneq ($(MAKE_GRAPH),)
$(if $(SM_COUNT),,$(error $(call x_where,ARCH): ARCH = '$(ARCH)' has no SM count (known: \
  $(sort $(patsubst SM_COUNT_%,%,$(filter SM_COUNT_sm_%,$(.VARIABLES))))): add SM_COUNT_$(ARCH) to \
  mk/experiment.mk and its limits to tools/gates/arch_limits.c))
$(if $(SM_COUNT_$(GATE_ARCH)),,$(error $(call x_where,GATE_ARCH): GATE_ARCH = '$(GATE_ARCH)' is no architecture the tables know \
  ($(sort $(patsubst SM_COUNT_%,%,$(filter SM_COUNT_sm_%,$(.VARIABLES)))))))
endif
# the settings the gates and the report read, checked before any work (not after every variant
# compiled): a fraction in [0, 1] (x_frac), a style, the band, the waivers' form
x_frac = $(if $(filter 0 1 1.0 1.00,$(1)),1,$(if $(and $(filter 1,$(words $(1))),$(filter 0.% .%,$(1))),$(if $(call txt_rest,$(patsubst 0.%,%,$(patsubst .%,%,$(1))),$(TXT_DIGITS)),,1)))
$(foreach v,MIN_OCCUPANCY MIN_OCCUPANCY_CP_ASYNC,$(if $(call x_frac,$($(v))),,\
  $(error $(call x_where,$(v)): $(v) = '$($(v))' is not a fraction in [0, 1] (e.g. 0.5))))
$(if $(filter-out timing correctness sweep,$(REPORT_STYLE)),$(error $(call x_where,REPORT_STYLE): REPORT_STYLE = '$(REPORT_STYLE)' is not timing, correctness or sweep))
$(if $(DELTA),$(if $(call x_frac,$(DELTA)),,$(error $(call x_where,DELTA): DELTA = '$(DELTA)' is not a fraction in [0, 1] (e.g. 0.03))))
# GOAL: the speedup the experiment's claims (PRIMARY) aim at, met where the 95% CI's lower end is
# at or above it (the report's page 1 says where): a decimal like 1.10
# x_posdec X: non-empty when X is one word of digits with at most one inner point, no leading zero
# before a digit, and not zero
x_posdec = $(and $(filter 1,$(words $(1))),$(filter-out .% %. 0 0.,$(1)),$(if $(findstring ..,$(1)),,1),\
  $(if $(call txt_rest,$(subst .,,$(1)),$(TXT_DIGITS)),,1),$(if $(word 3,$(subst ., ,$(1))),,1),\
  $(if $(filter 0%,$(1)),$(filter 0.%,$(1)),1),$(if $(call txt_rest,$(subst .,,$(1)),0),1,))
# x_speedup X: non-empty when X is such a decimal above 1 (no leading zero)
x_speedup = $(and $(call x_posdec,$(1)),$(filter-out 0%,$(1)),\
  $(if $(filter 1,$(firstword $(subst ., ,$(1)))),$(call txt_rest,$(word 2,$(subst ., ,$(1))),0),1))
$(if $(GOAL),$(if $(call x_speedup,$(GOAL)),,$(error $(call x_where,GOAL): GOAL = '$(GOAL)' is not a speedup above 1 like 1.10)))
# GOAL_AT: goals per shape, each word SHAPE:SPEEDUP[:LOWER] (e.g. M4096_N4096_K4096:0.95:0.93): at
# SHAPE a claim meets its goal where its speedup is at least SPEEDUP and its 95% CI's lower end at
# least LOWER (SPEEDUP when left out, as GOAL reads); at the shapes it does not name, GOAL (if set).
# SPEEDUP and LOWER are positive decimals (0.95, 1.0, 1.5), LOWER no more than SPEEDUP.
x_goal_at_bad = $(call x_where,GOAL_AT): GOAL_AT word '$(1)'
# x_goal_at_one WORD FIELDS (FIELDS: WORD split at its colons, so WORD is expanded once)
x_goal_at_one = $(if $(or $(findstring ::,$(1)),$(filter :% %:,$(1))),\
  $(error $(call x_goal_at_bad,$(1)) has an empty field: SHAPE:SPEEDUP or SHAPE:SPEEDUP:LOWER))$(if $(filter 2 3,$(words $(2))),,\
  $(error $(call x_goal_at_bad,$(1)) is not SHAPE:SPEEDUP or SHAPE:SPEEDUP:LOWER))$(if $(and $(if $(findstring %,$(word 1,$(2))),,1),$(filter $(word 1,$(2)),$(SHAPES))),,\
  $(error $(call x_goal_at_bad,$(1)): '$(word 1,$(2))' is not one of SHAPES))$(foreach x,$(wordlist 2,3,$(2)),$(if $(call x_posdec,$(x)),,\
  $(error $(call x_goal_at_bad,$(1)): '$(x)' is not a positive decimal like 0.95 or 1.5)))$(if $(word 3,$(2)),$(if $(shell \
  awk 'BEGIN { exit !($(word 3,$(2)) <= $(word 2,$(2))) }' && echo 1),,$(error $(call x_goal_at_bad,$(1)): its lower end \
  $(word 3,$(2)) is above its speedup $(word 2,$(2)))))
$(foreach w,$(GOAL_AT),$(call x_goal_at_one,$(w),$(subst :, ,$(w))))
$(foreach s,$(sort $(foreach w,$(GOAL_AT),$(firstword $(subst :, ,$(w))))),$(if $(filter-out 1,$(words $(filter $(s):%,$(GOAL_AT)))),\
  $(error $(call x_where,GOAL_AT): GOAL_AT names shape '$(s)' more than once)))
# CLAIMS_RANK: where the experiment's declared claims (PRIMARY) stand among every experiment's in
# the report's section A.0, 1 first (page 1); experiments without one follow the ranked, by name
$(if $(CLAIMS_RANK),$(if $(and $(filter 1,$(words $(CLAIMS_RANK))),$(call x_num,$(CLAIMS_RANK)),$(filter-out 0,$(CLAIMS_RANK))),,\
  $(error $(call x_where,CLAIMS_RANK): CLAIMS_RANK = '$(CLAIMS_RANK)' is not a whole number from 1)))
$(foreach w,$(GATE_WAIVE),$(if $(and $(findstring :,$(w)),$(filter-out :%,$(w)),$(filter-out %:,$(w))),,\
  $(error $(call x_where,GATE_WAIVE): GATE_WAIVE = '$(GATE_WAIVE)': '$(w)' is not VARIANT:REASON)))

# Variant names become make targets and paths: only [A-Za-z0-9_.+-] names are taken; any other
# file name is reported and skipped (a name is never expanded by make or a shell).
# A space is expanded by a target, not while make reads its makefiles: $(EXP_OUT)/space.mk runs
# tools/space into $(EXP_OUT)/variants/ and lists the flag files; make remakes it (when the space
# file or the tool changed) and reads it before any other work, for every goal but the light ones.
ifdef SPACE
$(if $(and $(filter 1,$(words $(SPACE))),$(call txt_safe_files,$(SPACE),a space file name)),,\
  $(error $(call x_where,SPACE): SPACE = '$(SPACE)' is not one file name of [A-Za-z0-9_.+/-]))
SPACE_OUT   := $(EXP_OUT)/variants
VARIANT_DIR := $(SPACE_OUT)
$(EXP_OUT)/space.mk: $(EXP_DIR)/$(SPACE) $(B)/tools/space
	@mkdir -p $(SPACE_OUT)
	$(B)/tools/space $(EXP_DIR)/$(SPACE) $(SPACE_OUT)
	@{ printf 'SPACE_FLAGS :='; (cd $(SPACE_OUT) && printf ' %s' *.flags); echo; } >$@.tmp.$$$$ && mv -f $@.tmp.$$$$ $@
ifneq ($(MAKE_GRAPH),)
include $(EXP_OUT)/space.mk
endif
_vfiles := $(SPACE_FLAGS)
else
VARIANT_DIR := $(EXP_DIR)/variants
_vfiles := $(notdir $(call txt_glob,$(VARIANT_DIR)/*.flags,a flag file name))
# (a flag file whose name starts with '.' is no variant: said once, not skipped without a word)
$(if $(TXT_QUIET),,$(foreach f,$(filter-out %/. %/..,$(wildcard $(VARIANT_DIR)/.*.flags $(VARIANT_DIR)/.*.dispatch)),\
  $(warning $(f): a hidden file (its name starts with '.') is no variant: left out)))
# dispatching variants: <name>.dispatch, a table of which flag-file variant serves which shapes
# (kernels/harness/dispatch_rules.h), linked into one bench (tools/pipeline/link_dispatch.sh)
_dfiles := $(notdir $(call txt_glob,$(VARIANT_DIR)/*.dispatch,a dispatch file name))
endif
FLAG_VARIANTS     := $(_vfiles:.flags=)
DISPATCH_VARIANTS := $(_dfiles:.dispatch=)
$(foreach v,$(filter $(FLAG_VARIANTS),$(DISPATCH_VARIANTS)),$(error $(VARIANT_DIR): '$(v)' is both a flag file and a dispatch file))
VARIANTS := $(FLAG_VARIANTS) $(DISPATCH_VARIANTS)
$(if $(strip $(PLAN)),$(if $(and $(filter 4,$(words $(PLAN))),$(call txt_count,$(word 2,$(PLAN))),$(call txt_count,$(word 3,$(PLAN))),$(call txt_count,$(word 4,$(PLAN))),$(if $(call txt_rest,$(firstword $(PLAN)),$(TXT_NAME_CH)),,ok)),,\
  $(error $(EXP_DIR)/experiment.mk: PLAN = '$(PLAN)' is not "NAME GPUS SESSIONS_PER_GPU ROUNDS" (NAME of [A-Za-z0-9_.+-], counts >= 1))))
include mk/plan.mk
PLAN_TAG = $(call plan_tag,$(PLAN))
# the claims a reproduction is judged by: PRIMARY, else every variant against BASELINE
CLAIM_PAIRS = $(or $(strip $(PRIMARY)),$(if $(BASELINE),$(foreach v,$(filter-out $(BASELINE),$(VARIANTS)),$(v):$(BASELINE))))
# The baselines of the experiment's problem: its cuBLAS ones (kernels/<problem>/cublas_*.cu) and
# the library ones it lists in kernels/<problem>/problem/baselines.txt (measured by `session measure`).
# BASELINES, BASELINE, COMPARE and SHAPES are checked now too: a misspelt baseline, a pair naming
# nothing, or a shape outside the grammar would otherwise pass silently or fail once per variant.
# C baselines: kernels/<problem>/<lib>_<name>.cu is baseline <lib>-<name> when it declares what it
# links in kernels/<problem>/<lib>_<name>.link (nvcc arguments separated by blanks or newlines:
# -l, -L and -Xlinker ones for the link, -I ones for the compile; read by make, never a shell), or
# is a cublas_*.cu (-lcublas when it has no .link)
C_LINK_FILES := $(call txt_glob,kernels/$(PROBLEM)/*_*.link,a C baseline's name)
C_BASELINE_SRC := $(sort $(call txt_glob,kernels/$(PROBLEM)/cublas_*.cu,a C baseline's name) $(filter $(wildcard kernels/$(PROBLEM)/*.cu),$(C_LINK_FILES:.link=.cu)))
c_baseline_name = $(subst _,-,$(patsubst kernels/$(PROBLEM)/%.cu,%,$(1)))
X_BASELINES := $(foreach f,$(C_BASELINE_SRC),$(call c_baseline_name,$(f))) \
               $(if $(wildcard kernels/$(PROBLEM)/problem/baselines.txt),$(file <kernels/$(PROBLEM)/problem/baselines.txt))
# the library of the problem's runner kernels/<problem>/problem/<lib>_bench.py (empty: none)
X_LIB := $(patsubst kernels/$(PROBLEM)/problem/%_bench.py,%,$(firstword $(wildcard kernels/$(PROBLEM)/problem/*_bench.py)))
# x_check_names: COMPARE and BASELINE name variants or baselines. A space's variants are known
# only once make has remade its expansion (space.mk), so for a space check-exp's recipe runs it.
x_check_names = $(foreach p,$(COMPARE),$(foreach v,$(subst :, ,$(p)),$(if $(filter $(v),$(VARIANTS) $(BASELINES)),,\
  $(error $(call x_where,COMPARE): '$(p)': '$(v)' is neither a variant nor a baseline of $(EXP)))))\
  $(if $(BASELINE),$(if $(filter $(BASELINE),$(VARIANTS) $(BASELINES) $(X_BASELINES)),,\
  $(error $(call x_where,BASELINE): '$(BASELINE)' is neither a variant nor a baseline)))
ifneq ($(and $(wildcard $(EXP_DIR)/experiment.mk),$(MAKE_GRAPH)),)
$(foreach b,$(BASELINES),$(if $(filter $(firstword $(subst ., ,$(b))),$(X_BASELINES)),,\
  $(error $(call x_where,BASELINES): '$(b)' is not a baseline of $(PROBLEM) (one of: $(or $(strip $(X_BASELINES)),none)$(if $(X_LIB),; a $(X_LIB)-* one may take a .<suffix>)))))
$(foreach p,$(COMPARE),$(if $(filter 2,$(words $(subst :, ,$(p)))),,$(error $(call x_where,COMPARE): '$(p)' is not cand:base)))
$(foreach p,$(PRIMARY),$(if $(filter 2,$(words $(subst :, ,$(p)))),,$(error $(call x_where,PRIMARY): '$(p)' is not cand:base))\
  $(if $(SPACE),,$(foreach v,$(subst :, ,$(p)),$(if $(filter $(v),$(VARIANTS) $(BASELINES) $(BASELINE)),,\
  $(error $(call x_where,PRIMARY): '$(p)': '$(v)' is neither a variant nor a baseline of $(EXP))))))
$(if $(SPACE),,$(x_check_names))
$(foreach k,$(foreach v,$(filter KERNEL_%,$(.VARIABLES)),$(call x_own,$(v))),$(if $(SPACE),$(error $(call x_where,$(k)): $(k): a space experiment builds every variant from KERNEL),\
  $(if $(filter $(k:KERNEL_%=%),$(FLAG_VARIANTS)),,$(error $(call x_where,$(k)): $(k): '$(k:KERNEL_%=%)' is not a flag-file variant of $(EXP)))\
  $(if $(filter $(PROBLEM)/%,$($(k))),,$(error $(call x_where,$(k)): $(k) = '$($(k))' is not a source of $(PROBLEM) (<problem>/<source> under kernels/, the problem of KERNEL)))))
$(foreach l,$(LIBRARIES),$(if $(filter $(l),$(BASELINES) $(BASELINE)),,$(error $(call x_where,LIBRARIES): '$(l)' is neither one of BASELINES nor the BASELINE)))
$(foreach sh,$(SHAPES),$(if $(call x_shape,$(sh)),,$(error $(call x_where,SHAPES): '$(sh)' is not a shape (fields TAG<n> joined by '_', e.g. B2_H8_S512_D64_C0 or M4096_N4096_K4096))))
# the problem's own checks of the experiment, while make reads it (kernels/<problem>/problem/problem.mk)
-include $(wildcard kernels/$(PROBLEM)/problem/problem.mk)
endif
# the C baselines the experiment lists (the others of BASELINES are library runners', `session measure`)
C_BASELINES := $(filter $(foreach f,$(C_BASELINE_SRC),$(call c_baseline_name,$(f))),$(BASELINES))
c_baseline_src = $(firstword $(foreach f,$(C_BASELINE_SRC),$(if $(filter $(1),$(call c_baseline_name,$(f))),$(f))))
# c_baseline_link SRC: what it links, from its .link file (else -lcublas for a cublas_*.cu)
c_baseline_link = $(if $(wildcard $(1:.cu=.link)),$(strip $(call c_link_check,$(1:.cu=.link),$(call txt_words,$(file <$(1:.cu=.link))))),-lcublas)
# c_link_check FILE,ARGS: ARGS when each is -l<lib>, -L<dir>, -I<dir>, -Xlinker or the argument
# after it, of [A-Za-z0-9_.+/-] (they reach nvcc through a recipe's shell); else make stops
c_link_check = $(eval c_after_x :=)$(foreach a,$(2),$(if $(call txt_rest,$(a),$(TXT_NAME_CH)),$(error $(1): '$(a)': a link argument may hold only [A-Za-z0-9_.+/-]),\
  $(if $(filter -l% -L% -I% -Xlinker,$(a))$(c_after_x),,$(error $(1): '$(a)': not -l<lib>, -L<dir>, -I<dir> or -Xlinker <arg>)))\
  $(eval c_after_x := $(if $(c_after_x),,$(filter -Xlinker,$(a))))$(a))$(if $(c_after_x),$(error $(1): -Xlinker needs an argument after it))
BIN_TARGETS := $(VARIANTS) $(C_BASELINES)

# The harness: kernels/harness/*.cu and *.c (the shape grammar), the samples library's median and
# writer (SAMPLES_HARNESS_SRC, mk/samples.mk), and of the experiment's problem alone its shapes
# (kernels/<problem>/problem/*_shape.c) with a registry of that one problem, and its layer
# (kernels/<problem>/problem/*.cu), each compiled once per ARCH. A bench links no other problem's
# code, so a problem added or changed leaves every other problem's code id as it was.
# problem_objs PROBLEM: what a bench binary of that problem links besides its kernel
HARNESS_SRC  := $(wildcard kernels/harness/*.cu kernels/harness/*.c) $(SAMPLES_HARNESS_SRC)
k_obj         = $(patsubst tools/%,$(B)/harness/$(ARCH)/tools/%.o,$(patsubst kernels/%,$(B)/harness/$(ARCH)/%.o,$(basename $(1))))
problem_objs  = $(call k_obj,$(HARNESS_SRC) $(wildcard kernels/$(1)/problem/*.cu kernels/$(1)/problem/*_shape.c)) $(B)/harness/$(ARCH)/gen/registry_$(1).o
HARNESS_OBJS := $(call problem_objs,$(PROBLEM))
# include paths of a source under kernels/<dir>/: the harness, the problem's folder and its layer
k_inc         = -Ikernels/harness -Ikernels/$(1) -Ikernels/$(1)/problem
# (-Itools: the harness includes the samples library as "samples/<name>.h")
$(B)/harness/$(ARCH)/%.o: kernels/%.cu $(B)/harness/$(ARCH)/nvccflags.txt | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(NVCC_PIC) $(call k_inc,$(firstword $(subst /, ,$*))) -Itools -MMD -MP -c $< -MF $(@:.o=.d) -MT $@ -o $(OUT_TMP) $(OUT_DONE)
$(B)/harness/$(ARCH)/%.o: kernels/%.c $(B)/harness/$(ARCH)/nvccflags.txt | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(NVCC_PIC) -Ikernels/harness -MMD -MP -c $< -MF $(@:.o=.d) -MT $@ -o $(OUT_TMP) $(OUT_DONE)
$(B)/harness/$(ARCH)/gen/registry_%.o: $(B)/gen/registry_%.c $(B)/harness/$(ARCH)/nvccflags.txt | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(NVCC_PIC) -Ikernels/harness -c $< -o $(OUT_TMP) $(OUT_DONE)
$(B)/harness/$(ARCH)/tools/%.o: tools/%.c $(B)/harness/$(ARCH)/nvccflags.txt | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(NVCC_PIC) -Ikernels/harness -MMD -MP -c $< -MF $(@:.o=.d) -MT $@ -o $(OUT_TMP) $(OUT_DONE)
-include $(wildcard $(B)/harness/$(ARCH)/*/*.d $(B)/harness/$(ARCH)/*/problem/*.d $(B)/harness/$(ARCH)/tools/*/*.d)
# build/harness/<arch>/<problem>.objs: the objects a bench binary of that problem links (tests
# build kernels against it), rewritten only when the list changes
PROBLEMS := $(patsubst kernels/%/problem/,%,$(wildcard kernels/*/problem/))
$(foreach p,$(PROBLEMS),$(eval $(B)/harness/$(ARCH)/$(p).objs: $(call problem_objs,$(p)) ; \
  @echo '$(call problem_objs,$(p))' | cmp -s - $$@ || echo '$(call problem_objs,$(p))' >$$@))
## harness: compile the harness and the layer of PROBLEM (default: the experiment's) for ARCH
.PHONY: harness
harness: $(B)/harness/$(ARCH)/$(PROBLEM).objs

# The compile line of this experiment; rewritten only when it changes (forces a rebuild).
$(EXP_OUT)/compile.cmd: FORCE
	@mkdir -p $(@D)
	@echo '$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(SM_COUNT) $(CUDART_SHARED)' | cmp -s - $@ || \
	  echo '$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(SM_COUNT) $(CUDART_SHARED)' > $@
$(EXP_OUT)/shapes.txt: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' $(SHAPES) | cmp -s - $@ || printf '%s\n' $(SHAPES) > $@
.PHONY: FORCE
FORCE:

# describe_only NEWER: 1 when the experiment's shapes are the one prerequisite newer than a
# variant's last build ($$?): its binary stands and only `bench --describe` runs again
describe_only = $(if $(filter-out $(EXP_OUT)/shapes.txt,$(1)),,$(if $(1),1))
# variant_rules NAME FLAGS_FILE KERNEL_SRC LINK_ARGS
# (recipe: the flags file, source and link arguments the variant is built from, rewritten only
# when they change, so that another source or link line is a rebuild even when the new source is
# older than the binary, and never mistaken for a change of the shapes alone)
define variant_rules
$(EXP_OUT)/$(1)/recipe: FORCE
	@mkdir -p $$(@D)
	@printf '%s\n' $(call shell_quote,$(2)) $(call shell_quote,$(3)) $(call shell_quote,$(4)) | cmp -s - $$@ || \
	  printf '%s\n' $(call shell_quote,$(2)) $(call shell_quote,$(3)) $(call shell_quote,$(4)) > $$@
$(EXP_OUT)/$(1)/status: $(filter-out none,$(2)) $(3) $(wildcard $(3:.cu=.tunables)) $(HARNESS_OBJS) $(EXP_OUT)/compile.cmd $(EXP_OUT)/shapes.txt \
    $(EXP_OUT)/$(1)/recipe $(B)/tools/flagcheck tools/pipeline/compile.sh | $(GATETAB)
	@echo "  $$(if $$(call describe_only,$$?),DESC,NVCC)  $(EXP)/$(1)"
	@NVCC='$(NVCC)' NVCCFLAGS='$(NVCCFLAGS)' NVCC_ARCH='$(NVCC_ARCH)' CUDART_SHARED='$(CUDART_SHARED)' SM_COUNT=$(SM_COUNT) \
	  FLAGCHECK=$(B)/tools/flagcheck GATETAB=$(GATETAB) BUILD_TIMEOUT=$(BUILD_TIMEOUT) DESCRIBE_ONLY=$$(call describe_only,$$?) \
	  tools/pipeline/compile.sh $(EXP_OUT)/$(1) $(2) $(3) $(EXP_OUT)/shapes.txt -- $(HARNESS_OBJS) -- $(4)
-include $(EXP_OUT)/$(1)/kernel.d
endef
# KERNEL_<variant> := <problem>/<source>: that variant is built from another source of the same
# problem (the same contract and harness), e.g. the mma.sync kernel beside the Hopper one
v_kernel = $(or $(if $(call x_own,KERNEL_$(1)),$(strip $(KERNEL_$(1)))),$(KERNEL))
$(foreach v,$(FLAG_VARIANTS),$(eval $(call variant_rules,$(v),$(VARIANT_DIR)/$(v).flags,kernels/$(call v_kernel,$(v)),)))
# dispatch_rules NAME: the dispatching variant NAME, after every flag-file variant (any of them may
# be a configuration it names; dispatchcheck, run by check-exp, judges the file, and
# link_dispatch.sh links the ones it names)
DISPATCHER = $(wildcard kernels/$(PROBLEM)/*_dispatch.cu)
define dispatch_rules
$(EXP_OUT)/$(1)/status: $(VARIANT_DIR)/$(1).dispatch $(FLAG_VARIANTS:%=$(EXP_OUT)/%/status) \
    $(DISPATCHER) kernels/$(PROBLEM)/dispatch_member.h $(wildcard kernels/harness/dispatch_contract.*) $(HARNESS_OBJS) $(EXP_OUT)/compile.cmd $(EXP_OUT)/shapes.txt \
    $(B)/tools/dispatchcheck tools/pipeline/link_dispatch.sh tools/pipeline/compile.sh | $(GATETAB)
	@echo "  LINK  $(EXP)/$(1) (dispatch)"
	@NVCC='$(NVCC)' NVCCFLAGS='$(NVCCFLAGS)' NVCC_ARCH='$(NVCC_ARCH)' CUDART_SHARED='$(CUDART_SHARED)' SM_COUNT=$(SM_COUNT) \
	  DISPATCHCHECK=$(B)/tools/dispatchcheck GATETAB=$(GATETAB) BUILD_TIMEOUT=$(BUILD_TIMEOUT) \
	  tools/pipeline/link_dispatch.sh $(EXP_OUT)/$(1) $(VARIANT_DIR)/$(1).dispatch $(PROBLEM) $(DISPATCHER) $(EXP_OUT) \
	  $(EXP_OUT)/shapes.txt -- $(HARNESS_OBJS) --
endef
$(foreach v,$(DISPATCH_VARIANTS),$(eval $(call dispatch_rules,$(v))))
$(foreach c,$(C_BASELINES),$(eval $(call variant_rules,$(c),none,$(call c_baseline_src,$(c)),$(call c_baseline_link,$(call c_baseline_src,$(c))))) \
  $(eval $(EXP_OUT)/$(c)/status: $(wildcard $(patsubst %.cu,%.link,$(call c_baseline_src,$(c))))))

STATUS_FILES := $(BIN_TARGETS:%=$(EXP_OUT)/%/status)

.PHONY: check-exp
check-exp: $(if $(DISPATCH_VARIANTS),$(B)/tools/dispatchcheck) $(if $(SHAPES),$(B)/tools/shapecheck)
	$(if $(SPACE),$(x_check_names))
	@[ -f $(EXP_DIR)/experiment.mk ] || { echo "make: no experiment '$(EXP)' ($(EXP_DIR)/experiment.mk)" >&2; exit 2; }
	@[ -n "$(KERNEL)" ] && [ -f kernels/$(KERNEL) ] || { echo "make: $(EXP_DIR)/experiment.mk: KERNEL '$(KERNEL)' is not a file under kernels/" >&2; exit 2; }
	@[ -n "$(strip $(BIN_TARGETS))" ] || { echo "make: $(EXP_DIR): no variants" >&2; exit 2; }
	$(if $(SHAPES),@$(B)/tools/shapecheck --problem $(PROBLEM) --where $(call x_where,SHAPES) $(SHAPES))
	@for k in $(sort $(foreach v,$(VARIANTS),$(KERNEL_$(v)))); do [ -f kernels/$$k ] || \
	  { echo "make: $(EXP_DIR)/experiment.mk: KERNEL_<variant> '$$k' is not a file under kernels/" >&2; exit 2; }; done
	@if [ -n "$(DISPATCH_VARIANTS)" ]; then \
	  [ -n "$(DISPATCHER)" ] || { echo "make: $(VARIANT_DIR): dispatch files; the $(PROBLEM) problem has no dispatcher (kernels/$(PROBLEM)/*_dispatch.cu)" >&2; exit 2; }; \
	  [ -n "$(FLAG_VARIANTS)" ] || { echo "make: $(VARIANT_DIR): dispatch files but no flag-file variant for them to name" >&2; exit 2; }; \
	  for d in $(DISPATCH_VARIANTS); do $(B)/tools/dispatchcheck --problem $(PROBLEM) $(VARIANT_DIR)/$$d.dispatch $(FLAG_VARIANTS) || exit 2; done; fi

## build: compile every variant of EXP into build/EXP/<v>/bench (parallel with -j, incremental)
.PHONY: build
build: check-exp check-deps-build $(STATUS_FILES) $(GATETAB)
	@$(if $(STATUS_FILES),$(GATETAB) built --count $(STATUS_FILES),echo "built 0, failed 0")
$(STATUS_FILES): | check-exp check-deps-build

## gates: static gates (build status, ptxas resources, occupancy, CTAs) -> build/EXP/gates.csv
.PHONY: gates
gates: $(EXP_OUT)/gates.csv $(GATETAB)
	@echo "gates: $$($(GATETAB) count $<)"
# One gate row per variant (build/EXP/<v>/gate.csv), made as soon as its binary is: a measure
# that streams builds into timing (`make measure GPUS=...`, `session shards`) asks for
# the rows of the variants it is about to time. GATE_WAIVE turns a named reject into a pass.
# gate_row V: the recipe of V's row
# (a dispatching variant: each configuration's shapes by that configuration's threshold)
gate_row = d=$(EXP_OUT)/$(1); rm -f $$d/gate.csv; occ=$(MIN_OCCUPANCY); per=; \
  grep -qx -- '-DCP_ASYNC=1' $$d/flags 2>/dev/null && occ=$(MIN_OCCUPANCY_CP_ASYNC); \
  $(if $(filter $(1),$(DISPATCH_VARIANTS)),for c in $$($(B)/tools/dispatchcheck --problem $(PROBLEM) --configs $(VARIANT_DIR)/$(1).dispatch); do \
    grep -qx -- '-DCP_ASYNC=1' $(EXP_OUT)/$$c/flags 2>/dev/null && per="$$per --min-occupancy-of $$c=$(MIN_OCCUPANCY_CP_ASYNC)"; done;) \
  $(B)/tools/gates --variant $(1) --arch $(GATE_ARCH) --status $$d/status --ptxas $$d/build.log \
    --describe $$d/describe.txt --min-occupancy $$occ $$per \
    --min-ctas $$(( $(MIN_CTAS_PER_SM) * $(SM_COUNT) )) --sm-count $(SM_COUNT) >$$d/gate.csv.tmp \
  || { echo "make: gates failed for $(1)" >&2; exit 1; }; \
  $(GATETAB) waive '$(GATE_WAIVE)' $$d/gate.csv.tmp && mv $$d/gate.csv.tmp $$d/gate.csv
GATE_ROWS := $(BIN_TARGETS:%=$(EXP_OUT)/%/gate.csv)
$(foreach v,$(BIN_TARGETS),$(eval $(EXP_OUT)/$(v)/gate.csv: $(EXP_OUT)/$(v)/status $(B)/tools/gates $(GATETAB) \
  $(wildcard $(EXP_DIR)/experiment.mk) | check-exp ; @$$(call gate_row,$(v))))
$(EXP_OUT)/gates.csv: $(GATE_ROWS) $(GATETAB) | check-exp
	@$(GATETAB) join $(GATE_ROWS) >$@.tmp.$$$$ && mv -f $@.tmp.$$$$ $@
