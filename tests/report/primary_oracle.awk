# primary_oracle.awk — checks the opening of section A.0 (the claims each experiment declares,
# PRIMARY) of an appendix's Markdown against the files it is made from, read here on their own:
# every row of a "claims of `<exp>`" table against the primary row of build/<exp>/<gpu>/compare.csv
# at its shape (both medians, the speedup and its 95% CI, the verdict, Δ), our TFLOPS against the
# FLOPs of the `# work.<shape>:` header of data/<exp>/<gpu>/<cand>.csv over that median, the % of the
# roof against data/ceilings/<gpu>.csv (the highest bandwidth and tensor-core rows, the roof at the
# shape's FLOPs / bytes), each to the digits printed; every primary row of a GPU's table is there,
# once; and the statement before the table: the number of claims, each GPU's GPUs × sessions ×
# rounds × reps, the library's versions (its file's `code` header after the id) and the count of
# each verdict.
# Prints "ok …" or "mismatch …" lines, "table <exp> <gpu> <rows> of <primary rows>" per table and,
# last, "primary N checked M mismatches".
# Usage: awk -v build=DIR -v data=DIR -f tests/report/primary_oracle.awk appendix.md
function cells(line, c,   n, i) {
  n = split(line, c, / \| /)
  sub(/^\| /, "", c[1]); sub(/ \|$/, "", c[n])
  for (i = 1; i <= n; i++) gsub(/`|\*\*/, "", c[i])
  return n
}
function base_name(s) { sub(/.*\//, "", s); sub(/\.csv$/, "", s); return s }
function say(good, what) {
  checked++
  if (good) print "ok " what
  else { bad++; print "mismatch " what }
}
# whether printed number P (as the document writes it) is X to the digits it shows
function near(p, x,   d) {
  if (p !~ /^-?[0-9]+(\.[0-9]+)?$/ || x != x + 0) return 0
  d = index(p, ".") ? length(p) - index(p, ".") : 0
  return (p - x < 0 ? x - p : p - x) <= 0.5 * 10 ^ -d * (1 + 1e-9) + 1e-12
}
# the primary rows of EXP on GPU: P[exp, gpu, shape, cand, base, column]; NP[exp, gpu] rows
function load_compare(xe, gpu,   f, line, n, h, v, i, k) {
  if ((xe, gpu) in loaded) return
  loaded[xe, gpu] = 1
  f = build "/" xe "/" gpu "/compare.csv"
  n = 0
  while ((getline line <f) > 0) {
    if (line ~ /^#/) continue
    split(line, v, ",")
    if (!n++) { for (i in v) h[v[i]] = i; continue }
    if (v[h["family"]] != "primary") continue
    k = xe SUBSEP gpu SUBSEP v[h["shape"]] SUBSEP base_name(v[h["cand"]]) SUBSEP base_name(v[h["base"]])
    for (i in h) P[k, i] = v[h[i]]
    NP[xe, gpu]++
    pkeys[xe, gpu, NP[xe, gpu]] = k
    verdicts[xe, gpu, v[h["verdict"]]]++
    claims[xe]++
  }
  close(f)
}
# header line KEY of a sample file, or ""
function header(f, key,   line, want, r) {
  want = "# " key ": "; r = ""
  while ((getline line <f) > 0) {
    if (line !~ /^#/) break
    if (index(line, want) == 1) r = substr(line, length(want) + 1)
  }
  close(f)
  return r
}
function kv(s, name,   a) {
  if (!match(s, name "=[^ ]+")) return ""
  a = substr(s, RSTART + length(name) + 1, RLENGTH - length(name) - 1)
  return a
}
# the roofs of GPU from its ceilings file: R_BW[gpu], R_TF[gpu] (0 when absent)
function load_roof(gpu,   f, line, v, bw, tf) {
  if (gpu in R_BW) return
  f = data "/ceilings/" gpu ".csv"; bw = 0; tf = 0
  while ((getline line <f) > 0) {
    if (line ~ /^#/) continue
    split(line, v, ",")
    if (v[1] ~ /^(dram_copy_bw|memcpy_d2d_bw|dram_read_bw)$/ && v[2] + 0 > bw) bw = v[2] + 0
    if (v[1] ~ /^(mma_f16_f32_tflops|wgmma_f16_f32_tflops)$/ && v[2] + 0 > tf) tf = v[2] + 0
  }
  close(f)
  R_BW[gpu] = bw; R_TF[gpu] = tf
}
function check_row(c,   k, w, fl, by, t, roof, sp, what) {
  k = texp SUBSEP tgpu SUBSEP c[1] SUBSEP tcand SUBSEP tbase
  what = texp " on " tgpu " at " c[1] " (" tcand " vs " tbase ")"
  if (!((k, "speedup") in P)) { say(0, what ": no primary row in " build "/" texp "/" tgpu "/compare.csv"); return }
  if (seen[k]++) say(0, what ": a row twice")
  rows[texp, tgpu]++
  say(near(c[2], P[k, "median_cand"]), what ": ours " c[2] " µs, compare.csv " P[k, "median_cand"])
  say(near(c[3], P[k, "median_base"]), what ": base " c[3] " µs, compare.csv " P[k, "median_base"])
  w = header(data "/" texp "/" tgpu "/" tcand ".csv", "work." c[1])
  if (w == "") w = header(data "/" texp "/" tgpu "/" tbase ".csv", "work." c[1])
  fl = kv(w, "flops"); by = kv(w, "bytes")
  t = fl / P[k, "median_cand"] / 1e6
  if (fl == "") say(c[4] == "—" && c[5] == "—", what ": no work header, the table " c[4] " TFLOPS, " c[5] " % roof")
  else say(near(c[4], t), what ": " c[4] " TFLOPS, work header " fl " FLOPs / " P[k, "median_cand"] " µs = " t)
  load_roof(tgpu)
  if (fl == "") return
  if (R_BW[tgpu] > 0 && R_TF[tgpu] > 0 && by > 0) {
    roof = R_BW[tgpu] * fl / by / 1000; if (roof > R_TF[tgpu]) roof = R_TF[tgpu]
    say(near(c[5], 100 * t / roof), what ": " c[5] " % roof, ceilings give " 100 * t / roof)
  } else say(c[5] == "—", what ": no measured roof, the table " c[5])
  sp = c[6]; gsub(/[×\[\],]/, " ", sp); split(sp, s3, / +/)
  say(near(s3[1], P[k, "speedup"]) && near(s3[2], P[k, "speedup_lo"]) && near(s3[3], P[k, "speedup_hi"]),
      what ": speedup " c[6] ", compare.csv " P[k, "speedup"] " [" P[k, "speedup_lo"] ", " P[k, "speedup_hi"] "]")
  say(c[7] == P[k, "verdict"], what ": verdict " c[7] ", compare.csv " P[k, "verdict"])
  d = c[8]; sub(/%$/, "", d)
  say(near(d, 100 * P[k, "delta"]), what ": Δ " c[8] ", compare.csv " P[k, "delta"])
  # the Holm-adjusted p: compare.csv's p_value where its correction is holm (2 significant digits)
  if (pcol) {
    if (P[k, "correction"] != "holm") say(c[pcol] == "—", what ": p " c[pcol] " of a row without Holm's correction")
    else say(c[pcol] + 0 > 0 && (c[pcol] - P[k, "p_value"]) ^ 2 <= (0.051 * P[k, "p_value"]) ^ 2, what ": p (Holm) " c[pcol] ", compare.csv " P[k, "p_value"])
  }
}
# the statement: "**Declared claims** of `<exp>`" …
/^\*\*Declared claims\*\* of `/ { split($0, q, "`"); stmt[q[2]] = $0; next }
/^\*\*Table [0-9]+\.\*\* The claims of `[^`]*` \(`[^`]*` vs `[^`]*`/ {
  split($0, q, "`"); texp = q[2]; tcand = q[4]; tbase = q[6]; intab = 1; tgpu = ""; next }
intab && /^$/ { if (tgpu != "") intab = 0; next }
intab && /^\| Shape \| / { pcol = 0; n = cells($0, hd); for (i = 1; i <= n; i++) if (hd[i] == "p (Holm)") pcol = i; next }
intab && /^\| -/ { next }
intab && /^\| `[^`]*`, [^|]*( \|)+$/ {
  split($0, q, "`"); tgpu = q[2]; load_compare(texp, tgpu); gpus[texp, tgpu] = 1
  if (match($0, /: `[^`]*` vs `[^`]*`/)) { split(substr($0, RSTART, RLENGTH), q, "`"); tcand = q[2]; tbase = q[4] }
  next }
