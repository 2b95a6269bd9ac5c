# header.sh — sourced by measure.sh: a sample file's `# key: value` header from
# the shell (the C reader is tools/samples/samples.h).
#   hval FILE KEY          the value of `# KEY:` (the first), trimmed; empty when absent
#   has_session FILE ID    whether FILE records session ID (a `# session.ID:` line)
hval() {
  awk -v k="# $2:" '!/^#/ { exit } index($0, k) == 1 { v = substr($0, length(k) + 1)
    gsub(/^[ \t]+|[ \t\r]+$/, "", v); print v; exit }' "$1"
}
has_session() { awk -F, -v p="# session.$2:" '/^#/ { if (index($0, p) == 1) { f = 1; exit } next } { exit } END { exit !f }' "$1"; }
