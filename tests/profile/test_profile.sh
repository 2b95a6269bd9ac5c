#!/usr/bin/env bash
# test_profile.sh — the profiling stage on the CPU: ncu_csv on hand-made exports of ncu's
# `--csv --page raw` layout (tests/fixtures/profile/README.md), counter_gates, the gate merge,
# the counter gates folded into the gate table (gatetab stage), the appendix's profile section (report_gen --profile), and `make profile`'s driver
# (build/tools/profile) end to end with a stand-in ncu and bench.
# Expected numbers are hand calculations, written next to each check.
source tests/lib.sh
T=${B:-build}/tools
F=tests/fixtures/profile
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
S=B2_H8_S1024_D64_C0
val() { awk -F, -v m="$2" '$3 == m { print $4 }' "$1"; }

# --- ncu_csv -----------------------------------------------------------------------------------
"$T/ncu_csv" --variant swz --shape $S --kernel flash_attn_fwd $F/swz.raw.csv >"$tmp/swz.csv" 2>"$tmp/err"
check_eq "ncu_csv: exit 0" $? 0
check_eq "ncu_csv: header" "$(head -n 1 "$tmp/swz.csv")" "variant,shape,metric,value,unit"
check_eq "ncu_csv: duration = mean(40000, 41000, 42000) ns, combine launch left out" "$(val "$tmp/swz.csv" duration)" 41000
check_eq "ncu_csv: thousands separators, mean DRAM read (8.0+8.3+8.6)/3 MB" "$(val "$tmp/swz.csv" dram_read_bytes)" 8300000
check_eq "ncu_csv: memory throughput mean(40.5, 41.5, 42.5)" "$(val "$tmp/swz.csv" memory_throughput_pct)" 41.5
check_eq "ncu_csv: launches of the kernel" "$(val "$tmp/swz.csv" launches)" 3
check_grep "ncu_csv: readable name and unit" '^swz,B2_H8_S1024_D64_C0,shared_ld_wavefronts,393216,wavefront$' "$tmp/swz.csv"
"$T/ncu_csv" --variant swz --shape $S $F/swz.raw.csv >/dev/null 2>"$tmp/err"
check_eq "ncu_csv: two kernels without --kernel: exit 2" $? 2
check_grep "ncu_csv: ... names file:line of the other kernel" "swz.raw.csv:8: launches of several kernels" "$tmp/err"
"$T/ncu_csv" --variant swz --shape $S --kernel nope $F/swz.raw.csv >/dev/null 2>"$tmp/err"
check_eq "ncu_csv: unknown kernel: exit 2" $? 2
# the provenance header: --code, --git-rev and --gpu together, one word each
"$T/ncu_csv" --variant swz --shape $S --kernel flash_attn_fwd --code kernels:0123456789ab --git-rev abc123 --gpu nvidia-h200 \
  $F/swz.raw.csv >"$tmp/swzh.csv" 2>"$tmp/err"
check_eq "ncu_csv: with --code, --git-rev and --gpu: exit 0" $? 0
check_eq "ncu_csv: ... the file opens with them, then the columns" "$(head -n 5 "$tmp/swzh.csv" | tr '\n' '|')" \
  "# cudadent42 profile v1|# code: kernels:0123456789ab|# git_rev: abc123|# gpu: nvidia-h200|variant,shape,metric,value,unit|"
check_eq "ncu_csv: ... and the rows as without them" "$(tail -n +5 "$tmp/swzh.csv")" "$(cat "$tmp/swz.csv")"
"$T/ncu_csv" --variant swz --shape $S --kernel flash_attn_fwd --code kernels:0123456789ab $F/swz.raw.csv >/dev/null 2>"$tmp/err"
check_eq "ncu_csv: --code alone: exit 2" $? 2
check_grep "ncu_csv: ... says the three go together" "go together" "$tmp/err"
"$T/ncu_csv" --variant swz --shape $S --kernel flash_attn_fwd --code 'kernels:0 x' --git-rev a --gpu g $F/swz.raw.csv >/dev/null 2>"$tmp/err"
check_eq "ncu_csv: a value with a blank: exit 2" $? 2
"$T/ncu_csv" --variant simt --shape $S $F/simt.raw.csv >"$tmp/simt.csv" 2>"$tmp/err"
check_eq "ncu_csv: scaled units: exit 0" $? 0
check_eq "ncu_csv: 41.5 usecond = 41500 ns" "$(val "$tmp/simt.csv" duration)" 41500
check_eq "ncu_csv: 8.3 Mbyte = 8300000 byte" "$(val "$tmp/simt.csv" dram_read_bytes)" 8300000
check_eq "ncu_csv: 4,194.304 Kbyte = 4194304 byte" "$(val "$tmp/simt.csv" dram_write_bytes)" 4194304
check_eq "ncu_csv: 41.984 Kbyte/block = 41984 byte" "$(val "$tmp/simt.csv" smem_dynamic_bytes)" 41984
check_eq "ncu_csv: n/a tensor pipe left out" "$(val "$tmp/simt.csv" tensor_pipe_pct)" ""
"$T/ncu_csv" --variant pad0 --shape $S $F/pad0.raw.csv >"$tmp/pad0.csv" 2>"$tmp/err"
check_eq "ncu_csv: pad0 exit 0" $? 0

