#!/usr/bin/env bash
# check_published.sh — published data must belong to the code that ships. A sample file of DATA
# (DATA/<exp>/<gpu>/<v>.csv whose first line is `# cudadent42 samples …`; gate tables, profiles,
# ceilings and calibrations are not samples) is STALE when its `# code:` id (up to the first
# space: a library's versions are only known on a GPU host) is not the id the sources give now
# (`session code-id`, tools/session/session_code_id.h), is a `-dirty` one, or is missing. A stale file may stay published
# only as retired, recorded in DATA/RETIRED (tools/pipeline/retired.sh owns that record).
#   check_published.sh check DATA EXP           exit 1, a line per offender, when a sample file
#       of EXP is stale and not retired, or a record of EXP no longer holds (the file is gone, or
#       it holds the code that ships again: re-published); 0 when none
#   check_published.sh stale DATA EXP           exit 1, a line each, when any sample file of EXP
#       is stale, retired or not (reproduce.sh refuses to judge a session against such a file)
#   check_published.sh retire DATA EXP REASON   records every stale file of EXP as retired (a
#       record that still holds keeps its day and reason) and drops EXP's records that no longer
#       hold; sample files are never edited or moved
#   check_published.sh exps DATA                the experiments to check: DATA's directories and
#       those a record names
# Environment (from make, for EXP: mk/published.mk): PROBLEM, CODE_SRC (the sources of the
# kernels id), LIB_BENCH (the library runner, if the problem has one). An experiment with no
# experiment.mk (PROBLEM empty) ships no code: every sample file of it is stale, to be retired.
# Exit 2 on usage or input errors.
set -u
. tools/pipeline/retired.sh
mode=${1:-} data=${2:-} exp=${3:-}
die() { echo "check-published: $*" >&2; exit 2; }
session_bin=${SESSION_BIN:-${B:-build}/tools/session}
case $mode in
  check|stale|retire) [ -n "$exp" ] && [ -d "$data" ] || die "usage: check_published.sh $mode DATA EXP (DATA a directory)" ;;
  exps) [ -d "$data" ] || die "DATA='$data': no such directory" ;;
  *) die "usage: check_published.sh check|stale|retire DATA EXP [REASON] | exps DATA" ;;
esac

