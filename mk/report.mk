# report.mk — `make analyze`, `make plots`, `make report`: statistics, figures and the paper
# appendix, rebuilt from the raw samples in $(DATA) on any machine (no GPU needed).
#   build/<exp>/experiment.vars           DESCRIPTION, SHAPES, BASELINE… of experiments/<exp>
#   build/<exp>/<gpu>/summary.csv         stats summary of every sample file of that GPU
#   build/<exp>/<gpu>/compare.csv         stats compare: all vs BASELINE + COMPARE pairs, Holm within
#                                         each family (PRIMARY's pairs, the claims; the rest)
#   build/<exp>/<gpu>/*-kernel.csv        each of these on the kernel time (kernel_us), its notes
#                                         (what had none) in *-kernel.log beside
#   build/<exp>/<gpu>/claims.csv          (phase1) the pairs of the seed-claims table
#   build/<exp>/<gpu>/sessions.csv        (phase1) the headline pairs from each session alone
#   build/plots/<exp>/<gpu>/*.pdf|*.png   gnuplot figures (figures.txt lists them)
#   build/report/appendix{,-full}.{tex,pdf,md}  the main appendix and the full one
# Tests point DATA, EXPDIR and RB at fixtures and a scratch build directory.

ifdef REPORT_VARS_OF
# Helper mode: `make -f mk/report.mk REPORT_VARS_OF=experiments/x/experiment.mk
# REPORT_VARS_OUT=file report-vars` reads one experiment.mk alone and writes its variables.
include $(REPORT_VARS_OF)
include mk/plan.mk
include mk/text.mk
PLAN_TAG := $(call plan_tag,$(PLAN))
r_vars := KERNEL SHAPES BASELINE BASELINES LIBRARIES COMPARE DELTA PRIMARY GOAL GOAL_AT PLAN_TAG CLAIMS_RANK CLAIMS_HISTORY
.PHONY: report-vars
report-vars:
	$(file >$(REPORT_VARS_OUT),DESCRIPTION=$(strip $(DESCRIPTION)))
	$(file >>$(REPORT_VARS_OUT),LEGEND=$(strip $(LEGEND)))
	$(foreach v,$(r_vars),$(file >>$(REPORT_VARS_OUT),$(v)=$(if $(filter GOAL GOAL_AT,$(v)),$(if $(call x_own,$(v)),$(strip $($(v)))),$(strip $($(v))))))
	$(file >>$(REPORT_VARS_OUT),REPORT_STYLE=$(or $(strip $(REPORT_STYLE)),$(if $(strip $(SPACE)),sweep),timing))
	$(file >>$(REPORT_VARS_OUT),DISPATCH=$(notdir $(basename $(call txt_glob,$(dir $(REPORT_VARS_OF))variants/*.dispatch,a dispatch file name))))
	$(file >>$(REPORT_VARS_OUT),KERNELS=$(foreach k,$(sort $(foreach v,$(filter KERNEL_%,$(.VARIABLES)),$(call x_own,$(v)))),$(k:KERNEL_%=%)=$(strip $($(k)))))
	@:
else

EXPDIR     ?= experiments
RB         ?= $(B)
STATS_SEED ?= 42
RESAMPLES  ?= 9999
ALPHA      ?= 0.05
THRESHOLD  ?= 0.03
# delta, the smallest effect a verdict acts on: an experiment's DELTA := x if it sets one, else
# the minimum detectable effect of each comparison's design from the A/A calibration of that GPU
# and process design (`make aa-check PUBLISH=1`): $(DATA)/aa-own/<gpu>/calibration.csv for data
# whose sample headers say `process: own`, else $(DATA)/aa/<gpu>/ (served, and older files that
# do not say); else THRESHOLD
r_cal     = $(DATA)/aa$$own/$(call r_gpu,$(1))/calibration.csv
# r_process_own FILES: shell code setting $$own to "-own" when the first of FILES that names its
# process design (`# process:`) says own, else empty: the one choice of a calibration's design
# (analyze here, search's confirmation in search.mk)
r_process_own = own=$$(awk '/^\# process: / { if ($$3 == "own") print "-own"; exit } /^[^\#]/ { nextfile }' /dev/null $(1))
# r_cals KEY: the calibrations a key's statistics may read (a prerequisite of them)
r_cals    = $(wildcard $(DATA)/aa/$(call r_gpu,$(1))/calibration.csv $(DATA)/aa-own/$(call r_gpu,$(1))/calibration.csv)
# r_band KEY: shell code setting $$band to the stats option that gives delta
r_band    = d=$$(sed -n 's/^DELTA=//p' $(RB)/$(firstword $(subst /, ,$(1)))/experiment.vars); \
  $(call r_process_own,$(call r_samples,$(1))); \
  if [ -n "$$d" ]; then band="--delta $$d"; \
  elif [ -f $(call r_cal,$(1)) ]; then band="--calibration $(call r_cal,$(1))"; \
  else band="$(if $(filter command line environment,$(origin THRESHOLD)),--delta $(THRESHOLD))"; fi;
CLAIMS_EXP ?= phase1
CLAIMS     ?= reports/seed_claims.csv
STATS      := $(B)/tools/stats
STATS_FLAGS = --seed $(STATS_SEED) --resamples $(RESAMPLES) --alpha $(ALPHA)
# compare and claims: a side that also holds sessions the other lacks (a library baseline whose
# code did not change keeps its earlier sessions, often of other machines) is compared on the
# sessions both hold, paired, when they share 2 or more (stats compare --common-sessions)
COMPARE_FLAGS ?= --common-sessions
GNUPLOT    ?= gnuplot
# the fewest shapes of a group that a scaling figure draws (two points show no trend)
SCALING_MIN ?= 3
PDFLATEX   ?= pdflatex

# --- host tools of the report ---------------------------------------------------------------
R_LIB := $(addprefix $(B)/tools/obj/report/,report_vars.o report_pick.o report_roof.o plot_ticks.o \
           report_tmplread.o) $(CSV_OBJS) $(SAMPLES_OBJS) $(GATE_TABLE_OBJS)
# report_gen: the main (report_gen.o) orders the sections, one object each; they stand on the
# context (report_ctx), the number formats (report_fmt), the templates (report_tmpl, over
# report_tmplread of R_LIB, which prep_plots reads its captions with), the CSV tables of reports/
# (report_static) and the writer (report_doc), never on the main
R_GEN := $(addprefix $(B)/tools/obj/report/,report_gen.o report_ctx.o report_fmt.o report_tmpl.o report_words.o \
           report_doc.o report_problem.o report_design.o report_primary.o report_brief.o report_setup.o report_glossary.o report_times.o report_libver.o report_fastest.o report_clocks.o report_aainside.o report_form.o report_frame.o report_headline.o report_hrows.o report_tally.o report_lines.o report_keyclaims.o report_method.o \
           report_exp.o report_gates.o report_reasons.o report_static.o report_rooftab.o \
           report_correct.o report_numerics.o report_sweep.o report_results.o report_resultsec.o report_shown.o \
           report_retired.o report_claims.o report_rules.o profile_section.o search_section.o) \
         $(B)/tools/obj/profile/profile_metrics.o $(addprefix $(B)/tools/obj/published/,published_scan.o published_entry.o)
REPORT_TOOLS := $(addprefix $(B)/tools/,report_pairs prep_plots report_gen fig_check)
# fig_check: a figure as printed (its geometry from plots/geom.gp, its words from pdftotext -bbox)
$(B)/tools/fig_check: $(B)/tools/obj/report/fig_check.o
	$(CC) -o $(OUT_TMP) $^ -lm $(OUT_DONE)
$(B)/tools/report_pairs: $(B)/tools/obj/report/report_pairs.o $(R_LIB)
	$(CC) -o $(OUT_TMP) $^ -lm $(OUT_DONE)
$(B)/tools/prep_plots: $(B)/tools/obj/report/prep_plots.o $(R_LIB)
	$(CC) -o $(OUT_TMP) $^ -lm $(OUT_DONE)
$(B)/tools/report_gen: $(R_GEN) $(R_LIB)
	$(CC) -o $(OUT_TMP) $^ -lm $(OUT_DONE)

## report-tools: build the report's host tools (report_pairs, prep_plots, report_gen)
.PHONY: report-tools
report-tools: $(REPORT_TOOLS)

# --- what there is: <exp>/<gpu> keys with sample files or a gate table -------------------------
# a sample file is a CSV whose first line is "# cudadent42 samples …" (data/aa/<gpu>/aa_check.csv
# and the like sit beside them and are not read as samples)
# File names reach make rules and a shell, so only names of [A-Za-z0-9_.+/-] are read; any other
# (e.g. one holding `$(cmd)`) is named in a warning and skipped, never expanded or run. Each
# listing is read once, into the variables below, so that each such name is warned of once.
r_safe    = $(call txt_glob,$(1),a data file name)
r_csvs    := $(call r_safe,$(DATA)/*/*/*.csv)
R_CSVS    := $(filter-out %/gates.csv,$(r_csvs))
R_GATES   := $(filter %/gates.csv,$(r_csvs))
# What the CSVs hold, and which experiments are space sweeps (SPACE :=) or correctness-style
# (REPORT_STYLE := correctness), is read by a target, not while make reads its makefiles:
# $(RB)/inventory.mk, remade when a data file or an experiment.mk changes or the list of their
# names or the DATA root does (the names stamp), and read for every goal but the light ones.
R_XMKS   := $(call txt_glob,$(EXPDIR)/*/experiment.mk,an experiment name)
R_XNAMES := $(patsubst $(EXPDIR)/%/experiment.mk,%,$(R_XMKS))
R_XDISP  := $(call txt_glob,$(EXPDIR)/*/variants/*.dispatch,a dispatch file name)
R_INV    := $(RB)/inventory.mk
# (a CSV where a sample file sits whose line 1 names no cudadent42 format, a byte-order mark or a
# damaged first line, is said on stderr, once each time the inventory is remade, not left out in
# silence)
r_awk_samples := 'FNR == 1 { if (/^\# cudadent42 samples/) printf " %s", FILENAME; \
  else if (!/^\# cudadent42 [a-z]+ v[0-9]/ && FILENAME !~ /\/sanitize\.csv$$/) \
    printf "report: %s: line 1 names no cudadent42 format (not \"\# cudadent42 samples v1\"): left out of the statistics\n", FILENAME > "/dev/stderr"; \
  nextfile }'
R_INV_ID := $(RB)/inventory-names.txt
# (temporary names carry this make's pid, asked on first use in the recipe, not while the makefiles
# are read, or the shell's: every make run remakes these, and the sessions of `measure GPUS=...` run
# several makes at once.) The names are written by make itself ($(file)) and read back by the shell
# from that file, never put on a command line: a recipe is one argument of the shell, at most 128 KB
# on Linux, and the published data's names outgrew that in a copy under a longer root.
R_MAKE_PID = $(eval R_MAKE_PID := $(shell echo $$PPID))$(R_MAKE_PID)
$(R_INV_ID): FORCE
	@$(shell mkdir -p $(@D))$(file >$@.new.$(R_MAKE_PID),$(abspath $(DATA)))$(foreach f,$(R_CSVS) $(R_XMKS),$(file >>$@.new.$(R_MAKE_PID),$(f)))\
	  $(call out_if_changed,$@.new.$(R_MAKE_PID))
$(R_INV): $(R_INV_ID) $(R_CSVS) $(R_XMKS)
	@{ printf 'R_SAMPLES :='; sed 1d $(R_INV_ID) | grep '\.csv$$' | xargs -r awk $(r_awk_samples); echo; \
	  printf 'R_SPACE :='; for f in $(R_XMKS); do grep -q '^SPACE *:\?=' $$f && printf ' %s' "$$(basename "$$(dirname $$f)")"; done; echo; \
	  printf 'R_CORR :='; for f in $(R_XMKS); do grep -q '^REPORT_STYLE *:\?= *correctness *\(\#.*\)\?$$' $$f && \
	    printf ' %s' "$$(basename "$$(dirname $$f)")"; done; echo; } >$@.tmp.$$$$ && mv $@.tmp.$$$$ $@
ifneq ($(MAKE_GRAPH),)
include $(R_INV)
endif
# keys: <exp>/<gpu> with samples or a gate table; the ceilings are no experiment, and space
# experiments (SPACE := in experiment.mk: hundreds of configurations, one shape) are the
# recorded sweeps of the search: no comparisons or figures of their own (the search section
# replays them), only the summary of their samples (R_SPACE_KEYS), which their section in the
# appendix (REPORT_STYLE sweep, tools/report/report_sweep.c) reads like any experiment's
r_all_keys    = $(sort $(patsubst $(DATA)/%/,%,$(dir $(R_SAMPLES) $(R_GATES))))
r_all_dexps   = $(sort $(foreach k,$(r_all_keys),$(firstword $(subst /, ,$(k)))))
R_KEYS        := $(filter-out ceilings/% $(addsuffix /%,$(R_SPACE)),$(r_all_keys))
R_SPACE_KEYS  := $(filter $(addsuffix /%,$(R_SPACE)),$(r_all_keys))
R_DEXPS       := $(filter-out ceilings $(R_SPACE),$(r_all_dexps))
R_SPACE_DEXPS := $(filter $(R_SPACE),$(r_all_dexps))
# every experiment of the appendix: those with data (sweeps included) and those defined without
R_EXPS  := $(sort $(R_DEXPS) $(R_SPACE_DEXPS) $(R_XNAMES))
# EXPS="e1 e2": the appendix of those experiments alone (each one of $(EXPDIR)); unset, of all
EXPS ?=
R_BAD_EXPS := $(filter-out $(R_XNAMES),$(EXPS))
ifneq ($(strip $(EXPS)),)
R_KEYS        := $(filter $(addsuffix /%,$(EXPS)),$(R_KEYS))
R_SPACE_KEYS  := $(filter $(addsuffix /%,$(EXPS)),$(R_SPACE_KEYS))
R_DEXPS       := $(filter $(EXPS),$(R_DEXPS))
R_SPACE_DEXPS := $(filter $(EXPS),$(R_SPACE_DEXPS))
R_EXPS        := $(filter $(EXPS),$(R_EXPS))
endif
# correctness-style experiments (REPORT_STYLE := correctness in experiment.mk) are numerics
# sweeps: the appendix shows their numerics, sanitizer and compile-time results from the raw files
# (samples, gates.csv, sanitize.csv), so `make report` runs no statistics or figures for them
# (`make analyze/plots EXP=<exp>` still do when asked)
R_CORR_DEXPS := $(filter $(R_CORR),$(R_DEXPS))
r_keys_of = $(filter $(1)/%,$(R_KEYS))
r_samples = $(filter $(DATA)/$(1)/%,$(R_SAMPLES))
r_gpu     = $(lastword $(subst /, ,$(1)))
r_figs    = $(foreach k,$(call r_keys_of,$(1)),$(RB)/plots/$(k)/figures.txt)
r_stats   = $(foreach k,$(call r_keys_of,$(1)),$(RB)/$(k)/summary.csv $(RB)/$(k)/compare.csv $(RB)/$(k)/aa-inside.csv \
              $(RB)/$(k)/summary-kernel.csv $(RB)/$(k)/compare-kernel.csv $(RB)/$(k)/aa-inside-kernel.csv \
              $(if $(filter $(CLAIMS_EXP),$(1)),$(RB)/$(k)/claims.csv $(RB)/$(k)/sessions.csv \
                $(RB)/$(k)/claims-kernel.csv $(RB)/$(k)/sessions-kernel.csv))

# The data root is part of every result: a different DATA (a copy, a fixture) rebuilds them, and
# a DATA with no sample file is an error, not an old appendix.
R_ROOT := $(RB)/data-root.txt
$(R_ROOT): FORCE
	@mkdir -p $(@D)
	@echo '$(abspath $(DATA))' | cmp -s - $@ || echo '$(abspath $(DATA))' >$@
.PHONY: check-data
check-data:
	@$(foreach x,$(R_BAD_EXPS),echo "make: EXPS: '$(x)' is not an experiment ($(EXPDIR)/$(x)/experiment.mk)" >&2;) \
	  $(if $(R_BAD_EXPS),exit 2;) \
	  $(if $(R_SAMPLES)$(R_GATES),:,echo "report: DATA=$(DATA): no sample files ($(DATA)/<exp>/<gpu>/<variant>.csv)" >&2; exit 2)

# experiment.mk → experiment.vars, through the helper mode above (one file, nothing else read)
# sub-make: an experiment.mk assigns global names (SHAPES, KERNEL, …): read alone, it cannot
# collide with this make's or another experiment's
R_VARS := $(R_EXPS:%=$(RB)/%/experiment.vars)
# (one recipe line: it holds $(MAKE), so `make -n` runs it too, the directory included, and reads on)
$(R_VARS): $(RB)/%/experiment.vars: mk/report.mk
	@mkdir -p $(@D) && t=$@.tmp.$$$$; $(if $(filter $(EXPDIR)/$*/experiment.mk,$(R_XMKS)),$(MAKE) -s --no-print-directory -f mk/report.mk \
	  REPORT_VARS_OF=$(EXPDIR)/$*/experiment.mk REPORT_VARS_OUT=$$t EXP=$* TXT_QUIET=1 report-vars,: >$$t) && mv $$t $@
$(foreach e,$(R_EXPS),$(eval $(RB)/$(e)/experiment.vars: $(filter $(EXPDIR)/$(e)/%,$(R_XMKS) $(R_XDISP))))

# Each statistic is computed twice, on the two times a sample file may hold (stats --metric):
# <name>.csv on the call time (time_us, every file), <name>-kernel.csv on the kernel time
# (kernel_us: the kernels alone, from CUPTI) of the same samples, the same design, Holm families and
# verdict rules; a file or shape without kernel time has no row there, and why (stats' notes) is
# in <name>-kernel.log beside it. The two are two readings of the same samples, not two tests.
r_metric = $(if $(filter %-kernel.csv,$@),kernel,call)
# r_errs: where a run's notes go: the terminal for call time, the log beside for kernel time
r_errs   = $(if $(filter %-kernel.csv,$@),2>>$(@:.csv=.log))

# summary: every sample file of one GPU (empty when every variant was rejected); stats exits 3
# when a group has too few samples, having written its CSV (NaN where undefined)
R_SUMMARIES := $(R_KEYS:%=$(RB)/%/summary.csv)
R_SUMMARIES_K := $(R_KEYS:%=$(RB)/%/summary-kernel.csv)
define r_summary_recipe
@mkdir -p $(@D)
@files="$(call r_samples,$*)"; : >$@.tmp.$$$$; $(if $(r_errs),: >$(@:.csv=.log);) \
if [ -n "$$files" ]; then echo "$(STATS) summary $(STATS_FLAGS) --metric $(r_metric) <$$(echo $$files | wc -w) files> > $@"; \
  $(STATS) summary $(STATS_FLAGS) --metric $(r_metric) $$files >$@.tmp.$$$$ $(r_errs); rc=$$?; \
  case $$rc in 0|3) ;; *) $(if $(r_errs),cat $(@:.csv=.log) >&2;) rm -f $@.tmp.$$$$; exit $$rc;; esac; fi; \
