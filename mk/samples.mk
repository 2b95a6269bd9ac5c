# samples.mk — the samples library (tools/samples/: the one reader, writer, merges and median of
# sample files; GSL-free C11) and build/tools/samples, the command that owns the sample file
# (merge, append, medians, check, write, publish, fold), built on GPU hosts by `make measure` too (gcc, no GSL).
# Tools link SAMPLES_OBJS (with the shapes of every problem, SHAPE_HOST_OBJS); the bench harness
# compiles SAMPLES_HARNESS_SRC itself (mk/experiment.mk) for its progress median and its writer;
# ceilings (mk/baselines.mk) compiles the median in.
SAMPLES_LIB         := $(addprefix $(B)/tools/obj/samples/,samples.o samples_rowkeys.o samples_median.o samples_write.o samples_merge.o)
SAMPLES_OBJS        := $(SAMPLES_LIB) $(SHAPE_HOST_OBJS)
SAMPLES_HARNESS_SRC := tools/samples/samples_median.c tools/samples/samples_write.c
SAMPLES_BIN         := $(B)/tools/samples

$(SAMPLES_BIN): $(B)/tools/obj/samples/samples_main.o $(B)/tools/obj/samples/samples_publish.o $(B)/tools/obj/samples/samples_fold.o $(SAMPLES_OBJS)
	$(CC) -o $(OUT_TMP) $^ -lm $(OUT_DONE)
tools: $(SAMPLES_BIN)

# Unit tests of the library (C) and of the command (shell, against hand-written fixtures).
TEST_PROGS   += $(B)/tests/test_samples $(B)/tests/test_samples_lib
TEST_SCRIPTS += tests/samples/test_samples_cli.sh
test: $(SAMPLES_BIN)
$(B)/tests/test_samples: tests/samples/test_samples.c $(SAMPLES_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(SAMPLES_OBJS) -lm
$(B)/tests/test_samples_lib: tests/samples/test_samples_lib.c $(SAMPLES_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(SAMPLES_OBJS) -lm
-include $(B)/tests/test_samples.d $(B)/tests/test_samples_lib.d
