# published.mk — published data must belong to the code that ships
# (tools/pipeline/check_published.sh; the record of retired files: tools/pipeline/retired.sh).
#   make check-published            every sample file under $(DATA) carries the code id the sources
#                                   give now, or is retired in $(DATA)/RETIRED; exit 1 otherwise
#   make retire EXP=e [REASON=…]    records every stale sample file of e as retired (and drops e's
#                                   records that no longer hold); sample files are never touched
# The code id of an experiment needs its experiment.mk (PROBLEM, hence CODE_SRC and LIB_BENCH:
# mk/measure.mk), so check-published asks a make per experiment for them (published-env, into a
# file) and checks each; a directory of $(DATA) without an experiment.mk ships no code, and its
# sample files must be retired.
PUBLISHED_ENV = SESSION_BIN='$(SESSION_BIN)' PROBLEM='$(PROBLEM)' CODE_SRC='$(CODE_SRC)' LIB_BENCH='$(LIB_BENCH)'
REASON ?= the code changed since these sessions; not re-published yet

# sub-make: each published experiment's PROBLEM, CODE_SRC and LIB_BENCH come from its own
# experiment.mk, and one make holds one experiment
## check-published: every published sample file is of the code that ships, or retired in data/RETIRED (exit 1: a line per offender)
.PHONY: check-published published-env retire
check-published: $(SESSION_BIN)
	@t=$$(mktemp) || exit 2; trap 'rm -f "$$t"' EXIT; \
	  exps=$$(tools/pipeline/check_published.sh exps $(call shell_quote,$(DATA))); rc=$$?; n=0; \
	  for e in $$exps; do n=$$((n + 1)); \
	    $(MAKE) --no-print-directory -s published-env EXP=$$e PUBLISHED_ENV_OUT="$$t" >/dev/null || exit 2; \
	    { read -r p; read -r c; read -r l; } <"$$t"; \
	    SESSION_BIN='$(SESSION_BIN)' PROBLEM="$$p" CODE_SRC="$$c" LIB_BENCH="$$l" tools/pipeline/check_published.sh check $(call shell_quote,$(DATA)) "$$e"; \
	    r=$$?; [ $$r -le $$rc ] || rc=$$r; done; \
	  [ $$rc -ne 0 ] || echo "check-published: $$n experiments under $(DATA): every sample file is of the code that ships, or retired"; \
	  exit $$rc
# (PUBLISHED_ENV_OUT: the file to write EXP's PROBLEM, CODE_SRC and LIB_BENCH into, a line each)
published-env:
	$(if $(PUBLISHED_ENV_OUT),,$(error published-env: PUBLISHED_ENV_OUT: the file to write into))$(file >$(PUBLISHED_ENV_OUT),$(PROBLEM))$(file >>$(PUBLISHED_ENV_OUT),$(CODE_SRC))$(file >>$(PUBLISHED_ENV_OUT),$(LIB_BENCH))@:

## retire: record every stale published sample file of EXP as retired in data/RETIRED [REASON=...] (drops records that no longer hold)
retire: $(SESSION_BIN)
	@$(if $(filter command line,$(origin EXP)),,echo "make: retire needs EXP=<experiment>" >&2; exit 2;) \
	  $(PUBLISHED_ENV) tools/pipeline/check_published.sh retire $(call shell_quote,$(DATA)) $(EXP) $(call shell_quote,$(REASON))

# the appendix notes an experiment whose files are retired (tools/report/report_retired.c): the
# record's summary, remade when the data root or the record changes
R_RETIRED := $(RB)/report/retired.csv
$(R_RETIRED): FORCE
	@mkdir -p $(@D) && tools/pipeline/retired.sh summary $(call shell_quote,$(DATA)) >$@.new.$$$$ || { rm -f $@.new.$$$$; exit 2; }; \
	  if cmp -s $@.new.$$$$ $@; then rm -f $@.new.$$$$; else mv $@.new.$$$$ $@; fi
$(R_TEX): $(R_RETIRED)
REPORT_ARGS += --retired $(R_RETIRED)