mv $@.tmp.$$$$ $@
endef
$(R_SUMMARIES): $(RB)/%/summary.csv: $(STATS)
	$(r_summary_recipe)
$(R_SUMMARIES_K): $(RB)/%/summary-kernel.csv: $(STATS)
	$(r_summary_recipe)

# compare: pairs from report_pairs; stats exits 1 (SLOW) or 3 (AMBIGUOUS) having written its CSV
R_COMPARES := $(R_KEYS:%=$(RB)/%/compare.csv)
R_COMPARES_K := $(R_KEYS:%=$(RB)/%/compare-kernel.csv)
define r_compare_recipe
@mkdir -p $(@D)
@pairs=$$($(B)/tools/report_pairs $(RB)/$(firstword $(subst /, ,$*))/experiment.vars \
  $(DATA)/$*) || exit 2; \
$(call r_band,$*) \
prim=" $$(sed -n 's/^PRIMARY=//p' $(RB)/$(firstword $(subst /, ,$*))/experiment.vars) "; \
tag=$$(sed -n 's/^PLAN_TAG=//p' $(RB)/$(firstword $(subst /, ,$*))/experiment.vars); \
if [ -n "$$tag" ] && grep -qs -- " plan=$$tag\$$" $(DATA)/$*/*.csv; then band="$$band --plan $$tag"; fi; \
p1=(); p2=(); while read -r b c; do [ -n "$$b" ] || continue; k="$$(basename "$$c" .csv):$$(basename "$$b" .csv)"; \
  if [ "$$prim" != "  " ] && [[ $$prim == *" $$k "* ]]; then p1+=("$$b" "$$c"); else p2+=("$$b" "$$c"); fi; \
done <<<"$$pairs"; \
: >$@.tmp.$$$$; $(if $(r_errs),: >$(@:.csv=.log);) \
for fam in primary secondary; do \
  if [ $$fam = primary ]; then set -- "$${p1[@]}"; else set -- "$${p2[@]}"; fi; [ $$# -gt 0 ] || continue; \
  f=--family=$$fam; [ $${#p1[@]} -gt 0 ] || f=; \
  echo "$(STATS) compare $(STATS_FLAGS) $(COMPARE_FLAGS) $$band --holm $$f --metric $(r_metric) <$$(($$# / 2)) pairs> > $@"; \
  $(STATS) compare $(STATS_FLAGS) $(COMPARE_FLAGS) $$band --holm $$f --metric $(r_metric) "$$@" >$@.fam.$$$$ $(r_errs); rc=$$?; \
  case $$rc in 0|1|3) ;; *) $(if $(r_errs),cat $(@:.csv=.log) >&2;) rm -f $@.tmp.$$$$ $@.fam.$$$$; exit $$rc;; esac; \
  if [ -s $@.tmp.$$$$ ]; then tail -n +2 $@.fam.$$$$ >>$@.tmp.$$$$; else cat $@.fam.$$$$ >$@.tmp.$$$$; fi; rm -f $@.fam.$$$$; \
done; \
mv $@.tmp.$$$$ $@
endef
$(R_COMPARES): $(RB)/%/compare.csv: $(STATS) $(B)/tools/report_pairs
	$(r_compare_recipe)
$(R_COMPARES_K): $(RB)/%/compare-kernel.csv: $(STATS) $(B)/tools/report_pairs
	$(r_compare_recipe)

# claims: the pairs of the seed-claims table (our rung vs the rung below, ours vs the fastest of
# the experiment's LIBRARIES, picked on the call time's summary for both times)
R_CLAIMS := $(patsubst %,$(RB)/%/claims.csv,$(call r_keys_of,$(CLAIMS_EXP)))
R_CLAIMS_K := $(R_CLAIMS:.csv=-kernel.csv)
define r_claims_recipe
@pairs=$$($(B)/tools/report_pairs --claims $(CLAIMS) $< \
  $(RB)/$(firstword $(subst /, ,$*))/experiment.vars $(DATA)/$*) || exit 2; \
$(call r_band,$*) \
$(if $(r_errs),: >$(@:.csv=.log);) \
if [ -z "$$pairs" ]; then : >$@.tmp.$$$$; else \
  $(STATS) compare $(STATS_FLAGS) $(COMPARE_FLAGS) $$band --holm --metric $(r_metric) $$pairs >$@.tmp.$$$$ $(r_errs); rc=$$?; \
  case $$rc in 0|1|3) ;; *) $(if $(r_errs),cat $(@:.csv=.log) >&2;) rm -f $@.tmp.$$$$; exit $$rc;; esac; fi; \
mv $@.tmp.$$$$ $@
endef
$(R_CLAIMS): $(RB)/%/claims.csv: $(RB)/%/summary.csv $(CLAIMS) $(STATS) $(B)/tools/report_pairs
	$(r_claims_recipe)
$(R_CLAIMS_K): $(RB)/%/claims-kernel.csv: $(RB)/%/summary.csv $(CLAIMS) $(STATS) $(B)/tools/report_pairs
	$(r_claims_recipe)

# sessions: the headline pairs (every one of LIBRARIES vs the variant COMPARE pits against a
# library)
# from each session alone (`stats compare --session ID`: level round, conditional on that
# session), one CSV with a leading session column; empty with fewer than 2 sessions
R_SESSIONS := $(patsubst %,$(RB)/%/sessions.csv,$(call r_keys_of,$(CLAIMS_EXP)))
R_SESSIONS_K := $(R_SESSIONS:.csv=-kernel.csv)
define r_sessions_recipe
@v=$(RB)/$(firstword $(subst /, ,$*))/experiment.vars; \
pairs=$$($(B)/tools/report_pairs --headline $$v $(DATA)/$*) || exit 2; \
ids=$$($(B)/tools/report_pairs --sessions $$v $(DATA)/$*) || exit 2; \
$(call r_band,$*) \
: >$@.tmp.$$$$; $(if $(r_errs),: >$(@:.csv=.log);) \
if [ -n "$$pairs" ]; then for s in $$ids; do \
  $(STATS) compare $(STATS_FLAGS) $$band --session $$s --metric $(r_metric) $$pairs >$@.one.$$$$ $(r_errs); rc=$$?; \
  case $$rc in 0|1|3) ;; *) $(if $(r_errs),cat $(@:.csv=.log) >&2;) rm -f $@.one.$$$$ $@.tmp.$$$$; exit $$rc;; esac; \
  awk -v s=$$s -v h=$$([ -s $@.tmp.$$$$ ] && echo 1 || echo 0) \
    'NR == 1 { if (!h) print "session," $$0; next } { print s "," $$0 }' $@.one.$$$$ >>$@.tmp.$$$$; \
done; fi; \
rm -f $@.one.$$$$; mv $@.tmp.$$$$ $@
endef
$(R_SESSIONS): $(RB)/%/sessions.csv: $(STATS) $(B)/tools/report_pairs
	$(r_sessions_recipe)
$(R_SESSIONS_K): $(RB)/%/sessions-kernel.csv: $(STATS) $(B)/tools/report_pairs
	$(r_sessions_recipe)

# aa-inside: the A/As inside the design, a dispatching build against the configuration that served
# each shape (report_pairs --aa-inside; the same kernel in the same process design): one
# `stats compare --shape` a shape, no Holm (a calibration's error rate is the nominal one), in the
# plan's sessions where there is one; empty without a dispatching build
R_AAIN := $(R_KEYS:%=$(RB)/%/aa-inside.csv)
R_AAIN_K := $(R_AAIN:.csv=-kernel.csv)
define r_aain_recipe
@mkdir -p $(@D); t=$@.tmp.$$$$; o=$@.one.$$$$; \
trips=$$($(B)/tools/report_pairs --aa-inside $(RB)/$(firstword $(subst /, ,$*))/experiment.vars $(DATA)/$*) || exit 2; \
$(call r_band,$*) \
tag=$$(sed -n 's/^PLAN_TAG=//p' $(RB)/$(firstword $(subst /, ,$*))/experiment.vars); \
if [ -n "$$tag" ] && grep -qs -- " plan=$$tag\$$" $(DATA)/$*/*.csv; then band="$$band --plan $$tag"; fi; \
: >$$t; $(if $(r_errs),: >$(@:.csv=.log);) \
while read -r c d s; do [ -n "$$c" ] || continue; \
  $(STATS) compare $(STATS_FLAGS) $(COMPARE_FLAGS) $$band --family aa-inside --shape $$s --metric $(r_metric) "$$c" "$$d" >$$o $(or $(r_errs),2>/dev/null); rc=$$?; \
  case $$rc in 0|1|3) ;; *) rm -f $$o $$t; exit $$rc;; esac; \
  if [ -s $$t ]; then tail -n +2 $$o >>$$t; else cat $$o >$$t; fi; \
