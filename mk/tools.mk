# tools.mk — host C tools of the build-and-gates half: flagcheck (flag file validation), space
# (parameter space expansion into flag files), gates (static gates from ptxas and --describe).
# Objects come from the generic rule in toolchain.mk (tools/<name>.c -> $(B)/tools/obj/<name>.o).
HOST_TOOLS := $(addprefix $(B)/tools/,flagcheck)

$(B)/tools/flagcheck: $(B)/tools/obj/flagcheck.o
	$(CC) -o $@ $^

## host-tools: build the host tools flagcheck, space and gates into build/tools/
.PHONY: host-tools
host-tools: $(HOST_TOOLS)

# The shell tests call the tools from build/tools/.
test: host-tools
TEST_SCRIPTS += tests/test_flagcheck.sh
