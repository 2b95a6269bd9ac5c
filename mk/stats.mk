# stats.mk — build/tools/stats (GSL statistics: summaries, bootstrap CIs, Mann-Whitney U,
# Cliff's delta, verdicts) and its tests. It reads samples and takes its medians through the
# GSL-free samples library (SAMPLES_OBJS, mk/samples.mk), and reads back the tables it wrote
# (verdicts, reproduce-exp) through the CSV table reader (CSV_OBJS, mk/csv.mk).
STATS_LIB := $(SAMPLES_OBJS) $(addprefix $(B)/tools/obj/stats/,summary.o boot.o mwu.o cliff.o holm.o verdict.o \
  design.o calib.o predict.o clocks.o)
STATS_OBJS := $(STATS_LIB) $(CSV_OBJS) $(addprefix $(B)/tools/obj/stats/,stats_main.o stats_cli.o stats_summary.o \
  stats_compare.o stats_aa.o stats_aacheck.o stats_reproduce.o stats_reproexp.o stats_verdicts.o stats_bench.o)

## tools: build the host tools into build/tools/ (stats, ...)
.PHONY: tools
tools: $(B)/tools/stats

# only the objects that include GSL wait for it: the sample reader is linked by GSL-free tools
# (search, gates) on a GPU host that has no GSL, the CSV reader by report
$(filter-out $(SAMPLES_OBJS) $(CSV_OBJS),$(STATS_OBJS)): | check-deps-analyze
$(B)/tools/stats: $(STATS_OBJS)
	$(CC) -o $(OUT_TMP) $^ $(GSL_LIBS) $(OUT_DONE)

# Unit tests of the modules (C) and of the command line (shell, against oracle fixtures).
TEST_PROGS += $(B)/tests/test_stats $(B)/tests/test_design $(B)/tests/test_nested
TEST_SCRIPTS += tests/stats/test_stats_cli.sh

$(B)/tests/test_stats: tests/stats/test_stats.c $(STATS_LIB) | $(B)/tools/stats
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(STATS_LIB) $(GSL_LIBS)

$(B)/tests/test_design: tests/stats/test_design.c $(STATS_LIB)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(STATS_LIB) $(GSL_LIBS)

$(B)/tests/test_nested: tests/stats/test_nested.c $(STATS_LIB)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(STATS_LIB) $(GSL_LIBS)

-include $(B)/tests/test_design.d $(B)/tests/test_stats.d $(B)/tests/test_nested.d

# A self-contained stats for GPU hosts that have no GSL (built here, carried there):
# `make reproduce STATS=<path>` uses it (`stats reproduce-exp`).
## stats-static: build/tools/stats-static, statically linked (for GPU hosts without GSL)
.PHONY: stats-static
stats-static: $(B)/tools/stats-static
$(B)/tools/stats-static: $(STATS_OBJS)
	$(CC) -static -o $(OUT_TMP) $^ $(GSL_LIBS) $(OUT_DONE)
