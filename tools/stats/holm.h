// holm.h — Holm-Bonferroni adjusted p-values, as R's p.adjust(p, "holm"):
// sorted ascending, adj_(i) = max_{j <= i} min(1, (m - j + 1) p_(j)), returned in input order.
// NaN entries are left NaN and do not count in m.
#pragma once
#include <stddef.h>

// adj may alias p. Returns 0, or GSL_ENOMEM.
int holm_adjust(const double p[], size_t n, double adj[]);
