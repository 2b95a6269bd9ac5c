// gate_merge.h — the gate table's updates: the runtime rows folded into the static table (the
// table of the latest GPU run), GATE_WAIVE's waivers, and a stage's rows replacing its earlier
// runtime rows (the counter gates, which run again on new profiles).
#pragma once
#include <stddef.h>

#include "gate_table.h"

// OUT (a GT_TABLE named PATH, STATIC's header): each row of STATIC, except that a variant with a
// row in RUNTIME (its first) becomes reject with that row's reason and detail, its other
// columns kept. The static table itself is left as it is (a transient failure, a run_timeout,
// does not keep the variant out of the next run).
void gm_merge(const gt_table *stat, const gt_table *runtime, const char *path, gt_table *out);

// Turns each reject of T named in WAIVERS ("VARIANT:REASON ...", GATE_WAIVE) into a pass with
// reason waived:REASON. 0, or -1 with "GATE_WAIVE: 'x' is not VARIANT:REASON" or an unknown
// reason in err.
int gm_waive(gt_table *t, const char *waivers, char *err, size_t errlen);

// RUNTIME (GT_RUNTIME) after a run of STAGE over the variants of ROWS (a table of that stage's
// verdicts, e.g. counter_gates'): the runtime rows of those variants with a reason of STAGE are
// dropped, then each reject of ROWS is appended as a runtime row (its detail as it was).
void gm_runtime_update(gt_table *runtime, const gt_table *rows, gate_stage stage);
