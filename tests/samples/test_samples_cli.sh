#!/usr/bin/env bash
# test_samples_cli.sh — build/tools/samples, the command that owns the sample file:
#   merge    against hand-written expected files (tests/fixtures/samples/merge/merged*.csv) and a
#            real session (merge/vecadd/: three round files and the published file they made,
#            data/vecadd/nvidia-h200/v1.csv); every expected file is also what the former
#            merge_rounds.awk wrote from the same inputs; exit 3 and its message on other columns
#   append   a session added to a published file (merge/appended.csv: by hand, and what `session measure`'s
#            former awk wrote)
#   medians  against numpy (tests/oracles/make_samples_fixtures.py -> rounds_medians.csv)
#   check    errors as "samples: FILE:LINE: what", exit 2
#   write    rows from stdin, atomically; what the library runners (libbench) write through it
# and the usage errors (exit 2 with the usage line).
set -u
. tests/lib.sh
S=${SAMPLES_BIN:-build/tools/samples}
F=tests/fixtures/samples
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT

# --- merge --------------------------------------------------------------------------------------
m=(--rounds 3 --session s1 --positions "2 1 3" --fallback-date X --host h1 --uuid GPU-1 --seed 7 --variant v1 --last-temp 55)
$S merge "${m[@]}" $F/merge/r1.csv $F/merge/r2.csv $F/merge/r3.csv >"$t/o" 2>"$t/e"; rc=$?
check_eq "merge: exit 0" "$rc" 0
check "merge: the expected file, byte for byte" cmp "$t/o" $F/merge/merged.csv
check_eq "merge: nothing on stderr" "$(cat "$t/e")" ""
$S merge --rounds 1 --session s2 --positions 1 --fallback-date 2026-11-02T00:00:00Z --host h2 --uuid unknown \
  --seed 9 --variant sdpa-cudnn --last-temp 60 $F/merge/nodate.csv >"$t/o"
check "merge: no date or git_rev in round 1: the fallback date and unknown; one round: no temperature line" \
  cmp "$t/o" $F/merge/merged_nodate.csv
V=$F/merge/vecadd
$S merge --rounds 3 --session vm-20261122T214416Z --positions "1 2 2" --fallback-date X --host vm \
  --uuid GPU-3ef1e509-7471-988b-bb39-e03f3558f706 --seed 317197882 --variant v1 --last-temp 42 \
  --out "$t/real.csv" $V/r1.csv $V/r2.csv $V/r3.csv
# published before session lines recorded the order: the same file but its session line's order=
sed 's/^\(# session\..* order_seed=[0-9]*\)/\1 order=interleaved/' $V/merged.csv >"$t/real_expected.csv"
check_eq "merge: the fixture's round 1 says # order: interleaved" "$(grep -c '^# order: interleaved$' $V/r1.csv)" 1
check "merge: a real session's rounds give the published file (with order= on its session line)" cmp "$t/real.csv" "$t/real_expected.csv"
check_eq "merge --out: no temporary file left" "$(ls "$t" | grep -c tmp)" 0

echo previous >"$t/keep.csv"
$S merge --rounds 2 --session s1 --positions "1 2" --variant v1 --out "$t/keep.csv" $F/merge/r1.csv $F/merge/bad_columns.csv \
  >"$t/o" 2>"$t/e"; rc=$?
check_eq "merge: a round with other columns exits 3" "$rc" 3
check_eq "merge: ... with the message of measure" "$(cat "$t/e")" \
  "measure: v1: round 2 has columns shape,rep,time_us, round 1 shape,rep,time_us,sm_clock_mhz"
check_eq "merge: ... and --out keeps the previous file" "$(cat "$t/keep.csv")" previous
check_eq "merge: ... and leaves no temporary file" "$(ls "$t" | grep -c tmp)" 0
$S merge --rounds 2 --session s1 --variant v1 $F/merge/r1.csv $F/merge/bad_columns.csv >"$t/o" 2>/dev/null
check_eq "merge to stdout: what came before the bad round is written (as the awk did)" \
  "$(grep -c '^B1_H' "$t/o")" 3

