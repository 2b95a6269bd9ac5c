#!/usr/bin/env bash
# test_gatetab.sh — the gate table's command (tools/gates/gatetab.c), as shell and make call it:
# header, join, waive, list, get, count, reject, exit-reason, update, merge, stage, clear,
# status, built; every usage and input
# error exits 2 with "gatetab: FILE:LINE: what". Expected tables are written out by hand.
. tests/lib.sh
g=${B:-build}/tools/gatetab
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
H=variant,verdict,reason,detail,kernel,regs,spill_stores,spill_loads,stack,smem_static,smem_dynamic,threads,blocks_per_sm,occupancy,ctas_min,ctas_max

check_eq "header: the static gates' columns" "$("$g" header)" "$H"
mkdir -p "$t/b/v1" "$t/b/v2"
echo 'v1,reject,too_few_ctas,"at most 4 CTAs, < 8",k,1,0,0,0,0,0,32,1,0.5000,4,4' >"$t/b/v1/gate.csv"
echo 'v2,pass,,"occupancy 1, by warps",k,1,0,0,0,0,0,32,1,1.0000,8,8' >"$t/b/v2/gate.csv"
"$g" waive 'v1:too_few_ctas v2:numerics' "$t/b/v1/gate.csv"
check_eq "waive: the named reject passes, waived:<reason>" "$(cat "$t/b/v1/gate.csv")" \
  'v1,pass,waived:too_few_ctas,"at most 4 CTAs, < 8",k,1,0,0,0,0,0,32,1,0.5000,4,4'
check_eq "waive: no temporary file left" "$(ls -A "$t/b/v1")" gate.csv
"$g" join "$t/b/v1/gate.csv" "$t/b/v2/gate.csv" >"$t/b/gates.csv"
check_eq "join: the header, then the rows" "$(cat "$t/b/gates.csv")" "$H
v1,pass,waived:too_few_ctas,\"at most 4 CTAs, < 8\",k,1,0,0,0,0,0,32,1,0.5000,4,4
v2,pass,,\"occupancy 1, by warps\",k,1,0,0,0,0,0,32,1,1.0000,8,8"
check_eq "list: every variant" "$("$g" list "$t/b/gates.csv" | tr '\n' ' ')" "v1 v2 "
check_eq "get: fields by column name, tab-separated" "$("$g" get "$t/b/gates.csv" v1 verdict reason regs)" "pass	waived:too_few_ctas	1"
check_eq "get --rows: a variant's gate.csv" "$("$g" get --rows "$t/b/v2/gate.csv" v2 detail)" "occupancy 1, by warps"
check_eq "get --rows -: standard input" "$("$g" get --rows - v2 verdict <"$t/b/v2/gate.csv")" "pass"
"$g" get "$t/b/gates.csv" nobody verdict >/dev/null; check_eq "get: no row of the variant: exit 1" $? 1

# runtime rows: reject appends, exit-reason names a run's failure
check_eq "exit-reason 1: numerics" "$("$g" exit-reason 1)" numerics
check_eq "exit-reason 124, 137: run_timeout" "$("$g" exit-reason 124) $("$g" exit-reason 137)" "run_timeout run_timeout"
check_eq "exit-reason 139: runtime_error" "$("$g" exit-reason 139)" runtime_error
"$g" reject "$t/b/runtime.csv" v2 numerics "$(printf 'check "s"\r\nverdict=fail')"
check_eq "reject: one runtime row, the detail cleaned and quoted" "$(cat "$t/b/runtime.csv")" 'v2,numerics,"check s verdict=fail"'
check_eq "list --pass --runtime: passed, no runtime row" "$("$g" list --pass --runtime "$t/b/runtime.csv" "$t/b/gates.csv")" v1
check_eq "list --pass, a missing runtime file: none" "$("$g" list --pass --runtime "$t/none.csv" "$t/b/gates.csv" | wc -l)" 2
"$g" merge "$t/b" "$t/pub"
check_eq "merge: the run's rejects folded in, published" "$(cat "$t/pub/gates.csv")" "$H
v1,pass,waived:too_few_ctas,\"at most 4 CTAs, < 8\",k,1,0,0,0,0,0,32,1,0.5000,4,4
v2,reject,numerics,\"check s verdict=fail\",k,1,0,0,0,0,0,32,1,1.0000,8,8"
check "merge: gates_run.csv the same" cmp "$t/pub/gates.csv" "$t/b/gates_run.csv"
check_grep "merge: the static table not rewritten" '^v2,pass,' "$t/b/gates.csv"
check_eq "merge: no temporary file left" "$(ls -A "$t/pub")" gates.csv
check_eq "count: variants, passes, reasons" "$("$g" count "$t/pub/gates.csv")" "2 variants, 1 pass, 1 numerics"

