# search.mk — the Loop 1 search over an experiment's space:
#   make search EXP=e            GPU: LHS seed + TPE (`session search`, tools/session/run_search.h),
#                                trial log with resume, then the confirmation samples (a measure
#                                session of the best and BASELINE; their statistics where GSL is)
#   make search-confirm EXP=e    CPU: stats on the confirmation samples -> $(LOOP1_JSON)
#   make search EXP=e REPLAY=1   CPU: the strategies compared on the recorded sweep data/e/<gpu>/
#                                -> build/e/strategies.csv, build/plots/e/search.{pdf,png}
SEARCH_OBJS := $(addprefix $(B)/tools/obj/search/,search_main.o search_opts.o search_space.o search_rng.o \
  search_lhs.o search_tpe.o search_strategy.o search_log.o search_oracle.o search_replay.o \
  search_results.o) $(SAMPLES_OBJS) $(GATE_TABLE_OBJS)
$(B)/tools/search: $(SEARCH_OBJS)
	$(CC) -o $(OUT_TMP) $^ -lm $(OUT_DONE)
tools: $(B)/tools/search

SEARCH_SEED     ?= $(SEED)
SEARCH_STRATEGY ?= lhs+tpe
SEARCH_INIT     ?= 20
MAX_TRIALS      ?= 100
TIME_BUDGET     ?= 0
SEARCH_BATCH    ?= 8
SEARCH_JOBS     ?= 16
SEARCH_REPS     ?= 20
CONFIRM_REPS    ?= 100
CONFIRM_ROUNDS  ?= 10
SEARCH_SHAPE    ?= $(firstword $(SHAPES))
SEARCH_OUT      := $(EXP_OUT)/search
# published like data/ (tracked, so the log travels to the next GPU host and the search resumes)
SEARCH_RESULTS  ?= results/$(EXP)
SEARCH_LOG      ?= $(SEARCH_RESULTS)/trials.csv
LOOP1_JSON      ?= $(SEARCH_RESULTS)/loop1_results.json
REPLAY_SEEDS    ?= 50
# LHS points before TPE in the replay (the seeds' 20 by default; a smaller design pays on a space
# of a few hundred where several configurations lie within 5% of the best)
REPLAY_INIT     ?= $(SEARCH_INIT)
# (the gate tables as report.mk listed them: only GPU directories of safe names)
REPLAY_GPU      ?= $(firstword $(patsubst $(DATA)/$(EXP)/%/gates.csv,%,$(filter $(DATA)/$(EXP)/%/gates.csv,$(R_GATES))))
REPLAY_DATA     ?= $(DATA)/$(EXP)/$(REPLAY_GPU)

## search-replay: the same as make search REPLAY=1: strategies replayed on data/EXP (CPU only)
.PHONY: search-replay
search-replay: $(EXP_OUT)/strategies.csv $(B)/plots/$(EXP)/search.pdf
	@column -s, -t $< 2>/dev/null || cat $<

# sub-make: `session search` builds each trial's variant through make (MAKE_CMD: its flag file is
# written just before), and the confirmation reads the samples it just wrote, which this make
# listed before they existed
ifeq ($(REPLAY),1)
## search: LHS+TPE search of EXP's space on a GPU (resumes; MAX_TRIALS, TIME_BUDGET); REPLAY=1: strategies on data/EXP
.PHONY: search
search: search-replay
else
# sub-make: the confirmation reads the results the search has just written, which a make that
# lists its files before any recipe runs cannot know yet
.PHONY: search
search: check-exp check-deps-build $(B)/tools/search $(B)/tools/gates $(GATETAB) $(NUMTAB) $(B)/tools/flagcheck $(SAMPLES_BIN) $(SESSION_BIN)
	@$(if $(MAKE_DRY),echo "search: a dry run (make -n): no trial is built or timed"; exit 0;) \
	  B=$(B) SAMPLES_BIN=$(SAMPLES_BIN) SEARCH_BIN=$(B)/tools/search GATETAB=$(GATETAB) NUMTAB=$(NUMTAB) NVCC='$(NVCC)' \
	  PROBLEM=$(PROBLEM) CODE_SRC='$(CODE_SRC)' GIT_REV='$(GIT_REV)' MAKE_CMD='$(MAKE) --no-print-directory EXP=$(EXP)' SHAPE=$(SEARCH_SHAPE) \
	  SEED=$(SEARCH_SEED) STRATEGY='$(SEARCH_STRATEGY)' INIT=$(SEARCH_INIT) MAX_TRIALS=$(MAX_TRIALS) \
	  TIME_BUDGET=$(TIME_BUDGET) GPUS='$(GPUS)' BATCH=$(SEARCH_BATCH) JOBS=$(SEARCH_JOBS) SEARCH_REPS=$(SEARCH_REPS) \
	  CONFIRM_REPS=$(CONFIRM_REPS) CONFIRM_ROUNDS=$(CONFIRM_ROUNDS) WARMUP=$(WARMUP) L2=$(L2) GRAPH_CALLS=$(GRAPH_CALLS) RUN_TIMEOUT=$(RUN_TIMEOUT) \
	  BASELINE='$(BASELINE)' BASELINES='$(BASELINES)' LIB_BENCH='$(LIB_BENCH)' VARIANT_DIR=$(VARIANT_DIR) RESULTS_DIR=$(SEARCH_RESULTS) SEARCH_LOG=$(SEARCH_LOG) GATE_ARCH=$(GATE_ARCH) \
	  MIN_OCCUPANCY=$(MIN_OCCUPANCY) MIN_OCCUPANCY_CP_ASYNC=$(MIN_OCCUPANCY_CP_ASYNC) \
	  MIN_CTAS=$$(( $(MIN_CTAS_PER_SM) * $(SM_COUNT) )) SM_COUNT=$(SM_COUNT) $(MEASURE_OPT) $(SESSION_BIN) search $(EXP)
	@if [ -f /usr/include/gsl/gsl_rng.h ]; then $(MAKE) --no-print-directory search-confirm EXP=$(EXP); \
	  else echo "search: no GSL here: run 'make search-confirm EXP=$(EXP)' where GSL is, with $(SEARCH_RESULTS)/"; fi
