# merge_rounds.awk — one session's round files of one variant as one sample file: round 1's
# header lines, `# rounds:`, `# temp_end_c_last_round:`, this session's `# session.<id>:` line, the
# CSV header row with round,session,position added, then the rows (rep renumbered per shape
# across the rounds, shape being the first column). The only writer of merged sample files:
# tools/pipeline/measure.sh and tools/search/search.sh (its confirmation) both call it.
#   awk -F, -f tools/samples/merge_rounds.awk -v rounds=R -v session=ID -v pos="P1 P2 ..." \
#       -v fallback_date=ISO -v host=H -v uuid=U -v seed=S -v v=VARIANT -v last_temp=T FILE...
# Exit 3 when a round's CSV header row differs from round 1's.
function key(line) { line = substr(line, 3); sub(/:.*/, "", line); return line }
function val(line) { sub(/^# [^:]*: ?/, "", line); return line }
BEGIN { split(pos, position, " ") }
FNR == 1 { f++; hdr = 0 }
/^#/ { if (f == 1) { print; h[key($0)] = val($0) }; next }
!hdr { hdr = 1
       if (f == 1) {
         print "# rounds: " rounds
         if (rounds > 1 && last_temp != "") print "# temp_end_c_last_round: " last_temp
         printf "# session.%s: date=%s host=%s gpu_uuid=%s git_rev=%s rounds=%d order_seed=%s\n",
           session, ("date" in h) ? h["date"] : fallback_date, host, uuid,
           ("git_rev" in h) ? h["git_rev"] : "unknown", rounds, seed
         print $0 ",round,session,position"; first = $0
         for (i = 1; i <= NF; i++) if ($i == "rep") repcol = i
       } else if ($0 != first) {
         printf "measure: %s: round %d has columns %s, round 1 %s\n", v, f, $0, first > "/dev/stderr"; bad = 1; exit 3
       }
       next }
{ n = split($0, c, ",")
  if (repcol) c[repcol] = seen[c[1]]++
  line = c[1]; for (i = 2; i <= n; i++) line = line "," c[i]
  print line "," f "," session "," position[f] }
END { if (bad) exit 3 }