# the writers refuse a time every reader refuses (nan, negative, zero, 1e300, not a number): the
# merge stops at the first, naming file and line, exit 2, and --out keeps the previous file
for bad in nan -1 0 1e300 0x10 x; do
  sed "0,/^B1_H/s/^\(B1_H[^,]*,[^,]*\),[^,]*/\1,$bad/" $F/merge/r2.csv >"$t/badtime.csv"
  line=$(grep -n "^B1_H" "$t/badtime.csv" | head -1 | cut -d: -f1)
  echo previous >"$t/keep.csv"
  $S merge --rounds 2 --session s1 --positions "1 2" --variant v1 --out "$t/keep.csv" $F/merge/r1.csv "$t/badtime.csv" \
    2>"$t/e"; rc=$?
  check_eq "merge: a round holding the time '$bad' exits 2" "$rc" 2
  check_grep "merge: ... naming file and line" "^samples: $t/badtime.csv:$line: '$bad' " "$t/e"
  check_eq "merge: ... and keeps the previous file" "$(cat "$t/keep.csv")" previous
done
# --- append -------------------------------------------------------------------------------------
$S append $F/merge/merged.csv $F/merge/session2.csv >"$t/o" 2>"$t/e"; rc=$?
check_eq "append: exit 0" "$rc" 0
check "append: the expected file (NEW's header, both session lines, OLD's rows, NEW's rows)" cmp "$t/o" $F/merge/appended.csv
cp $F/merge/merged.csv "$t/pub.csv"
$S append --out "$t/pub.csv" "$t/pub.csv" $F/merge/session2.csv
check "append --out onto OLD itself (what measure publishes)" cmp "$t/pub.csv" $F/merge/appended.csv
# a new session whose rows hold a time the readers refuse is not appended (exit 2, file:line)
awk -F, 'BEGIN { OFS = "," } /^B1_H/ && !done { $3 = "-2.5"; done = 1 } { print }' $F/merge/session2.csv >"$t/neg.csv"
cp $F/merge/merged.csv "$t/pubn.csv"
$S append --out "$t/pubn.csv" "$t/pubn.csv" "$t/neg.csv" 2>"$t/e"; rc=$?
check_eq "append: a negative time in NEW exits 2" "$rc" 2
check_grep "append: ... naming NEW's line" "^samples: $t/neg.csv:[0-9]+: '-2.5' is negative" "$t/e"
check "append: ... and leaves the published file as it was" cmp "$t/pubn.csv" $F/merge/merged.csv
# a session is published once: appending a session the file already holds is refused (exit 3),
# the file left as it was
cp "$t/pub.csv" "$t/pub0.csv"
$S append --out "$t/pub.csv" "$t/pub.csv" $F/merge/session2.csv 2>"$t/e"; rc=$?
check_eq "append: a session the file already holds: exit 3" "$rc" 3
check_grep "... naming it" "session2.csv: session [^ ]+ is already in $t/pub.csv" "$t/e"
check "... the file unchanged" cmp "$t/pub.csv" "$t/pub0.csv"
printf '# only: comments\n' >"$t/hdr.csv"
$S append --out "$t/pub.csv" "$t/pub.csv" "$t/hdr.csv" 2>"$t/e"; rc=$?
check_eq "append: a file without a CSV header row exits 2" "$rc" 2
check_eq "append: ... names it" "$(cat "$t/e")" "samples: $t/hdr.csv: no CSV header row"
check "append: ... and leaves OLD as it was" cmp "$t/pub.csv" $F/merge/appended.csv

