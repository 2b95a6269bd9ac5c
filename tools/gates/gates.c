// gates.c — the static gates of one variant, as one CSV row (no GPU needed).
//
//   gates --header
//   gates [--header] --variant V --arch sm_90 --status DIR/status [--ptxas DIR/build.log]
//         [--ptxas-arch sm_90] [--describe DIR/describe.txt] [--min-occupancy 0.5]
//         [--min-occupancy-of CONFIG=X ...] [--min-ctas N|Kx] [--sm-count N]
//
// --min-occupancy-of: in a dispatching build, the threshold for the shapes that configuration
// CONFIG serves (describe's config=), e.g. a looser one for a cp.async configuration.
// --arch picks the limits (arch_limits.c). --ptxas-arch picks whose resource report in the
// log counts; by default --arch when the log has kernels for it, else the log's only
// architecture (so a binary built for sm_90 can be gated against sm_89's limits).
// DIR/status: first line ok|build_failed|build_timeout|invalid_config, optional second line a
// one-line detail. Only with `ok` are the ptxas log and the describe file read (then both are
// required). describe.txt: one line per shape, `key=value` separated by spaces, keys shape,
// kernel, block=x,y,z, dyn_smem, ctas (default: grid product), work_items (default: ctas);
// other keys are ignored; `shape=S error=text to end of line` says the build cannot run S.
// Checks, first failing one wins: status; describe errors (invalid_config); smem_overflow
// (static + dynamic > per-block opt-in limit); register_spill (any kernel or device function
// whose name does not contain "bench_" with spill stores or loads); low_occupancy (theoretical
// occupancy of the main kernel < --min-occupancy, for the worst shape, or a block that cannot
// launch at all: too many threads or registers per block); too_few_ctas (only
// when --min-ctas > 0: max over shapes of max(ctas, work_items) < min-ctas; `Kx` means K x
// SM count, the SM count from --sm-count or the arch table).
// The main kernel of a shape is the entry (of the ptxas arch) whose mangled name equals kernel=, or
// holds it as a whole mangled identifier (<length><name>, e.g. 9flash_fwd), or as one followed by
// the start of its template arguments (flash_fwdILi64E: that instance); when several
// template instances match, the one with the lowest occupancy counts. In a dispatching build a
// shape's config= names the configuration whose section of the log (ptxas_report.h) holds it.
// Numeric columns describe the main kernel at the worst shape (the offending shape for
// smem_overflow); ctas_min/ctas_max are over shapes of max(ctas, work_items).
// Exit 0 with the row printed (pass or reject); 2 on usage or input errors.
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch_limits.h"
#include "build_status.h"
#include "gate_table.h"
#include "occupancy.h"
#include "ptxas_report.h"

struct shape {
  char name[128], kernel[256], error[512], config[64];  // config: a dispatching build's (describe config=)
  long line, threads, dyn_smem, ctas, work;
};

static _Noreturn void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("gates: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

// Counts, sizes and dimensions are at most 2^40: sums and products of a few of them then stay
// far inside a long, so no arithmetic below can wrap and turn a reject into a pass.
#define GATES_MAX_VALUE (1L << 40)

static long parse_long(const char *s, const char *what) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (end == s || *end || errno || v < 0) die("%s: '%s' is not a non-negative integer", what, s);
  if (v > GATES_MAX_VALUE) die("%s: '%s' is larger than 2^40", what, s);
  return v;
}

