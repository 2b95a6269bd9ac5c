# baselines.mk — measured ceilings for the roofline and the A/A noise-floor check.
# The baselines themselves are built and run by the experiment and measure rules: cublas-naive
# from kernels/cublas_naive.cu (+ -lcublas), sdpa-* through tools/sdpa_bench.py.
CEILINGS_BIN := $(B)/tools/ceilings
CEILINGS_OUT ?= data/ceilings
AA_DATA      ?= data/aa
AA_GROUP     ?= 5

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

# aa-check gates on comparisons of AA_GROUP pooled rounds per side (as `make measure` pools an
# experiment's ROUNDS into one file; phase experiments use 5) and also writes the single-process
# comparison (--group 1) beside it, for the record.
## aa-check: A/A false-positive rate and median drift from data/aa/<gpu>/ -> build/aa/<gpu>/aa_check.csv (PUBLISH=1: data/aa/<gpu>/aa_check.txt)
.PHONY: aa-check
aa-check: $(B)/tools/stats
	@dirs=$$(ls -d $(AA_DATA)/*/ 2>/dev/null); \
	  [ -n "$$dirs" ] || { echo "make: no A/A data under $(AA_DATA)/ (make aa on a GPU host)" >&2; exit 2; }; \
	  rc=0; for d in $$dirs; do g=$$(basename $$d); mkdir -p $(B)/aa/$$g; \
	    STATS=$(B)/tools/stats tools/aa_check.sh --seed $(SEED) --group 1 \
	      --pairs $(B)/aa/$$g/aa_pairs_g1.csv $$d > $(B)/aa/$$g/aa_check_g1.csv; \
	    STATS=$(B)/tools/stats tools/aa_check.sh --seed $(SEED) --group $(AA_GROUP) \
	      --pairs $(B)/aa/$$g/aa_pairs.csv $$d > $(B)/aa/$$g/aa_check.csv; r=$$?; \
	    echo "== $$d: single processes (--group 1)"; cat $(B)/aa/$$g/aa_check_g1.csv; \
	    echo "== $$d: $(AA_GROUP) pooled rounds per side (gated)"; cat $(B)/aa/$$g/aa_check.csv; \
	    [ $$r -le 1 ] || { echo "make: aa_check failed for $$d (exit $$r)" >&2; rc=$$r; continue; }; \
	    [ $$r -eq 0 ] || rc=1; \
	    if [ "$(PUBLISH)" = 1 ]; then for f in aa_check aa_check_g1; do \
	      cp $(B)/aa/$$g/$$f.csv $$d/.$$f.txt.tmp && mv $$d/.$$f.txt.tmp $$d/$$f.txt && \
	      echo "published $$d/$$f.txt"; done; fi; \
	  done; exit $$rc

TEST_SCRIPTS += tests/test_baselines.sh
test: $(B)/tools/stats
