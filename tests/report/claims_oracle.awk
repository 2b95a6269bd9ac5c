# claims_oracle.awk — reads a full appendix (Markdown) and checks section A.0, the claims, against
# the comparison tables of section A.3: every row of the table "our fastest against each library"
# and every headline claim must be a row of the comparison table of its experiment and GPU, at its
# shape, with the same candidate, base, speedup [95% CI], verdict and number of units (the declared
# claims that open A.0 are checked against compare.csv itself: primary_oracle.awk). Prints one
# line per claim ("ok …" or "mismatch …") and, last, "claims N matched M".
# Usage: awk -f tests/report/claims_oracle.awk appendix-full.md
function cells(line, c,   n, i) {
  n = split(line, c, / \| /)
  sub(/^\| /, "", c[1]); sub(/ \|$/, "", c[n])
  for (i = 1; i <= n; i++) gsub(/`|\*\*/, "", c[i])
  return n
}
# "ses. 3×10, paired" → "3 sessions", "ses. 2G·6×3" → "6 ses., 2 GPUs",
# "gpu 4G·8×3" → "4 GPUs", "rnd 1×5, paired" → "5 rounds": the units of a design cell
function units(u,   a, g) {
  if (match(u, /^gpu [0-9]+G/)) { a = substr(u, 5, RLENGTH - 5); return a " GPUs" }
  if (match(u, /^ses\. [0-9]+G/)) {
    g = substr(u, 6, RLENGTH - 6); a = u; sub(/^ses\. [0-9]+G[^0-9]*/, "", a); match(a, /^[0-9]+/)
    return substr(a, 1, RLENGTH) " ses., " g " GPUs" }
  if (match(u, /^ses\. [0-9]+/)) { a = substr(u, 6, RLENGTH - 5); return a " sessions" }
  # (the rounds taken after the "×", whatever width an awk gives that character: mawk counts
  # bytes, gawk in a UTF-8 locale characters)
  if (u ~ /^rnd 1×[0-9]+/) { a = u; sub(/^rnd 1×/, "", a); match(a, /^[0-9]+/); return substr(a, 1, RLENGTH) " rounds" }
  return "?"
}
/^## A\.0 / { sec = "claims"; next }
/^## A\.[1-9]/ { sec = "" }
/^### A\.3\./ { sec = "results" }
/^## A\.[4-9]/ { sec = "" }
# the comparison tables: caption, group rows (the shape), rows
sec == "results" && /^\*\*Table [0-9]+\.\*\* Comparisons of `/ {
  split($0, q, "`"); xexp = q[2]; xgpu = q[4]; intab = 1; seen_rows = 0; next }
sec == "results" && intab && /^$/ { if (seen_rows) intab = 0; next }
sec == "results" && intab && /^\| `[^`]*`( \|)+$/ { split($0, q, "`"); shape = q[2]; next }
sec == "results" && intab && /^\| / {
  n = cells($0, c)
  if (c[1] == "Candidate" || c[1] ~ /^-+:?$/) next
  seen_rows = 1
  sub(/ \*claim\*$/, "", c[1])  # (a declared claim's row is marked)
  key = xexp SUBSEP xgpu SUBSEP shape SUBSEP c[1] SUBSEP c[2]
  cmp[key] = c[4] " | " c[8] " | " units(c[6]); next }
# A.0: the claim sentences and the table
sec == "claims" && /^\*\*Headline\*\* \(A\.1\): experiment `/ { split($0, q, "`"); cexp = q[2]; cgpu = q[4]; next }
sec == "claims" && /^- At `/ && /: speedup / {
  split($0, q, "`"); shape_c = q[2]; if (q[4] != cgpu) { bad++; print "mismatch the claim at " q[2] " names GPU " q[4] ", its headline " cgpu }
  cand = q[6]; base = q[8]
  s = $0; sub(/.*: speedup /, "", s); sp = s; sub(/ \(95% CI\).*/, "", sp)
  v = s; sub(/.*; \*\*/, "", v); sub(/\*\*.*/, "", v)
  nn = s; sub(/.*n = /, "", nn); sub(/;.*/, "", nn); sub(/ of one session/, "", nn)
  claim(cexp, cgpu, shape_c, cand, base, sp " | " v " | " nn); next }
sec == "claims" && /^\| `[^`]*` on `[^`]*`( \((partly )?retired data\))?( \|)+$/ { split($0, q, "`"); texp = q[2]; tgpu = q[4]; next }
sec == "claims" && texp != "" && /^\| `/ {
  n = cells($0, c); nn = c[5]; sub(/ of one session/, "", nn)
  claim(texp, tgpu, c[1], c[2], c[3], c[4] " | " c[6] " | " nn); next }
function claim(e, g, sh, ca, ba, want,   k) {
  k = e SUBSEP g SUBSEP sh SUBSEP ca SUBSEP ba
  pending[++np] = k; wants[np] = want; what[np] = e " on " g " at " sh ": " ca " vs " ba
}
END {
  m = 0
  for (i = 1; i <= np; i++) {
    if (cmp[pending[i]] == wants[i]) { m++; print "ok " what[i] ": " wants[i] }
    else print "mismatch " what[i] ": claims say '" wants[i] "', the comparison table '" cmp[pending[i]] "'"
  }
  print "claims " np + bad " matched " m
}
