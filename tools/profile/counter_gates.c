// counter_gates — the bank_conflicts and bad_coalescing gates from tidy profile CSVs
// (tools/ncu_csv output, one file per variant).
//   counter_gates [--bank-conflict-max X] [--coalesce-factor F] [--ideal-sectors N] V.csv...
// Writes a gate table (gates/gate_table.h) "variant,verdict,reason,detail" (header, then one row
// per file, the detail quoted) with the measured values in detail; `gatetab stage` (called by
// build/tools/profile and `make profile-gates`) turns the rejects into runtime rows of build/<exp>/runtime.csv
// and merges them into the gate table. Exit 0 (rejects included), 2 on a usage or input error.
//
// bank_conflicts: shared memory serves a warp's request in wavefronts; a conflict-free request
//   of 4-byte lanes takes 1, of 16-byte lanes (LDS.128, ldmatrix .x4) 4, and every bank conflict
//   adds one (ncu's l1tex__data_bank_conflicts_* counts those extra wavefronts). The gate value
//   is extra wavefronts per conflict-free wavefront, conflicts / (wavefronts - conflicts), over
//   all shared-memory operations when ncu reports the totals (loads, stores, ldmatrix, cp.async
//   writes), else loads + stores: 0 conflict-free, 1 two-way on average, 7 eight-way. Conflicts
//   per shared instruction would count a conflict-free 16-byte access as 0 but a two-way one as
//   4, so it is reported, not gated. Reject when the value > BANK_CONFLICT_MAX (default 0.5).
// bad_coalescing: a sector is 32 bytes. A warp request of 32 lanes x w bytes at contiguous,
//   aligned addresses needs 32*w/32 = w sectors: 4 for 4-byte lanes (one 128-byte line),
//   8 for 8-byte, 16 for 16-byte vectors (four lines). Sectors per request alone therefore
//   cannot tell a coalesced 16-byte load (16) from a scattered 4-byte one (up to 32). The gate
//   uses ncu's smsp__sass_average_data_bytes_per_sector_mem_global_op_{ld,st}.pct — bytes the
//   threads asked for per byte of sectors fetched, 100% ideal — so sectors fetched per ideal
//   sector = 100 / pct, for any access width. Reject when that excess, for loads or stores,
//   > COALESCE_FACTOR (default 2). Without those counters it falls back to sectors per request
//   / --ideal-sectors (default 4, the 4-byte ideal; 16 for kernels of 16-byte vector accesses).
//   cp.async (LDGSTS) loads are not in op_ld; their sectors per request are in the table only.
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gates/gate_table.h"
#include "profile_metrics.h"

static _Noreturn void usage(const char *why) {
  fprintf(stderr,
          "counter_gates: %s\nusage: counter_gates [--bank-conflict-max X] [--coalesce-factor F] "
          "[--ideal-sectors N] V.csv...\n", why);
  exit(2);
}

static double num(const char *opt, const char *s, double lo) {
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (errno || end == s || *end || !isfinite(v) || v < lo) {
    fprintf(stderr, "counter_gates: %s: '%s' is not a number >= %g\n", opt, s, lo);
    exit(2);
  }
  return v;
}

typedef struct { double conflict_max, coalesce_factor, ideal_sectors; } limits;

// worst excess of sectors fetched over the ideal, for loads (0) or stores (1); NAN if unmeasured
static double excess(const pm_profile *p, int st, const limits *lim, int *from_pct) {
  double req = p->v[st ? PM_GST_REQ : PM_GLD_REQ], pct = p->v[st ? PM_GST_BPS_PCT : PM_GLD_BPS_PCT];
  if (!isnan(req) && req == 0) return NAN;  // no such accesses
  if (!isnan(pct) && pct > 0) { *from_pct = 1; return 100.0 / pct; }
  double spr = pm_sectors_per_request(p, st);
  return isnan(spr) ? NAN : spr / lim->ideal_sectors;
}

static void gate(const pm_profile *p, const limits *lim) {
  char bank[300] = "", coal[300] = "", detail[700];
  gate_outcome reason = GO_PASS, also = GO_PASS;
  double rate = pm_conflict_rate(p), cpr = pm_conflicts_per_request(p);
  if (isnan(rate))
    snprintf(bank, sizeof bank, "bank conflicts not measured (no shared-memory counters or traffic)");
  else {
    snprintf(bank, sizeof bank, "bank conflicts %.3g extra wavefronts per conflict-free wavefront%s%.3g"
             " (%.4g per shared instruction)", rate, rate > lim->conflict_max ? " > " : " <= ",
             lim->conflict_max, cpr);
    if (rate > lim->conflict_max) reason = GO_BANK_CONFLICTS;
  }
  int pld = 0, pst = 0;
  double eld = excess(p, 0, lim, &pld), est = excess(p, 1, lim, &pst);
  if (isnan(eld) && isnan(est))
    snprintf(coal, sizeof coal, "coalescing not measured (no global load/store counters)");
  else {
    int st = isnan(eld) || (!isnan(est) && est > eld);
    double e = st ? est : eld;
    int bad = e > lim->coalesce_factor;
    snprintf(coal, sizeof coal, "global %s fetch %.3gx the ideal sectors (%s)%s%g",
             st ? "stores" : "loads", e,
             (st ? pst : pld) ? "bytes used per sector" : "sectors per request over --ideal-sectors",
             bad ? " > " : " <= ", lim->coalesce_factor);
    if (bad) { if (reason != GO_PASS) also = GO_BAD_COALESCING; else reason = GO_BAD_COALESCING; }
  }
  snprintf(detail, sizeof detail, "shape %s: %s; %s%s%s", p->shape, bank, coal,
           also != GO_PASS ? "; also " : "", gate_outcome_str(also));
  gt_row r;
  gt_row_init(&r, 4);
  gt_row_set(&r, 0, p->variant, 0);
  gt_row_verdict(&r, reason, 0);
  gt_row_set(&r, 3, detail, 1);
  gt_write_row(stdout, &r, GT_TABLE);
  gt_row_free(&r);
}

int main(int argc, char **argv) {
  limits lim = {0.5, 2.0, 4.0};
  int first = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--bank-conflict-max") || !strcmp(argv[i], "--coalesce-factor") ||
        !strcmp(argv[i], "--ideal-sectors")) {
      if (i + 1 >= argc) usage("option needs a value");
      const char *o = argv[i], *v = argv[++i];
      if (!strcmp(o, "--bank-conflict-max")) lim.conflict_max = num(o, v, 0);
      else if (!strcmp(o, "--coalesce-factor")) lim.coalesce_factor = num(o, v, 1);
      else lim.ideal_sectors = num(o, v, 1);
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "counter_gates: unknown option '%s'\n", argv[i]);
      return 2;
    } else { first = i; break; }
  }
  if (!first) usage("no profile CSV given");
  gt_table head;
  gt_init(&head, GT_TABLE, "-", gt_static_columns, 4);  // variant,verdict,reason,detail
  gt_write(stdout, &head);
  gt_free(&head);
  for (int i = first; i < argc; i++) {
    pm_profile p;
    char err[700];
    if (pm_read(argv[i], &p, err, sizeof err)) { fprintf(stderr, "counter_gates: %s\n", err); return 2; }
    gate(&p, &lim);
  }
  return 0;
}
