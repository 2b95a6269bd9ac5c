# sanitize.mk — `make sanitize` (GPU only) and its command, build/tools/sanitize (tools/sanitize/:
# compute-sanitizer over the variants that passed the gates; the GPU's lock and the processes are
# the session's, session/run_lock.h and run_proc.h; the gate table's rows go through gatetab, its
# reason words are gate_outcome.h's), and its unit tests.
# The pure parts (settings, shapes, a run's log and verdict, the table) are unit-tested; san_jobs
# starts processes.
SANITIZE_PURE_OBJS := $(addprefix $(B)/tools/obj/sanitize/,san_env.o san_shapes.o san_log.o san_table.o)
SANITIZE_OBJS := $(SANITIZE_PURE_OBJS) $(B)/tools/obj/sanitize/san_jobs.o $(RUN_PROC_OBJS) $(B)/tools/obj/session/run_lock.o \
  $(B)/tools/obj/gates/gate_outcome.o
SANITIZE_BIN := $(B)/tools/sanitize

$(SANITIZE_BIN): $(B)/tools/obj/sanitize/sanitize_main.o $(SANITIZE_OBJS)
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)
tools: $(SANITIZE_BIN)

## sanitize: GPU only: compute-sanitizer memcheck/racecheck/initcheck/synccheck on passing variants
.PHONY: sanitize
sanitize: check-gpu build $(EXP_OUT)/gates.csv $(GATETAB) $(SANITIZE_BIN)
	@B=$(B) GATETAB=$(GATETAB) DATA_OUT=$(DATA_OUT) GIT_REV=$(GIT_REV) SANITIZE_SHAPES='$(SANITIZE_SHAPES)' \
	  $(foreach t,MEMCHECK RACECHECK INITCHECK SYNCCHECK,SANITIZE_SHAPES_$t='$(SANITIZE_SHAPES_$t)') $(SANITIZE_BIN) $(EXP)

$(B)/tests/test_sanitize: tests/sanitize/test_sanitize.c $(SANITIZE_PURE_OBJS) $(B)/tools/obj/sanitize/san_jobs.o $(RUN_PROC_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(filter %.o,$^) -lm
-include $(B)/tests/test_sanitize.d

test: $(SANITIZE_BIN) $(GATETAB)
TEST_PROGS   += $(B)/tests/test_sanitize
TEST_SCRIPTS += tests/sanitize/test_sanitize.sh