usage() { # usage WHAT WANT_MESSAGE ARGS...
  local what=$1 want=$2; shift 2
  $S "$@" >"$t/o" 2>"$t/e" </dev/null; local rc=$?
  check_eq "$what: exit 2" "$rc" 2
  check_grep "$what: message" "^samples: $want" "$t/e"
}
usage "merge without --rounds" "merge: --rounds '' is not a count >= 1" merge --session s $F/merge/r1.csv
check_grep "usage line on a usage error" '^usage: samples merge' "$t/e"
usage "merge --rounds 0" "merge: --rounds '0' is not a count >= 1" merge --rounds 0 --session s $F/merge/r1.csv
usage "merge --rounds 010" "merge: --rounds '010' is not a count >= 1" merge --rounds 010 --session s $F/merge/r1.csv
usage "merge without --session" "merge: --session ID is needed" merge --rounds 1 $F/merge/r1.csv
usage "merge without files" "merge: no round file" merge --rounds 1 --session s
usage "merge, unknown option" "merge: unknown option '--pos'" merge --pos 1 --rounds 1 --session s $F/merge/r1.csv
usage "merge, option without value" "merge: --out needs a value" merge --rounds 1 --session s --out
usage "merge, missing round file" "$t/none.csv: cannot open: No such file or directory" merge --rounds 1 --session s "$t/none.csv"
usage "append with one file" "append: needs the files OLD NEW" append $F/merge/merged.csv
usage "append, missing file" "$t/none.csv: cannot open: No such file or directory" append $F/merge/merged.csv "$t/none.csv"
usage "unknown command" "'mean' is not a command" mean x
$S >/dev/null 2>"$t/e"; check_eq "no command: exit 2" "$?" 2
check_grep "no command: the usage" '^usage: samples merge' "$t/e"
$S --help >"$t/o"; check_eq "--help: exit 0" "$?" 0
check_grep "--help lists every command" '^       samples write' "$t/o"

# --- medians ------------------------------------------------------------------------------------
$S medians $F/rounds.csv $F/rounds_plain.txt >"$t/o"; rc=$?
check_eq "medians: exit 0" "$rc" 0
check "medians: numpy's round medians (tests/oracles/make_samples_fixtures.py)" cmp "$t/o" $F/rounds_medians.csv
$S medians $F/merge/merged.csv >"$t/o"
check_eq "medians of the merged fixture: rounds of each shape, by hand" "$(cut -d, -f3- "$t/o" | tr '\n' ' ')" \
  "shape,session,round,n,median_us B1_H1_S8_D64_C0,s1,1,2,10.375 B1_H1_S8_D64_C0,s1,2,2,10.875 B1_H1_S8_D64_C0,s1,3,1,10 B1_H2_S8_D64_C0,s1,1,1,20 B1_H2_S8_D64_C0,s1,2,1,21 B1_H2_S8_D64_C0,s1,3,1,19.5 "
usage "medians without files" "medians: no file" medians

# --- check --------------------------------------------------------------------------------------
$S check $F/merge/merged.csv >"$t/o" 2>"$t/e"; rc=$?
check_eq "check: a good file exits 0" "$rc" 0
check_eq "check: says what it read" "$(cat "$t/o")" "$F/merge/merged.csv: 8 samples, 2 shapes, 1 sessions"
printf '# cudadent42 samples v1\nshape,time_us\nB1_H1_S8_D64_C0,1.5\nB1_H1_S8_D64_C0,-2\n' >"$t/neg.csv"
printf 'shape,time_us,round\nB1_H1_S8_D64_C0,1.5,0\n' >"$t/round.csv"
printf '# cudadent42 samples v2\nshape,time_us\n' >"$t/v2.csv"
printf 'shape,rep\nB1_H1_S8_D64_C0,1\n' >"$t/cols.csv"
$S check $F/merge/merged.csv "$t/neg.csv" "$t/round.csv" "$t/v2.csv" "$t/cols.csv" "$t/none.csv" >"$t/o" 2>"$t/e"; rc=$?
check_eq "check: a bad file exits 2" "$rc" 2
check_eq "check: every file checked, the good one reported" "$(wc -l <"$t/o" | tr -d ' ')" 1
check_eq "check: negative sample at file:line" "$(sed -n 1p "$t/e")" "samples: $t/neg.csv:4: '-2' is negative"
check_eq "check: bad round at file:line" "$(sed -n 2p "$t/e")" "samples: $t/round.csv:2: round '0' is not a positive integer"
check_eq "check: unknown version at file:line" "$(sed -n 3p "$t/e")" "samples: $t/v2.csv:1: unsupported samples format version 2"
check_eq "check: missing column at file:line" "$(sed -n 4p "$t/e")" "samples: $t/cols.csv:1: missing 'time_us' column in header row"
check_eq "check: missing file" "$(sed -n 5p "$t/e")" "samples: $t/none.csv: cannot open: No such file or directory"
usage "check without files" "check: no file" check