# broken exports: each an exit 2 with file:line
H='"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","gpu__time_duration.sum"'
U='"","","","","","","","","","","","nsecond"'
R='"0","1","bench","h","k(int)","1","7","(128, 1, 1)","(1, 1, 1)","0","9.0"'
bad() { # bad NAME PATTERN LINES...
  local name=$1 pat=$2; shift 2
  printf '%s\n' "$@" >"$tmp/$name.csv"
  "$T/ncu_csv" --variant v --shape $S "$tmp/$name.csv" >/dev/null 2>"$tmp/err"
  check_eq "ncu_csv: $name: exit 2" $? 2
  check_grep "ncu_csv: $name: message" "$pat" "$tmp/err"
}
bad quotes "$name.csv:3: unbalanced quotes" "$H" "$U" "$R,\"12"
bad nounits "nounits.csv:2: expected the units row" "$H" "$R,\"12\""
bad fields "fields.csv:3: 13 fields, the header has 12" "$H" "$U" "$R,\"12\",\"x\""
bad number "number.csv:3: gpu__time_duration.sum: value is not a number" "$H" "$U" "$R,\"12x\""
bad noheader "noheader.csv:1: expected the header row" "$R,\"12\""
bad nolaunch "nolaunch.csv:2: no kernel launch rows" "$H" "$U"
bad timeunit "timeunit.csv:2: gpu__time_duration.sum: unit 'byte' is not ns" "$H" "${U/nsecond/byte}" "$R,\"12\""
bad emptyid "emptyid.csv:3: a launch row with an empty ID" "$H" "$U" "${R/\"0\"/\"\"},\"12\""
bad nokernelcol "nokernelcol.csv:1: no \"Kernel Name\" column" "${H/Kernel Name/Name}"
"$T/ncu_csv" --variant v --shape $S "$tmp/missing.csv" >/dev/null 2>"$tmp/err"
check_eq "ncu_csv: missing file: exit 2" $? 2
"$T/ncu_csv" --variant 'a,b' --shape $S $F/pad0.raw.csv >/dev/null 2>"$tmp/err"
check_eq "ncu_csv: comma in a variant name: exit 2" $? 2
"$T/ncu_csv" --bogus >/dev/null 2>"$tmp/err"
check_eq "ncu_csv: unknown option: exit 2" $? 2