// Parse one describe line into sh (kernel=- is a library call); returns 0 for a blank or comment line, 1 for a shape.
static int parse_shape(char *s, const char *path, long line, struct shape *sh) {
  memset(sh, 0, sizeof *sh);
  sh->line = line;
  sh->ctas = sh->work = -1;
  char what[600];
  snprintf(what, sizeof what, "%s:%ld", path, line);
  while (*s == ' ') s++;
  if (!*s || *s == '#') return 0;
  int have_block = 0, have_dyn = 0;
  long grid = 1;
  while (*s) {
    char *key = s, *eq = strchr(s, '=');
    if (!eq) die("%s: '%.60s' is not key=value", what, key);
    *eq = 0;
    char *val = eq + 1;
    if (!strcmp(key, "error")) { snprintf(sh->error, sizeof sh->error, "%s", val); break; }
    s = val + strcspn(val, " ");
    if (*s) *s++ = 0;
    while (*s == ' ') s++;
    if (!strcmp(key, "shape")) snprintf(sh->name, sizeof sh->name, "%s", val);
    else if (!strcmp(key, "kernel")) snprintf(sh->kernel, sizeof sh->kernel, "%s", val);
    else if (!strcmp(key, "config")) snprintf(sh->config, sizeof sh->config, "%s", val);
    else if (!strcmp(key, "dyn_smem")) { sh->dyn_smem = parse_long(val, what); have_dyn = 1; }
    else if (!strcmp(key, "ctas")) sh->ctas = parse_long(val, what);
    else if (!strcmp(key, "work_items")) sh->work = parse_long(val, what);
    else if (!strcmp(key, "block") || !strcmp(key, "grid")) {
      long prod = 1;
      for (char *d = strtok(val, ","); d; d = strtok(NULL, ","))
        if (__builtin_mul_overflow(prod, parse_long(d, what), &prod) || prod > GATES_MAX_VALUE)
          die("%s: %s=%s: the product of the dimensions is larger than 2^40", what, key, val);
      if (key[0] == 'b') { sh->threads = prod; have_block = 1; } else grid = prod;
    }
  }
  if (!sh->name[0]) die("%s: no shape=", what);
  if (sh->error[0]) return 1;
  if (!sh->kernel[0] || !have_block || !have_dyn) die("%s: shape %s needs kernel=, block= and dyn_smem=", what, sh->name);
  if (sh->ctas < 0) sh->ctas = grid;
  if (sh->work < 0) sh->work = sh->ctas;
  return 1;
}

// Is k one of the <length><name> source names of the Itanium-mangled m (_Z<name>... or
// _ZN<name><name>...E...: the function name and the namespaces around it, e.g.
// _ZN12_GLOBAL__N_113vecadd_kernelE...)? A digit before <length><k> elsewhere in m is part of
// another name's length, which reading the names in order tells apart.
static int mangled_has_name(const char *m, const char *k) {
  if (strncmp(m, "_Z", 2)) return 0;
  const char *p = m + 2;
  if (*p == 'N') p++;
  size_t kl = strlen(k);
  while (*p >= '0' && *p <= '9') {
    size_t n = 0;
    while (*p >= '0' && *p <= '9' && n < 100000) n = 10 * n + (size_t)(*p++ - '0');
    if (strnlen(p, n) < n) return 0;
    if (n == kl && !strncmp(p, k, n)) return 1;
    // k a name with the start of its template arguments (naive_attn_kernelILi64E): one instance
    if (n < kl && k[n] == 'I' && !strncmp(p, k, n) && !strncmp(p + n, k + n, kl - n)) return 1;
    p += n;
  }
  return 0;
}

// Does mangled name m name kernel k (equal, or k one of its source names, or such a name followed
// by the start of its template arguments)?
static int kernel_matches(const char *m, const char *k) {
  return !strcmp(m, k) || mangled_has_name(m, k);
}


// Prints the gate row of VARIANT (gate_table.h): reject with O, or pass (GO_PASS); then DETAIL
// and, unless RES is NULL, the resource columns kernel .. ctas_max.
static void put_row(const char *variant, gate_outcome o, const char *detail,
                    const char *const res[GT_STATIC_NCOL - 4]) {
  gt_row r;
  gt_row_init(&r, GT_STATIC_NCOL);
  gt_row_set(&r, 0, variant, 0);
  gt_row_verdict(&r, o, 0);
  gt_row_set(&r, 3, detail, 0);
  for (int i = 4; res && i < GT_STATIC_NCOL; i++) gt_row_set(&r, (size_t)i, res[i - 4], 0);
  gt_write_row(stdout, &r, GT_ROWS);
  gt_row_free(&r);
}

// Read the describe file; returns the number of shapes in *out.
static size_t read_shapes(const char *path, struct shape **out) {
  FILE *f = fopen(path, "r");
  if (!f) die("%s: %s", path, strerror(errno));
  char *buf = NULL;
  size_t cap = 0, n = 0;
  long line = 0;
  struct shape *sh = NULL, one;
  while (getline(&buf, &cap, f) >= 0) {
    buf[strcspn(buf, "\r\n")] = 0;
    if (!parse_shape(buf, path, ++line, &one)) continue;
    if (!(sh = realloc(sh, (n + 1) * sizeof *sh))) die("out of memory");
    sh[n++] = one;
  }
  free(buf);
  fclose(f);
  if (!n) die("%s: no shapes", path);
  *out = sh;
  return n;
}