done <<<"$$trips"; \
rm -f $$o; mv $$t $@
endef
$(R_AAIN): $(RB)/%/aa-inside.csv: $(STATS) $(B)/tools/report_pairs
	$(r_aain_recipe)
$(R_AAIN_K): $(RB)/%/aa-inside-kernel.csv: $(STATS) $(B)/tools/report_pairs
	$(r_aain_recipe)

# a sweep's summary: one round of one session per configuration, so stats says of each that its
# CI is undefined (exit 3): those notes go to summary.log beside it, any other failure to stderr
R_SPACE_SUMS := $(R_SPACE_KEYS:%=$(RB)/%/summary.csv)
$(R_SPACE_SUMS): $(RB)/%/summary.csv: $(STATS) $(R_ROOT)
	@mkdir -p $(@D)
	@files="$(call r_samples,$*)"; : >$@.tmp.$$$$; : >$(@D)/summary.log; \
	if [ -n "$$files" ]; then echo "$(STATS) summary $(STATS_FLAGS) <$$(echo $$files | wc -w) files> > $@"; \
	  $(STATS) summary $(STATS_FLAGS) $$files >$@.tmp.$$$$ 2>$(@D)/summary.log; rc=$$?; \
	  case $$rc in 0|3) ;; *) cat $(@D)/summary.log >&2; rm -f $@.tmp.$$$$; exit $$rc;; esac; fi; \
	mv $@.tmp.$$$$ $@
