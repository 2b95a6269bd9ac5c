#!/usr/bin/env bash
# test_gates.sh — gates on captured `nvcc -Xptxas -v` logs (tests/fixtures/gates/*.log, made
# from the .cu files in tests/fixtures/gates/src/ with the command in each file's header).
# Every gate reason, the order of the checks, kernel matching, and every input error.
# Expected occupancies are hand calculations (see the comments and tests/gates/test_gates.c).
source tests/lib.sh
g=${B:-build}/tools/gates
fx=tests/fixtures/gates
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
H=variant,verdict,reason,detail,kernel,regs,spill_stores,spill_loads,stack,smem_static,smem_dynamic,threads,blocks_per_sm,occupancy,ctas_min,ctas_max
echo ok > "$t/ok"
S1="shape=B2_H8_S512_D64_C0 kernel=flash_fwd grid=8,16,1 block=128,1,1"
# gate LOG DESCRIBE_LINE... -- extra args: runs gates on sm_90 with --min-occupancy 0.5
gate() {
  local log=$1; shift
  [[ $log == /* ]] || log=$fx/$log
  : > "$t/d"
  while [ $# -gt 0 ] && [ "$1" != -- ]; do echo "$1" >> "$t/d"; shift; done
  [ "${1:-}" = -- ] && shift
  "$g" --variant v --arch sm_90 --status "$t/ok" --ptxas "$log" --describe "$t/d" \
    --min-occupancy 0.5 "$@" 2>"$t/err"
}

check_eq "--header alone prints the header" "$("$g" --header)" "$H"

# --- status gates: no ptxas or describe needed; 16 columns, detail CSV-quoted
printf 'build_failed\nkernels/attn.cu:12: error: expected a ";", got "x"\n' > "$t/st"
check_eq "build_failed row" "$("$g" --variant v1 --arch sm_90 --status "$t/st")" \
  'v1,reject,build_failed,"kernels/attn.cu:12: error: expected a "";"", got ""x""",,,,,,,,,,,,'
printf 'build_timeout\n' > "$t/st"
check_eq "build_timeout row" "$("$g" --variant v2 --arch sm_90 --status "$t/st")" \
  'v2,reject,build_timeout,,,,,,,,,,,,,'
printf 'invalid_config\r\nkernels/attn.cu:40: static_assert failed: BLOCK_M must divide 128\r\n' > "$t/st"
check_eq "invalid_config from status (CRLF stripped)" "$("$g" --variant v3 --arch sm_90 --status "$t/st")" \
  'v3,reject,invalid_config,kernels/attn.cu:40: static_assert failed: BLOCK_M must divide 128,,,,,,,,,,,,'
check_eq "--header with a row prints both" "$("$g" --header --variant v2 --arch sm_90 --status "$t/st" | wc -l)" 2

# --- pass: ok.log, flash_fwd<64>: 31 regs, 128 threads, no smem. Warps 64/4 = 16; regs 1024
# per warp -> 64 warps -> 16 blocks; smem 1024 reserved -> 228 blocks. 16 blocks, occupancy 1.
row=$(gate ok.log "$S1 dyn_smem=0 ctas=128 work_items=128")
check_eq "pass row" "$row" \
  'v,pass,,"occupancy 1 at shape B2_H8_S512_D64_C0, limited by warps",_Z9flash_fwdILi64EEvPKfPfi,31,0,0,0,0,0,128,16,1.0000,128,128'
# kernel matching: flash_fwd_combine must pick its own kernel (12 regs), not flash_fwd<64>.
row=$(gate ok.log "shape=A kernel=flash_fwd_combine block=256,1,1 dyn_smem=0 ctas=4")
check_grep "kernel=flash_fwd_combine picks _Z17flash_fwd_combine" ',_Z17flash_fwd_combinePKfPfi,12,' <(echo "$row")
check_grep "a name with its template arguments' start names that instance (flash_fwdILi64E)" ',_Z9flash_fwdILi64EEvPKfPfi,31,' \
  <(gate ok.log "shape=A kernel=flash_fwdILi64E block=128,1,1 dyn_smem=0")
gate ok.log "shape=A kernel=flash_fwdILi128E block=128,1,1 dyn_smem=0" >/dev/null
check_eq "... and another instance's arguments do not match it (exit 2)" "$?" 2
gate ok.log "shape=A kernel=flash_fwdI block=128,1,1 dyn_smem=0" >/dev/null
check_eq "... nor arguments the name does not have (flash_fwdI matches, the arguments' start; flash_fwdX: exit 2)" \
  "$?:$(gate ok.log "shape=A kernel=flash_fwdX block=128,1,1 dyn_smem=0" >/dev/null; echo $?)" "0:2"
row=$(gate ok.log "shape=A kernel=_Z9flash_fwdILi64EEvPKfPfi block=256,1,1 dyn_smem=0")
check_grep "full mangled name matches; ctas default to the grid product (1)" ',_Z9flash_fwdILi64EEvPKfPfi,31,.*,1,1$' <(echo "$row")

# --- invalid_config from describe
row=$(gate ok.log "$S1 dyn_smem=0 ctas=128" "shape=B1_H1_S4096_D256_C0 error=head dim 256 needs BLOCK_N <= 64, got 128")
check_eq "describe error -> invalid_config" "$row" \
  'v,reject,invalid_config,"shape B1_H1_S4096_D256_C0: head dim 256 needs BLOCK_N <= 64, got 128",,,,,,,,,,,,'

# --- a kernel in a namespace: the names are read in order, so a length whose digits follow
# another name's digits (_GLOBAL__N_1 then 13vecadd_kernel) still matches, and a name that is
# only a suffix of a longer one does not
cat >"$t/ns.log" <<'EOL'
ptxas info    : Compiling entry function '_ZN12_GLOBAL__N_113vecadd_kernelEPK6__halfS2_PS0_i' for 'sm_90'
ptxas info    : Function properties for _ZN12_GLOBAL__N_113vecadd_kernelEPK6__halfS2_PS0_i
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 16 registers, used 0 barriers, 380 bytes cmem[0]
ptxas info    : Compiling entry function '_ZN2va16vecadd_kernel_v8EPK6__halfS2_PS0_i' for 'sm_90'
ptxas info    : Function properties for _ZN2va16vecadd_kernel_v8EPK6__halfS2_PS0_i
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 24 registers, used 0 barriers, 380 bytes cmem[0]
EOL
row=$(gate "$t/ns.log" "shape=N1 kernel=vecadd_kernel block=256,1,1 dyn_smem=0")
check_grep "a kernel of an anonymous namespace matches by its name" ',_ZN12_GLOBAL__N_113vecadd_kernelEPK6__halfS2_PS0_i,16,' <(echo "$row")
row=$(gate "$t/ns.log" "shape=N1 kernel=vecadd_kernel_v8 block=256,1,1 dyn_smem=0")
check_grep "... and one of a named namespace" ',_ZN2va16vecadd_kernel_v8EPK6__halfS2_PS0_i,24,' <(echo "$row")
gate "$t/ns.log" "shape=N1 kernel=kernel_v8 block=256,1,1 dyn_smem=0" >/dev/null
check_grep "a suffix of a name is not the name" "no sm_90 kernel matches 'kernel_v8'" "$t/err"

# --- a library call (cuBLAS): kernel=- on every shape passes without resources to read
row=$(gate ok.log "shape=M16_N4096_K4096 kernel=- grid=0,0,0 block=0,0,0 dyn_smem=0 ctas=0" \
  "shape=M4096_N4096_K4096 kernel=- grid=0,0,0 block=0,0,0 dyn_smem=0 ctas=0")
check_eq "kernel=- on every shape -> pass, said to be a library call" "$row" \
  'v,pass,,a library call (kernel=-): no kernel of its own to gate,,,,,,,,,,,,'
row=$(gate ok.log "$S1 dyn_smem=0" "shape=M1_N1_K1 kernel=- block=0,0,0 dyn_smem=0")
check_grep "... but a kernel of its own on one shape is gated as usual" '^v,(pass|reject),[a-z_]*,.*flash_fwd' <(echo "$row")

# --- smem_overflow: smem.log has 49152 B static; + 183297 dynamic = 232449 > 232448.
row=$(gate smem.log "$S1 dyn_smem=183296 ctas=128" "shape=X kernel=flash_fwd block=128,1,1 dyn_smem=183297 ctas=128")
check_grep "smem_overflow names the offending shape" \
  '^v,reject,smem_overflow,shape X: 49152 B static \+ 183297 B dynamic = 232449 B > 232448 B per block on sm_90,_Z9flash_fwdPKfPfi,18,0,0,0,49152,183297,128,0,0.0000,' <(echo "$row")
# exactly at the limit: 232448 + 1024 = 233472 = one block per SM, 4/64 = 0.0625 -> low_occupancy
row=$(gate smem.log "$S1 dyn_smem=183296 ctas=128")
check_grep "smem at the opt-in limit is not an overflow" '^v,reject,low_occupancy,.*occupancy 0.0625 < 0.5' <(echo "$row")
# smem_overflow comes before register_spill
row=$(gate spill.log "$S1 dyn_smem=300000 ctas=128")
check_grep "smem_overflow before register_spill" '^v,reject,smem_overflow,' <(echo "$row")

# --- register_spill (flash_fwd with -maxrregcount=32 spills 852/1128 B)
row=$(gate spill.log "$S1 dyn_smem=0 ctas=128" -- --min-occupancy 1)
check_eq "register_spill row (before low_occupancy)" "$row" \
  'v,reject,register_spill,"_Z9flash_fwdPKfPfi: 852 B spill stores, 1128 B spill loads",_Z9flash_fwdPKfPfi,32,852,1128,656,0,0,128,16,1.0000,128,128'
row=$(gate bench_spill.log "$S1 dyn_smem=0 ctas=128")
check_grep "a spilling bench_ kernel is ignored" '^v,pass,' <(echo "$row")
# multi.log: helper is a device function, no spills; sm_80 entry has 29 regs and 8192 smem.
row=$("$g" --variant v --arch sm_80 --status "$t/ok" --ptxas $fx/multi.log --describe <(echo "$S1 dyn_smem=0"))
check_grep "--arch sm_80 uses the sm_80 entry of a two-arch log" ',_Z9flash_fwdPKfPfi,29,0,0,0,8192,0,128,' <(echo "$row")

# limits of one arch, resources of another: smem.log (sm_90 only) against sm_89 limits.
# 49152 + 32768 + 1024 = 82944 B per block: 102400/82944 = 1 block of 4 warps, 4/48 = 0.0833.
row=$(gate smem.log "$S1 dyn_smem=32768" -- --arch sm_89)
check_grep "a log's only arch is used with another arch's limits" \
  '^v,reject,low_occupancy,"shape B2_H8_S512_D64_C0: occupancy 0.08333 < 0.5 .*,49152,32768,128,1,0.0833,' <(echo "$row")
# 49152 + 53249 = 102401 > 101376 (sm_89 opt-in) but < 232448 (sm_90)
check_grep "smem_overflow against the smaller part" '^v,reject,smem_overflow,.*> 101376 B per block on sm_89' \
  <(gate smem.log "$S1 dyn_smem=53249" -- --arch sm_89)
check_grep "same on sm_90's own limits passes the smem check" '^v,reject,low_occupancy' <(gate smem.log "$S1 dyn_smem=53249")
row=$(gate multi.log "$S1 dyn_smem=0" -- --arch sm_86 --ptxas-arch sm_80)
check_grep "--ptxas-arch picks one arch of a two-arch log" ',_Z9flash_fwdPKfPfi,29,0,0,0,8192,0,' <(echo "$row")

# --- low_occupancy: regs.log 204 regs, 256 threads -> 6656 per warp, 2 warps per
# sub-partition = 8 warps = 1 block of 8 warps, 8/64 = 0.125.
row=$(gate regs.log "shape=A kernel=flash_fwd block=256,1,1 dyn_smem=0 ctas=1000")
check_eq "low_occupancy row" "$row" \
  'v,reject,low_occupancy,"shape A: occupancy 0.125 < 0.5 (1 blocks/SM of 8 warps, limited by registers)",_Z9flash_fwdPKfPfi,204,0,0,0,0,0,256,1,0.1250,1000,1000'
check_grep "same kernel passes --min-occupancy 0.125" '^v,pass,' <(gate regs.log "shape=A kernel=flash_fwd block=256,1,1 dyn_smem=0" -- --min-occupancy 0.125)
# 1024 threads * 204 regs: 6656 per warp * 32 warps = 212992 > 65536 registers per block
row=$(gate regs.log "shape=A kernel=flash_fwd block=1024,1,1 dyn_smem=0" -- --min-occupancy 0)
check_grep "a block that cannot launch is low_occupancy at any threshold" \
  '^v,reject,low_occupancy,"shape A: cannot launch \(1024 threads, 204 registers: registers per block\)",.*,1024,0,0.0000,' <(echo "$row")
row=$(gate ok.log "shape=A kernel=flash_fwd block=33,33,1 dyn_smem=0")
check_grep "more than 1024 threads cannot launch" 'cannot launch \(1089 threads, 31 registers: block size\)' <(echo "$row")
# worst shape wins: 31 regs, 64 KB dynamic -> 65536 + 1024 = 66560, 233472/66560 = 3 blocks,
# 12/64 = 0.1875.
row=$(gate ok.log "$S1 dyn_smem=0 ctas=64" "shape=BIG kernel=flash_fwd block=128,1,1 dyn_smem=65536 ctas=512")
check_grep "the worst shape is reported" '^v,reject,low_occupancy,"shape BIG: occupancy 0.1875 .*,65536,128,3,0.1875,64,512$' <(echo "$row")

# --- too_few_ctas: 4 x 132 SMs = 528
row=$(gate ok.log "$S1 dyn_smem=0 ctas=128 work_items=100" "shape=B ctas=500 kernel=flash_fwd block=128,1,1 dyn_smem=0" -- --min-ctas 4x --sm-count 132)
check_eq "too_few_ctas row" "$row" \
  'v,reject,too_few_ctas,at most 500 CTAs or work items over shapes < 528,_Z9flash_fwdILi64EEvPKfPfi,31,0,0,0,0,0,128,16,1.0000,128,500'
row=$(gate ok.log "$S1 dyn_smem=0 ctas=128 work_items=528" -- --min-ctas 4x --sm-count 132)
check_grep "work_items count toward --min-ctas" '^v,pass,.*,528,528$' <(echo "$row")
row=$(gate multi.log "$S1 dyn_smem=0 ctas=100" -- --min-ctas 4x --arch sm_80)
check_grep "Kx uses the arch's SM count (A100: 108 -> 432)" 'too_few_ctas,at most 100 .* < 432' <(echo "$row")
check_grep "--min-ctas 0 disables the check" '^v,pass,' <(gate ok.log "$S1 dyn_smem=0 ctas=1")
check_grep "absolute --min-ctas" 'too_few_ctas,.* < 2,' <(gate ok.log "$S1 dyn_smem=0 ctas=1" -- --min-ctas 2)

# --- input and usage errors: exit 2, message on stderr
err() { # err WHAT PATTERN command...
  local what=$1 pat=$2; shift 2
  "$@" >"$t/out" 2>"$t/err"
  check_eq "$what: exit 2" "$?" 2
  check_grep "$what: message" "$pat" "$t/err"
  check_eq "$what: no row" "$(cat "$t/out")" ""
}
err "unknown arch" "^gates: unknown architecture 'sm_75'" "$g" --variant v --arch sm_75 --status "$t/ok"
err "missing status file" "^gates: $t/nope: No such file" "$g" --variant v --arch sm_90 --status "$t/nope"
printf 'compiled\n' > "$t/st"
err "unknown status word" "^gates: $t/st:1: unknown status 'compiled'" "$g" --variant v --arch sm_90 --status "$t/st"
: > "$t/st"
err "empty status file" "^gates: $t/st:1: empty status file" "$g" --variant v --arch sm_90 --status "$t/st"
err "ok without --ptxas" "needs --ptxas and --describe" "$g" --variant v --arch sm_90 --status "$t/ok"
err "no --variant" "^gates: usage:" "$g" --arch sm_90 --status "$t/ok"
err "unknown option" "^gates: usage: unknown option '--bogus'" "$g" --bogus 1
err "option without value" "needs a value" "$g" --variant
err "bad --min-occupancy" "'1.5' is not a number in \[0, 1\]" "$g" --variant v --arch sm_90 --status "$t/ok" --min-occupancy 1.5
err "bad --min-ctas" "--min-ctas: 'fourx' is not" "$g" --variant v --arch sm_90 --status "$t/ok" --min-ctas fourx
err "--min-ctas that would wrap when multiplied by the SMs" "--min-ctas: '139748061164466301x' is above a billion" "$g" --variant v --arch sm_90 --status "$t/ok" --min-ctas 139748061164466301x
err "--min-ctas above a billion" "--min-ctas: '1000000001' is above a billion" "$g" --variant v --arch sm_90 --status "$t/ok" --min-ctas 1000000001
err "bad --sm-count" "--sm-count: '-1' is not" "$g" --variant v --arch sm_90 --status "$t/ok" --sm-count -1
err "missing ptxas log" "^gates: $t/nolog: No such file" gate $t/nolog "$S1 dyn_smem=0"
err "no shapes" "^gates: $t/d: no shapes" gate ok.log "# only a comment"
err "malformed number in describe" "^gates: $t/d:2: 'abc' is not a non-negative integer" gate ok.log "$S1 dyn_smem=0" "$S1 dyn_smem=abc"
# reproducers: sizes near LONG_MAX wrapped the sums and turned an smem_overflow into a pass
err "huge dynamic smem is refused, not wrapped" "^gates: $t/d:1: '9223372036854775000' is larger than 2\^40" gate ok.log "$S1 dyn_smem=9223372036854775000"
err "a grid whose product overflows is refused" "the product of the dimensions is larger than 2\^40" gate ok.log "shape=B1_H1_S1_D64_C0 kernel=flash_fwd grid=4294967296,4294967296,2 block=128,1,1 dyn_smem=0"
sed 's/Used 31 registers/Used 9223372036854775000 registers/' $fx/ok.log >"$t/huge.log"
err "a huge ptxas count is refused" "huge.log" gate "$t/huge.log" "$S1 dyn_smem=0"
err "token without =" "^gates: $t/d:1: 'junk' is not key=value" gate ok.log "shape=A junk"
err "missing keys in describe" "^gates: $t/d:1: shape A needs kernel=, block= and dyn_smem=" gate ok.log "shape=A kernel=flash_fwd"
err "line without shape=" "^gates: $t/d:1: no shape=" gate ok.log "kernel=flash_fwd block=1 dyn_smem=0"
err "kernel not in the log" "^gates: $fx/ok.log: no sm_90 kernel matches 'attn_fwd' \($t/d:1\)" gate ok.log "shape=A kernel=attn_fwd block=128 dyn_smem=0"
err "two archs in the log, neither the limits' one" "multi.log: kernels for sm_80 and sm_90 but none for sm_86: say which with --ptxas-arch" gate multi.log "$S1 dyn_smem=0" -- --arch sm_86
err "--ptxas-arch absent from the log" "no sm_86 kernel matches" gate multi.log "$S1 dyn_smem=0" -- --ptxas-arch sm_86
printf "ptxas info    : Compiling entry function '_Z3foo\\n" > "$t/bad.log"
err "malformed ptxas log" "^gates: $t/bad.log:1: malformed" gate $t/bad.log "$S1 dyn_smem=0"
# --- a dispatching build's log (tools/pipeline/link_dispatch.sh): its configurations' logs, each
# after `== configuration NAME`, the same kernel name in both. A shape's config= picks its own:
# small's flash_fwd has 32 registers (1024 threads x 32 = 32768 of 65536: 2 blocks, 64 warps,
# occupancy 1); big's 255 (1024 x 255 > 65536: cannot launch)
{ echo "== configuration small (dsp0_)"
  printf "ptxas info    : Compiling entry function '_Z9flash_fwdPKfPfi' for 'sm_90'\n"
  printf "ptxas info    : Function properties for _Z9flash_fwdPKfPfi\n"
  printf "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
  printf "ptxas info    : Used 32 registers, used 0 barriers, 376 bytes cmem[0]\n"
  echo "== configuration big (dsp1_)"
  printf "ptxas info    : Compiling entry function '_Z9flash_fwdPKfPfi' for 'sm_90'\n"
  printf "ptxas info    : Function properties for _Z9flash_fwdPKfPfi\n"
  printf "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
  printf "ptxas info    : Used 255 registers, used 0 barriers, 376 bytes cmem[0]\n"; } >"$t/dispatch.log"
D1="shape=B1_H1_S64_D64_C0 kernel=flash_fwd grid=1,1,1 block=1024,1,1 dyn_smem=0"
D2="shape=B1_H1_S128_D64_C0 kernel=flash_fwd grid=1,1,1 block=1024,1,1 dyn_smem=0"
# verdict, reason, and from the end (the detail may hold commas): regs, blocks per SM, occupancy
cols() { awk -F, '{ print $2 "," $3 "," $(NF-10) "," $(NF-3) "," $(NF-2) }'; }
check_eq "dispatch log: a shape served by small gates small's kernel" \
  "$(gate "$t/dispatch.log" "$D1 config=small" | cols)" "pass,,32,2,1.0000"
check_eq "dispatch log: a shape served by big gates big's (cannot launch)" \
  "$(gate "$t/dispatch.log" "$D1 config=small" "$D2 config=big" | cols)" "reject,low_occupancy,255,0,0.0000"
check_eq "dispatch log: without config= the worst of the two counts" \
  "$(gate "$t/dispatch.log" "$D1" | cols)" "reject,low_occupancy,255,0,0.0000"
err "dispatch log: a configuration absent from the log" "no sm_90 kernel of configuration other matches 'flash_fwd'" \
  gate "$t/dispatch.log" "$D1 config=other"
# per-configuration thresholds (--min-occupancy-of): big's flash_fwd at 128 threads, 255 registers:
# 8160 per warp, allocated 8192 -> 8 warps -> 2 blocks of 4 warps = occupancy 8/64 = 0.125
D3="shape=B1_H1_S256_D64_C0 kernel=flash_fwd grid=1,1,1 block=128,1,1 dyn_smem=0"
check_eq "threshold per configuration: big's shape at 0.125 < 0.5" \
  "$(gate "$t/dispatch.log" "$D1 config=small" "$D3 config=big" | cols)" "reject,low_occupancy,255,2,0.1250"
check_eq "... passes with --min-occupancy-of big=0.1 (small's shape still held to 0.5)" \
  "$(gate "$t/dispatch.log" "$D1 config=small" "$D3 config=big" -- --min-occupancy-of big=0.1 | cols)" "pass,,255,2,0.1250"
check_eq "... and a threshold for another configuration leaves big's at 0.5" \
  "$(gate "$t/dispatch.log" "$D1 config=small" "$D3 config=big" -- --min-occupancy-of small=0.1 | cols)" "reject,low_occupancy,255,2,0.1250"
err "--min-occupancy-of without =" "--min-occupancy-of: 'big' is not CONFIG=X" gate "$t/dispatch.log" "$D1 config=small" -- --min-occupancy-of big
err "--min-occupancy-of out of range" "--min-occupancy-of: '2' is not a number in \\[0, 1\\]" gate "$t/dispatch.log" "$D1 config=small" -- --min-occupancy-of big=2
printf '== configuration \n' >"$t/badsec.log"
err "dispatch log: a section line without a name" "^gates: $t/badsec.log:1: malformed '== configuration NAME' line" \
  gate "$t/badsec.log" "$D1 config=small"
done_testing
