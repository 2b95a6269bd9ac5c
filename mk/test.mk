# test.mk — `make test`: every fragment appends its tests to TEST_PROGS (C programs, built
# first) and TEST_SCRIPTS (shell scripts); tests/run.sh runs them and prints "N passed, M failed".
TEST_PROGS   +=
TEST_SCRIPTS +=

## test: build and run every unit and pipeline test (no GPU needed); ends with "N passed, M failed"
.PHONY: test
test: check-deps-test $(TEST_PROGS)
	@mkdir -p $(B)/tests/locks && MAKEFLAGS= MFLAGS= MAKELEVEL= GPU_LOCK_DIR=$(abspath $(B))/tests/locks BENCH=$(B)/tests/bench_naive BENCH_SO=$(B)/tests/bench_naive.so SERVE_BIN=$(SERVE_BIN) \
	  tests/run.sh $(TEST_PROGS) $(TEST_SCRIPTS)
# the layout test checks the objects of every host tool at link level: they are built first
test: tools report-tools
TEST_SCRIPTS += tests/pipeline/test_fold.sh tests/test_run.sh tests/layout/test_layout.sh tests/layout/test_hostile_names.sh tests/layout/test_dry_run.sh tests/pipeline/test_pipeline.sh tests/pipeline/test_reproduce.sh \
  tests/pipeline/test_gpu_locks.sh

# The bench CLI test links the harness objects with the naive stand-in kernel.
$(B)/tests/bench_naive: $(call problem_objs,attention) kernels/attention/naive_attn.cu kernels/attention/attn.h | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(call k_inc,attention) -o $@ kernels/attention/naive_attn.cu $(call problem_objs,attention) -ldl
test: $(B)/tests/bench_naive
# The same as shared objects that a serving process loads (tools/pipeline/serve.cu), as
# tools/pipeline/compile.sh links every variant's kernel.so: the serve tests (CPU: the protocol;
# GPU: served timing jobs, and a fault ending its server)
$(B)/tests/bench_naive.so: $(call problem_objs,attention) kernels/attention/naive_attn.cu kernels/attention/attn.h | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(SO_LINK) $(call k_inc,attention) -o $@ kernels/attention/naive_attn.cu $(call problem_objs,attention) -ldl
$(B)/tests/bench_fixture_%.so: tests/fixtures/bench/%_attn.cu kernels/attention/naive_attn.cu $(call problem_objs,attention) | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(SO_LINK) $(call k_inc,attention) -o $@ $< $(call problem_objs,attention) -ldl
test: $(B)/tests/bench_naive.so $(SERVE_BIN)
TEST_SCRIPTS += tests/pipeline/test_serve.sh
# The bench's failure paths on a GPU: the stand-in kernel with one fault each (wrong values, NaN,
# an illegal address, a non-deterministic bit), tests/fixtures/bench/<name>_attn.cu. Built by
# tests/kernels/test_bench_gpu.sh when a GPU is there (the test skips, saying so, without one).
$(B)/tests/bench_fixture_%: tests/fixtures/bench/%_attn.cu kernels/attention/naive_attn.cu $(call problem_objs,attention) | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) $(call k_inc,attention) -o $@ $< $(call problem_objs,attention) -ldl
# The GPU comparison of --check against the host one (tests/kernels/test_compare_dev.cu), also
# built and run by test_bench_gpu.sh on a GPU host.
TEST_COMPARE_OBJS := $(call k_obj,kernels/harness/bench_compare.cu kernels/harness/bench_compare_dev.cu kernels/harness/bench_cuda.cu)
$(B)/tests/test_compare_dev: tests/kernels/test_compare_dev.cu $(TEST_COMPARE_OBJS) | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH) -Ikernels/harness -o $@ $< $(TEST_COMPARE_OBJS)
test: $(B)/tests/test_compare_dev
TEST_SCRIPTS += tests/kernels/test_bench_gpu.sh
TEST_SCRIPTS += tests/kernels/test_bench_cli.sh
TEST_SCRIPTS += tests/pipeline/test_measure.sh tests/pipeline/test_gpus.sh tests/pipeline/test_slurm.sh tests/pipeline/test_concurrent_make.sh
# published data against the code that ships: make check-published, make retire, reproduce's refusal
TEST_SCRIPTS += tests/pipeline/test_check_published.sh
TEST_SCRIPTS += tests/kernels/test_sass.sh tests/kernels/test_flash_attn.sh tests/kernels/test_correctness_build.sh tests/kernels/test_gemm_build.sh
TEST_SCRIPTS += tests/kernels/test_sm90_build.sh tests/kernels/test_gemm_sm90_build.sh tests/kernels/test_sm90_probe.sh tests/kernels/test_dispatch_build.sh tests/kernels/test_variant_options.sh
TEST_SCRIPTS += tests/kernels/test_vecadd.sh
# The Hopper kernel's polynomial 2^x (kernels/attention/exp2_poly.h, C and CUDA) on the host,
# against the C library's exp2.
TEST_PROGS += $(B)/tests/test_exp2_poly
test: $(B)/tests/test_exp2_poly
$(B)/tests/test_exp2_poly: tests/kernels/test_exp2_poly.c kernels/attention/exp2_poly.h
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -Ikernels/attention -o $@ $< -lm
-include $(B)/tests/test_exp2_poly.d
# The split of CUPTI's kernel records into replays (kernels/harness/bench_ktime_split.h), on
# records written by hand (no GPU).
TEST_PROGS += $(B)/tests/test_ktime_split
test: $(B)/tests/test_ktime_split
$(B)/tests/test_ktime_split: tests/kernels/test_ktime_split.c kernels/harness/bench_ktime_split.h
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Itests -Ikernels/harness -o $@ $< -lm
# The Hopper kernel's work schedule (kernels/attention/sm90_sched.cuh, __host__ __device__) walked
# on the host for every CTA of many launches (no GPU).
TEST_PROGS += $(B)/tests/test_sm90_sched
test: $(B)/tests/test_sm90_sched
$(B)/tests/test_sm90_sched: tests/kernels/test_sm90_sched.cu kernels/attention/sm90_sched.cuh kernels/attention/sm90_config.cuh kernels/attention/sm90_params.cuh | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) -std=c++17 -DPERSISTENT=2 -Itests -Ikernels/attention -o $@ $<
# The Hopper GEMM's work schedule (kernels/gemm/gemm_sm90_sched.cuh, __host__ __device__) walked
# on the host for every CTA of many launches (no GPU).
TEST_PROGS += $(B)/tests/test_gemm_sm90_sched
test: $(B)/tests/test_gemm_sm90_sched
$(B)/tests/test_gemm_sm90_sched: tests/kernels/test_gemm_sm90_sched.cu kernels/gemm/gemm_sm90_sched.cuh | check-deps-build
	@mkdir -p $(@D)
	$(NVCC) -std=c++17 -Itests -Ikernels/gemm -o $@ $<