# exps: DATA's directories (named as measure names them) and the experiments records name
list_exps() {
  local recs d e bad=0
  recs=$(retired_list "$data") || return 2
  for d in "$data"/*/; do
    [ -d "$d" ] || continue
    e=$(basename "$d")
    if [[ $e =~ ^[A-Za-z0-9][A-Za-z0-9_.+-]*$ ]]; then echo "$e"
    else echo "check-published: $d: not an experiment name ([A-Za-z0-9_.+-]): not checked" >&2; bad=1; fi
  done
  printf '%s\n' "$recs" | awk 'NF { split($1, p, "/"); print p[1] }'
  return $bad
}
if [ "$mode" = exps ]; then list_exps | LC_ALL=C sort -u; exit "${PIPESTATUS[0]}"; fi

exec 1>&2  # (the rest says what it finds: messages, on stderr)
# the ids of the code that ships for EXP (none without an experiment)
kid= rid=
if [ -n "${PROBLEM:-}" ]; then
  [ -n "${CODE_SRC:-}" ] || die "CODE_SRC: empty (make passes the sources of $exp's code id)"
  kid=$("$session_bin" code-id kernels $CODE_SRC) || exit 2
  [ -z "${LIB_BENCH:-}" ] || rid=$("$session_bin" code-id runner "$LIB_BENCH") || exit 2
fi
# the sample files of EXP: "<path relative to DATA> <code id up to its first space, or none>"
scan() {
  local f=()
  shopt -s nullglob; f=("$data/$exp"/*/*.csv); shopt -u nullglob
  [ ${#f[@]} -gt 0 ] || return 0
  awk -v n=$(( ${#data} + 1 )) 'function out() { if (p != "") print substr(p, n + 1) " " c; p = "" }
    FNR == 1 { out(); if (!/^# cudadent42 samples/) nextfile; p = FILENAME; c = "none"; next }
    /^# code:/ { if (c == "none") { v = substr($0, 8); sub(/^[ \t]+/, "", v); sub(/[ \t\r].*$/, "", v); if (v != "") c = v }; next }
    !/^#/ { out(); nextfile }
    END { out() }' "${f[@]}"
}
files=$(scan) || die "$data/$exp: cannot read its sample files"
recs=$(retired_list "$data" "$exp") || exit 2
declare -A rec line_of seen
while IFS= read -r l; do
  read -r p c _ <<<"$l"; [ -n "${p:-}" ] || continue
  rec[$p]=$c line_of[$p]=$l
done <<<"$recs"

tool=check-published; [ "$mode" = retire ] && tool=retire; [ "$mode" = stale ] && tool=reproduce
bad=0 new=$(mktemp) kept=0 added=0 dropped=0
trap 'rm -f "$new"' EXIT
day=$(date -u +%F)
reason=${4:-the code changed since these sessions; not re-published yet}
if [ "$mode" = retire ]; then
  [[ $reason =~ ^[^[:cntrl:]]+$ ]] && [[ $reason =~ [^[:space:]] ]] || die "REASON: one line of words, please"
fi
while read -r p have; do
  [ -n "${p:-}" ] || continue
  seen[$p]=1
  want=; [ -z "$kid" ] || { want=$("$session_bin" code-id for "$(basename "$p" .csv)" "$kid" "$rid"); want=${want%% *}; }
  if [ -n "$want" ] && [ "$have" = "$want" ]; then  # of the code that ships
    [ -z "${rec[$p]:-}" ] && continue
    case $mode in
      check) echo "$tool: $data/$p: retired in $data/RETIRED, but its code $have is the code that ships: drop the record (make retire EXP=$exp)"; bad=1 ;;
      retire) echo "$tool: $data/$p: its code $have is the code that ships again: record dropped" >&2; dropped=$((dropped + 1)) ;;
    esac
    continue
  fi
  ships=${want:-nothing: $exp has no experiment.mk}
  case $mode in
    stale)
      echo "$tool: $data/$p: published from code $have, not the code that ships ($ships): a fresh session cannot be judged against it; re-publish it (make measure EXP=$exp)"; bad=1 ;;
    check)
      [ "${rec[$p]:-}" = "$have" ] && continue
      if [ -n "$want" ]; then
        echo "$tool: $data/$p: code $have is not the code that ships ($want): re-publish it (make measure EXP=$exp) or retire it (make retire EXP=$exp)"
      else echo "$tool: $data/$p: code $have, but nothing of $exp ships (no experiment.mk): retire it (make retire EXP=$exp)"; fi
      bad=1 ;;
    retire)
      if [ "${rec[$p]:-}" = "$have" ]; then echo "${line_of[$p]}" >>"$new"; kept=$((kept + 1))
      else echo "$p $have $day $reason" >>"$new"; added=$((added + 1)); fi ;;
  esac
done <<<"$files"
# records of EXP whose file is gone
for p in "${!rec[@]}"; do
  [ -z "${seen[$p]:-}" ] || continue
  case $mode in
    check) echo "$tool: $data/$p: retired in $data/RETIRED, but there is no such sample file: drop the record (make retire EXP=$exp)"; bad=1 ;;
    retire) echo "$tool: $data/$p: no such sample file: record dropped" >&2; dropped=$((dropped + 1)) ;;
  esac
done
if [ "$mode" = retire ]; then
  retired_write "$data" "$exp" "$new" || exit 2
  echo "$tool: $exp: $((kept + added)) stale sample files retired in $data/RETIRED ($added newly, $kept already), $dropped records dropped" >&2
fi
exit $bad
