// san_shapes.h — the shapes a variant is sanitized on: those of SANITIZE_SHAPES (the experiment's
// choice of edge cases) that the variant runs, in the order given, else its COUNT smallest
// (SAN_SHAPES): the fewest bytes of the problem's work first, by `bench --describe`'s bytes= (the
// variant's describe.txt, one line a shape: "shape=S ... bytes=B ..."; lines without bytes= are
// left out, equal bytes keep the file's order). Pure: the files are strings.
#pragma once
#include "session/run_util.h"

// the shapes into OUT (a new list): WANT's words (SANITIZE_SHAPES; NULL: none) that are lines of
// SHAPES (the variant's shapes.txt; NULL: none), else the COUNT smallest of DESCRIBE (NULL: none)
void san_shapes(const char *want, const char *shapes, const char *describe, unsigned count, strv *out);