# the counter gates' rows replace their stage's earlier runtime rows
printf 'variant,verdict,reason,detail\nv1,reject,bank_conflicts,"shape s: 6 > 0.5"\nv2,pass,,"shape s: 0"\n' >"$t/cg.csv"
printf 'v2,bad_coalescing,"old"\nv2,numerics,"n"\n' >"$t/rt.csv"
"$g" update "$t/rt.csv" counters "$t/cg.csv"
check_eq "update counters: old counter rows dropped, others kept, rejects appended" "$(cat "$t/rt.csv")" \
  'v2,numerics,"n"
v1,bank_conflicts,"shape s: 6 > 0.5"'

# stage: a later stage's verdicts (the counter gates) folded into the gate table in one call:
# runtime.csv updated, gates_run.csv and DEST's gates.csv merged, the stage's count printed
mkdir -p "$t/s"
printf 'variant,verdict,reason,detail,k\na,pass,,"x",1\nb,pass,,"y",2\nc,pass,,"z",3\n' >"$t/s/gates.csv"
printf 'c,numerics,"n"\nb,bank_conflicts,"old"\n' >"$t/s/runtime.csv"
printf 'variant,verdict,reason,detail\na,reject,bad_coalescing,"8 sectors > 2 x 4"\nb,pass,,"0 conflicts"\n' >"$t/cs.csv"
check_eq "stage: prints the stage's count" "$("$g" stage "$t/s" counters "$t/cs.csv" "$t/spub")" "2 variants, 1 pass, 1 bad_coalescing"
check_eq "stage: runtime.csv: b's old counter row dropped, a's appended, c's kept" "$(cat "$t/s/runtime.csv")" 'c,numerics,"n"
a,bad_coalescing,"8 sectors > 2 x 4"'
check_eq "stage: gates_run.csv: a and c rejected, b passes again" "$(cat "$t/s/gates_run.csv")" 'variant,verdict,reason,detail,k
a,reject,bad_coalescing,"8 sectors > 2 x 4",1
b,pass,,"y",2
c,reject,numerics,"n",3'
check "stage: DEST's gates.csv the same" cmp "$t/s/gates_run.csv" "$t/spub/gates.csv"
check_eq "stage: the static table not rewritten" "$(sed -n 2p "$t/s/gates.csv")" 'a,pass,,"x",1'
cp "$t/s/runtime.csv" "$t/rt0.csv"
"$g" stage "$t/s" counters "$t/cs.csv" >/dev/null
check "stage: run again, the runtime rows are the same" cmp "$t/rt0.csv" "$t/s/runtime.csv"
check_eq "stage: no temporary file left" "$(ls -A "$t/s" | tr '\n' ' ')" "gates.csv gates_run.csv runtime.csv "
"$g" clear "$t/s/runtime.csv"
check_eq "clear: the runtime table emptied" "$(wc -c <"$t/s/runtime.csv")" 0
"$g" clear "$t/s/new.csv"
check "clear: a missing runtime table made empty" test -f "$t/s/new.csv" -a ! -s "$t/s/new.csv"

