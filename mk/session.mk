# session.mk — build/tools/session (tools/session/: the GPU session, GSL-free C11: the order of a
# session's runs from its recorded seed, the dealing of rounds or variants over GPUs, the code id
# of what a session times with its SHA-256, the makefile of the sessions over several GPUs, the
# session itself, `session measure`, and the search that confirms through one, `session search`)
# and its unit tests.
SESSION_OBJS := $(addprefix $(B)/tools/obj/session/,session_rng.o session_order.o session_deal.o session_sha256.o session_code_id.o)
# the measure session (run_session.h): its pure parts (settings, plan, queue, end of a run, a
# run's command line) are unit-tested; the rest starts processes
RUN_PURE_OBJS := $(addprefix $(B)/tools/obj/session/,run_util.o run_env.o run_plan.o run_queue.o run_end.o run_args.o)
# the makefile of the sessions over several GPUs (shards_plan.h: pure, unit-tested)
RUN_PURE_OBJS += $(B)/tools/obj/session/shards_plan.o
# the search's settings and key (run_search_env.h, run_search_key.h: pure, unit-tested)
RUN_PURE_OBJS += $(addprefix $(B)/tools/obj/session/,run_search_env.o run_search_key.o)
RUN_OBJS := $(RUN_PURE_OBJS) $(addprefix $(B)/tools/obj/session/,run_proc.o run_lock.o run_codeid.o run_build.o \
  run_runs.o run_serve.o run_publish.o run_session.o shards_session.o run_gpus.o run_collect.o \
  run_search.o run_search_setup.o run_search_trial.o run_search_confirm.o) $(B)/tools/obj/gates/gate_outcome.o
SESSION_BIN  := $(B)/tools/session

$(SESSION_BIN): $(B)/tools/obj/session/session_main.o $(SESSION_OBJS) $(RUN_OBJS) $(SAMPLES_OBJS)
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)
tools: $(SESSION_BIN)

SESSION_TESTS := $(addprefix $(B)/tests/,test_session_order test_session_deal test_session_sha256 test_session_code_id)
$(SESSION_TESTS): $(B)/tests/%: tests/session/%.c $(SESSION_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(SESSION_OBJS) -lm
$(B)/tests/test_session_run: tests/session/test_session_run.c $(SESSION_OBJS) $(RUN_PURE_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(SESSION_OBJS) $(RUN_PURE_OBJS) -lm
$(B)/tests/test_session_search: tests/session/test_session_search.c $(SESSION_OBJS) $(RUN_PURE_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(SESSION_OBJS) $(RUN_PURE_OBJS) -lm
RUN_PROC_OBJS := $(addprefix $(B)/tools/obj/session/,run_proc.o run_end.o run_util.o)
$(B)/tests/test_session_proc: tests/session/test_session_proc.c $(RUN_PROC_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(RUN_PROC_OBJS) -lm
-include $(SESSION_TESTS:=.d) $(B)/tests/test_session_run.d $(B)/tests/test_session_proc.d $(B)/tests/test_session_search.d

test: $(SESSION_BIN)
TEST_PROGS   += $(SESSION_TESTS) $(B)/tests/test_session_run $(B)/tests/test_session_proc $(B)/tests/test_session_search
TEST_SCRIPTS += tests/session/test_session_cli.sh
