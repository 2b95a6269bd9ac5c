# baselines.mk — measured ceilings for the roofline and the A/A noise-floor check.
# The baselines themselves are built and run by the experiment and measure rules: cublas-naive
# from kernels/cublas_naive.cu (+ -lcublas), sdpa-* through tools/sdpa_bench.py.
CEILINGS_BIN := $(B)/tools/ceilings
CEILINGS_OUT ?= data/ceilings
AA_DATA      ?= data/aa

$(CEILINGS_BIN): tools/ceilings.cu | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) -o $@ $< -ldl

## ceilings: GPU only: measure copy bandwidth and mma.sync f16 rate -> data/ceilings/<gpu>.csv
.PHONY: ceilings
ceilings: $(CEILINGS_BIN)
	@mkdir -p $(CEILINGS_OUT)
	$(CEILINGS_BIN) --out $(CEILINGS_OUT)/ --meta git_rev=$(GIT_REV)

## aa: GPU only: measure the A/A experiment (a, b interleaved) -> data/aa/<gpu>/; then make aa-check
.PHONY: aa
aa:
	$(MAKE) --no-print-directory measure EXP=aa

## aa-check: A/A false-positive rate and median drift from data/aa/<gpu>/ -> build/aa/<gpu>/aa_check.csv (PUBLISH=1: also data/)
.PHONY: aa-check
aa-check: $(B)/tools/stats
	@dirs=$$(ls -d $(AA_DATA)/*/ 2>/dev/null); \
	  [ -n "$$dirs" ] || { echo "make: no A/A data under $(AA_DATA)/ (make aa on a GPU host)" >&2; exit 2; }; \
	  rc=0; for d in $$dirs; do g=$$(basename $$d); mkdir -p $(B)/aa/$$g; \
	    STATS=$(B)/tools/stats tools/aa_check.sh --seed $(SEED) --pairs $(B)/aa/$$g/aa_pairs.csv $$d \
	      > $(B)/aa/$$g/aa_check.csv; r=$$?; cat $(B)/aa/$$g/aa_check.csv; \
	    [ $$r -le 1 ] || { echo "make: aa_check failed for $$d (exit $$r)" >&2; rc=$$r; continue; }; \
	    [ $$r -eq 0 ] || rc=1; \
	    if [ "$(PUBLISH)" = 1 ]; then cp $(B)/aa/$$g/aa_check.csv $$d/.aa_check.csv.tmp && \
	      mv $$d/.aa_check.csv.tmp $$d/aa_check.csv && echo "published $$d/aa_check.csv"; fi; \
	  done; exit $$rc

TEST_SCRIPTS += tests/test_baselines.sh
test: $(B)/tools/stats