# --- counter_gates -----------------------------------------------------------------------------
"$T/counter_gates" "$tmp/swz.csv" "$tmp/pad0.csv" "$tmp/simt.csv" >"$tmp/cg.csv" 2>"$tmp/err"
check_eq "counter_gates: exit 0 with rejects" $? 0
check_eq "counter_gates: header" "$(head -n 1 "$tmp/cg.csv")" "variant,verdict,reason,detail"
check_grep "counter_gates: swizzled twin passes, no conflicts" '^swz,pass,,"shape B2_H8_S1024_D64_C0: bank conflicts 0 extra' "$tmp/cg.csv"
# pad0: 3,670,016 conflicts / (4,194,304 - 3,670,016) conflict-free wavefronts = 7 (eight-way)
check_grep "counter_gates: pad0 rejected, rate 7 > 0.5" '^pad0,reject,bank_conflicts,".*bank conflicts 7 extra wavefronts per conflict-free wavefront > 0.5' "$tmp/cg.csv"
# pad0 per instruction: 3,670,016 / (98,304 + 8,192) = 34.46
check_grep "counter_gates: pad0 conflicts per shared instruction 34.46" '\(34.46 per shared instruction\)' "$tmp/cg.csv"
# simt has no bytes-per-sector counters: 262,144 / 8,192 = 32 sectors per load request / 4 = 8x
check_grep "counter_gates: simt rejected, 8x the ideal sectors (fallback)" '^simt,reject,bad_coalescing,".*global loads fetch 8x the ideal sectors \(sectors per request over --ideal-sectors\) > 2' "$tmp/cg.csv"
check_grep "counter_gates: swz coalescing from bytes per sector, 1x" 'swz,.*global loads fetch 1x the ideal sectors \(bytes used per sector\) <= 2' "$tmp/cg.csv"
"$T/counter_gates" --ideal-sectors 16 --bank-conflict-max 7 "$tmp/pad0.csv" "$tmp/simt.csv" >"$tmp/cg2.csv"
check_grep "counter_gates: 7 <= --bank-conflict-max 7 passes" '^pad0,pass,,' "$tmp/cg2.csv"
check_grep "counter_gates: 32/16 = 2x <= 2 passes with --ideal-sectors 16" '^simt,pass,,' "$tmp/cg2.csv"
"$T/counter_gates" --bank-conflict-max 6.9 --coalesce-factor 1.5 "$tmp/pad0.csv" >"$tmp/cg3.csv"
check_grep "counter_gates: 7 > 6.9 rejects" '^pad0,reject,bank_conflicts,' "$tmp/cg3.csv"
sed 's/,global_ld_bytes_per_sector_pct,100,/,global_ld_bytes_per_sector_pct,25,/' "$tmp/swz.csv" >"$tmp/u25.csv"
"$T/counter_gates" "$tmp/u25.csv" >"$tmp/cg4.csv"
check_grep "counter_gates: 25% of each sector used = 4x > 2" '^swz,reject,bad_coalescing,".*global loads fetch 4x' "$tmp/cg4.csv"
sed 's/,global_ld_bytes_per_sector_pct,100,/,global_ld_bytes_per_sector_pct,25,/' "$tmp/pad0.csv" >"$tmp/both.csv"
"$T/counter_gates" "$tmp/both.csv" >"$tmp/cg5.csv"
check_grep "counter_gates: both gates: first reason, the other named" '^pad0,reject,bank_conflicts,".*; also bad_coalescing"$' "$tmp/cg5.csv"
head -n 1 "$tmp/swz.csv" >"$tmp/none.csv"; echo "x,$S,duration,5,ns" >>"$tmp/none.csv"
"$T/counter_gates" "$tmp/none.csv" >"$tmp/cg6.csv"
check_grep "counter_gates: no counters: pass, said in detail" '^x,pass,,".*bank conflicts not measured.*coalescing not measured' "$tmp/cg6.csv"
"$T/counter_gates" --coalesce-factor 0.5 "$tmp/swz.csv" >/dev/null 2>"$tmp/err"
check_eq "counter_gates: factor < 1: exit 2" $? 2
"$T/counter_gates" >/dev/null 2>"$tmp/err"
check_eq "counter_gates: no file: exit 2" $? 2
printf 'variant,shape,metric,value,unit\nv,%s,duration,12,byte\n' $S >"$tmp/badunit.csv"
"$T/counter_gates" "$tmp/badunit.csv" >/dev/null 2>"$tmp/err"
check_eq "counter_gates: wrong unit: exit 2" $? 2
check_grep "counter_gates: ... with file:line" "badunit.csv:2: duration: unit 'byte', expected 'ns'" "$tmp/err"
printf 'variant,shape,metric\n' >"$tmp/badhdr.csv"
"$T/counter_gates" "$tmp/badhdr.csv" >/dev/null 2>"$tmp/err"
check_grep "counter_gates: bad header: file:line" "badhdr.csv:1: header is not" "$tmp/err"
printf 'variant,shape,metric,value,unit\nv,%s,duration,abc,ns\n' $S >"$tmp/nan.csv"
"$T/counter_gates" "$tmp/nan.csv" >/dev/null 2>"$tmp/err"
check_grep "counter_gates: non-number value: file:line" "nan.csv:2: 'abc' is not a number" "$tmp/err"
printf 'variant,shape,metric,value,unit\nv,%s,duration,1,ns\nw,%s,duration,1,ns\n' $S $S >"$tmp/mixed.csv"
"$T/counter_gates" "$tmp/mixed.csv" >/dev/null 2>"$tmp/err"
check_grep "counter_gates: two variants in one file: file:line" "mixed.csv:3: variant/shape" "$tmp/err"

# --- the counter gates folded into the gate table (counter_gates, then gatetab stage, as
# build/tools/profile and make profile-gates call them) ---------------------------------------------------
G='variant,verdict,reason,detail,kernel,regs,spill_stores,spill_loads,stack,smem_static,smem_dynamic,threads,blocks_per_sm,occupancy,ctas_min,ctas_max'
mkdir -p "$tmp/b/e" "$tmp/b/f"
{ echo "$G"
  for v in swz pad0 simt other; do echo "$v,pass,,\"occupancy 0.25 at shape $S, limited by regs\",flash_attn_fwd,128,0,0,0,0,41984,128,2,0.25,256,256"; done
} >"$tmp/b/e/gates.csv"
cp "$tmp/b/e/gates.csv" "$tmp/b/f/gates.csv"
cp "$tmp/b/e/gates.csv" "$tmp/g0.csv"
# fold EXP_DIR [DEST] PROFILE...: the counter gates of the profiles into EXP_DIR's gate table
fold() { local d=$1 dest=$2; shift 2
  "$T/counter_gates" --bank-conflict-max 0.5 --coalesce-factor 2 --ideal-sectors 4 "$@" >"$d/counter_gates.csv" &&
    "$T/gatetab" stage "$d" counters "$d/counter_gates.csv" ${dest:+"$dest"}; }
