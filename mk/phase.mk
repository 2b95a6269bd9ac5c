# phase.mk — the one-command runs on a GPU host (`make phase1`, phase2, phase3) and
# `make reproduce`, which re-measures and compares against the published data.
# CEILINGS=0: skip re-measuring the ceilings (e.g. several phases in one session)
CEILINGS  ?= 1

# sub-make: each step reads what the one before it wrote (gates the binaries, analyze the new
# samples, report every experiment's), and a make lists its files once, before any step runs
# run_phase EXP: build, gates, ceilings, measure with baselines, then analyze, plots and report
# where GSL, gnuplot and pdflatex exist (a GPU host may lack them: the data are then ready for
# `make report` on any machine).
# (check-gpu first: a prerequisite of each phase)
define run_phase
	@echo "== $(1): build";   $(MAKE) --no-print-directory build EXP=$(1)
	@echo "== $(1): gates";   $(MAKE) --no-print-directory gates EXP=$(1)
	@if [ "$(CEILINGS)" != 0 ]; then echo "== $(1): ceilings"; $(MAKE) --no-print-directory ceilings; fi
	@echo "== $(1): measure"; $(MAKE) --no-print-directory measure EXP=$(1)
	@if tools/pipeline/deps.sh check libgsl-dev 2>/dev/null || [ -x $(STATS) ]; then \
	   echo "== $(1): analyze"; $(MAKE) --no-print-directory analyze EXP=$(1) && \
	   $(STATS) verdicts $(B)/$(1); \
	 else echo "== $(1): analyze skipped: GSL is missing here; run 'make report' on a machine with it, or pass STATS=<path> (make stats-static elsewhere)"; fi
	@if tools/pipeline/deps.sh check libgsl-dev gnuplot-nox poppler-utils texlive-latex-base texlive-latex-recommended 2>/dev/null; then \
	   echo "== report"; $(MAKE) --no-print-directory report; \
	 else echo "== plots and report skipped: gnuplot/pdftotext/pdflatex missing here; copy data/$(1)/ and run 'make report'"; fi
endef

## phase1: GPU host: the parallelism ladder: build, gates, ceilings, measure; analyze (GSL or STATS=), plots, report where gnuplot, pdflatex exist
.PHONY: phase1 phase2 phase3
phase1 phase2 phase3: check-gpu
phase1:
	$(call run_phase,phase1)
## phase2: GPU host: the memory ladder (VEC, SWIZZLE, STAGES) end to end
phase2:
	$(call run_phase,phase2)
## phase3: GPU host: the compute ladder (tiles, warps) end to end
phase3:
	$(call run_phase,phase3)

## reproduce: GPU host: re-measure EXP into build/ (PUBLISH=1: into data/) and compare with data/
.PHONY: reproduce
REPRO_OUT = $(if $(PUBLISH),data,$(B)/reproduce)
# a GPU host without GSL: `make stats-static` elsewhere, carry it, STATS=<path>
STATS    ?= $(B)/tools/stats
# (published files of other code than the code that ships are refused before a session is spent:
# build/tools/published stale; measuring into REPRO_OUT leaves data/ as it was checked)
# sub-make: the fresh session goes to REPRO_OUT, not DATA_OUT, a global name this make's measure
# rules were expanded with. Then `stats reproduce-exp` (tools/stats/stats_reproexp.c) judges it
# against data/: the claims (CLAIM_PAIRS) and each variant's time, tables in build/EXP/.
# The fresh session pauses before each run as the published sessions of its GPU did (their
# settle_ms per GPU folder, 0 for files from before the pause: `published pause`, which refuses a
# folder of several; the setting for the fresh session, or none, written to REPRO_PAUSE by a line
# of its own, so that make -n runs none of it):
# SETTLE_MS given must be one of them, and GPUs published with different ones need it given
# (stats reproduce-exp refuses files of another pause). PUBLISH=1 re-publishes: the default pause.
REPRO_PAUSE = $(EXP_OUT)/reproduce.pause
REPRO_GIVEN = $(if $(filter command line environment,$(origin SETTLE_MS)),$(SETTLE_MS))
reproduce: check-gpu
	@$(if $(PUBLISH),,$(PUBLISHED_ENV) $(PUBLISHED_BIN) stale data $(EXP) || exit 2)
	@$(if $(PUBLISH),:,mkdir -p $(EXP_OUT) && out=$$($(PUBLISHED_BIN) pause data $(EXP)) || exit 2; \
	  given='$(REPRO_GIVEN)'; ps=$$(echo "$$out" | cut -d' ' -f2 | sort -u); \
	  if [ -n "$$given" ]; then \
	    [ -z "$$ps" ] || echo "$$ps" | grep -qx -- "$$given" || { echo "reproduce: SETTLE_MS=$$given, but $(EXP) was published with a pause of $$(echo $$ps) ms before each run: the comparison would refuse it; give that one, or none" >&2; exit 2; }; \
	  elif [ $$(echo "$$ps" | grep -c .) -gt 1 ]; then \
	    echo "reproduce: $(EXP)'s GPUs were published with different pauses before each run ($$(echo "$$out" | sed 's/ /: /; s/$$/ ms/' | paste -sd, - | sed 's/,/, /g')): give the one of the GPU measured, SETTLE_MS=<ms>" >&2; exit 2; \
	  elif [ -n "$$ps" ]; then echo "reproduce: $(EXP): the published sessions paused $$ps ms before each run: the fresh one too (SETTLE_MS=$$ps)" >&2; fi; \
	  { [ -n "$$given" ] || [ -z "$$ps" ] || echo "SETTLE_MS=$$ps"; } >$(REPRO_PAUSE))
	@$(MAKE) --no-print-directory measure EXP=$(EXP) DATA_OUT=$(REPRO_OUT) $(if $(PUBLISH),,$$(cat $(REPRO_PAUSE) 2>/dev/null))
	@[ -x $(STATS) ] || { echo "reproduce: $(STATS) missing (make tools; on a GPU host without GSL: make stats-static elsewhere, carry it, STATS=path)" >&2; exit 2; }
	@$(STATS) reproduce-exp --claims '$(CLAIM_PAIRS)' $(if $(DELTA),--delta '$(DELTA)') $(if $(PLAN_TAG),--plan '$(PLAN_TAG)') \
	  $(EXP) $(REPRO_OUT) data
