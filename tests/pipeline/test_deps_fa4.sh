#!/usr/bin/env bash
# test_deps_fa4.sh — make deps-fa4 (tools/pipeline/deps_fa4.sh) without a network or a GPU: a
# made-up python3 (PYTHON=) that logs its arguments stands for the interpreter and its pip. The
# pinned versions reach pip, FA4_WHEELS makes it a registry-free install from that folder, and a
# missing torch, a missing folder, a failing pip and a package that does not import are each
# refused by name, exit 2.
set -u
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cat >"$t/py" <<'PY'
#!/usr/bin/env bash
echo "$*" >>"$FAKE_LOG"
case "$*" in
  "-c import torch") [ -z "${FAKE_NO_TORCH:-}" ] ;;
  "-m pip install"*) [ -z "${FAKE_PIP_FAIL:-}" ] ;;
  "-c import flash_attn.cute") [ -z "${FAKE_NO_FA4:-}" ] || { echo "ModuleNotFoundError: cutlass" >&2; exit 1; } ;;
  *) echo "flash-attn-4 4.0.0b36 nvidia-cutlass-dsl 4.8.1" ;;
esac
PY
chmod +x "$t/py"
mkdir "$t/wheels"
run() { : >"$t/log"; env FAKE_LOG="$t/log" PYTHON="$t/py" "$@" tools/pipeline/deps_fa4.sh >"$t/out" 2>&1; }
run FA4_WHEELS="$t/wheels"
check_eq "from a folder of wheels: exit 0" "$?" 0
check_grep "... pip installs the pinned versions from that folder alone" \
  "^-m pip install --quiet --pre --no-index --find-links $t/wheels flash-attn-4==4.0.0b36 nvidia-cutlass-dsl\[cu13\]==4.8.1$" "$t/log"
check_grep "... then imports flash_attn.cute" "^-c import flash_attn.cute$" "$t/log"
check_grep "... and says the versions installed" "^deps-fa4: flash-attn-4 4.0.0b36 nvidia-cutlass-dsl 4.8.1$" "$t/out"
: >"$t/log"
make -s --no-print-directory deps-fa4 FA4_WHEELS="$t/wheels" FAKE_LOG="$t/log" PYTHON="$t/py" >"$t/out" 2>&1
check_eq "make deps-fa4 FA4_WHEELS=dir: exit 0" "$?" 0
check_grep "... make passes the folder on to pip" "^-m pip install --quiet --pre --no-index --find-links $t/wheels flash" "$t/log"
: >"$t/log"; : >"$t/wheels/nvidia-cutlass-dslc==4.8.1"  # a file the pin [cu13] would match as a glob
(cd "$t/wheels" && FAKE_LOG="$t/log" PYTHON="$t/py" FA4_WHEELS=. "$OLDPWD/tools/pipeline/deps_fa4.sh") >"$t/out" 2>&1
check_grep "the pins reach pip as written, never globbed (run where a file matches one)" \
  "^-m pip install --quiet --pre --no-index --find-links \. flash-attn-4==4.0.0b36 nvidia-cutlass-dsl\[cu13\]==4.8.1$" "$t/log"
run FA4_PINS="flash-attn-4==9.9"
check_eq "from a registry, other pins: exit 0" "$?" 0
check_grep "... pip asked for those pins, no --no-index" "^-m pip install --quiet --pre flash-attn-4==9.9$" "$t/log"
run FAKE_NO_TORCH=1
check_eq "no torch: exit 2" "$?" 2
check_grep "... saying to install PyTorch first" "has no torch: install PyTorch first" "$t/out"
check "... and pip never ran" bash -c "! grep -q 'pip install' '$t/log'"
run FA4_WHEELS="$t/nowhere"
check_eq "a wheel folder that is not there: exit 2" "$?" 2
check_grep "... naming it" "FA4_WHEELS: '$t/nowhere' is not a folder" "$t/out"
run FAKE_PIP_FAIL=1 FA4_WHEELS="$t/wheels"
check_eq "pip fails: exit 2" "$?" 2
check_grep "... saying what could not be installed, from where" "could not install flash-attn-4==4.0.0b36 nvidia-cutlass-dsl\[cu13\]==4.8.1 from $t/wheels" "$t/out"
run FAKE_NO_FA4=1
check_eq "installed but not importable: exit 2" "$?" 2
check_grep "... with the import's error above the verdict" "ModuleNotFoundError: cutlass" "$t/out"
check_grep "... and the verdict" "flash_attn.cute does not import" "$t/out"
done_testing
