// pick_tag.h — the letter of a new problem's shapes: its grammar is <TAG><n>, one field, so that
// it builds at once, and TAG is the first upper-case letter whose one-field grammar clashes with
// no registered problem's (tools/space/grammar_clash.h), so that its experiment passes shapecheck.
#pragma once

// The letter, or 0 when every letter clashes.
char pick_tag(void);
