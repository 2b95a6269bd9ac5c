# fuzz.mk — libFuzzer targets of the input parsers (tests/fuzz/fuzz_<name>.c), built with clang
# and ASan+UBSan into build/fuzz/, each compiling the tools/*/*.c sources it needs itself (not the
# gcc objects of build/tools/obj/). Seeds are copied from tests/fixtures (and tests/fuzz/seeds)
# into build/fuzz/corpus/<name>/, which the run grows; nothing is written into tests/.
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="samples ncu_csv"]   (make -j2 fuzz runs two at once)
# A crash, leak or sanitizer report fails the run naming the target and its crash file
# (build/fuzz/crashes/<name>/); reproduce it with build/fuzz/fuzz_<name> <crash file>.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_MAXLEN  ?= 4096
FUZZ_CFLAGS  := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Itools -Ikernels/harness -Itests/fuzz
FUZZ         := $(B)/fuzz

# Per target: the tools sources it links, extra libraries, and the seed files.
FUZZ_ALL := samples merge flags tunables space_expr space_file ptxas_report ncu_csv search_log calib dispatch
FUZZ_TARGETS ?= $(FUZZ_ALL)
FUZZ_SRC_samples      := tools/samples/samples.c tools/samples/samples_rowkeys.c tools/samples/samples_median.c $(SHAPE_SRC) $(REGISTRY_SRC)
FUZZ_SRC_merge        := tools/samples/samples_merge.c tools/samples/samples.c tools/samples/samples_rowkeys.c tools/samples/samples_median.c $(SHAPE_SRC) $(REGISTRY_SRC)
FUZZ_SRC_flags        := tools/space/flags.c tools/space/nvcc_options.c tools/space/tunables.c
FUZZ_SRC_tunables     := tools/space/tunables.c
FUZZ_SRC_space_expr   := tools/space/space_expr.c
FUZZ_SRC_space_file   := tools/space/space_file.c tools/space/space_expr.c
FUZZ_SRC_ptxas_report := tools/gates/ptxas_report.c
FUZZ_SRC_ncu_csv      := tools/profile/ncu_csv.c
FUZZ_SRC_search_log   := tools/search/search_log.c tools/search/search_space.c
FUZZ_SRC_calib        := tools/stats/calib.c tools/stats/design.c tools/samples/samples.c tools/samples/samples_rowkeys.c tools/samples/samples_median.c $(SHAPE_SRC) $(REGISTRY_SRC)
FUZZ_SRC_dispatch     := kernels/harness/dispatch_rules.c
FUZZ_LIBS_samples     := -lm
FUZZ_LIBS_calib       := $(GSL_LIBS)
# (the seeds reach the copying recipe: the files of experiments/ are listed through txt_glob)
FUZZ_SEEDS_samples      = $(wildcard tests/fixtures/stats/*.txt tests/fixtures/stats/*.csv \
                            tests/fixtures/report/data/*/*/*.csv tests/fixtures/samples/*.csv)
FUZZ_SEEDS_merge        = $(wildcard tests/fixtures/samples/merge/*.csv tests/fuzz/seeds/merge/*)
FUZZ_SEEDS_flags        = $(call txt_glob,experiments/*/variants/*.flags,a flag file name)
FUZZ_SEEDS_tunables     = $(wildcard kernels/*/*.tunables tests/fuzz/seeds/tunables/*)
FUZZ_SEEDS_space_expr   = $(wildcard tests/fixtures/space/*.space tests/fuzz/seeds/space_expr/*)
FUZZ_SEEDS_space_file   = $(wildcard tests/fixtures/space/*.space) $(call txt_glob,experiments/*/*.txt,a space file name)
FUZZ_SEEDS_ptxas_report = $(wildcard tests/fixtures/gates/*.log)
FUZZ_SEEDS_ncu_csv      = $(wildcard tests/fixtures/profile/*.csv)
FUZZ_SEEDS_search_log   = $(wildcard tests/fuzz/seeds/search_log/*)
FUZZ_SEEDS_calib        = $(wildcard tests/fuzz/seeds/calib/* tests/fixtures/stats/design_*.csv)
FUZZ_SEEDS_dispatch     = $(call txt_glob,experiments/*/variants/*.dispatch,a dispatch file name)

# One clang command compiles and links several sources, so -MMD would keep only the last one's
# dependencies: every target depends on all tools/*/*.h instead (a rebuild takes seconds).
$(FUZZ)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_util.h $(wildcard tools/*/*.h kernels/harness/*.h) mk/fuzz.mk | check-fuzz-cc
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_SRC_$*) $(FUZZ_LIBS_$*)
# the sources each target compiles are its prerequisites too
$(foreach t,$(FUZZ_ALL),$(eval $(FUZZ)/fuzz_$(t): $(FUZZ_SRC_$(t))))

.PHONY: check-fuzz-cc
check-fuzz-cc:
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { echo "make: fuzz: $(FUZZ_CC) not found: libFuzzer needs clang (apt-get install clang, or make fuzz FUZZ_CC=clang-14)" >&2; exit 2; }

## fuzz-build: build the libFuzzer targets of the parsers into build/fuzz/ (needs clang)
.PHONY: fuzz-build
fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ)/fuzz_%)

## fuzz: run each parser's libFuzzer target FUZZ_SECONDS (60) seconds; fails on a crash or leak
.PHONY: fuzz
fuzz: $(FUZZ_TARGETS:%=fuzz-run-%)
	@echo "fuzz: $(words $(FUZZ_TARGETS)) targets, $(FUZZ_SECONDS) s each: no crash"

# One run: fresh seeds copied in beside the corpus grown by earlier runs; the log and final
# stats in build/fuzz/<name>.log. The crash file is the one libFuzzer names in its log.
.PHONY: $(FUZZ_ALL:%=fuzz-run-%)
$(FUZZ_ALL:%=fuzz-run-%): fuzz-run-%: $(FUZZ)/fuzz_%
	@mkdir -p $(FUZZ)/corpus/$* $(FUZZ)/crashes/$*
	@for s in $(FUZZ_SEEDS_$*); do cp -f "$$s" "$(FUZZ)/corpus/$*/seed_$${s//\//_}" || exit 2; done
	@echo "fuzz: $* ($(FUZZ_SECONDS) s) -> $(FUZZ)/$*.log"
	@$(FUZZ)/fuzz_$* -max_len=$(FUZZ_MAXLEN) -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ)/crashes/$*/ $(FUZZ)/corpus/$* >$(FUZZ)/$*.log 2>&1; rc=$$?; \
	  grep -E '^stat::(number_of_executed_units|average_exec_per_sec):' $(FUZZ)/$*.log | sed 's/^/  $*: /'; \
	  if [ $$rc -ne 0 ]; then \
	    crash=$$(sed -n 's/.*Test unit written to \(.*\)$$/\1/p' $(FUZZ)/$*.log | tail -n 1); \
	    grep -m1 -E '^==[0-9]+==ERROR|runtime error|^SUMMARY' $(FUZZ)/$*.log | sed 's/^/  /' >&2; \
	    echo "fuzz: FAILED: target $* (exit $$rc): crash file $${crash:-none} (log $(FUZZ)/$*.log)" >&2; \
	    exit 1; fi