static int counts(const struct ptxas_func *f, const char *arch) {
  return (!f->arch[0] || !strcmp(f->arch, arch)) && !strstr(f->name, "bench_");
}

// The architecture whose ptxas entries count: `want` if given, else the limits' arch if the
// log has entries for it, else the only arch the log has entries for.
static const char *pick_ptxas_arch(const struct ptxas_report *rep, const char *want,
                                   const char *limits, const char *path) {
  if (want) return want;
  const char *only = NULL;
  for (size_t j = 0; j < rep->n; j++) {
    const char *a = rep->f[j].arch;
    if (!rep->f[j].is_entry) continue;
    if (!strcmp(a, limits)) return limits;
    if (!only) only = a;
    else if (strcmp(only, a))
      die("%s: kernels for %s and %s but none for %s: say which with --ptxas-arch", path, only, a, limits);
  }
  return only ? only : limits;
}

enum { GATES_CONFIGS_MAX = 64 };
struct occ_of {  // --min-occupancy-of CONFIG=X
  char config[64];
  double min_occ;
};
static struct occ_of occ_of[GATES_CONFIGS_MAX];
static int n_occ_of;

// The occupancy threshold of a shape: its configuration's, else the variant's.
static double shape_min_occ(const struct shape *s, double min_occ) {
  for (int i = 0; i < n_occ_of; i++)
    if (s->config[0] && !strcmp(occ_of[i].config, s->config)) return occ_of[i].min_occ;
  return min_occ;
}

