# baselines.mk — measured ceilings for the roofline and the A/A calibration.
# The baselines themselves are built and run by the experiment and measure rules: cublas-naive
# from kernels/<problem>/cublas_<name>.cu (+ -lcublas), library ones (sdpa-*) through
# kernels/<problem>/problem/<lib>_bench.py (`session measure`, tools/session/run_runs.c).
CEILINGS_BIN := $(B)/tools/ceilings
CEILINGS_OUT ?= data/ceilings
AA_DATA      ?= data/aa data/aa-own

# The wgmma loop exists for sm_90a alone: its object is compiled for that target whatever ARCH is
# (nvcc 12.0 or later), and ceilings runs it on compute capability 9.0 only.
CEILINGS_WGMMA_OBJ := $(B)/tools/obj/pipeline/ceilings_wgmma.o
$(CEILINGS_WGMMA_OBJ): tools/pipeline/ceilings_wgmma.cu tools/pipeline/ceilings_wgmma.h kernels/harness/sm90/wgmma.cuh | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) -gencode=arch=compute_90a,code=sm_90a -Itools -Ikernels/harness -c -o $(OUT_TMP) $< $(OUT_DONE)

# (with the samples library's median, compiled in as C)
$(CEILINGS_BIN): tools/pipeline/ceilings.cu tools/pipeline/ceilings_wgmma.h $(CEILINGS_WGMMA_OBJ) \
    tools/samples/samples_median.c tools/samples/samples_median.h | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) -Itools -o $(OUT_TMP) $< $(CEILINGS_WGMMA_OBJ) tools/samples/samples_median.c -ldl $(OUT_DONE)

ifneq ($(filter $(GPU_GOALS),$(MAKECMDGOALS)),)
$(CEILINGS_BIN) $(CEILINGS_WGMMA_OBJ): | check-gpu
endif
## ceilings: GPU only: measure DRAM bandwidth (copy kernel, cudaMemcpy d2d, read-only kernel), the mma.sync f16 rate and (compute capability 9.0) the wgmma f16 rate -> data/ceilings/<gpu>.csv
.PHONY: ceilings
ceilings: check-gpu $(CEILINGS_BIN) $(SESSION_BIN)
	@mkdir -p $(CEILINGS_OUT)
	$(SESSION_BIN) lock "make ceilings" $(CEILINGS_BIN) --out $(CEILINGS_OUT)/ --meta git_rev=$(GIT_REV)

# sub-make: aa and aa-own are two experiments, and one make holds one experiment (its experiment.mk
# assigns SHAPES, KERNEL, … as global names)
## aa: GPU only: measure the A/A experiments (our kernel served and in its own processes, cuDNN, each as two variants) -> data/aa/<gpu>/, data/aa-own/<gpu>/
.PHONY: aa
aa:
	$(MAKE) --no-print-directory measure EXP=aa
	$(MAKE) --no-print-directory measure EXP=aa-own

# The A/A pairs (each: one program timed as two variants in the same rounds) and the design of
# the null comparisons drawn from them: AA_ROUNDS rounds per block. AA_DATA: the A/A experiments'
# data, one per process design (`stats aa-check`, tools/stats/stats_aacheck.c).
AA_PAIRS  ?= a:b sdpa-cudnn:sdpa-cudnn.b
AA_DRAWS  ?= 200
AA_ROUNDS ?= 10
# the plan both A/A experiments declare (their PLAN in experiments/aa and aa-own): only its
# sessions are calibrated, and a GPU with none of them (retired data) is left as it is
AA_PLAN   ?= $(call plan_tag,confirm4 3 1 10)
## aa-check: A/A calibration (stats aa) of each process design: false-positive rates, variance components, delta -> build/<aa|aa-own>/<gpu>/calibration.csv (PUBLISH=1: data/…/<gpu>/)
.PHONY: aa-check
aa-check: $(B)/tools/stats
	@$(B)/tools/stats aa-check --seed $(SEED) --draws $(AA_DRAWS) --rounds $(AA_ROUNDS) --pairs $(call shell_quote,$(AA_PAIRS)) \
	  $(if $(AA_PLAN),--plan $(AA_PLAN)) --out $(B) --git-rev $(call shell_quote,$(GIT_REV)) $(if $(filter 1,$(PUBLISH)),--publish) $(AA_DATA)

TEST_SCRIPTS += tests/pipeline/test_baselines.sh tests/pipeline/test_c_baselines.sh tests/libbench/test_libbench.sh tests/pipeline/test_deps_cudnn.sh tests/pipeline/test_deps_fa4.sh
# Unit test of the wgmma ceiling's host arithmetic (FLOPs, operands, swizzle, accumulator layout).
TEST_PROGS += $(B)/tests/test_ceilings_wgmma
$(B)/tests/test_ceilings_wgmma: tests/pipeline/test_ceilings_wgmma.c tools/pipeline/ceilings_wgmma.h
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< -lm
-include $(B)/tests/test_ceilings_wgmma.d
test: $(B)/tools/stats

## deps-cudnn: the cudnn-sdpa baseline's headers and library under build/deps/ (the installed cuDNN; the frontend from its wheel, CUDNN_FE_WHEEL=path where no registry is reachable)
.PHONY: deps-cudnn
deps-cudnn:
	@B=$(B) CUDNN_HOME='$(CUDNN_HOME)' CUDNN_FE_WHEEL='$(CUDNN_FE_WHEEL)' tools/pipeline/deps_cudnn.sh

## deps-fa4: FlashAttention-4 and the CuTe DSL (CUDA 13) for the fa4-cute baseline, into python3's environment by pip (FA4_WHEELS=dir: from those wheels, no registry)
.PHONY: deps-fa4
deps-fa4:
	@FA4_WHEELS='$(FA4_WHEELS)' tools/pipeline/deps_fa4.sh
