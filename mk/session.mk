# session.mk — build/tools/session (tools/session/: the GPU session's plan, GSL-free C11: the order
# of a session's runs from its recorded seed, the dealing of rounds or variants over GPUs, the
# code id of what a session times, with its SHA-256) and its unit tests.
SESSION_OBJS := $(addprefix $(B)/tools/obj/session/,session_rng.o session_order.o session_deal.o session_sha256.o session_code_id.o)
SESSION_BIN  := $(B)/tools/session

$(SESSION_BIN): $(B)/tools/obj/session/session_main.o $(SESSION_OBJS)
	$(CC) -o $@ $^
tools: $(SESSION_BIN)

SESSION_TESTS := $(addprefix $(B)/tests/,test_session_order test_session_deal test_session_sha256 test_session_code_id)
$(SESSION_TESTS): $(B)/tests/%: tests/session/%.c $(SESSION_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(SESSION_OBJS) -lm
-include $(SESSION_TESTS:=.d)

test: $(SESSION_BIN)
TEST_PROGS   += $(SESSION_TESTS)
TEST_SCRIPTS += tests/session/test_session_cli.sh