# no rejects and no runtime rows: the table merged is the static one
fold "$tmp/b/f" "" "$tmp/swz.csv" >"$tmp/out" 2>"$tmp/err"
check_eq "counter gates: all pass: exit 0" $? 0
check "counter gates: all pass, no runtime rows: gates_run.csv is gates.csv" cmp "$tmp/g0.csv" "$tmp/b/f/gates_run.csv"
echo 'other,numerics,"max rel err 0.5"' >"$tmp/b/e/runtime.csv"
fold "$tmp/b/e" "" "$tmp/swz.csv" "$tmp/pad0.csv" "$tmp/simt.csv" >"$tmp/out" 2>"$tmp/err"
check_eq "counter gates: exit 0" $? 0
check_grep "counter gates: the count of the stage" "^3 variants, 1 pass, 1 bank_conflicts, 1 bad_coalescing\$" "$tmp/out"
check_grep "counter gates: runtime row of pad0 (variant,reason,detail)" '^pad0,bank_conflicts,"shape B2_H8_S1024_D64_C0: bank conflicts 7 ' "$tmp/b/e/runtime.csv"
check_grep "counter gates: pad0 rejected in gates_run.csv, static columns kept" '^pad0,reject,bank_conflicts,".*",flash_attn_fwd,128,0,0,0,0,41984,128,2,0.25,256,256$' "$tmp/b/e/gates_run.csv"
check_grep "counter gates: simt rejected in gates_run.csv" '^simt,reject,bad_coalescing,' "$tmp/b/e/gates_run.csv"
check_grep "counter gates: swz row unchanged" "^swz,pass,,\"occupancy 0.25 at shape $S, limited by regs\"" "$tmp/b/e/gates_run.csv"
check_grep "counter gates: measure's row still merged" '^other,reject,numerics,' "$tmp/b/e/gates_run.csv"
check_eq "counter gates: 16 columns everywhere" "$(awk -F'"' '{ print $1 $3 }' "$tmp/b/e/gates_run.csv" | awk -F, '{ print NF }' | sort -u)" 16
check "counter gates: the static gates.csv is never rewritten" cmp "$tmp/g0.csv" "$tmp/b/e/gates.csv"
check_eq "counter gates: runtime.csv keeps measure's row, adds 2" "$(wc -l <"$tmp/b/e/runtime.csv")" 3
cp "$tmp/b/e/gates_run.csv" "$tmp/g1.csv"
fold "$tmp/b/e" "$tmp/pub" "$tmp/swz.csv" "$tmp/pad0.csv" "$tmp/simt.csv" >/dev/null 2>&1
check_eq "counter gates: a rerun adds no duplicate rows" "$(wc -l <"$tmp/b/e/runtime.csv")" 3
check "counter gates: a rerun leaves gates_run.csv as it was" cmp "$tmp/g1.csv" "$tmp/b/e/gates_run.csv"
check "counter gates: DEST gets the merged table" cmp "$tmp/g1.csv" "$tmp/pub/gates.csv"
mkdir -p "$tmp/b/g"
fold "$tmp/b/g" "" "$tmp/swz.csv" 2>"$tmp/err"
check_eq "counter gates: no gates.csv: exit 2" $? 2
check_grep "counter gates: ... says so" "^gatetab: $tmp/b/g/gates.csv: missing\$" "$tmp/err"

