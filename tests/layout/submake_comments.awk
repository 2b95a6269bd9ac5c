# submake_comments.awk — every recipe line that starts a make of its own ($(MAKE), or a variable
# defined as one) says why: a "# sub-make:" comment in the stanza (the lines since the last blank
# one) of its rule, or, for a variable, in the stanza that defines it. Prints FILE:LINE of each
# that does not; tests/layout/test_layout.sh runs it over Makefile and mk/*.mk.
FNR == 1 { stanza = "" }
/^[ \t]*$/ { stanza = ""; next }
/^#/ { stanza = stanza "\n" $0; next }
/^\t/ {
  direct = $0 ~ /\$\(MAKE\)/; by_var = 0; said = 1
  for (v in submake) if (index($0, "$(" v ")")) { by_var = 1; said = said && submake[v] }
  if (!direct && !by_var) next
  if (stanza ~ /# sub-make:/ || (!direct && said)) next
  print FILENAME ":" FNR ": a sub-make with no '# sub-make:' comment saying why"
  next
}
{
  # a variable whose value runs make: remembered, with whether its stanza says why
  if ($0 ~ /^[A-Z_]+[ \t]*[:?]?=/ && $0 ~ /\$\(MAKE\)/) {
    name = $0; sub(/[ \t]*[:?]?=.*/, "", name)
    submake[name] = stanza ~ /# sub-make:/
  }
  stanza = stanza "\n" $0
}
