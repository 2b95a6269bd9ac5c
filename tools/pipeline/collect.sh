#!/usr/bin/env bash
# collect.sh — the sessions that cluster jobs (`make measure RUNNER=slurm`) staged under
# build/EXP/slurm/<session>/, published into DATA_OUT: a session is taken only when its job wrote
# DONE (`session measure` writes it last), so a job that failed, timed out or was pre-empted publishes
# nothing, and it is named (once: marked FAILED). Each taken session is marked PUBLISHED, so
# collecting again (a rerun after an interrupted make) takes only what is new; a collect killed
# between publishing a session and marking it publishes nothing twice (`samples publish` skips a session
# a file already holds). The directory DONE names must be the session's own staging
# (<session>/data/EXP/<gpu slug>). Then the gate table is merged and published.
#   collect.sh EXP
# Environment: B, DATA_OUT (data), SAMPLES_BIN, GATETAB (default $B/tools/gatetab). Exit 0 when every staged session was published,
# 1 when a job did not finish (the others are published), 2 on a usage error.
set -u
exp=${1:?usage: collect.sh EXP}
b=${B:-build}/$exp
say() { echo "measure: $*" >&2; }
rc=0 taken=0 dests=()
for d in "$b"/slurm/*/; do
  [ -d "$d" ] || continue
  s=$(basename "$d")
  [ -f "$d/PUBLISHED" ] || [ -f "$d/FAILED" ] && continue
  if [ ! -f "$d/DONE" ]; then
    # collect runs once make has waited for every job: a session without DONE will not finish
    say "session $s: its job did not finish (failed, timed out or pre-empted; see $d/job.log): nothing of it published"
    touch "$d/FAILED"; rc=1; continue
  fi
  read -r _ staged <"$d/DONE"
  # (the staged directory must be this session's own: <session dir>/data/EXP/<GPU slug>)
  slug=$(basename "$staged")
  if [[ ! $slug =~ ^[a-z0-9][a-z0-9-]{0,79}$ ]] || [ "$(cd "$staged" 2>/dev/null && pwd -P)" != "$(cd "$d" && pwd -P)/data/$exp/$slug" ]; then
    say "session $s: DONE names '$staged', not a GPU directory of its own staging ($d/data/$exp/<gpu>): nothing of it published"
    touch "$d/FAILED"; rc=1; continue
  fi
  dest=${DATA_OUT:-data}/$exp/$slug
  # the staged sample files, known by their first line (gates.csv and numerics.csv are tables)
  mapfile -t files < <(for f in "$staged"/*.csv; do [ -f "$f" ] && head -n 1 "$f" | grep -q '^# cudadent42 samples' && echo "$f"; done)
  [ ${#files[@]} -gt 0 ] || { say "session $s: no sample file staged"; rc=1; continue; }
  n=$("${SAMPLES_BIN:-${B:-build}/tools/samples}" publish "$dest" "${files[@]}") || rc=1
  # the session's numerics table (its rows, after the table's two header lines), as measure publishes it
  if [ -f "$staged/numerics.csv" ]; then
    # (its rows: the lines after the header and the columns line; its commit from its header)
    rev=$(sed -n 's/^# git_rev: //p' "$staged/numerics.csv" | head -n 1)
    code=$(sed -n 's/^# code: //p' "$staged/numerics.csv" | head -n 1)
    awk 'h { print } !/^#/ { h = 1 }' "$staged/numerics.csv" >"$d/numerics.rows" &&
      { flock 8; "${NUMTAB:-${B:-build}/tools/numtab}" publish --git-rev "${rev:-unknown}" --code "${code:-none}" "$d/numerics.rows" "$dest" 2>/dev/null; } 8>"$dest/.publish.lock"; nrc=$?
    # (3: its session is in the table already, a collect killed before marking it: not again)
    [ $nrc -eq 0 ] || [ $nrc -eq 3 ] || { say "session $s: its numerics table was not published"; rc=1; }
  fi
  touch "$d/PUBLISHED"; taken=$((taken + 1))
  say "session $s: ${n:-0} sample files published in $dest"
  [[ " ${dests[*]-} " == *" $dest "* ]] || dests+=("$dest")
done
for dest in "${dests[@]}"; do { flock 8; "${GATETAB:-${B:-build}/tools/gatetab}" merge "$b" "$dest"; } 8>"$dest/.publish.lock"; done
say "collected $taken session(s) of $exp"
exit $rc
