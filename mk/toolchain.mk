# toolchain.mk — compilers and flags for host tools and CUDA binaries.
CC      ?= cc
CFLAGS  ?= -O2 -g
TOOLS_CFLAGS := $(CFLAGS) -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -MMD -MP -Itools -Ikernels/harness
GSL_LIBS := -lgsl -lgslcblas -lm

# nvcc: $(CUDA_HOME)/bin, then /usr/local/cuda/bin, then PATH (searched by make, no shell)
ifeq ($(origin NVCC),undefined)
NVCC := $(firstword $(wildcard $(CUDA_HOME)/bin/nvcc /usr/local/cuda/bin/nvcc \
          $(addsuffix /nvcc,$(subst :, ,$(PATH)))))
endif
NVCCFLAGS ?= -O3 -std=c++17 -lineinfo
# Recursive (=), not :=, and the stamp below a pattern rule: an experiment.mk may set ARCH (e.g.
# ARCH := sm_90a for wgmma and setmaxnreg), and it is read after this file.
NVCC_ARCH = -gencode=arch=compute_$(ARCH:sm_%=%),code=$(ARCH)
# the harness objects are position-independent: a variant is also linked as a shared object
# (kernel.so, tools/pipeline/compile.sh) that a serving process loads (tools/pipeline/serve.cu)
NVCC_PIC := -Xcompiler -fPIC
# the shared CUDA runtime, with its library directory (lib64, else lib, beside the bin/ of nvcc,
# found on PATH when NVCC is a bare name) as the run path: what kernel.so and its server link, so
# that the process has one runtime
CUDA_LIB = $(firstword $(realpath $(foreach d,$(dir $(realpath $(or $(wildcard $(NVCC)),$(shell command -v $(NVCC) 2>/dev/null)))),$(d)../lib64 $(d)../lib)))
CUDART_SHARED = -cudart shared $(if $(CUDA_LIB),-Xlinker -rpath -Xlinker $(CUDA_LIB))
# a bench linked as a shared object (the tests' stand-ins; compile.sh links each variant's kernel.so)
SO_LINK = $(NVCC_PIC) -shared $(CUDART_SHARED)

# A change of compiler or flags rebuilds what they built (git's GIT-CFLAGS pattern): the command
# line is kept in a stamp rewritten only when it changes, and the objects depend on the stamp.
$(B)/tools/cflags.txt: FORCE
	@mkdir -p $(@D)
	@echo '$(CC) $(TOOLS_CFLAGS)' | cmp -s - $@ || echo '$(CC) $(TOOLS_CFLAGS)' >$@
# (precious: made by a pattern rule, make would otherwise delete it as an intermediate file after
# each run, and the next would rebuild every harness object)
.PRECIOUS: $(B)/harness/%/nvccflags.txt
$(B)/harness/%/nvccflags.txt: FORCE
	@mkdir -p $(@D)
	@echo '$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(NVCC_PIC) $(CUDART_SHARED)' | cmp -s - $@ || \
	  echo '$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(NVCC_PIC) $(CUDART_SHARED)' >$@

# Host C objects: build/tools/obj/<module>/<name>.o from tools/<module>/<name>.c; fragments add link rules.
$(B)/tools/obj/%.o: tools/%.c $(B)/tools/cflags.txt
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -c $< -o $@
-include $(wildcard $(B)/tools/obj/*/*.d)

# The shapes of every problem (host C under kernels/: the grammar, the registry, each problem's
# parse, format and work) are shared by the bench harness and the host tools; the samples library
# (mk/samples.mk) links them.
SHAPE_SRC       := $(wildcard kernels/harness/*.c kernels/*/problem/*_shape.c)
SHAPE_HOST_OBJS := $(patsubst kernels/%.c,$(B)/tools/obj/kernels/%.o,$(SHAPE_SRC))
$(B)/tools/obj/kernels/%.o: kernels/%.c $(B)/tools/cflags.txt
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -c $< -o $@
-include $(wildcard $(B)/tools/obj/kernels/*/*.d $(B)/tools/obj/kernels/*/problem/*.d)
