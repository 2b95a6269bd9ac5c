#!/usr/bin/env bash
# publish.sh — one session's sample files into the published directory: each NEW file (one
# session of one variant, named <variant>.csv or <variant>.session.csv) is appended to
# DEST/<variant>.csv when that file has a session column and the same code, flags, graph_calls,
# l2_flush, reps and warmup (`samples append`: old rows unchanged), else it replaces the file,
# saying which key differed. A NEW file the reader refuses (`samples check`: a time that is not a
# finite positive number, a session declared twice, ...) is not published, and said. Every write
# goes to a temp file in DEST and is renamed; the whole
# call holds a lock on DEST (DEST/.publish.lock), so sessions finishing at once on several GPUs
# or cluster nodes publish one after the other. A session already in DEST/<variant>.csv is not
# published again (said, not an error). Used by measure.sh and collect.sh.
#   publish.sh DEST NEW...
# Environment: SAMPLES_BIN (default build/tools/samples). Prints "N" (files published) on
# stdout; exit 1 when a file could not be published, 2 on a usage error.
set -u
say() { echo "measure: $*" >&2; }
[ $# -ge 1 ] || { echo "usage: publish.sh DEST NEW..." >&2; exit 2; }
dest=$1; shift
samples=${SAMPLES_BIN:-build/tools/samples}
mkdir -p "$dest" && exec 8>"$dest/.publish.lock" && flock 8 || { say "cannot lock $dest/.publish.lock"; exit 2; }

. tools/pipeline/header.sh  # hval
# why_not_append OLD NEW: empty if NEW (one session) may be appended to OLD, else the reason
why_not_append() {
  local old=$1 new=$2 k a n
  a=$(grep -m1 -v '^#' "$old"); n=$(grep -m1 -v '^#' "$new")
  [[ ,$a, == *,session,* ]] || { echo "it has no session column (written before sessions were recorded)"; return; }
  # (process: own or served, the rounds' process design; files from before it have none)
  for k in code flags graph_calls l2_flush reps warmup process; do
    [ "$(hval "$old" "$k")" = "$(hval "$new" "$k")" ] ||
      { echo "$k differs (published '$(hval "$old" "$k")', now '$(hval "$new" "$k")')"; return; }
  done
  [ "$a" = "$n" ] || echo "the columns differ (published '$a', now '$n')"
}
published=0 failed=0
for new in "$@"; do
  v=$(basename "$new"); v=${v%.csv}; v=${v%.session}
  # what the readers would refuse (a nan, negative or 1e300 time, a session declared twice, ...)
  # is never published: `samples check` is the reader every tool reads with
  if ! why=$("$samples" check "$new" 2>&1 >/dev/null); then
    say "$v: not published: ${why#samples: }"; failed=1; continue
  fi
  out=$dest/$v.csv tmp=$dest/.$v.csv.tmp session=$(hval "$new" session)
  # another GPU model's session neither joins nor replaces a file: a directory is of one model
  if [ -f "$out" ] && [ "$(hval "$out" gpu)" != "$(hval "$new" gpu)" ]; then
    say "$v: not published: $out is of GPU '$(hval "$out" gpu)', this session of '$(hval "$new" gpu)'"; failed=1; continue
  fi
  if [ -f "$out" ] && why=$(why_not_append "$out" "$new") && [ -z "$why" ]; then
    # NEW's header lines, every session line (old, then new), the CSV header row, OLD's rows
    # unchanged, NEW's rows
    "$samples" append "$out" "$new" >"$tmp"; arc=$?
    if [ $arc -eq 0 ]; then
      say "$v: session $session appended ($(grep -c '^# session\.' "$tmp") sessions in $out)"
    elif [ $arc -eq 3 ]; then  # (a rerun of a collect killed after publishing, say)
      rm -f "$tmp"; say "$v: session $session is already in $out: not published again"; continue
    else rm -f "$tmp"; say "$v: cannot append to $out: not published"; failed=1; continue; fi
  else
    if [ -f "$out" ]; then
      n=$(grep -c '^# session\.' "$out")
      [ "$n" -gt 0 ] && n="$n earlier session(s)" || n="its earlier samples"
      say "$v: $out replaced: $why; $n dropped"
    fi
    cp "$new" "$tmp" || { rm -f "$tmp"; say "$v: cannot write $tmp: not published"; failed=1; continue; }
  fi
  if [ -s "$tmp" ] && mv "$tmp" "$out"; then published=$((published + 1))
  else rm -f "$tmp"; say "$v: cannot write $out: not published"; failed=1; fi
done
echo "$published"
exit $failed
