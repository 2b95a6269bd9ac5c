# test.mk — `make test`: every fragment appends its tests to TEST_PROGS (C programs, built
# first) and TEST_SCRIPTS (shell scripts); tests/run.sh runs them and prints "N passed, M failed".
TEST_PROGS   +=
TEST_SCRIPTS +=

## test: build and run every unit and pipeline test (no GPU needed); ends with "N passed, M failed"
.PHONY: test
test: check-deps-test $(TEST_PROGS)
	@tests/run.sh $(TEST_PROGS) $(TEST_SCRIPTS)
TEST_SCRIPTS += tests/test_pipeline.sh
