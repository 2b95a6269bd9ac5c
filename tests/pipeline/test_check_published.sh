#!/usr/bin/env bash
# test_check_published.sh — published data must belong to the code that ships
# (build/tools/published, tools/published/, mk/published.mk): `make check-published` passes
# on the real data/ at HEAD; on a fixture copy it fails, naming each stale file (another code id,
# a -dirty one, none) and both ids, and passes once `make retire` recorded them, without touching
# a sample file; a record fails again when its file is re-published with the code that ships or
# is gone, until `make retire` drops it; `published stale`, which make reproduce runs before it
# measures, refuses a published target with stale files, retired or not. The real data/ is never written.
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
D=$t/data
MK=(make -s --no-print-directory DATA="$D" RB="$t/rb")

# --- the real data at HEAD
make -s --no-print-directory check-published >"$t/real.out" 2>&1
rc=$?; check_eq "check-published passes on data/ at HEAD" "$rc" 0
[ $rc -eq 0 ] || sed 's/^/# /' "$t/real.out"
# (the commits the files name are checked in a clone with its whole history, said otherwise)
hist=$(git rev-parse --is-shallow-repository 2>/dev/null)
[ "$hist" = false ] && revs_said="; every commit they name is in the history" || revs_said=
check_grep "... and says so" "^check-published: [0-9]+ experiments under data: every sample file and profile is of the code that ships, or retired$revs_said$" "$t/real.out"

# --- the ids the sources give now (what make passes for an experiment, through session code-id)
env_of() { "${MK[@]}" published-env EXP="$1" PUBLISHED_ENV_OUT="$t/env.$1" >/dev/null; }
env_of vecadd && env_of phase1 || { not_ok "make published-env"; done_testing; }
S=${SESSION_BIN:-build/tools/session} P=${PUBLISHED_BIN:-build/tools/published}
kv=$("$S" code-id kernels $(sed -n 2p "$t/env.vecadd"))
ka=$("$S" code-id kernels $(sed -n 2p "$t/env.phase1"))
# (LIB_BENCH: every runner of the problem; phase1's libraries are sdpa_bench.py's)
rid=$("$S" code-id runner "$(sed -n 3p "$t/env.phase1" | tr ' ' '\n' | grep '/sdpa_bench\.py$')")
check_grep "vecadd's kernels id" '^kernels:[0-9a-f]{12}$' <(echo "$kv")
check "... not attention's (phase1's)" test "$kv" != "$ka"
check_eq "phase1's library runner id is sdpa's" "${rid%%:*}" sdpa
# run the check script for EXP as make would (its exit status is its own, not make's)
with_env() { local e=$1; shift; PROBLEM=$(sed -n 1p "$t/env.$e") CODE_SRC=$(sed -n 2p "$t/env.$e") LIB_BENCH=$(sed -n 3p "$t/env.$e") "$@"; }

# --- a fixture: a sample file per case, and files that are not samples
sample() { # sample EXP/GPU/V.csv [CODE]: a sample file with that code header (none without one)
  mkdir -p "$D/$(dirname "$1")"
  { echo "# cudadent42 samples v1"; echo "# variant: $(basename "$1" .csv)"; [ -z "${2:-}" ] || echo "# code: $2"
    echo "shape,rep,time_us"; echo "N1,0,1.5"; } >"$D/$1"
}
sample vecadd/gpu-a/v1.csv "$kv"
sample vecadd/gpu-a/v8.csv kernels:000000000000
sample vecadd/gpu-a/b1024.csv "$kv-dirty"
sample vecadd/gpu-a/nocode.csv
printf 'variant,verdict,reason\nv1,pass,\n' >"$D/vecadd/gpu-a/gates.csv"
mkdir -p "$D/vecadd/gpu-a/profile" "$D/ceilings"; cp "$D/vecadd/gpu-a/v8.csv" "$D/vecadd/gpu-a/profile/v8.csv"
printf '# cudadent42 ceilings v1\nkind,value\n' >"$D/ceilings/gpu-a.csv"
sample phase1/gpu-a/sdpa-cudnn.csv "$rid torch=9.9 cudnn=1"
sample phase1/gpu-a/sdpa-flash.csv "sdpa:000000000000 torch=9.9 cudnn=1"
sample phase1/gpu-a/v5.csv "$ka"
sample orphan/gpu-a/x.csv "$kv"
sums() { find "$D" -name '*.csv' | LC_ALL=C sort | xargs sha256sum; }
sums >"$t/sums.before"

