#!/usr/bin/env bash
# test_deps_cudnn.sh — make deps-cudnn (tools/pipeline/deps_cudnn.sh) without a network or a real
# cuDNN: a made-up install (include/cudnn.h, lib/libcudnn.so.9) and a made-up frontend wheel (a zip
# holding include/cudnn_frontend.h) give build/deps/ the links and headers cudnn_sdpa.link names;
# a missing cuDNN or a wheel without the header is refused by name, exit 2.
set -u
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
mkdir -p "$t/cudnn/include" "$t/cudnn/lib" && : >"$t/cudnn/include/cudnn.h" && : >"$t/cudnn/lib/libcudnn.so.9" && : >"$t/cudnn/lib/libcudnn_graph.so.9"
python3 -c 'import zipfile, sys; z = zipfile.ZipFile(sys.argv[1], "w"); z.writestr("include/cudnn_frontend.h", "// fe\n"); z.writestr("cudnn/__init__.py", ""); z.close()' "$t/fe.whl"
B=$t/b CUDNN_HOME=$t/cudnn CUDNN_FE_WHEEL=$t/fe.whl tools/pipeline/deps_cudnn.sh >"$t/out" 2>&1
check_eq "deps-cudnn: exit 0" "$?" 0
check "... cudnn/include is the install's" test -f "$t/b/deps/cudnn/include/cudnn.h"
check_eq "... lib/libcudnn.so names its libcudnn.so.9" "$(readlink "$t/b/deps/cudnn/lib/libcudnn.so")" "$t/cudnn/lib/libcudnn.so.9"
check "... the other libraries linked beside it" test -L "$t/b/deps/cudnn/lib/libcudnn_graph.so.9"
check "... the frontend's headers unpacked" test -f "$t/b/deps/cudnn_frontend/include/cudnn_frontend.h"
check "... and nothing else of the wheel" test ! -e "$t/b/deps/cudnn_frontend/cudnn"
for w in $(cat kernels/attention/cudnn_sdpa.link); do
  case $w in -I*|-L*) check "cudnn_sdpa.link's $w is what deps-cudnn makes (under build/deps/)" test -d "$t/b/deps/${w#-?build/deps/}" ;; esac
done
B=$t/b CUDNN_HOME=$t/none CUDNN_FE_WHEEL=$t/fe.whl tools/pipeline/deps_cudnn.sh >"$t/out" 2>&1
check_eq "no cuDNN: exit 2" "$?" 2
check_grep "... saying what to set" "no cuDNN \(set CUDNN_HOME" "$t/out"
python3 -c 'import zipfile, sys; z = zipfile.ZipFile(sys.argv[1], "w"); z.writestr("x.py", ""); z.close()' "$t/empty.whl"
B=$t/b CUDNN_HOME=$t/cudnn CUDNN_FE_WHEEL=$t/empty.whl tools/pipeline/deps_cudnn.sh >"$t/out" 2>&1
check_eq "a wheel without the frontend's header: exit 2" "$?" 2
check_grep "... saying so" "no include/cudnn_frontend.h in it" "$t/out"
done_testing