# --- write --------------------------------------------------------------------------------------
printf 'B1_H1_S8_D64_C0,0,1.500\nB1_H1_S8_D64_C0,1,1.250\n' |
  $S write --out "$t/w.csv" --meta variant=x --meta 'note=a b=c' --meta empty= --columns shape,rep,time_us; rc=$?
check_eq "write: exit 0" "$rc" 0
check_eq "write: version line, metadata in order, columns, rows" "$(cat "$t/w.csv")" \
  "$(printf '# cudadent42 samples v1\n# variant: x\n# note: a b=c\n# empty: \nshape,rep,time_us\nB1_H1_S8_D64_C0,0,1.500\nB1_H1_S8_D64_C0,1,1.250')"
check "write: the file checks" $S check "$t/w.csv"
printf 'B1_H1_S8_D64_C0,0,9\nB1_H1_S8_D64_C0,1\n' | $S write --out "$t/w.csv" --columns shape,rep,time_us 2>"$t/e"; rc=$?
check_eq "write: a short row exits 2" "$rc" 2
check_eq "write: ... names the stdin line" "$(cat "$t/e")" \
  "samples: stdin:2: expected a row of 3 fields (shape,rep,time_us), found 'B1_H1_S8_D64_C0,1'"
check_eq "write: ... and keeps the previous file" "$(sed -n 2p "$t/w.csv")" "# variant: x"
check_eq "write: ... and leaves no temporary file" "$(ls "$t" | grep -c tmp)" 0
# a token longer than any time, whose bad characters come late, is refused whole
long="1.$(printf '0%.0s' $(seq 70))junk"
printf 'B1_H1_S8_D64_C0,0,%s\n' "$long" | $S write --columns shape,rep,time_us >/dev/null 2>"$t/e"
check_eq "write: a 75-character time with 'junk' at its end exits 2" "$?" 2
check_grep "write: ... saying it is not a number" "^samples: stdin:1: '1\.0+' is not a number" "$t/e"
for bad in nan -1 1e300 inf ''; do
  printf 'B1_H1_S8_D64_C0,0,9\nB1_H1_S8_D64_C0,1,%s\n' "$bad" | $S write --out "$t/w.csv" --columns shape,rep,time_us 2>"$t/e"; rc=$?
  check_eq "write: a time the readers refuse ('$bad') exits 2" "$rc" 2
  check_grep "write: ... names the stdin line" "^samples: stdin:2: '$bad' " "$t/e"
  check_eq "write: ... and keeps the previous file" "$(sed -n 2p "$t/w.csv")" "# variant: x"
done
printf 'B1_H1_S8_D64_C0,0,9\n' | $S write --columns shape,rep,time_us >"$t/o"
check_eq "write without --out: stdout" "$(tail -n 1 "$t/o")" "B1_H1_S8_D64_C0,0,9"
usage "write without --columns" "write: --columns COL,COL,... naming shape and time_us is needed" write
usage "write, columns without time_us" "write: --columns" write --columns shape,rep
usage "write, --meta without =" "write: --meta 'novalue' is not KEY=VALUE" write --meta novalue --columns shape,time_us

# the library runners (tools/libbench/libbench.py) write their file through `samples write` (no torch needed for that)
python3 -B - "$S" "$t/sdpa.csv" <<'PY'
import sys
sys.path.insert(0, "tools/libbench")
import libbench
libbench.write_samples("sdpa_bench", sys.argv[1], sys.argv[2], [("variant", "sdpa-cudnn"), ("why", "two\nlines")],
                       ["B1_H1_S8_D64_C0,0,1.500,1980,2.250,1.125", "B1_H1_S8_D64_C0,1,1.250,,2.000,"])