"${MK[@]}" check-published >"$t/out" 2>&1
check_eq "stale files, none retired: make check-published fails" "$?" 2
with_env vecadd "$P" check "$D" vecadd 2>"$t/vec.err"
check_eq "... the check itself exits 1" "$?" 1
check_grep "... another code id: the file, both ids and what to do" \
  "^check-published: $D/vecadd/gpu-a/v8.csv: code kernels:000000000000 is not the code that ships \($kv\): re-publish it \(make measure EXP=vecadd\) or retire it \(make retire EXP=vecadd\)$" "$t/out"
check_grep "... a -dirty id is stale" "^check-published: $D/vecadd/gpu-a/b1024.csv: code $kv-dirty is not the code that ships \($kv\)" "$t/out"
check_grep "... no code header is stale" "^check-published: $D/vecadd/gpu-a/nocode.csv: code none is not the code that ships \($kv\)" "$t/out"
check_grep "... a library baseline against its runner's id" "^check-published: $D/phase1/gpu-a/sdpa-flash.csv: code sdpa:000000000000 is not the code that ships \($rid\)" "$t/out"
check_grep "... an experiment without experiment.mk ships nothing" "^check-published: $D/orphan/gpu-a/x.csv: code $kv, but nothing of orphan ships \(no experiment.mk\): retire it \(make retire EXP=orphan\)$" "$t/out"
check_eq "... one line per offender; current files, gate tables, profiles, ceilings not among them" \
  "$(grep -c "^check-published: $D/" "$t/out")" 5
check_eq "... the library's versions are not compared (sdpa-cudnn is current)" "$(grep -c 'sdpa-cudnn' "$t/out")" 0

# --- retire
"${MK[@]}" retire >/dev/null 2>"$t/err"
check_eq "retire without EXP: exit 2" "$?" 2
check_grep "... saying so" "retire needs EXP=" "$t/err"
for e in vecadd phase1 orphan; do "${MK[@]}" retire EXP=$e REASON="synthetic: a test" 2>>"$t/retire.err" || not_ok "make retire EXP=$e"; done
check_grep "retire says what it recorded" "^retire: vecadd: 3 stale sample files retired in $D/RETIRED \(3 newly, 0 already\), 0 records dropped$" "$t/retire.err"
check_grep "a record: path, code, day, reason" "^vecadd/gpu-a/v8\.csv kernels:000000000000 [0-9]{4}-[0-9]{2}-[0-9]{2} synthetic: a test$" "$D/RETIRED"
check_grep "... the code up to its first space" "^phase1/gpu-a/sdpa-flash\.csv sdpa:000000000000 [0-9-]{10} synthetic" "$D/RETIRED"
check_grep "... none for a file without a code header" "^vecadd/gpu-a/nocode\.csv none " "$D/RETIRED"
check_eq "... only the stale files (5)" "$(grep -vc '^#' "$D/RETIRED")" 5
sums >"$t/sums.after"
check "retire never edits or moves a sample file" cmp -s "$t/sums.before" "$t/sums.after"
"${MK[@]}" check-published >"$t/out" 2>&1
check_eq "every stale file retired: make check-published passes" "$?" 0
check_grep "... saying so" "^check-published: 4 experiments under $D: every sample file and profile is of the code that ships, or retired$revs_said$" "$t/out"
cp "$D/RETIRED" "$t/R1"; "${MK[@]}" retire EXP=vecadd REASON=another 2>/dev/null
check "retire again: the records that hold keep their day and reason" cmp -s "$D/RETIRED" "$t/R1"
check_eq "published summary: per experiment, for the appendix" "$("$P" summary "$D" | sed -n '1p;4p')" \
  "exp,files,date,reason,gpus
vecadd,3,$(date -u +%F),\"synthetic: a test\",gpu-a:3"

# --- records that no longer hold
sample vecadd/gpu-a/v8.csv "$kv"   # re-published with the code that ships
rm "$D/vecadd/gpu-a/nocode.csv"    # taken out
"${MK[@]}" check-published >"$t/out" 2>&1
check_eq "a re-published or vanished file still recorded: check-published fails" "$?" 2
check_grep "... re-published: drop the record" "^check-published: $D/vecadd/gpu-a/v8.csv: retired in $D/RETIRED, but its code $kv is the code that ships: drop the record \(make retire EXP=vecadd\)$" "$t/out"
check_grep "... gone: drop the record" "^check-published: $D/vecadd/gpu-a/nocode.csv: retired in $D/RETIRED, but there is no such sample file: drop the record \(make retire EXP=vecadd\)$" "$t/out"
sample vecadd/gpu-a/b1024.csv kernels:111111111111  # re-published, but by other stale code
"${MK[@]}" check-published >"$t/out" 2>&1
check_grep "a file whose code differs from its record's is not retired" "^check-published: $D/vecadd/gpu-a/b1024.csv: code kernels:111111111111 is not the code that ships" "$t/out"
"${MK[@]}" retire EXP=vecadd 2>"$t/err"
check_grep "retire prunes the records that no longer hold" "^retire: vecadd: 1 stale sample files retired in $D/RETIRED \(1 newly, 0 already\), 2 records dropped$" "$t/err"
check_eq "... and records the new code with the default reason" "$(grep '^vecadd/' "$D/RETIRED" | cut -d' ' -f1,2,4-)" \
  "vecadd/gpu-a/b1024.csv kernels:111111111111 the code changed since these sessions; not re-published yet"
