# baselines.mk — measured ceilings for the roofline and the A/A calibration.
# The baselines themselves are built and run by the experiment and measure rules: cublas-naive
# from kernels/<problem>/cublas_<name>.cu (+ -lcublas), library ones (sdpa-*) through
# kernels/<problem>/problem/<lib>_bench.py (tools/pipeline/measure.sh).
CEILINGS_BIN := $(B)/tools/ceilings
CEILINGS_OUT ?= data/ceilings
AA_DATA      ?= data/aa

# The wgmma loop exists for sm_90a alone: its object is compiled for that target whatever ARCH is
# (nvcc 12.0 or later), and ceilings runs it on compute capability 9.0 only.
CEILINGS_WGMMA_OBJ := $(B)/tools/obj/pipeline/ceilings_wgmma.o
$(CEILINGS_WGMMA_OBJ): tools/pipeline/ceilings_wgmma.cu tools/pipeline/ceilings_wgmma.h kernels/attention/sm90_wgmma.cuh | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) -gencode=arch=compute_90a,code=sm_90a -Itools -Ikernels/attention -c -o $@ $<

# (with the samples library's median, compiled in as C)
$(CEILINGS_BIN): tools/pipeline/ceilings.cu tools/pipeline/ceilings_wgmma.h $(CEILINGS_WGMMA_OBJ) \
    tools/samples/samples_median.c tools/samples/samples_median.h | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) -Itools -o $@ $< $(CEILINGS_WGMMA_OBJ) tools/samples/samples_median.c -ldl

ifneq ($(filter $(GPU_GOALS),$(MAKECMDGOALS)),)
$(CEILINGS_BIN) $(CEILINGS_WGMMA_OBJ): | check-gpu
endif
## ceilings: GPU only: measure DRAM bandwidth (copy kernel, cudaMemcpy d2d, read-only kernel), the mma.sync f16 rate and (compute capability 9.0) the wgmma f16 rate -> data/ceilings/<gpu>.csv
.PHONY: ceilings
ceilings: check-gpu $(CEILINGS_BIN)
	@mkdir -p $(CEILINGS_OUT)
	tools/pipeline/with_gpu.sh "make ceilings" $(CEILINGS_BIN) --out $(CEILINGS_OUT)/ --meta git_rev=$(GIT_REV)

## aa: GPU only: measure the A/A experiment (our kernel and cuDNN, each as two variants) -> data/aa/<gpu>/
.PHONY: aa
aa:
	$(MAKE) --no-print-directory measure EXP=aa

# The A/A pairs (each: one program timed as two variants in the same rounds) and the design of
# the null comparisons drawn from them: AA_ROUNDS rounds per session, as phase1 measures.
AA_PAIRS  ?= a:b sdpa-cudnn:sdpa-cudnn.b
AA_DRAWS  ?= 200
AA_ROUNDS ?= 10
## aa-check: A/A calibration (stats aa): false-positive rates, variance components, delta -> build/aa/<gpu>/calibration.csv (PUBLISH=1: data/aa/<gpu>/)
.PHONY: aa-check
aa-check: $(B)/tools/stats
	@dirs=$$(ls -d $(AA_DATA)/*/ 2>/dev/null); \
	  [ -n "$$dirs" ] || { echo "make: no A/A data under $(AA_DATA)/ (make aa on a GPU host)" >&2; exit 2; }; \
	  rc=0; for d in $$dirs; do d=$${d%/}; g=$$(basename $$d); mkdir -p $(B)/aa/$$g; files=(); \
	    for p in $(AA_PAIRS); do for v in $${p%%:*} $${p#*:}; do \
	      [ -f $$d/$$v.csv ] || { echo "make: aa-check: $$d/$$v.csv: missing (make aa on a GPU host)" >&2; exit 2; }; \
	      files+=($$d/$$v.csv); done; done; \
	    $(B)/tools/stats aa --seed $(SEED) --draws $(AA_DRAWS) --rounds $(AA_ROUNDS) "$${files[@]}" \
	      >$(B)/aa/$$g/calibration.csv.tmp; r=$$?; \
	    [ $$r -le 1 ] || { rm -f $(B)/aa/$$g/calibration.csv.tmp; echo "make: aa-check: stats aa failed for $$d (exit $$r)" >&2; exit 2; }; \
	    sed -i '1a # git_rev: $(GIT_REV)\n# command: make aa-check (stats aa --seed $(SEED) --draws $(AA_DRAWS) --rounds $(AA_ROUNDS))\n# samples: '"$$(cd $$d && echo $$(ls $${files[@]##*/}))"' (their sessions in their # session.<id> headers)' \
	      $(B)/aa/$$g/calibration.csv.tmp; \
	    mv $(B)/aa/$$g/calibration.csv.tmp $(B)/aa/$$g/calibration.csv; \
	    echo "== $$d"; column -ts, $(B)/aa/$$g/calibration.csv 2>/dev/null || cat $(B)/aa/$$g/calibration.csv; \
	    [ $$r -eq 0 ] || { echo "make: aa-check: $$d: a false-positive rate above alpha" >&2; rc=1; }; \
	    if [ "$(PUBLISH)" = 1 ]; then cp $(B)/aa/$$g/calibration.csv $$d/.calibration.csv.tmp && \
	      mv $$d/.calibration.csv.tmp $$d/calibration.csv && echo "published $$d/calibration.csv"; fi; \
	  done; exit $$rc

TEST_SCRIPTS += tests/pipeline/test_baselines.sh
# Unit test of the wgmma ceiling's host arithmetic (FLOPs, operands, swizzle, accumulator layout).
TEST_PROGS += $(B)/tests/test_ceilings_wgmma
$(B)/tests/test_ceilings_wgmma: tests/pipeline/test_ceilings_wgmma.c tools/pipeline/ceilings_wgmma.h
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -o $@ $< -lm
-include $(B)/tests/test_ceilings_wgmma.d
test: $(B)/tools/stats