# --- the appendix's profile section: report_gen with profiles and no experiment ----------------
# psec ARGS...: the appendix of DATA=$tmp/data with ARGS (--profile FILE...) into $tmp/p.{tex,md}
psec() { "$T/report_gen" --data "$tmp/data" --build "$tmp/rb" --static reports --tex "$tmp/p.tex" --md "$tmp/p.md" "$@"; }
D=$tmp/data/phase1/nvidia-h100-80gb-hbm3/profile
mkdir -p "$D"
cp "$tmp/swz.csv" "$tmp/pad0.csv" "$tmp/simt.csv" "$D/"
psec --profile "$D/pad0.csv" --profile "$D/simt.csv" --profile "$D/swz.csv" 2>"$tmp/err"
check_eq "profile_section: exit 0" $? 0
check_grep "profile_section: md heading per experiment and GPU" '^### A[.0-9]+ Profile counters: phase1 on nvidia-h100-80gb-hbm3$' "$tmp/p.md"
# swz: 41000 ns = 41.00 us; DRAM (8,300,000 + 4,194,304) B = 12.494 MB; 131072/8192 = 16 sectors/req
check_grep "profile_section: swz counters row" '^\| `swz` \| 41.00 \| 55.0 \| 41.5 \| 23.4 \| 30.2 \| 12.494 \| 16.00 \| 0.000 \| 45.0 \| 128 \| 41.0 \|$' "$tmp/p.md"
check_grep "profile_section: pad0 conflict rate 7" '^\| `pad0` \|.*\| 7.000 \|' "$tmp/p.md"
check_grep "profile_section: simt tensor n/a as a dash" '^\| `simt` \| 41.50 \| 55.0 \| 41.5 \| 23.4 \| — \|' "$tmp/p.md"
# FLOPs 4*2*8*1024*1024*64 = 4.295e9; min bytes 2*(2*16*1024*64*2) = 8.389 MB, AI 512;
# measured AI 4294967296 / 12494304 = 343.8; 4294967296 / 41000 ns = 104.76 TFLOP/s;
# H100 datasheet roof at AI 343.8: min(3350*343.8/1000, 989) = 989; 104.76 / 989 = 10.6 %
check_grep "profile_section: roofline row of swz" '^\| `swz` \| 4.295 \| 12.494 \| 8.389 \| 343.8 \| 512.0 \| 104.76 \| 989.0 \| 10.6 \|$' "$tmp/p.md"
check_grep "profile_section: roof source named" 'roof: datasheet' "$tmp/p.md"
# measured ceilings: the compute roof is the highest FLOP-rate row, named. With a wgmma row (700)
# above the mma.sync one (600): at AI 343.8 min(3000 * 343.8 / 1000, 700) = 700, 104.76 / 700 =
# 15.0 %; without it, 600 and 104.76 / 600 = 17.5 %
mkdir -p "$tmp/data/ceilings"
C=$tmp/data/ceilings/nvidia-h100-80gb-hbm3.csv
printf '%s\n' '# cudadent42 ceilings v1' 'metric,value,unit,n,min,max' 'dram_read_bw,3000,GB/s,30,2990,3010' \
  'mma_f16_f32_tflops,600,TFLOPS,30,590,610' 'wgmma_f16_f32_tflops,700,TFLOPS,30,690,710' >"$C"
psec --profile "$D/swz.csv" 2>"$tmp/err"
check_grep "profile_section: a wgmma row above mma.sync: the roof is 700" '^\| `swz` \| 4.295 \| 12.494 \| 8.389 \| 343.8 \| 512.0 \| 104.76 \| 700.0 \| 15.0 \|$' "$tmp/p.md"
check_grep "... and the text names the wgmma row" 'roof: measured ceilings \(memory: `dram_read_bw`; compute: `wgmma_f16_f32_tflops`\)' "$tmp/p.md"
sed -i '/^wgmma_/d' "$C"
psec --profile "$D/swz.csv" 2>"$tmp/err"
check_grep "profile_section: no wgmma row: the roof is mma.sync's 600" '^\| `swz` \| 4.295 \| 12.494 \| 8.389 \| 343.8 \| 512.0 \| 104.76 \| 600.0 \| 17.5 \|$' "$tmp/p.md"
check_grep "... and the text names the mma.sync row" 'roof: measured ceilings \(memory: `dram_read_bw`; compute: `mma_f16_f32_tflops`\)' "$tmp/p.md"
rm -r "$tmp/data/ceilings"
check_grep "profile_section: tex table" '^\\texttt{swz} & 41.00 & 55.0' "$tmp/p.tex"
check_grep "profile_section: tex escapes the experiment name" 'Profile counters: phase1 on nvidia-h100-80gb-hbm3' "$tmp/p.tex"
psec
check_grep "profile_section: no profiles: a note" "No Nsight Compute profiles are published" "$tmp/p.md"
cp "$tmp/swz.csv" "$tmp/flat.csv"
psec --profile "$tmp/flat.csv" 2>"$tmp/err"
check_eq "profile_section: a path outside DATA/<exp>/<gpu>/profile: exit 2" $? 2
sed "s/$S/B2_bad/" "$tmp/swz.csv" >"$D/badshape.csv"
psec --profile "$D/badshape.csv" 2>"$tmp/err"
check_grep "profile_section: not a shape name: file:line" "badshape.csv:2: 'B2_bad' is not a shape name" "$tmp/err"
sed "s/$S/B2_bad/" "$tmp/swzh.csv" >"$D/badshape.csv"
psec --profile "$D/badshape.csv" 2>"$tmp/err"
check_grep "profile_section: ... the line of the first row after a provenance header" "badshape.csv:6: 'B2_bad' is not a shape name" "$tmp/err"
rm "$D/badshape.csv"
# what code the profiles are of, against the sample files of the experiment on that GPU (their
# `# code:`): none of ours there, the same, another, not recorded, several
psec --profile "$D/swz.csv" 2>"$tmp/err"
check_grep "profile_section: a profile without a header: its code not recorded; no sample file of ours" \
  '^Profiled code: not recorded .*; the experiment has no sample file of our kernels on this GPU\.$' "$tmp/p.md"