$(foreach k,$(R_SPACE_KEYS),$(eval $(RB)/$(k)/summary.csv: $(call r_samples,$(k))))

$(foreach k,$(R_KEYS),$(eval $(RB)/$(k)/summary.csv $(RB)/$(k)/summary-kernel.csv: $(R_ROOT) $(call r_samples,$(k))) \
  $(eval $(RB)/$(k)/aa-inside.csv $(RB)/$(k)/aa-inside-kernel.csv: $(R_ROOT) $(RB)/$(firstword $(subst /, ,$(k)))/experiment.vars \
    $(call r_samples,$(k))) \
  $(eval $(RB)/$(k)/compare.csv $(RB)/$(k)/compare-kernel.csv: $(R_ROOT) $(RB)/$(firstword $(subst /, ,$(k)))/experiment.vars \
    $(call r_samples,$(k)) $(call r_cals,$(k))) \
  $(eval $(RB)/$(k)/claims.csv $(RB)/$(k)/claims-kernel.csv: $(R_ROOT) $(RB)/$(firstword $(subst /, ,$(k)))/experiment.vars \
    $(call r_cals,$(k))) \
  $(eval $(RB)/$(k)/sessions.csv $(RB)/$(k)/sessions-kernel.csv: $(R_ROOT) $(RB)/$(firstword $(subst /, ,$(k)))/experiment.vars \
    $(call r_samples,$(k)) $(call r_cals,$(k))))