PY
check_eq "libbench: its file through samples write" "$(cat "$t/sdpa.csv")" \
  "$(printf '# cudadent42 samples v1\n# variant: sdpa-cudnn\n# why: two lines\nshape,rep,time_us,sm_clock_mhz,python_call_us,kernel_us\nB1_H1_S8_D64_C0,0,1.500,1980,2.250,1.125\nB1_H1_S8_D64_C0,1,1.250,,2.000,')"
check "libbench: the file checks" $S check "$t/sdpa.csv"
python3 -B - "$t/none/samples" "$t/sdpa2.csv" 2>"$t/e" <<'PY'
import sys
sys.path.insert(0, "tools/libbench")
import libbench
libbench.write_samples("sdpa_bench", sys.argv[1], sys.argv[2], [], ["B1_H1_S8_D64_C0,0,1.5,,2,"])
PY
check_eq "libbench: no samples command: exit 2" "$?" 2
check_grep "libbench: ... says which, as the runner" "^sdpa_bench: .*/none/samples: cannot run" "$t/e"
# the reader refuses, with FILE:LINE and exit 2: refused NAME FILE MESSAGE
refused() {
  $S check "$2" >/dev/null 2>"$t/e"; local rc=$?
  check_eq "$1: exit 2" "$rc" 2
  check_grep "... FILE:LINE: what" "$3" "$t/e"
}
# a session declared twice (a session published twice)
printf '# cudadent42 samples v1\n# session.a: x=1\n# session.a: x=1\nshape,time_us,session\nB1_H1_S128_D64_C0,1,a\n' >"$t/dup.csv"
refused "a session line given twice" "$t/dup.csv" "dup.csv:3: session.a declared twice"
# a key given twice with different values (the same value twice is read)
sed '5a # temp_end_c: 70' $F/merge/merged.csv >"$t/key2.csv"
refused "a key given twice with different values" "$t/key2.csv" \
  "key2.csv:8: 'temp_end_c' given twice with different values \('70', then '51'\)"
sed '5a # temp_end_c: 51' $F/merge/merged.csv >"$t/key1.csv"
check "... given twice with the same value: read" $S check "$t/key1.csv"
# rows of a session no '# session.' line declares
sed 's/,1,s1,2$/,1,s9,2/' $F/merge/merged.csv >"$t/undecl.csv"
refused "rows of an undeclared session" "$t/undecl.csv" \
  "undecl.csv:12: rows of session 's9', which no '# session.s9:' line declares"
# a row given twice (shape, session, round and rep of another row): a session merged twice
awk '{ print } /^B1_H1_S8_D64_C0,1,10.25,1980,1,s1,2$/ { print }' $F/merge/merged.csv >"$t/rep2.csv"
refused "a row given twice" "$t/rep2.csv" \
  "rep2.csv:14: the row of line 13 again \(shape B1_H1_S8_D64_C0, session 's1', round 1, rep 1\)"
sed 's/^\(B1_H1_S8_D64_C0\),1,10.25/\1,x,10.25/' $F/merge/merged.csv >"$t/repx.csv"
refused "a rep that is not a whole number" "$t/repx.csv" "repx.csv:13: rep 'x' is not a whole number"
# the publishing path refuses what the readers refuse: a session file with a nan time is not
# published (publish reads each file with the readers' reader), the published file untouched
mkdir -p "$t/dest"; cp $F/merge/merged.csv "$t/dest/v.csv"; cp "$t/dest/v.csv" "$t/dest0.csv"
awk -F, 'BEGIN { OFS = "," } /^#/ || !done_hdr { if (!/^#/) done_hdr = 1; print; next } !bad { $3 = "nan"; bad = 1 } { print }' \
  $F/merge/session2.csv >"$t/v.csv"