endif

## search-confirm: CPU: stats compare of the search's best against BASELINE -> results/<exp>/loop1_results.json
# CONFIRM_FROM="BASE.csv CAND.csv" judges published samples of the same configuration instead of
# the search's own confirmation (e.g. a phase experiment's sessions of it): CAND's resolved
# `# kernel_config:` must equal that of the search's confirmation, BASE must be the BASELINE.
# delta comes from the A/A calibration of the key's GPU and process design when there is one, as in
# `make analyze`.
CONFIRM_FROM ?=
.PHONY: search-confirm
search-confirm: $(B)/tools/search $(B)/tools/stats
	@for f in confirm/cand.csv confirm/base.csv confirm/names.txt key.txt; do [ -f $(SEARCH_RESULTS)/$$f ] || \
	  { echo "make: $(SEARCH_RESULTS)/$$f: missing (run make search EXP=$(EXP) on a GPU first)" >&2; exit 2; }; done
	@mkdir -p $(SEARCH_OUT) $(dir $(LOOP1_JSON))
	@base=$(SEARCH_RESULTS)/confirm/base.csv; cand=$(SEARCH_RESULTS)/confirm/cand.csv; filed=(); \
	  hv() { sed -n "s/^# $$1: //p" "$$2" | head -n 1; }; \
	  if [ -n "$(CONFIRM_FROM)" ]; then set -- $(CONFIRM_FROM); \
	    [ $$# -eq 2 ] && [ -f "$$1" ] && [ -f "$$2" ] || { echo "make: CONFIRM_FROM: needs two sample files BASE CAND" >&2; exit 2; }; \
	    [ -n "$$(hv kernel_config "$$2")" ] && [ "$$(hv kernel_config "$$2")" = "$$(hv kernel_config $$cand)" ] || { echo "make: CONFIRM_FROM: $$2 is not the configuration the search confirmed (kernel_config differs from $$cand)" >&2; exit 2; }; \
	    [ "$$(hv variant "$$1")" = "$$(sed -n 2p $(SEARCH_RESULTS)/confirm/names.txt)" ] || { echo "make: CONFIRM_FROM: $$1 is not the baseline $$(sed -n 2p $(SEARCH_RESULTS)/confirm/names.txt)" >&2; exit 2; }; \
	    base=$$1; cand=$$2; filed=(--filed-as "$$(hv variant "$$2")"); fi; \
	  gpu=$$(sed -n '/^--gpu$$/{n;p}' $(SEARCH_RESULTS)/key.txt); $(call r_process_own,"$$cand"); cal=data/aa$$own/$$gpu/calibration.csv; \
	  band=(); [ -f "$$cal" ] && band=(--calibration "$$cal"); \
	  $(B)/tools/stats summary --seed $(SEARCH_SEED) "$$cand" "$$base" > $(SEARCH_OUT)/summary.csv || [ $$? -eq 3 ] || exit 2; \
	  $(B)/tools/stats compare --seed $(SEARCH_SEED) "$${band[@]}" "$$base" "$$cand" > $(SEARCH_OUT)/compare.csv; \
	  rc=$$?; [ $$rc -le 1 ] || [ $$rc -eq 3 ] || exit $$rc; \
	  mapfile -t key < $(SEARCH_RESULTS)/key.txt; \
	  $(B)/tools/search results "$${key[@]}" --dir $(VARIANT_DIR) --log $(SEARCH_LOG) --exp $(EXP) \
	    --strategy '$(SEARCH_STRATEGY)' --seed $(SEARCH_SEED) --variant "$$(sed -n 1p $(SEARCH_RESULTS)/confirm/names.txt)" \
	    --baseline "$$(sed -n 2p $(SEARCH_RESULTS)/confirm/names.txt)" "$${filed[@]}" \
	    --compare $(SEARCH_OUT)/compare.csv --summary $(SEARCH_OUT)/summary.csv --out $(LOOP1_JSON)

# Replay: every trial answered from the published sweep; 50 seeds per strategy.
$(EXP_OUT)/strategies.csv: $(B)/tools/search $(filter $(REPLAY_DATA)/%,$(R_CSVS) $(R_GATES)) $(EXP_DIR)/experiment.mk FORCE
	@[ -n "$(REPLAY_GPU)" ] && [ -f $(REPLAY_DATA)/gates.csv ] || \
	  { echo "make: no recorded sweep $(DATA)/$(EXP)/<gpu>/gates.csv (run make build measure EXP=$(EXP) on a GPU)" >&2; exit 2; }
	@mkdir -p $(@D)
	$(B)/tools/search replay --dir $(VARIANT_DIR) --data $(REPLAY_DATA) $(SHAPES:%=--shape %) \
	  --seeds $(REPLAY_SEEDS) --trials $(MAX_TRIALS) --init $(REPLAY_INIT) --out $@.tmp.$$$$ \
	  --curves $(EXP_OUT)/search_curves.dat && mv -f $@.tmp.$$$$ $@
$(B)/plots/$(EXP)/search.pdf: $(EXP_OUT)/strategies.csv plots/search.gp plots/term.gp plots/geom.gp \
    $(B)/tools/fig_check | check-deps-plots
	@mkdir -p $(@D)
	@for t in pdf png; do $(GNUPLOT) -e "term='$$t'; dir='$(@D)'; name='search.tmp'; \
	  data='$(EXP_OUT)/search_curves.dat'; shape='$(firstword $(SHAPES))'" plots/search.gp || exit 2; done
	@# drawn under a temporary name, checked as printed (report.mk's r_fig_check), renamed when both
	@# are whole and pass (a killed run embeds no empty PNG)
	@$(call r_fig_check,$(@D),search.tmp)
	@for t in pdf png; do mv $(@D)/search.tmp.$$t.geom $(@D)/search.$$t.geom || exit 2; done; \
	  mv $(@D)/search.tmp.words $(@D)/search.words && mv $(@D)/search.tmp.png $(@D)/search.png && mv $(@D)/search.tmp.pdf $@

# Tests: the C unit tests and the CLI/pipeline test on the synthetic fixture.
TEST_PROGS   += $(B)/tests/test_search
TEST_SCRIPTS += tests/search/test_search.sh
test: $(B)/tools/search $(B)/tools/report_gen
$(B)/tests/test_search: tests/search/test_search.c $(filter-out %/search_main.o,$(SEARCH_OBJS))
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(filter %.o,$^) -lm
-include $(B)/tests/test_search.d

# In the appendix (tools/report/search_section.c): every space experiment with published samples
# is replayed (make search-replay EXP=e, a sub-make because each reads its own experiment.mk) and
# its strategies table and figure are passed to the appendix generator (report.mk).
# the replay's figure, as the appendix (in $(RB)/report/) reaches it: beside it in $(B)/plots when
# the report is built in $(B), else by its absolute path
s_plot = $(if $(filter $(B),$(RB)),../plots/$(1)/search,$(abspath $(B))/plots/$(1)/search)
REPORT_ARGS += $(foreach e,$(R_SPACE_DEXPS),--strategies $(B)/$(e)/strategies.csv --search-plot $(call s_plot,$(e)))
$(R_TEX): $(RB)/report/search-replays.txt
# the replays, redone when the search tool or a sweep's data changes, their figures redrawn and
# checked when the plot scripts or the figure check change; lists their tables (the sub-makes
# warn of no skipped name: this make has; their stderr, the figure check's lines among it, is kept)
# sub-make: each sweep is another experiment, and one make holds one experiment
# (and whenever a replay's table or figure is missing: a build/plots removed by hand)
$(RB)/report/search-replays.txt: $(B)/tools/search $(foreach e,$(R_SPACE_DEXPS),$(filter $(DATA)/$(e)/%,$(R_CSVS) $(R_GATES))) \
    plots/search.gp plots/term.gp plots/geom.gp $(B)/tools/fig_check \
    $(if $(strip $(foreach e,$(R_SPACE_DEXPS),$(if $(and $(wildcard $(B)/plots/$(e)/search.pdf),$(wildcard $(B)/$(e)/strategies.csv)),,$(e)))),FORCE)
	@mkdir -p $(@D)
	@for e in $(R_SPACE_DEXPS); do $(MAKE) --no-print-directory search-replay EXP=$$e DATA=$(DATA) TXT_QUIET=1 >/dev/null || exit 2; done
	@printf '%s\n' $(foreach e,$(R_SPACE_DEXPS),$(B)/$(e)/strategies.csv) >$@
