#!/usr/bin/env bash
# retired.sh — the record of retired published files, DATA/RETIRED: its one reader and writer.
# A published sample file whose code is not the code that ships (check_published.sh) stays in
# DATA as it was measured; it may stay there only when this record names it, so that nothing
# presents it as a measurement of the current code (the appendix notes it: report.mk).
# Format: lines starting with '#' are comments; every other line names one retired sample file:
#   <exp>/<gpu>/<variant>.csv <code> <YYYY-MM-DD> <reason, in words, to the end of the line>
# the path relative to DATA, the file's `# code:` id up to its first space when it was retired
# (`none`: it had no `# code:` line), the day it was retired (UTC), and why.
# Sourced by check_published.sh:
#   retired_list DATA [EXP]       the records (of EXP), one a line
#   retired_write DATA EXP FILE   EXP's records replaced by the lines of FILE (records of other
#                                 experiments kept); the record is written whole and renamed
# As a command:
#   retired.sh summary DATA       per experiment with records, CSV `exp,files,date,reason`: how
#                                 many files are retired, the latest day and that record's reason
#                                 (what the appendix shows); the header row alone when none
retired_file() { echo "$1/RETIRED"; }
retired_list() {
  local f; f=$(retired_file "$1")
  [ -f "$f" ] || return 0
  awk -v e="${2:-}" -v f="$f" '/^#/ || NF == 0 { next }
    NF < 4 || $1 !~ /^[^\/]+\/[^\/]+\/[^\/]+\.csv$/ || $3 !~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]$/ {
      printf "retired: %s:%d: not a record (<exp>/<gpu>/<variant>.csv <code> <YYYY-MM-DD> <reason>)\n", f, FNR > "/dev/stderr"
      bad = 1; exit 2 }
    e == "" || index($1, e "/") == 1 { print }
    END { exit bad ? 2 : 0 }' "$f"
}
retired_write() {
  local data=$1 exp=$2 new=$3 f tmp
  f=$(retired_file "$data"); tmp=$f.tmp.$$
  # nothing to record and no record yet: no file is made
  [ -f "$f" ] || [ -s "$new" ] || return 0
  {
    if [ -f "$f" ]; then grep '^#' "$f"
    else printf '%s\n' "# RETIRED — published sample files of code that no longer ships, kept as measured" \
      "# (written by make retire, read by make check-published; format: tools/pipeline/retired.sh)" \
      "# <exp>/<gpu>/<variant>.csv <code> <YYYY-MM-DD> <reason>"
    fi
    { awk -v e="$exp" '/^#/ || NF == 0 { next } index($1, e "/") != 1' "$f" 2>/dev/null; cat "$new"; } | LC_ALL=C sort
  } >"$tmp" && mv "$tmp" "$f" || { rm -f "$tmp"; echo "retire: $f: cannot write" >&2; return 2; }
}
retired_summary() {
  local recs
  recs=$(retired_list "$1") || return 2
  echo "exp,files,date,reason"
  printf '%s\n' "$recs" | awk 'NF == 0 { next } { split($1, p, "/"); e = p[1]; n[e]++
      r = $0; for (i = 1; i <= 3; i++) sub(/^[^ ]+ +/, "", r)
      if ($3 >= d[e]) { d[e] = $3; why[e] = r } }
    END { for (e in n) { gsub(/"/, "\"\"", why[e]); printf "%s,%d,%s,\"%s\"\n", e, n[e], d[e], why[e] } }' | LC_ALL=C sort
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -u
  [ "${1:-}" = summary ] && [ $# -eq 2 ] || { echo "usage: retired.sh summary DATA" >&2; exit 2; }
  retired_summary "$2" || exit 2
fi