out=$($S publish "$t/dest" "$t/v.csv" 2>"$t/e"); rc=$?
check_eq "publish: a file with a nan time: exit 1, nothing published" "$rc $out" "1 0"
check_grep "... saying why, as the reader does" "v: not published: .*v.csv:[0-9]+: 'nan' is not a finite number" "$t/e"
check "... the published file untouched" cmp "$t/dest/v.csv" "$t/dest0.csv"
# another GPU model's session is never published into a file of one model (neither appended nor
# replacing it)
sed 's/^# gpu: .*/# gpu: NVIDIA OTHER/' $F/merge/session2.csv >"$t/v.csv"
grep -q '^# gpu: NVIDIA OTHER' "$t/v.csv" || sed -i '1a # gpu: NVIDIA OTHER' "$t/v.csv"
out=$($S publish "$t/dest" "$t/v.csv" 2>"$t/e"); rc=$?
check_eq "publish: another GPU model's session: exit 1, nothing published" "$rc $out" "1 0"
check_grep "... saying so" "not published: .* is of GPU '.*', this session of 'NVIDIA OTHER'" "$t/e"
check "... the published file untouched" cmp "$t/dest/v.csv" "$t/dest0.csv"
# a second session of the same code: appended, as `samples append` writes it (the fixture
# appended.csv, written by hand); published once: the same session again is said, not written
cp $F/merge/session2.csv "$t/v.session.csv"
out=$($S publish "$t/dest" "$t/v.session.csv" 2>"$t/e"); rc=$?
check_eq "publish: a second session (v.session.csv names v): exit 0, one file published" "$rc $out" "0 1"
check "... appended: the file samples append writes" cmp "$t/dest/v.csv" $F/merge/appended.csv
check_eq "... saying so" "$(cat "$t/e")" "measure: v: session s2 appended (2 sessions in $t/dest/v.csv)"
check_eq "... no temporary file left, the lock file there" "$(ls -A "$t/dest" | tr '\n' ' ')" ".publish.lock v.csv "
out=$($S publish "$t/dest" "$t/v.session.csv" 2>"$t/e"); rc=$?
check_eq "publish: a session the file holds already: exit 0, nothing written" "$rc $out" "0 0"
check_grep "... saying so" "^measure: v: session s2 is already in $t/dest/v.csv: not published again\$" "$t/e"
check "... the file as it was" cmp "$t/dest/v.csv" $F/merge/appended.csv
# other code: the session replaces the file, saying which key differed and what was dropped
sed 's/^# code: .*/# code: kernels:000000000000/' $F/merge/session2.csv >"$t/v.csv"
grep -q '^# code: kernels:000000000000' "$t/v.csv" || sed -i '1a # code: kernels:000000000000' "$t/v.csv"
out=$($S publish "$t/dest" "$t/v.csv" 2>"$t/e"); rc=$?
check_eq "publish: a session of other code: exit 0, one file published" "$rc $out" "0 1"
check "... it replaces the file" cmp "$t/dest/v.csv" "$t/v.csv"
check_grep "... saying which key differed and what was dropped" \
  "^measure: v: $t/dest/v.csv replaced: code differs \(published '[^']*', now 'kernels:000000000000'\); 2 earlier session\(s\) dropped\$" "$t/e"
# the session's pause before each run (settle_ms) is a setting: a session with another one (here
# none published, which is 0, and 300 now) replaces the file, saying so
sed -e '1a # settle_ms: 300' "$t/v.csv" >"$t/v2.csv"; mv "$t/v2.csv" "$t/v.csv"
out=$($S publish "$t/dest" "$t/v.csv" 2>"$t/e"); rc=$?
check_eq "publish: a session of another pause (settle_ms): exit 0, one file published" "$rc $out" "0 1"
check "... it replaces the file" cmp "$t/dest/v.csv" "$t/v.csv"
check_grep "... saying that settle_ms differed" \
  "^measure: v: $t/dest/v.csv replaced: settle_ms differs \(published '0', now '300'\); 1 earlier session\(s\) dropped\$" "$t/e"