static int evaluate(const char *variant, const struct arch_limits *arch, const char *ptxas_path,
                    const char *ptxas_arch, const char *describe, double min_occ, long min_ctas) {
  struct ptxas_report rep;
  char err[1200], detail[1200];
  FILE *f = fopen(ptxas_path, "r");
  if (!f) die("%s: %s", ptxas_path, strerror(errno));
  if (ptxas_report_parse(f, ptxas_path, &rep, err, sizeof err)) die("%s", err);
  fclose(f);
  const char *pa = pick_ptxas_arch(&rep, ptxas_arch, arch->name, ptxas_path);
  struct shape *sh;
  size_t n = read_shapes(describe, &sh);

  for (size_t i = 0; i < n; i++)
    if (sh[i].error[0]) {
      snprintf(detail, sizeof detail, "shape %s: %s", sh[i].name, sh[i].error);
      put_row(variant, GO_INVALID_CONFIG, detail, NULL);
      return 0;
    }

  // A library call (kernel=-, e.g. cuBLAS) has no kernel of its own whose resources the gates
  // could read: it passes, and says so.
  size_t lib = 0;
  for (size_t i = 0; i < n; i++) lib += !strcmp(sh[i].kernel, "-");
  if (lib == n) {
    put_row(variant, GO_PASS, "a library call (kernel=-): no kernel of its own to gate", NULL);
    ptxas_report_free(&rep);
    free(sh);
    return 0;
  }

  // Per shape: the worst matching kernel; over shapes: the worst shape, the first overflow.
  const struct ptxas_func *wk = NULL, *ok_k = NULL;
  struct occupancy wocc = {0}, occ;
  size_t ws = 0, over = n;
  long cmin = -1, cmax = -1;
  for (size_t i = 0; i < n; i++) {
    const struct ptxas_func *k = NULL;
    struct occupancy kocc = {0};
    if (!strcmp(sh[i].kernel, "-")) continue;  // a library call on this shape
    for (size_t j = 0; j < rep.n; j++) {
      const struct ptxas_func *c = &rep.f[j];
      if (!c->is_entry || strcmp(c->arch, pa) || !kernel_matches(c->name, sh[i].kernel)) continue;
      if (sh[i].config[0] && strcmp(c->section, sh[i].config)) continue;  // another configuration's
      occ = occupancy_calc(arch, sh[i].threads, c->regs, c->smem_static, sh[i].dyn_smem);
      if (!k || occ.occupancy < kocc.occupancy) { k = c; kocc = occ; }
    }
    if (!k)
      die("%s: no %s kernel%s%s matches '%s' (%s:%ld)", ptxas_path, pa,
          sh[i].config[0] ? " of configuration " : "", sh[i].config, sh[i].kernel, describe, sh[i].line);
    if (over == n && k->smem_static + sh[i].dyn_smem > arch->smem_per_block_optin) { over = i; ok_k = k; }
    // the worst shape: the least occupancy above its threshold (the least occupancy when all
    // shapes share one)
    if (!wk || kocc.occupancy - shape_min_occ(&sh[i], min_occ) < wocc.occupancy - shape_min_occ(&sh[ws], min_occ)) {
      wk = k;
      wocc = kocc;
      ws = i;
    }
    long c = sh[i].ctas > sh[i].work ? sh[i].ctas : sh[i].work;
    if (cmin < 0 || c < cmin) cmin = c;
    if (c > cmax) cmax = c;
  }

  gate_outcome reason = GO_PASS;
  detail[0] = 0;
  const struct ptxas_func *spill = NULL;
  for (size_t j = 0; j < rep.n && !spill; j++)
    if (counts(&rep.f[j], pa) && (rep.f[j].spill_stores || rep.f[j].spill_loads)) spill = &rep.f[j];
  if (over < n) {
    reason = GO_SMEM_OVERFLOW;
    wk = ok_k;
    ws = over;
    wocc = occupancy_calc(arch, sh[ws].threads, wk->regs, wk->smem_static, sh[ws].dyn_smem);
    snprintf(detail, sizeof detail, "shape %s: %ld B static + %ld B dynamic = %ld B > %d B per block on %s",
             sh[ws].name, wk->smem_static, sh[ws].dyn_smem, wk->smem_static + sh[ws].dyn_smem,
             arch->smem_per_block_optin, arch->name);
  } else if (spill) {
    reason = GO_REGISTER_SPILL;
    snprintf(detail, sizeof detail, "%s%s: %ld B spill stores, %ld B spill loads", spill->name,
             spill->is_entry ? "" : " (device function)", spill->spill_stores, spill->spill_loads);
  } else if (!wocc.blocks_per_sm) {
    reason = GO_LOW_OCCUPANCY;
    snprintf(detail, sizeof detail, "shape %s: cannot launch (%ld threads, %ld registers: %s)",
             sh[ws].name, sh[ws].threads, wk->regs, wocc.limiter);
  } else if (wocc.occupancy < shape_min_occ(&sh[ws], min_occ)) {
    reason = GO_LOW_OCCUPANCY;
    snprintf(detail, sizeof detail, "shape %s: occupancy %.4g < %g (%d blocks/SM of %d warps, limited by %s)",
             sh[ws].name, wocc.occupancy, shape_min_occ(&sh[ws], min_occ), wocc.blocks_per_sm,
             wocc.warps_per_block, wocc.limiter);
  } else if (min_ctas > 0 && cmax < min_ctas) {
    reason = GO_TOO_FEW_CTAS;
    snprintf(detail, sizeof detail, "at most %ld CTAs or work items over shapes < %ld", cmax, min_ctas);
  } else {
    snprintf(detail, sizeof detail, "occupancy %.4g at shape %s, limited by %s", wocc.occupancy,
             sh[ws].name, wocc.limiter);
  }
  char num[GT_STATIC_NCOL - 5][32];
  const long nums[] = {wk->regs, wk->spill_stores, wk->spill_loads, wk->stack, wk->smem_static,
                    sh[ws].dyn_smem, sh[ws].threads, wocc.blocks_per_sm};
  for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) snprintf(num[i], sizeof num[i], "%ld", nums[i]);
  snprintf(num[8], sizeof num[8], "%.4f", wocc.occupancy);
  snprintf(num[9], sizeof num[9], "%ld", cmin);
  snprintf(num[10], sizeof num[10], "%ld", cmax);
  put_row(variant, reason, detail,
          (const char *const[]){wk->name, num[0], num[1], num[2], num[3], num[4], num[5], num[6], num[7],
                                num[8], num[9], num[10]});
  ptxas_report_free(&rep);
  free(sh);
  return 0;
}