"${MK[@]}" check-published >/dev/null 2>&1
check_eq "... then check-published passes" "$?" 0
rm -r "$D/orphan"
"${MK[@]}" check-published >"$t/out" 2>&1
check_grep "an experiment taken out whose records remain fails" "^check-published: $D/orphan/gpu-a/x.csv: retired in $D/RETIRED, but there is no such sample file" "$t/out"
"${MK[@]}" retire EXP=orphan 2>/dev/null; "${MK[@]}" check-published >/dev/null 2>&1
check_eq "... until make retire dropped them" "$?" 0
echo "not a record" >>"$D/RETIRED"
with_env vecadd "$P" check "$D" vecadd 2>"$t/err"
check_eq "a broken record: exit 2" "$?" 2
check_grep "... with file:line" "^retired: $D/RETIRED:[0-9]+: not a record" "$t/err"
sed -i '$d' "$D/RETIRED"

# --- reproduce (its `published stale`, before it measures) refuses a published target with stale
# files, retired or not
with_env vecadd "$P" stale "$D" vecadd >"$t/out" 2>&1
check_eq "reproduce: a stale (retired) published file: refused, exit 1 (make reproduce stops there, exit 2)" "$?" 1
check_grep "... naming the file, both ids and what to do" \
  "^reproduce: $D/vecadd/gpu-a/b1024.csv: published from code kernels:111111111111, not the code that ships \($kv\): .*re-publish it \(make measure EXP=vecadd\)$" "$t/out"
rm "$D/vecadd/gpu-a/b1024.csv"
with_env vecadd "$P" stale "$D" vecadd >"$t/out" 2>&1
check_eq "... every published file current: not refused, exit 0" "$?:$(grep -c 'published from code' "$t/out")" "0:0"

# --- the commits the files name: each git_rev (header and session lines) a commit of the history;
# `unknown` (measured outside a clone) and <commit>-dirty pass; a hash of no commit fails
D2=$t/revs; MK2=(make -s --no-print-directory DATA="$D2" RB="$t/rb2")
head=$(git rev-parse --short=12 HEAD)
revfile() { # revfile V HEADER_REV SESSION_REV
  mkdir -p "$D2/vecadd/gpu-a"
  { echo "# cudadent42 samples v1"; echo "# variant: $1"; echo "# code: $kv"; echo "# git_rev: $2"
    echo "# session.s1: date=2026-11-01T00:00:00Z host=h gpu_uuid=GPU-1 git_rev=$3 rounds=1 order_seed=1"
    echo "shape,rep,time_us,round,session,position"; echo "N1,0,1.5,1,s1,1"; } >"$D2/vecadd/gpu-a/$1.csv"
}
revfile v1 "$head" "$head"
if [ "$hist" = false ]; then
  revfile v8 unknown "$head-dirty"
  "${MK2[@]}" check-published >"$t/out" 2>&1
  check_eq "git_rev: commits of the history, unknown and -dirty: check-published passes" "$?" 0
  check_grep "... saying every commit is in the history" "every commit they name is in the history$" "$t/out"
  revfile v9 "$head" 255cafe1e4a0
  revfile b1024 -x "$head"
  "${MK2[@]}" check-published >"$t/out" 2>&1
  check_eq "git_rev: a hash of no commit (a session line's), an option-like value: check-published fails" "$?" 2
  check_grep "... naming the file and the hash" "^check-published: $D2/vecadd/gpu-a/v9.csv: git_rev '255cafe1e4a0' names no commit of this repository" "$t/out"
  check_grep "... and the other" "^check-published: $D2/vecadd/gpu-a/b1024.csv: git_rev '-x' names no commit" "$t/out"
  check_eq "... two lines" "$(grep -c 'names no commit' "$t/out")" 2
else
  echo "skip: the git_rev checks need a clone with its whole history (this one is shallow, or none)"
fi
GIT_DIR=$t/no-git "${MK2[@]}" check-published >"$t/out" 2>&1
check_grep "git_rev outside a clone with its history: not checked, said" "commits the files name \(git_rev\) not checked: not a git clone with its whole history" "$t/out"
check_grep "... and the summary does not claim them" "or retired$" "$t/out"
done_testing
