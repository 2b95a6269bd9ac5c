# session.mk — build/tools/session (tools/session/: the GPU session's plan, GSL-free C11: the order
# of a session's runs from its recorded seed, the dealing of rounds or variants over GPUs) and its
# unit tests.
SESSION_OBJS := $(addprefix $(B)/tools/obj/session/,session_rng.o session_order.o session_deal.o)
SESSION_BIN  := $(B)/tools/session

$(SESSION_BIN): $(B)/tools/obj/session/session_main.o $(SESSION_OBJS)
	$(CC) -o $@ $^
tools: $(SESSION_BIN)

$(B)/tests/test_session_order $(B)/tests/test_session_deal: $(B)/tests/%: tests/session/%.c $(SESSION_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(SESSION_OBJS) -lm
-include $(B)/tests/test_session_order.d $(B)/tests/test_session_deal.d

test: $(SESSION_BIN)
TEST_PROGS   += $(B)/tests/test_session_order $(B)/tests/test_session_deal
TEST_SCRIPTS += tests/session/test_session_cli.sh
