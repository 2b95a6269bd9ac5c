#!/usr/bin/env bash
# test_c_baselines.sh — any library as a C baseline, built without a GPU: a source
# kernels/<problem>/<lib>_<name>.cu with its kernels/<problem>/<lib>_<name>.link (what it links)
# is baseline <lib>-<name>. In a copy of the tree (the sources are the problem's, so they are
# added there, not here): a baseline linking a library that exists builds; one naming a library
# that does not is a gate row naming it (not "ld returned 1 exit status"); one calling a symbol no
# library gives names the symbol; a change of its .link file rebuilds it; a .link argument that is
# not -l/-L/-I/-Xlinker, or holds a character a shell reads, stops make naming the file.
set -u
. tests/lib.sh
in_tree_copy
k=kernels/vecadd
cp $k/vecadd.cu $k/mylib_ok.cu && echo '-lm' >$k/mylib_ok.link
cp $k/vecadd.cu $k/mylib_nolib.cu && printf -- '-lm\n-lcudadent42_no_such_lib\n' >$k/mylib_nolib.link
cp $k/vecadd.cu $k/mylib_undef.cu && echo '-lm' >$k/mylib_undef.link
cat >>$k/mylib_undef.cu <<'CU'
extern "C" int cudnnCreate(void **handle);
extern "C" int cd42_probe_create(void) { return cudnnCreate(nullptr); }
CU
x=$T/exps; mkdir -p "$x/ct/variants"
sed 's/^BASELINE .*/BASELINE    := mylib-ok/; s/^COMPARE .*/COMPARE     := v8:mylib-ok/' experiments/vecadd/experiment.mk >"$x/ct/experiment.mk"
echo 'BASELINES   := mylib-ok mylib-nolib mylib-undef' >>"$x/ct/experiment.mk"
cp experiments/vecadd/variants/v8.flags "$x/ct/variants/"
M=(make -s --no-print-directory EXP=ct EXP_ROOT="$x")
"${M[@]}" build >"$T/build.log" 2>&1
check_eq "make build with three C baselines: exit 0 (a failed variant is a gate row, not a stop)" "$?" 0
st() { sed -n "${2:-1}p" "build/ct/$1/status" 2>/dev/null; }
check_eq "mylib-ok (its .link: -lm) builds" "$(st mylib-ok)" ok
check_eq "mylib-nolib: build_failed" "$(st mylib-nolib)" build_failed
check_grep "... naming the library it cannot find" "^link: cannot find -lcudadent42_no_such_lib " "build/ct/mylib-nolib/status"
check "... not the linker's closing line" bash -c "! grep -q 'ld returned' build/ct/mylib-nolib/status"
check "... and the build says nothing of a missing build.log" bash -c "! grep -q 'build.log: No such file' '$T/build.log'"
check_eq "mylib-undef: build_failed" "$(st mylib-undef)" build_failed
check_grep "... naming the symbol no library gives" "^link: undefined reference to .cudnnCreate'" "build/ct/mylib-undef/status"
# the status file's time: rewritten only when the baseline is built again
mt() { stat -c %Y "build/ct/$1/status"; }
t0=$(mt mylib-ok); sleep 1
"${M[@]}" build >/dev/null 2>&1
check_eq "mylib-ok is not built again when nothing changed" "$(mt mylib-ok)" "$t0"
echo '-lm -lpthread' >$k/mylib_ok.link
"${M[@]}" -n build 2>&1 | grep -F -- '-lm -lpthread' >/dev/null
check_eq "... its build, once its .link changes, links the new flags" "$?" 0
"${M[@]}" build >/dev/null 2>&1
check "... and runs (a change of link flags rebuilds)" test "$(mt mylib-ok)" != "$t0"
# a failed baseline fixed: built again, its log holds this build only, not the failed one's errors
echo '-lm' >$k/mylib_nolib.link
"${M[@]}" build >/dev/null 2>&1
check_eq "mylib-nolib, its .link fixed, builds" "$(st mylib-nolib)" ok
check "... and its build.log no longer shows the old failure" bash -c "! grep -q 'cudadent42_no_such_lib' build/ct/mylib-nolib/build.log"
echo '-lm $(id>PWNED)' >$k/mylib_ok.link
"${M[@]}" build >"$T/bad.log" 2>&1; rc=$?
check_eq "a .link argument a shell would read: make stops (exit 2)" "$rc" 2
check_grep "... naming the file and the argument" "$k/mylib_ok.link: '\\\$\\(id>PWNED\\)': a link argument may hold only" "$T/bad.log"
check "... and runs nothing" test ! -e PWNED
printf -- '-lm -Xlinker\n' >$k/mylib_ok.link
"${M[@]}" build >"$T/bad3.log" 2>&1
check_grep "a .link ending in -Xlinker: make stops naming it" "$k/mylib_ok.link: -Xlinker needs an argument after it" "$T/bad3.log"
echo '-o/tmp/x' >$k/mylib_ok.link
"${M[@]}" build >"$T/bad2.log" 2>&1
check_grep "a .link argument that is not -l, -L, -I or -Xlinker: make stops naming it" "$k/mylib_ok.link: '-o/tmp/x': not -l<lib>" "$T/bad2.log"
done_testing
