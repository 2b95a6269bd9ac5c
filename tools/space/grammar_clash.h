// grammar_clash.h — do two problems' shape grammars share a name? A grammar is a parse function
// (kernels/harness/shape.h), code that cannot be intersected with another, so the question is
// asked of representative names: each problem's canonical names (its format) over a grid of axis
// values, those its own parse accepts, are parsed by the other problem. A name both accept is a
// clash: the roofline and the report take a shape for the first registered problem whose grammar
// parses it, so grammars must be disjoint. No clash found is evidence, not proof: a shared name
// off the grid, or one neither problem writes canonically, is not seen.
#pragma once
#include <stddef.h>

#include "shape.h"

// The largest number of probes (grid points) one problem's names are drawn from: the grid's
// values per axis shrink with the number of axes so that their product stays under it.
enum { GRAMMAR_PROBES_MAX = 1 << 14 };

// Searches the representative names of a, then those of b, for one both grammars accept.
// Returns 1 with that name in name (canonical for the problem it was drawn from), 0 when none.
int grammar_clash(const problem_host *a, const problem_host *b, char *name, size_t len);

// The number of axes of p (the words of p->axes).
int grammar_axes(const problem_host *p);