printf '%s\n' '# cudadent42 samples v1' '# code: kernels:0123456789ab' 'shape,rep,time_us' >"$D/../v5.csv"
printf '%s\n' '# cudadent42 samples v1' '# code: sdpa:feedfacecafe torch=2' 'shape,rep,time_us' >"$D/../sdpa-cudnn.csv"
cp "$tmp/swzh.csv" "$D/swz.csv"
psec --profile "$D/swz.csv" 2>"$tmp/err"
check_grep "profile_section: the samples' code (a library's left aside): the code of the timings" \
  '^Profiled code: `kernels:0123456789ab` \(commit `abc123`\), that of the experiment.s sample files on this GPU\.$' "$tmp/p.md"
sed -i 's/^# code: kernels:0123456789ab$/# code: kernels:ba9876543210/' "$D/../v5.csv"
psec --profile "$D/swz.csv" 2>"$tmp/err"
check_grep "profile_section: samples of other code: said" \
  '^Profiled code: `kernels:0123456789ab` .*; the experiment.s sample files on this GPU are of `kernels:ba9876543210`: these counters are of other code' "$tmp/p.md"
cp "$tmp/swz.csv" "$D/swz.csv"
sed "s/^swz,/pad0,/" "$tmp/swzh.csv" >"$D/pad0.csv"
psec --profile "$D/pad0.csv" --profile "$D/swz.csv" 2>"$tmp/err"
check_grep "profile_section: profiles of several codes: per variant" \
  '^Profiled code, per variant: `pad0` `kernels:0123456789ab` \(commit `abc123`\); `swz` not recorded; the experiment.s sample files' "$tmp/p.md"
printf '%s\n' '# cudadent42 samples v1' '# code: kernels:0123456789ab' 'shape,rep,time_us' >"$D/../v4.csv"
psec --profile "$D/swz.csv" 2>"$tmp/err"
check_grep "profile_section: sample files of several codes: said" 'sample files on this GPU are of several codes\.$' "$tmp/p.md"
cp "$tmp/swzh.csv" "$D/swz.csv"
psec --profile "$D/swz.csv" 2>"$tmp/err"
check_grep "profile_section: a profile's code beside timings of several codes: not judged" \
  '^Profiled code: `kernels:0123456789ab` \(commit `abc123`\); the experiment.s sample files on this GPU are of several codes\.$' "$tmp/p.md"
rm "$D/../v5.csv" "$D/../v4.csv"
psec --profile "$D/swz.csv" 2>"$tmp/err"
check_grep "profile_section: a profile's code and no timings of ours: not judged" \
  '^Profiled code: `kernels:0123456789ab` \(commit `abc123`\); the experiment has no sample file of our kernels on this GPU\.$' "$tmp/p.md"
cp "$tmp/swz.csv" "$D/swz.csv"
printf '%s\n' '# cudadent42 samples v1' '# code: kernels:0123456789ab' 'shape,rep,time_us' >"$D/../v5.csv"
printf '%s\n' '# cudadent42 samples v1' '# code: kernels:0123456789ab' 'shape,rep,time_us' >"$D/../v4.csv"
rm "$D/../v5.csv" "$D/../v4.csv" "$D/../sdpa-cudnn.csv"
cp "$tmp/pad0.csv" "$D/pad0.csv"