# a new directory is made; several files in one call
out=$($S publish "$t/new/dir" $F/merge/merged.csv $F/merge/session2.csv 2>"$t/e"); rc=$?
check_eq "publish: into a directory not there yet, two files: exit 0, 2 published" "$rc $out" "0 2"
check "... each under its own name" test -f "$t/new/dir/merged.csv" -a -f "$t/new/dir/session2.csv"
# --- fold ---------------------------------------------------------------------------------------
# two copies of a published folder, each with a session appended on its own machine (s2 here, s3
# there, s1 in both): fold adds s3 to this copy, as append would have after s2 (folded.csv: by hand)
mkdir -p "$t/fd/data/smoke/gpu-x" "$t/ff/gpu-x"
cp $F/merge/appended.csv "$t/fd/data/smoke/gpu-x/v1.csv"
cp $F/fold/from.csv "$t/ff/gpu-x/v1.csv"
printf 'variant,shape\nv1,x\n' >"$t/ff/gpu-x/gates.csv"  # not a sample file: not folded
$S fold "$t/fd/data/smoke/gpu-x" "$t/ff/gpu-x" 2>"$t/e"; rc=$?
check_eq "fold: exit 0" "$rc" 0
check "fold: the session the copy lacks appended (s1 once, s2 kept, s3 added, s3's header)" cmp "$t/fd/data/smoke/gpu-x/v1.csv" $F/fold/folded.csv
check "fold: ... a file the reader reads" $S check "$t/fd/data/smoke/gpu-x/v1.csv"
check_grep "fold: ... says the session it holds already" "^fold: v1: session s1 is in .*v1.csv already" "$t/e"
check_grep "fold: ... and counts the one added" "^fold: 1 session\(s\) added to " "$t/e"
check "fold: ... and leaves the tables beside the samples out" test ! -e "$t/fd/data/smoke/gpu-x/gates.csv"
check_grep "fold: ... saying so" "^fold: .*/gates.csv is not in .*: left out" "$t/e"
check_eq "fold: ... nothing left behind but the lock" "$(ls -A "$t/fd/data/smoke/gpu-x" | tr '\n' ' ')" ".publish.lock v1.csv "
$S fold "$t/fd/data/smoke/gpu-x" "$t/ff/gpu-x" 2>"$t/e"; rc=$?
check_eq "fold: again: exit 0, nothing to add" "$rc" 0
check "fold: ... the file unchanged" cmp "$t/fd/data/smoke/gpu-x/v1.csv" $F/fold/folded.csv
check_grep "fold: ... 0 added" "^fold: 0 session\(s\) added" "$t/e"
# each copy folded into the other: the one whose newest session is older takes it after its own
# and keeps the newest session's header lines
mkdir -p "$t/fb/data/smoke/gpu-x"
cp $F/fold/from.csv "$t/fb/data/smoke/gpu-x/v1.csv"
$S fold "$t/fb/data/smoke/gpu-x" "$t/fd/data/smoke/gpu-x" 2>"$t/e"
check_eq "fold: the other way: s2 added after s3 (rows and session lines), s3's header kept" \
  "$(grep -c ',s2,' "$t/fb/data/smoke/gpu-x/v1.csv") $(grep '^# session\.' "$t/fb/data/smoke/gpu-x/v1.csv" | cut -c11-12 | tr '\n' ' ')$(grep '^# date:' "$t/fb/data/smoke/gpu-x/v1.csv")" \
  "2 s1 s3 s2 # date: 2026-11-04T08:00:00Z"
check_grep "fold: ... named by its own session line" "^fold: v1: session s2 appended" "$t/e"
# FROM as another tool may leave it: its session line after the header row, CRLF line ends, a blank
# line in its header, blanks around a session field: the same file comes out
mkdir -p "$t/fw/data/smoke/gpu-x" "$t/fv/gpu-x"
cp $F/merge/appended.csv "$t/fw/data/smoke/gpu-x/v1.csv"
awk '/^# session\.s3:/ { s = $0; next } /^# rounds:/ { print; print ""; next } { print } /^shape,/ { print s }' $F/fold/from.csv |
  sed 's/,s3,/, s3 ,/; s/$/\r/' >"$t/fv/gpu-x/v1.csv"