int main(int argc, char **argv) {
  const char *variant = NULL, *arch_name = NULL, *status = NULL, *ptxas = NULL, *describe = NULL;
  const char *ptxas_arch = NULL;
  const char *min_ctas_arg = "0";
  double min_occ = 0;
  long sm_count = 0;
  int header = 0;
  for (int i = 1; i < argc; i++) {
    const char *o = argv[i];
    if (!strcmp(o, "--header")) { header = 1; continue; }
    if (i + 1 >= argc) die("usage: option '%s' needs a value (or is unknown)", o);
    const char *v = argv[++i];
    if (!strcmp(o, "--variant")) variant = v;
    else if (!strcmp(o, "--arch")) arch_name = v;
    else if (!strcmp(o, "--status")) status = v;
    else if (!strcmp(o, "--ptxas")) ptxas = v;
    else if (!strcmp(o, "--ptxas-arch")) ptxas_arch = v;
    else if (!strcmp(o, "--describe")) describe = v;
    else if (!strcmp(o, "--min-ctas")) min_ctas_arg = v;
    else if (!strcmp(o, "--sm-count")) sm_count = parse_long(v, "--sm-count");
    else if (!strcmp(o, "--min-occupancy")) {
      char *end;
      errno = 0;
      min_occ = strtod(v, &end);
      if (end == v || *end || errno || !(min_occ >= 0 && min_occ <= 1))
        die("--min-occupancy: '%s' is not a number in [0, 1]", v);
    } else if (!strcmp(o, "--min-occupancy-of")) {
      const char *eq = strchr(v, '=');
      char *end;
      if (!eq || eq == v || (size_t)(eq - v) >= sizeof occ_of[0].config)
        die("--min-occupancy-of: '%s' is not CONFIG=X", v);
      if (n_occ_of == GATES_CONFIGS_MAX) die("--min-occupancy-of: more than %d configurations", GATES_CONFIGS_MAX);
      errno = 0;
      const double x = strtod(eq + 1, &end);
      if (end == eq + 1 || *end || errno || !(x >= 0 && x <= 1))
        die("--min-occupancy-of: '%s' is not a number in [0, 1]", eq + 1);
      snprintf(occ_of[n_occ_of].config, sizeof occ_of[0].config, "%.*s", (int)(eq - v), v);
      occ_of[n_occ_of++].min_occ = x;
    } else die("usage: unknown option '%s'", o);
  }
  if (header) {
    gt_table t;
    gt_init(&t, GT_TABLE, "-", gt_static_columns, GT_STATIC_NCOL);
    gt_write(stdout, &t);
    gt_free(&t);
  }
  if (header && !variant && !arch_name && !status) return 0;
  if (!variant || !arch_name || !status)
    die("usage: gates [--header] --variant V --arch sm_XX --status FILE [--ptxas FILE] "
        "[--ptxas-arch sm_XX] [--describe FILE] [--min-occupancy X] [--min-occupancy-of CONFIG=X] "
        "[--min-ctas N|Kx] [--sm-count N]");
  const struct arch_limits *arch = arch_limits_find(arch_name);
  if (!arch) die("unknown architecture '%s' (known: sm_80, sm_86, sm_89, sm_90, sm_90a)", arch_name);
  if (!sm_count) sm_count = arch->sm_count;
  char mc[32];
  snprintf(mc, sizeof mc, "%s", min_ctas_arg);
  size_t mlen = strlen(mc);
  int times_sms = mlen > 1 && mc[mlen - 1] == 'x';
  if (times_sms) mc[mlen - 1] = 0;
  char *end;
  errno = 0;
  long min_ctas = strtol(mc, &end, 10);
  if (end == mc || *end || errno || min_ctas < 0)
    die("--min-ctas: '%s' is not a count or K x SMs (e.g. 4x)", min_ctas_arg);
  // (a count of CTAs: more than a billion is no real bound, and would wrap when multiplied)
  if (min_ctas > 1000000000L || (times_sms && sm_count > 0 && min_ctas > 1000000000L / sm_count))
    die("--min-ctas: '%s' is above a billion CTAs", min_ctas_arg);
  if (times_sms) min_ctas *= sm_count;

  char detail[1024], err[1400];
  gate_outcome st;
  if (bs_read(status, &st, detail, sizeof detail, err, sizeof err)) die("%s", err);
  if (st != GO_PASS) {
    put_row(variant, st, detail, NULL);
    return 0;
  }
  if (!ptxas || !describe) die("status ok needs --ptxas and --describe");
  return evaluate(variant, arch, ptxas, ptxas_arch, describe, min_occ, min_ctas);
}