# --- build/tools/profile with a stand-in ncu and bench -------------------------------------------
E=$tmp/pb/e
mkdir -p "$E/swz" "$E/cublas-naive" "$tmp/bin"
{ echo "$G"
  echo "swz,pass,,\"d\",flash_attn_fwd,128,0,0,0,0,41984,128,2,0.25,256,256"
  echo "cublas-naive,pass,,\"d\",softmax_rows,32,0,0,0,0,0,128,8,1,256,256"
} >"$E/gates.csv"
printf '%s\n' $S B1_H1_S128_D64_C0 >"$E/swz/shapes.txt"
printf 'shape=B1_H1_S128_D64_C0 kernel=other_kernel grid=2,1,1\nshape=%s kernel=flash_attn_fwd grid=16,16,1\n' $S >"$E/swz/describe.txt"
printf '#!/bin/sh\n[ "$1" = --gpu-slug ] && { echo nvidia-h100-80gb-hbm3; exit 0; }\nexit 0\n' >"$E/swz/bench"
chmod +x "$E/swz/bench"
cat >"$tmp/bin/ncu" <<EOF
#!/usr/bin/env bash
# stand-in ncu: records its arguments; --export writes a report, --import prints the fixture
echo "\$*" >>"$tmp/ncu.args"
if [ "\$1" = --import ]; then cat "$PWD/$F/swz.raw.csv"; exit 0; fi
m=\$(echo "\$*" | grep -oE '[a-z0-9_]+_op_ldgsts' | head -n 1)
if [ -n "\${FAKE_NO_LDGSTS:-}" ] && [ -n "\$m" ]; then echo "==ERROR== Failed to find metric regex:^\$m\\.(sum|avg|min|max)\$"; exit 1; fi
[ -n "\${FAKE_ALWAYS:-}" ] && [ "\$1" != --import ] && { echo "==ERROR== Failed to find metric regex:^\$(echo "\$*" | grep -oE -- '--metrics [a-z0-9_]+' | cut -d' ' -f2)\\.(sum)\$"; exit 1; }
[ -n "\${FAKE_SLOW:-}" ] && sleep 30
[ -n "\${FAKE_PERM:-}" ] && { echo "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission"; exit 1; }
if [ -n "\${FAKE_UNNAMED:-}" ] && [[ "\$*" == *sass_average* ]]; then echo "==ERROR== unnamed failure"; exit 1; fi
while [ \$# -gt 0 ]; do [ "\$1" = --export ] && { echo report >"\$2.ncu-rep"; }; shift; done
EOF
chmod +x "$tmp/bin/ncu"
# the sources of the code id the profiles record (CODE_SRC, as make passes it)
mkdir -p "$tmp/src/sub" && echo 'int a;' >"$tmp/src/k.cu" && echo 'int b;' >"$tmp/src/sub/h.h" && echo 'x' >"$tmp/src/notes.md"
run_profile() { env B="$tmp/pb" SESSION_BIN="$T/session" GPU_LOCK_DIR="$tmp/locks" TOOLS="$T" DATA_OUT="$tmp/pdata" NCU="$tmp/bin/ncu" VARIANTS=swz CODE_SRC="$tmp/src" "$@" "$T/profile" e 2>"$tmp/perr"; }
run_profile SHAPE=$S
check_eq "profile: exit 0 with a stand-in ncu" $? 0
check_grep "profile: --clock-control none" '--clock-control none' "$tmp/ncu.args"
check_grep "profile: the shape's kernel from describe.txt" 'regex:\^flash_attn_fwd\$' "$tmp/ncu.args"
check_grep "profile: skips the check launch, profiles 3" '--launch-skip 1 --launch-count 3' "$tmp/ncu.args"
check_grep "profile: bench in timing mode with few reps" "--shape $S --reps 3 --warmup 1 --l2 hot --hot-batch 1" "$tmp/ncu.args"
check_grep "profile: raw page with base units" '--import .*swz.ncu-rep --csv --page raw --print-units base' "$tmp/ncu.args"
check_eq "profile: tidy CSV written (its rows as ncu_csv's)" "$(grep -v '^#' "$E/profile/swz.csv")" "$(cat "$tmp/swz.csv")"
want=$(find "$tmp/src" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' -o -name '*.tunables' \) -print0 |
  LC_ALL=C sort -zu | xargs -0 sha256sum | sha256sum | cut -c1-12)
check_eq "profile: ... its header: the code id of CODE_SRC (as session_code_id.h defines it, by its shell pipeline), commit unknown without GIT_REV, the GPU's slug" \
  "$(grep '^#' "$E/profile/swz.csv" | tr '\n' '|')" "# cudadent42 profile v1|# code: kernels:$want|# git_rev: unknown|# gpu: nvidia-h100-80gb-hbm3|"
check "profile: baselines without a flag file are not profiled" bash -c "! grep -q cublas-naive '$tmp/ncu.args'"
check_grep "profile: counter gates run" "^profile: counter gates: 1 variants, 1 pass\$" "$tmp/perr"
check "profile: nothing published without PUBLISH=1" test ! -e "$tmp/pdata"
# with GIT_REV: the commit beside the code id
run_profile SHAPE=$S GIT_REV=abc123def456
check_eq "profile: with CODE_SRC and GIT_REV: exit 0" $? 0
check_eq "profile: ... the header records the sources' code id and the commit" \
  "$(sed -n '2,3p' "$E/profile/swz.csv" | tr '\n' '|')" "# code: kernels:$want|# git_rev: abc123def456|"
for bad in 'a b' $'ab\x01c'; do
  run_profile SHAPE=$S GIT_REV="$bad"; rc=$?
  check_eq "profile: a GIT_REV that is not one word of printable characters ($(printf %q "$bad")): exit 2 before ncu runs" $rc 2
done
run_profile SHAPE=$S CODE_SRC=
check_eq "profile: no CODE_SRC: exit 2" $? 2
check_grep "profile: ... says make passes it" "CODE_SRC: empty" "$tmp/perr"
rm -f "$tmp/ncu.args"
run_profile FAKE_NO_LDGSTS=1 PUBLISH=1
check_eq "profile: metrics ncu lacks: dropped one by one, exit 0" $? 0
check_grep "profile: ... said so" "retrying without l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts$" "$tmp/perr"
check_eq "profile: ... twice, then the rest of the set" "$(grep -c retrying "$tmp/perr")" 2
check_grep "profile: ... the last run keeps the other EXTRA metrics" 'sass_average_data_bytes_per_sector_mem_global_op_st.pct --export' "$tmp/ncu.args"
rm -f "$tmp/ncu.args"
run_profile FAKE_UNNAMED=1
check_eq "profile: an unnamed failure: retried without EXTRA, exit 0" $? 0
check_grep "profile: ... said so" "retrying without the EXTRA metrics" "$tmp/perr"
check_eq "profile: ... last run without any EXTRA metric" "$(tail -n 2 "$tmp/ncu.args" | head -n 1 | grep -c 'mem_shared.sum\|sass_average')" 0
rm -f "$tmp/ncu.args"
run_profile FAKE_ALWAYS=1
check_eq "profile: ncu failing every time: exit 2" $? 2
check_eq "profile: ... after 5 tries" "$(grep -c -- '--export' "$tmp/ncu.args")" 5
check_grep "profile: default shape is the experiment's first" "--shape $S --reps" "$tmp/ncu.args"
check "profile: PUBLISH=1 copies the tidy CSV" cmp "$E/profile/swz.csv" "$tmp/pdata/e/nvidia-h100-80gb-hbm3/profile/swz.csv"
check "profile: PUBLISH=1 publishes the gate table" test -f "$tmp/pdata/e/nvidia-h100-80gb-hbm3/gates.csv"
check_grep "profile: ... said which variant failed" "^profile: no variant profiled \(1 failed\)$" "$tmp/perr"
check_grep "profile: under the GPU's lock (the holder's note names the run)" "make profile EXP=e" "$tmp"/locks/cudadent42-gpu*.holder
rm -f "$tmp/ncu.args"
run_profile FAKE_SLOW=1 PROFILE_TIMEOUT=1
check_eq "profile: ncu past PROFILE_TIMEOUT: stopped, exit 2" $? 2
check_grep "profile: ... as timeout(1) says it (124), not retried" "swz: ncu failed \(exit 124\), see" "$tmp/perr"
check_eq "profile: ... one run" "$(grep -c -- '--export' "$tmp/ncu.args")" 1
rm -f "$tmp/ncu.args"
run_profile FAKE_PERM=1
check_eq "profile: ncu may not read the counters: exit 2" $? 2
check_grep "profile: ... says how to allow it" "ERR_NVGPUCTRPERM\): run as root or allow profiling" "$tmp/perr"
check_eq "profile: ... not retried" "$(grep -c -- '--export' "$tmp/ncu.args")" 1
run_profile PROFILE_TIMEOUT=2m
check_eq "profile: PROFILE_TIMEOUT not seconds: exit 2" $? 2
check_grep "profile: ... says so" "^profile: PROFILE_TIMEOUT '2m' is not a count of seconds$" "$tmp/perr"
run_profile NCU="$tmp/none/ncu"
check_eq "profile: NCU not an executable: exit 2" $? 2
check_grep "profile: ... says so" "^profile: NCU='$tmp/none/ncu' is not an executable$" "$tmp/perr"
"$T/profile" 2>"$tmp/perr"
check_eq "profile: no EXP: exit 2" $? 2
check_grep "profile: ... usage" "^profile: usage: profile EXP" "$tmp/perr"
run_profile VARIANT=nope
check_eq "profile: unknown VARIANT: exit 2" $? 2
check_grep "profile: ... names it" "^profile: e: no variant 'nope' passed the gates; see" "$tmp/perr"
B=$tmp/pb TOOLS=$T NCU= PATH=/usr/bin:/bin "$T/profile" e 2>"$tmp/perr"
check_eq "profile: no ncu: exit 2" $? 2
check_grep "profile: ... says it runs only on a GPU host" "ncu \(Nsight Compute\) not found" "$tmp/perr"
printf '#!/bin/sh\necho "no CUDA-capable device" >&2; exit 4\n' >"$E/swz/bench"
run_profile
check_eq "profile: no GPU: exit 2" $? 2
check_grep "profile: ... says so" "no usable GPU here" "$tmp/perr"
done_testing
