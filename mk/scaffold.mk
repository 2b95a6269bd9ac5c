# scaffold.mk — `make new-problem NAME=<name>`: a new problem kernels/NAME/ and its experiment
# experiments/NAME/, written from the templates of tools/scaffold/template/ by
# tools/scaffold/new_problem.c (vecadd, kernels/vecadd/, is the model the templates follow).
NEW_PROBLEM := $(B)/tools/new_problem
$(NEW_PROBLEM): $(addprefix $(B)/tools/obj/scaffold/,new_problem.o manifest.o template.o pick_tag.o) \
    $(B)/tools/obj/space/grammar_clash.o $(B)/tools/obj/space/slurp.o $(SHAPE_HOST_OBJS)
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)

## new-problem: write a problem kernels/NAME/ and its experiment from tools/scaffold/template/ (NAME=[a-z][a-z0-9_]*)
# (NAME unexpanded: make would read a $(...) in it, and the scaffold refuses the name as it was typed)
.PHONY: new-problem
new-problem: $(NEW_PROBLEM)
	@$(NEW_PROBLEM) --name $(call shell_quote,$(value NAME)) --templates tools/scaffold/template

# Unit tests of the manifest and the template filling; the scaffold end to end in a copy of the tree.
$(B)/tests/test_scaffold: tests/scaffold/test_scaffold.c $(addprefix $(B)/tools/obj/scaffold/,manifest.o template.o)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $^
-include $(B)/tests/test_scaffold.d
TEST_PROGS   += $(B)/tests/test_scaffold
TEST_SCRIPTS += tests/scaffold/test_new_problem.sh tests/scaffold/test_mixed_types.sh
test: $(NEW_PROBLEM)
tools: $(NEW_PROBLEM)