intab && tgpu != "" && /^\| `/ { cells($0, c); check_row(c); next }
END {
  for (eg in gpus) {
    split(eg, a, SUBSEP)
    say(rows[a[1], a[2]] == NP[a[1], a[2]], "table " a[1] " " a[2] " has " rows[a[1], a[2]] + 0 " rows of " NP[a[1], a[2]] + 0 " primary rows")
    print "table " a[1] " " a[2] " " rows[a[1], a[2]] + 0 " of " NP[a[1], a[2]] + 0
    s = stmt[a[1]]
    if (s == "") { say(0, a[1] ": no statement before its table"); continue }
    # this GPU's design, from its first primary row
    key = pkeys[a[1], a[2], 1]
    ng = P[key, "n_gpus"]; ns = P[key, "n_sessions"]; nr = P[key, "n_rounds"]
    nn = P[key, "n_base"] + 0 < P[key, "n_cand"] + 0 ? P[key, "n_base"] : P[key, "n_cand"]
    des = ng " GPU" (ng == 1 ? "" : "s") " × " ns / ng " session" (ns / ng == 1 ? "" : "s") " × " nr / ns " round" (nr / ns == 1 ? "" : "s") " × " nn / nr " reps"
    name = header(data "/" a[1] "/" a[2] "/" base_name(P[key, "cand"]) ".csv", "gpu")
    # the GPU's sentence: "On NAME (`gpu`)[ (retired …)]: DESIGN[ (plan …)][, n of the plan's G GPUs
    # so far][ (fewer than 3 GPUs …)]; **V** at N, … of its M claims."
    i = index(s, "On " name " (`" a[2] "`)"); g = i ? substr(s, i) : ""
    g = substr(g, 1, index(g, " claims.") + 7)
    say(i > 0 && index(g, "): " des) > 0, a[1] " " a[2] ": the statement gives the design " des " for " name)
    say(index(g, " of its " NP[a[1], a[2]] " claims.") > 0, a[1] " " a[2] ": the statement counts its " NP[a[1], a[2]] " claims")
    for (ev in verdicts) { split(ev, b, SUBSEP); if (b[1] == a[1] && b[2] == a[2]) say(index(g, "**" b[3] "** at " verdicts[ev]) > 0, a[1] " " a[2] ": the statement counts " verdicts[ev] " " b[3]) }
    # fewer GPUs than 3: the sentence says the CIs hold for those GPUs only
    if (ng + 0 < 3) say(index(g, "GPU" (ng == 1 ? "" : "s") " only)") > 0, a[1] " " a[2] ": on " ng " GPUs the statement says its CIs hold for those only")
    vers = header(data "/" a[1] "/" a[2] "/" base_name(P[key, "base"]) ".csv", "code")
    if (index(vers, " ")) {
      vers = substr(vers, index(vers, " ") + 1); nv = split(vers, vv, " ")
      for (j = 1; j <= nv; j++) { split(vv[j], kvp, "="); say(index(s, "`" kvp[1] "` " kvp[2]) > 0, a[1] " " a[2] ": the statement gives the library's " vv[j]) }
    }
  }
  for (e in claims) {
    if (stmt[e] == "") continue
    say(index(stmt[e], "): " claims[e] " claims (`PRIMARY`)") > 0, e ": the statement counts " claims[e] " claims")
  }
  print "primary " checked + 0 " checked " bad + 0 " mismatches"
}