# r_fig_check DIR NAME: shell code checking the figure DIR/NAME.pdf as printed, and its PNG twin
# (fig_check, over the geometry plots/geom.gp wrote and the words pdftotext reads from the PDF):
# a figure with a defect stops the build, fig_check's "fig_check: FILE:LINE: what" lines on
# stderr and the figure left in DIR to look at
r_fig_check = pdftotext -bbox $(1)/$(2).pdf $(1)/$(2).words && \
  { $(B)/tools/fig_check $(1)/$(2).pdf.geom $(1)/$(2).words $(1)/$(2).png.geom $(1)/$(2).png >&2 || \
    { echo "report: $(1)/$(2).pdf fails the figure check (tools/report/fig_check.c)" >&2; exit 2; }; }

# figures: prep_plots writes gnuplot data and figures.txt ("script name caption", the captions from
# reports/templates/plots.txt), gnuplot draws, fig_check checks each figure as printed
R_FIGS := $(R_KEYS:%=$(RB)/plots/%/figures.txt)
$(R_FIGS): $(RB)/plots/%/figures.txt: $(RB)/%/summary.csv $(RB)/%/compare.csv $(B)/tools/prep_plots \
    $(B)/tools/fig_check $(wildcard plots/*.gp) reports/templates/plots.txt
	@d=$(@D).tmp.$$$$; rm -rf $$d && mkdir -p $$d && \
	echo "$(B)/tools/prep_plots --out $(@D) ... > $@" && \
	$(B)/tools/prep_plots --out $$d --vars $(RB)/$(firstword $(subst /, ,$*))/experiment.vars \
	  --summary $(RB)/$*/summary.csv --compare $(RB)/$*/compare.csv --data $(DATA)/$* --static reports \
	  --scaling-min $(SCALING_MIN) \
	  --ceilings $(DATA)/ceilings/$(call r_gpu,$*).csv --gpu $(call r_gpu,$*) >$$d/figures.txt || { rm -rf $$d; exit 2; }; \
	while read -r script name caption; do \
	  for t in pdf png; do \
	    $(GNUPLOT) -e "term='$$t'; dir='$$d'; name='$$name'" plots/$$script.gp \
	      2>>$$d/gnuplot.log || { echo "report: gnuplot failed on plots/$$script.gp for $(@D)/$$name.$$t (see $$d/gnuplot.log)" >&2; exit 2; }; \
	  done; \
	  LC_ALL=C sed -i "s/CreationDate (D:[0-9]\{14\}/CreationDate (D:$$(cat $$d/pdfdate.txt)/" $$d/$$name.pdf; \
	  $(call r_fig_check,$$d,$$name); \
	done <$$d/figures.txt && \
	{ mv -T $$d $(@D) 2>/dev/null || { mv -T $(@D) $(@D).old.$$$$ 2>/dev/null; mv -T $$d $(@D) 2>/dev/null || rm -rf $$d; rm -rf $(@D).old.$$$$; }; }
$(foreach k,$(R_KEYS),$(eval $(RB)/plots/$(k)/figures.txt: $(RB)/$(firstword $(subst /, ,$(k)))/experiment.vars \
  $(call r_samples,$(k)) $(wildcard $(DATA)/$(k)/gates.csv $(DATA)/ceilings/$(call r_gpu,$(k)).csv)))

analyze: | check-deps-analyze
plots: | check-deps-plots
report: | check-deps-report
$(R_FIGS): | check-deps-plots

## analyze: statistics of EXP's samples in $(DATA) → build/<exp>/<gpu>/{summary,compare}{,-kernel}.csv (call time, kernel time)
.PHONY: analyze plots report
analyze: $(if $(call r_keys_of,$(EXP)),$(call r_stats,$(EXP)),r-no-data)
## plots: gnuplot figures of EXP → build/plots/<exp>/<gpu>/*.pdf and *.png
plots: $(if $(call r_keys_of,$(EXP)),$(call r_figs,$(EXP)),r-no-data)
.PHONY: r-no-data
r-no-data:
	@echo "report: no samples under $(DATA)/$(EXP)/<gpu>/ (experiments with data: $(or $(R_DEXPS),none))" >&2
	@exit 2

# the appendix: two documents from the same generator (tools/report/report_form.h): the main
# appendix (appendix: claims, method in brief, the key table and figure of each experiment) and the
# full one (appendix-full: every table and figure), each one LaTeX and one Markdown file, then
# pdflatex. Other fragments feed the generator's sections: REPORT_ARGS += its options (profile.mk:
# the published profiles; search.mk: the replays of the recorded sweeps; published.mk: the retired
# files, noted in their experiments' sections), with what they read made prerequisites of $(R_TEX). The fixed text is in reports/templates/.
REPORT_ARGS ?=
# the published results of the searches and reproductions (results/ beside DATA): each
# experiment's search confirmation and reproductions are shown in its section
# (tools/report/report_results.h)
RESULTS ?= $(patsubst ./%,%,$(dir $(DATA))results)
R_RESULTS := $(call r_safe,$(RESULTS)/*/loop1_results.json $(RESULTS)/*/*/claims.csv $(RESULTS)/*/*/times.csv)
REPORT_ARGS += $(if $(wildcard $(RESULTS)/.),--results $(RESULTS))
R_DOCS := appendix appendix-full
R_TEX  := $(R_DOCS:%=$(RB)/report/%.tex)
R_MD   := $(R_DOCS:%=$(RB)/report/%.md)
R_PDF  := $(R_DOCS:%=$(RB)/report/%.pdf)
r_form  = $(if $(filter %-full,$(1)),full,main)
R_ALL := $(R_VARS) $(foreach e,$(filter-out $(R_CORR),$(R_DEXPS)),$(call r_stats,$(e)) $(call r_figs,$(e))) \
  $(foreach e,$(R_CORR_DEXPS),$(filter $(DATA)/$(e)/%,$(R_CSVS) $(R_GATES))) \
  $(R_SPACE_SUMS) $(foreach e,$(R_SPACE_DEXPS),$(filter $(DATA)/$(e)/%,$(R_GATES)))
# (R_INV_ID: the list of the data's files, rewritten when it changes, so that data taken away
# also remakes the appendix)
# the experiments of the appendix (EXPS), remade when they change
R_SET := $(RB)/report/exps.txt
$(R_SET): FORCE
	@mkdir -p $(@D) && echo '$(R_EXPS)' | cmp -s - $@ || echo '$(R_EXPS)' >$@
# the headline (A.1) and the seed claims (A.4) of CLAIMS_EXP when it is among them, else none
r_claims_exp = $(if $(filter $(CLAIMS_EXP),$(R_EXPS)),--claims-exp $(CLAIMS_EXP))
$(R_TEX): $(RB)/report/%.tex: $(R_ROOT) $(R_INV_ID) $(R_SET) $(R_ALL) $(R_RESULTS) $(B)/tools/report_gen $(wildcard reports/* reports/templates/*)
	@mkdir -p $(@D)
	@echo "$(B)/tools/report_gen ... --form $(call r_form,$*) --tex $@ --md $(@D)/$*.md"; \
	$(B)/tools/report_gen --data $(DATA) --build $(RB) --static reports --claims $(CLAIMS) \
	  $(r_claims_exp) --threshold $(THRESHOLD) \
	  --seed $(STATS_SEED) --resamples $(RESAMPLES) --alpha $(ALPHA) $(REPORT_ARGS) --form $(call r_form,$*) \
	  --tex $@.tmp.$$$$ --md $(@D)/$*.md.tmp.$$$$ --epoch $(@D)/$*.epoch.$$$$ $(R_EXPS) && \
	mv $(@D)/$*.epoch.$$$$ $(@D)/$*.epoch && mv $(@D)/$*.md.tmp.$$$$ $(@D)/$*.md && mv $@.tmp.$$$$ $@ || \
	{ rm -f $@.tmp.$$$$ $(@D)/$*.md.tmp.$$$$ $(@D)/$*.epoch.$$$$; exit 2; }
$(R_MD): $(RB)/report/%.md: $(RB)/report/%.tex
	@:
# pdflatex works in latex.<pid>/ (renamed latex/, latex-full/ for the full appendix: its .aux, .log
# and .pdf, when it succeeded); the PDF is renamed into place only when the run succeeded, so a
# killed or failed run leaves the previous good PDF (or none) and no half-written .aux for the
# next run to trip on. Every intermediate of the report is written under a name of its own process
# and renamed, so two `make report` at once in one tree never read each other's half-written file
# (tests/report/test_concurrent_report.sh)
r_latex = $(@D)/latex$(patsubst appendix%,%,$*)
$(R_PDF): $(RB)/report/%.pdf: $(RB)/report/%.tex
	@l=$(notdir $(r_latex)); p=$$l.$$$$; cd $(@D) && rm -rf $$p && mkdir -p $$p && for i in 1 2 3; do \
	  SOURCE_DATE_EPOCH=$$(cat $*.epoch) FORCE_SOURCE_DATE=1 $(PDFLATEX) -interaction=nonstopmode \
	    -halt-on-error -output-directory=$$p $*.tex >$$p.log 2>&1 || { tail -20 $$p.log >&2; mv $$p.log $*.pdflatex.log; \
	    rm -rf $$p; echo "report: pdflatex failed, see $(@D)/$*.pdflatex.log" >&2; exit 2; }; \
	  grep -q 'Rerun' $$p/$*.log || break; done && \
	mv $$p.log $*.pdflatex.log && mv $$p/$*.pdf $*.pdf.$$$$ && \
	{ mv -T $$p $$l 2>/dev/null || { mv -T $$l $$l.old.$$$$ 2>/dev/null; mv -T $$p $$l 2>/dev/null || rm -rf $$p; rm -rf $$l.old.$$$$; }; } && \
	mv $*.pdf.$$$$ $*.pdf
	@echo "report: $@ and $(@D)/$*.md"
$(R_PDF): | check-deps-report
## report: every experiment with data (EXPS="e1 e2": those alone) → build/report/appendix.pdf (main) and appendix-full.pdf (+ .tex, .md)
report: check-data $(if $(R_BAD_EXPS),,$(R_PDF) $(R_MD))

TEST_SCRIPTS += tests/report/test_figures.sh
# Unit test of the ticks chosen from a data range.
TEST_PROGS += $(B)/tests/test_plot_ticks
$(B)/tests/test_plot_ticks: tests/report/test_plot_ticks.c $(B)/tools/obj/report/plot_ticks.o
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(filter %.o,$^) -lm
-include $(B)/tests/test_plot_ticks.d
TEST_SCRIPTS += tests/report/test_report.sh tests/report/test_published.sh tests/report/test_forms.sh tests/report/test_budget.sh tests/report/test_exps.sh \
  tests/report/test_concurrent_report.sh tests/report/test_shown.sh tests/report/test_sweep_main.sh \
  tests/report/test_kernel_report.sh
# Unit test of the template reader and renderer.
TEST_PROGS += $(B)/tests/test_render
$(B)/tests/test_render: tests/report/test_render.c $(addprefix $(B)/tools/obj/report/,report_tmpl.o \
    report_tmplread.o report_ctx.o report_doc.o report_vars.o report_pick.o) $(CSV_OBJS) $(SAMPLES_OBJS) $(GATE_TABLE_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(filter %.o,$^) -lm
-include $(B)/tests/test_render.d
# Unit test of the libraries' versions as the appendix reads them from a sample file's header.
TEST_PROGS += $(B)/tests/test_libver
$(B)/tests/test_libver: tests/report/test_libver.c $(addprefix $(B)/tools/obj/report/,report_libver.o report_doc.o \
    report_vars.o) $(SAMPLES_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(filter %.o,$^) -lm
-include $(B)/tests/test_libver.d
# Unit test of the roofs (the highest measured bandwidth, old ceilings files included).
TEST_PROGS += $(B)/tests/test_roof
$(B)/tests/test_roof: tests/report/test_roof.c $(B)/tools/obj/report/report_roof.o $(CSV_OBJS) $(SAMPLES_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(filter %.o,$^) -lm
-include $(B)/tests/test_roof.d
endif
