# tools.mk — host C tools of the build-and-gates half: flagcheck (flag file validation),
# tunecheck (a kernel's tunables table against its header comment, defaults and configuration
# string), dispatchcheck (dispatch file validation, kernels/harness/dispatch_rules.h), shapecheck (an
# experiment's shapes by its problem's parse, no other's; the problem's grammar disjoint from the others), space
# (parameter space expansion into flag files), gates (static gates from ptxas and --describe),
# gatetab (the gate table's command: every read and write of gates.csv from shell and make).
# Objects come from the generic rule in toolchain.mk (tools/<module>/<name>.c -> $(B)/tools/obj/<module>/<name>.o).
HOST_TOOLS := $(addprefix $(B)/tools/,flagcheck tunecheck dispatchcheck shapecheck gates gatetab numtab space)
GATES_OBJS := $(addprefix $(B)/tools/obj/gates/,arch_limits.o occupancy.o ptxas_report.o)
# the gate table's owner (tools/gates/gate_table.h): the row format, the outcomes, the merges,
# and a variant's build status file (build_status.h)
GATE_TABLE_OBJS := $(addprefix $(B)/tools/obj/gates/,gate_table.o gate_outcome.o gate_merge.o build_status.o)
GATETAB := $(B)/tools/gatetab
# the numerics table's owner (tools/gates/numerics.h): what the numerics gate measured per shape
NUMTAB := $(B)/tools/numtab

$(B)/tools/flagcheck: $(B)/tools/obj/space/flagcheck.o $(B)/tools/obj/space/flags.o $(B)/tools/obj/space/nvcc_options.o $(B)/tools/obj/space/tunables.o $(B)/tools/obj/space/slurp.o
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)
$(B)/tools/tunecheck: $(B)/tools/obj/space/tunecheck.o $(B)/tools/obj/space/tunables.o $(B)/tools/obj/space/tunables_src.o $(B)/tools/obj/space/slurp.o
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)
$(B)/tools/dispatchcheck: $(B)/tools/obj/space/dispatchcheck.o $(B)/tools/obj/space/slurp.o $(SHAPE_HOST_OBJS)
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)
$(B)/tools/shapecheck: $(B)/tools/obj/space/shapecheck.o $(B)/tools/obj/space/grammar_clash.o $(B)/tools/obj/space/shape_source.o $(SHAPE_HOST_OBJS)
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)
$(B)/tools/space: $(B)/tools/obj/space/space.o $(B)/tools/obj/space/space_file.o $(B)/tools/obj/space/space_expr.o $(B)/tools/obj/space/slurp.o
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)
$(B)/tools/gates: $(B)/tools/obj/gates/gates.o $(GATES_OBJS) $(GATE_TABLE_OBJS)
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)
$(GATETAB): $(B)/tools/obj/gates/gatetab.o $(GATE_TABLE_OBJS)
	$(CC) -o $(OUT_TMP) $^ $(OUT_DONE)
$(NUMTAB): $(B)/tools/obj/gates/numtab.o $(B)/tools/obj/gates/numerics.o
	$(CC) -o $(OUT_TMP) $^ -lm $(OUT_DONE)

# Unit tests of the gates library (occupancy, limits, ptxas parser).
$(B)/tests/test_gates: tests/gates/test_gates.c $(GATES_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(GATES_OBJS) -lm
-include $(B)/tests/test_gates.d
# Unit tests of the gate table (row format, outcomes, merges).
$(B)/tests/test_gate_table: tests/gates/test_gate_table.c $(GATE_TABLE_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(GATE_TABLE_OBJS)
-include $(B)/tests/test_gate_table.d

## host-tools: build the host tools flagcheck, space and gates into build/tools/
.PHONY: host-tools
host-tools: $(HOST_TOOLS)
tools: host-tools

## check-tunables: every kernel's .tunables table against its header comment, compiled defaults and configuration string (tunecheck; fails on a disagreement)
# (TUNECHECK_TABLES=: other tables, as tests/space/test_tunecheck.sh gives it; make test runs the
# check through that script, the tree agreeing with its tables)
TUNECHECK_TABLES ?= $(sort $(wildcard kernels/*/*.tunables))
.PHONY: check-tunables
check-tunables: $(B)/tools/tunecheck
	@$(B)/tools/tunecheck $(TUNECHECK_TABLES)

# The shell tests call the tools from build/tools/.
test: host-tools
TEST_PROGS   += $(B)/tests/test_gates $(B)/tests/test_gate_table
TEST_SCRIPTS += tests/space/test_flagcheck.sh tests/space/test_tunecheck.sh tests/space/test_dispatchcheck.sh tests/gates/test_gates.sh tests/gates/test_gatetab.sh tests/gates/test_numtab.sh tests/space/test_space.sh
# Unit tests of the grammar clash search and the shape source lookup (shapecheck's libraries).
$(B)/tests/test_grammar_clash: tests/space/test_grammar_clash.c $(B)/tools/obj/space/grammar_clash.o $(B)/tools/obj/space/shape_source.o $(SHAPE_HOST_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(filter %.o,$^)
-include $(B)/tests/test_grammar_clash.d
TEST_PROGS += $(B)/tests/test_grammar_clash