# status: a variant's build status file (build_status.h), as compile.sh writes it
"$g" status "$t/s/status" invalid_config "$(printf 'static_assert failed:\r\n"BLOCK_M %% 16"')"
check_eq "status: the word, then the detail on one line" "$(cat "$t/s/status")" 'invalid_config
static_assert failed:  "BLOCK_M % 16"'
"$g" status "$t/s/status" ok
check_eq "status ok, no detail: an empty second line" "$(od -An -c "$t/s/status" | tr -s ' ')" " o k \n \n"
check_eq "status: no temporary file left" "$(ls -A "$t/s" | grep -c tmp)" 0
# built: whether build status files say ok
mkdir -p "$t/st"
printf 'ok\n\n' >"$t/st/a"; printf 'build_timeout\ncompile exceeded 120 s\n' >"$t/st/b"; printf 'ok\r\n' >"$t/st/c"
"$g" built "$t/st/a" "$t/st/c" >"$t/out"
check_eq "built: every one ok: exit 0, nothing printed" "$?,$(cat "$t/out")" "0,"
"$g" built "$t/st/a" "$t/st/b" "$t/st/none" >"$t/out"
check_eq "built: one not built, one missing: exit 1" "$?" 1
check_eq "... a line each, the word and the detail" "$(cat "$t/out")" "build_timeout	compile exceeded 120 s
no status	"
check_eq "built --count: the build's summary" "$("$g" built --count "$t/st/a" "$t/st/b" "$t/st/c" "$t/st/none")" "built 2, failed 2"

# errors: exit 2, tool and file:line named
err() { local what=$1 want=$2; shift 2; "$g" "$@" >/dev/null 2>"$t/err"; local rc=$?
  check_eq "$what: exit 2" "$rc" 2; check_grep "$what: says so" "$want" "$t/err"; }
err "no command" '^gatetab: usage:'
err "an unknown command" '^gatetab: usage:' frob
printf 'variant,verdict,reason\nv,maybe,\n' >"$t/bad.csv"
err "a malformed table" "^gatetab: $t/bad.csv:2: verdict 'maybe' is neither pass nor reject\$" list "$t/bad.csv"
err "a missing table" "^gatetab: $t/none.csv: No such file" count "$t/none.csv"
err "get: an unknown column" "no column 'colour'" get "$t/b/gates.csv" v1 colour
printf 'v,pass,\n' >"$t/short.csv"
err "join: a row of the wrong width" "^gatetab: $t/short.csv:1: 3 fields, the header has 16\$" join "$t/short.csv"
err "join: a variant twice" "variant 'v2' has a row already" join "$t/b/v2/gate.csv" "$t/b/v2/gate.csv"
err "waive: not VARIANT:REASON" "GATE_WAIVE: 'v1' is not VARIANT:REASON" waive v1 "$t/b/v1/gate.csv"
err "reject: not a reason" "reject: 'crashed' is not a gate reason" reject "$t/rt.csv" v crashed x
err "reject: a variant with a comma" "reject: 'a,b' is not a variant name" reject "$t/rt.csv" a,b numerics x
err "exit-reason: not a status" "exit-reason: '0' is not a non-zero exit status" exit-reason 0
err "update: an unknown stage" "update: 'gpu' is not a stage" update "$t/rt.csv" gpu "$t/cg.csv"
printf 'variant,verdict,reason,detail\nv1,reject,numerics,"x"\n' >"$t/cg2.csv"
err "update: a reject of another stage" "$t/cg2.csv:2: 'numerics' is not a reason of stage counters" update "$t/rt.csv" counters "$t/cg2.csv"
err "merge: no gates.csv" "^gatetab: $t/none/gates.csv: missing\$" merge "$t/none"
err "stage: no gates.csv, nothing written" "^gatetab: $t/none/gates.csv: missing\$" stage "$t/none" counters "$t/cs.csv"
check "stage: ... no runtime.csv made" test ! -e "$t/none"
err "stage: a reject of another stage" "$t/cg2.csv:2: 'numerics' is not a reason of stage counters" stage "$t/s" counters "$t/cg2.csv"
err "clear: a folder that does not exist" "^gatetab: $t/none/.r.csv.tmp: No such file" clear "$t/none/r.csv"
err "status: a reason of another stage" "^gatetab: status: 'numerics' is neither ok nor a reason of the build stage\$" status "$t/s/status" numerics x
check_eq "status: ... the file left as it was" "$(head -n 1 "$t/s/status")" ok
printf 'compiled\n' >"$t/st/bad"
err "built: a status word that is not one" "^gatetab: $t/st/bad:1: unknown status 'compiled'\$" built "$t/st/a" "$t/st/bad"
err "built: no file" '^gatetab: usage:' built --count
printf 'v1,numerics\n' >"$t/b/runtime.csv"
err "merge: a malformed runtime row" "^gatetab: $t/b/runtime.csv:1: 2 fields, a runtime row has 3\$" merge "$t/b"
done_testing