check "fold: (that FROM reads)" $S check "$t/fv/gpu-x/v1.csv"
$S fold "$t/fw/data/smoke/gpu-x" "$t/fv/gpu-x" 2>"$t/e"; rc=$?
check_eq "fold: a FROM of misplaced lines, CRLF and blanks: exit 0" "$rc" 0
check_eq "fold: ... the same file as from a FROM measure wrote (rows as FROM holds them)" \
  "$(sed 's/, s3 ,/,s3,/' "$t/fw/data/smoke/gpu-x/v1.csv" | cmp - $F/fold/folded.csv && grep -c ', s3 ,' "$t/fw/data/smoke/gpu-x/v1.csv")" 2
# a variant the folder lacks is written whole; a copy of other code is not folded, the file kept
mkdir -p "$t/fo/gpu-x"
cp $F/fold/from.csv "$t/fo/gpu-x/v2.csv"
sed 's/^# rounds: 1$/# code: kernels:000000000000\n# rounds: 1/; s/s3/s4/g' $F/fold/from.csv >"$t/fo/gpu-x/v1.csv"
$S fold "$t/fd/data/smoke/gpu-x" "$t/fo/gpu-x" 2>"$t/e"; rc=$?
check_eq "fold: a session of other code: exit 1" "$rc" 1
check_grep "fold: ... says what differs and that the file is left" "^fold: v1: not folded: code differs .published '', now 'kernels:000000000000'.; .* is left as it is" "$t/e"
check "fold: ... the published file unchanged" cmp "$t/fd/data/smoke/gpu-x/v1.csv" $F/fold/folded.csv
check "fold: ... while the variant the folder lacked is written whole" cmp "$t/fd/data/smoke/gpu-x/v2.csv" $F/fold/from.csv
# the code differs after a header line longer than any buffer: still seen
long="# note: $(head -c 9000 /dev/zero | tr '\0' x),session,"
mkdir -p "$t/fl/data/smoke/gpu-x" "$t/fm/gpu-x"
sed "s/^# rounds: 1\$/$long\n# code: kernels:aaaaaaaaaaaa\n# rounds: 1/" $F/merge/appended.csv >"$t/fl/data/smoke/gpu-x/v1.csv"
sed "s/^# rounds: 1\$/$long\n# code: kernels:bbbbbbbbbbbb\n# rounds: 1/" $F/fold/from.csv >"$t/fm/gpu-x/v1.csv"
cp "$t/fl/data/smoke/gpu-x/v1.csv" "$t/long0.csv"
$S fold "$t/fl/data/smoke/gpu-x" "$t/fm/gpu-x" 2>"$t/e"; rc=$?
check_eq "fold: other code after a 9 KB header line: exit 1" "$rc" 1
check "fold: ... the file unchanged" cmp "$t/fl/data/smoke/gpu-x/v1.csv" "$t/long0.csv"
# a copy of another experiment's folder is not folded, and nothing is made there
$S fold "$t/fx/data/other/gpu-x" "$t/ff/gpu-x" 2>"$t/e"; rc=$?
check_eq "fold: another experiment's file: exit 1" "$rc" 1
check_grep "fold: ... naming both" "^fold: .*/v1.csv: not folded: it is of experiment 'smoke', .* of 'other'" "$t/e"
check "fold: ... nothing made" test ! -e "$t/fx"
$S fold "$t/fd/data/smoke/." "$t/ff/gpu-x" 2>"$t/e"; rc=$?
check_eq "fold: a DEST whose last component is . : exit 2" "$rc" 2
check_grep "fold: ... not a GPU folder" "is not a GPU folder of an experiment" "$t/e"
$S fold "$t/fd/data/smoke/gpu-x" "$t/nofolder" 2>"$t/e"; rc=$?
check_eq "fold: FROM not a folder: exit 2" "$rc" 2
mkdir -p "$t/empty"
$S fold "$t/fd/data/smoke/gpu-x" "$t/empty" 2>"$t/e"; rc=$?
check_eq "fold: FROM without a sample file: exit 2" "$rc" 2
check_grep "fold: ... saying so" "holds no sample file" "$t/e"
done_testing
