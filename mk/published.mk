# published.mk — published data must belong to the code that ships: build/tools/published
# (tools/published/: the check, published_check.h; the record of retired files, data/RETIRED,
# published_record.h; the code id it compares with, tools/session/session_code_id.h) and its tests.
#   make check-published            every sample file and profile under $(DATA) carries the code id
#                                   the sources give now, or is retired in $(DATA)/RETIRED; exit 1 otherwise
#   make retire EXP=e [REASON=…]    records every stale sample file of e as retired (and drops e's
#                                   records that no longer hold); sample files are never touched
# The code id of an experiment needs its experiment.mk (PROBLEM, hence CODE_SRC and LIB_BENCH:
# mk/measure.mk), so check-published asks a make per experiment for them (published-env, into a
# file) and checks each; a directory of $(DATA) without an experiment.mk ships no code, and its
# sample files must be retired.
PUBLISHED_OBJS := $(addprefix $(B)/tools/obj/published/,published_entry.o published_record.o published_scan.o published_check.o published_revs.o published_pause.o) \
  $(addprefix $(B)/tools/obj/session/,session_sha256.o session_code_id.o) $(B)/tools/obj/profile/profile_metrics.o $(SAMPLES_OBJS)
PUBLISHED_BIN  := $(B)/tools/published
$(PUBLISHED_BIN): $(B)/tools/obj/published/published_main.o $(PUBLISHED_OBJS)
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)
tools: $(PUBLISHED_BIN)
$(B)/tests/test_published_record $(B)/tests/test_published_check: $(B)/tests/%: tests/published/%.c $(PUBLISHED_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(PUBLISHED_OBJS)
-include $(B)/tests/test_published_record.d $(B)/tests/test_published_check.d
test: $(PUBLISHED_BIN)
TEST_PROGS += $(B)/tests/test_published_record $(B)/tests/test_published_check

PUBLISHED_ENV = PUBLISHED_BIN='$(PUBLISHED_BIN)' PROBLEM='$(PROBLEM)' CODE_SRC='$(CODE_SRC)' LIB_BENCH='$(LIB_BENCH)'
REASON ?= the code changed since these sessions; not re-published yet

# sub-make: each published experiment's PROBLEM, CODE_SRC and LIB_BENCH come from its own
# experiment.mk, and one make holds one experiment
## check-published: every published sample file and profile is of the code that ships, or retired in data/RETIRED, and every commit they name (git_rev) is in the history (exit 1: a line per offender)
.PHONY: check-published published-env retire
# (under make -n the recipe runs, for its $(MAKE), but the checker is not built: it says so)
check-published: $(PUBLISHED_BIN)
	@$(if $(MAKE_DRY),echo "check-published: a dry run (make -n): nothing checked"; exit 0;) \
	  t=$$(mktemp) || exit 2; trap 'rm -f "$$t" "$$t.revs"' EXIT; \
	  hist=$$(git rev-parse --is-shallow-repository 2>/dev/null); \
	  exps=$$($(PUBLISHED_BIN) exps $(call shell_quote,$(DATA))); rc=$$?; n=0; \
	  for e in $$exps; do n=$$((n + 1)); \
	    $(MAKE) --no-print-directory -s published-env EXP=$$e PUBLISHED_ENV_OUT="$$t" >/dev/null || exit 2; \
	    { read -r p; read -r c; read -r l; } <"$$t"; \
	    PROBLEM="$$p" CODE_SRC="$$c" LIB_BENCH="$$l" $(PUBLISHED_BIN) check $(call shell_quote,$(DATA)) "$$e"; \
	    r=$$?; [ $$r -le $$rc ] || rc=$$r; \
	    if [ "$$hist" = false ]; then $(PUBLISHED_BIN) revs $(call shell_quote,$(DATA)) "$$e" >"$$t.revs" || rc=2; \
	      while read -r rev path; do h=$${rev%-dirty}; [ "$$rev" = unknown ] && continue; \
	        case "$$h" in ????*) case "$$h" in *[!0-9a-f]*) h=;; esac;; *) h=;; esac; \
	        [ -n "$$h" ] && git cat-file -e "$$h^{commit}" 2>/dev/null && continue; \
	        echo "check-published: $(DATA)/$$path: git_rev '$$rev' names no commit of this repository (GIT_REV typed wrong?)"; [ $$rc -ge 1 ] || rc=1; \
	      done <"$$t.revs"; fi; done; \
	  [ "$$hist" = false ] || echo "check-published: the commits the files name (git_rev) not checked: not a git clone with its whole history"; \
	  [ $$rc -ne 0 ] || echo "check-published: $$n experiments under $(DATA): every sample file and profile is of the code that ships, or retired$$([ "$$hist" != false ] || echo '; every commit they name is in the history')"; \
	  exit $$rc
