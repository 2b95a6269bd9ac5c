# tools.mk — host C tools of the build-and-gates half: flagcheck (flag file validation), space
# (parameter space expansion into flag files), gates (static gates from ptxas and --describe).
# Objects come from the generic rule in toolchain.mk (tools/<name>.c -> $(B)/tools/obj/<name>.o).
HOST_TOOLS := $(addprefix $(B)/tools/,flagcheck gates space)
GATES_OBJS := $(addprefix $(B)/tools/obj/,arch_limits.o occupancy.o ptxas_report.o)

$(B)/tools/flagcheck: $(B)/tools/obj/flagcheck.o $(B)/tools/obj/flags.o $(B)/tools/obj/tunables.o
	$(CC) -o $@ $^
$(B)/tools/space: $(B)/tools/obj/space.o $(B)/tools/obj/space_file.o $(B)/tools/obj/space_expr.o
	$(CC) -o $@ $^
$(B)/tools/gates: $(B)/tools/obj/gates.o $(GATES_OBJS)
	$(CC) -o $@ $^

# Unit tests of the gates library (occupancy, limits, ptxas parser).
$(B)/tests/test_gates: tests/test_gates.c $(GATES_OBJS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< $(GATES_OBJS) -lm
-include $(B)/tests/test_gates.d

## host-tools: build the host tools flagcheck, space and gates into build/tools/
.PHONY: host-tools
host-tools: $(HOST_TOOLS)
tools: host-tools

# The shell tests call the tools from build/tools/.
test: host-tools
TEST_PROGS   += $(B)/tests/test_gates
TEST_SCRIPTS += tests/test_flagcheck.sh tests/test_gates.sh tests/test_space.sh
