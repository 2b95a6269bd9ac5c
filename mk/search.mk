# search.mk — issue 8's Loop 1 search: `search` (LHS seed + TPE over an experiment's space on a
# GPU, with a trial log for cache and resume), `search-confirm` (the statistics of the
# confirmation, CPU side), and `search REPLAY=1` (the strategies compared on a recorded sweep).
SEARCH_OBJS := $(addprefix $(B)/tools/obj/,search_main.o search_opts.o search_space.o search_rng.o \
  search_lhs.o search_tpe.o search_strategy.o search_log.o search_oracle.o search_replay.o \
  search_results.o samples.o)
$(B)/tools/search: $(SEARCH_OBJS)
	$(CC) -o $@ $^ -lm