# (PUBLISHED_ENV_OUT: the file to write EXP's PROBLEM, CODE_SRC and LIB_BENCH into, a line each)
published-env:
	$(if $(PUBLISHED_ENV_OUT),,$(error published-env: PUBLISHED_ENV_OUT: the file to write into))$(file >$(PUBLISHED_ENV_OUT),$(PROBLEM))$(file >>$(PUBLISHED_ENV_OUT),$(CODE_SRC))$(file >>$(PUBLISHED_ENV_OUT),$(LIB_BENCH))@:

## retire: record every stale published sample file of EXP as retired in data/RETIRED [REASON=...] (drops records that no longer hold)
retire: $(PUBLISHED_BIN)
	@$(if $(filter command line,$(origin EXP)),,echo "make: retire needs EXP=<experiment>" >&2; exit 2;) \
	  $(PUBLISHED_ENV) $(PUBLISHED_BIN) retire $(call shell_quote,$(DATA)) $(EXP) $(call shell_quote,$(REASON))

# the appendix notes an experiment whose files are retired (tools/report/report_retired.c): the
# record's summary, remade when the data root or the record changes
R_RETIRED := $(RB)/report/retired.csv
$(R_RETIRED): $(PUBLISHED_BIN) FORCE
	@mkdir -p $(@D) && $(PUBLISHED_BIN) summary $(call shell_quote,$(DATA)) >$@.new.$$$$ || { rm -f $@.new.$$$$; exit 2; }; \
	  $(call out_if_changed,$@.new.$$$$)
$(R_TEX): $(R_RETIRED)
REPORT_ARGS += --retired $(R_RETIRED)

# reproduce refuses published files of other code than the code that ships (mk/phase.mk)
reproduce: $(PUBLISHED_BIN)

## fold: another machine's copy of data/EXP/<gpu> (FROM=<folder>, e.g. a GPU host's results unpacked elsewhere) into data/: the sessions it holds that data/ lacks, published as measure publishes them (never replacing a file), its numerics table's too
.PHONY: fold
# (FROM is taken as written, $(value FROM): a name holding $(...) is not expanded by make; the folder
# is resolved by cd, so that its name, not `.` or `..`, is the GPU folder's)
fold: check-exp $(SAMPLES_BIN) $(NUMTAB)
	@$(if $(filter command line,$(origin EXP)),,echo "make: fold needs EXP=<experiment>" >&2; exit 2;) \
	  $(if $(value FROM),,echo "make: fold needs FROM=<another copy of data/$(EXP)/<gpu>>" >&2; exit 2;) \
	  from=$(call shell_quote,$(value FROM)); \
	  [ -d "$$from" ] || { echo "make: fold: FROM '$$from' is not a folder" >&2; exit 2; }; \
	  from=$$(cd "$$from" && pwd -P) || exit 2; gpu=$$(basename "$$from"); \
	  case "$$gpu" in *[!A-Za-z0-9_.+-]*|.|..|'') echo "make: fold: FROM '$$from': '$$gpu' is not a GPU folder's name" >&2; exit 2;; esac; \
	  dest=$(call shell_quote,$(DATA_OUT)/$(EXP))/"$$gpu"; \
	  $(SAMPLES_BIN) fold "$$dest" "$$from"; rc=$$?; \
	  if [ $$rc -eq 0 ] && [ -f "$$from/numerics.csv" ]; then $(NUMTAB) fold "$$from/numerics.csv" "$$dest" || rc=2; \
	  elif [ -f "$$from/numerics.csv" ]; then echo "fold: $$from/numerics.csv not folded: not every sample file was" >&2; fi; \
	  exit $$rc
