#!/usr/bin/env bash
# round_medians.sh — one observation per process: the median of each (shape, round) of a raw
# sample file, written as a sample file (metadata kept, `# level: process` added) to stdout.
#   round_medians.sh FILE
# The A/A experiment shows each process carrying its own offset (1-5% at ~10 us shapes), so
# comparisons of runs made in different sessions treat a process, not a sample, as the unit.
set -u
f=$1
awk -F, '
  /^#/ { print; next }
  !hdr { hdr = 1; for (i = 1; i <= NF; i++) c[$i] = i
         if (!("shape" in c) || !("time_us" in c) || !("round" in c)) {
           printf "round_medians: %s:%d: needs shape, time_us and round columns\n", FILENAME, FNR > "/dev/stderr"; bad = 1; exit 2 }
         print "# level: process (one median per shape and round)"; print "shape,rep,time_us"; next }
  { k = $c["shape"] SUBSEP $c["round"]; if (!(k in n)) order[++nk] = k; v[k, ++n[k]] = $c["time_us"] }
  END {
    if (bad) exit 2
    for (j = 1; j <= nk; j++) {
      k = order[j]; m = n[k]
      for (a = 1; a <= m; a++) x[a] = v[k, a] + 0
      for (a = 2; a <= m; a++) { t = x[a]; for (b = a - 1; b >= 1 && x[b] > t; b--) x[b + 1] = x[b]; x[b + 1] = t }
      med = (m % 2) ? x[(m + 1) / 2] : (x[m / 2] + x[m / 2 + 1]) / 2
      split(k, p, SUBSEP); printf "%s,%d,%.6g\n", p[1], rep[p[1]]++, med
    }
  }' "$f"
