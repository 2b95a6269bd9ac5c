// sanitize — `make sanitize`: compute-sanitizer's memcheck, racecheck, initcheck and synccheck
// over every variant that passed the gates, on the variant's smallest shapes (`bench --check`).
//   sanitize EXP
// The environment: san_env.h. compute-sanitizer is the one in PATH, else
// /usr/local/cuda/bin/compute-sanitizer. The variants are those gatetab lists as passing with no
// runtime row; the GPU's slug is the first one's `bench --gpu-slug`. The runs hold the GPU's
// host-wide lock, as a measure session holds it (session/run_lock.h: `session lock`'s GPU), so no
// sanitizer run overlaps a session's timing there.
// Writes build/EXP/sanitize.csv (san_table.h); a run with an error becomes a runtime_error row of
// build/EXP/runtime.csv ("TOOL: message", `gatetab reject`), folded into the gate table and
// published with the table beside the samples (`gatetab merge`): DATA_OUT/EXP/<gpu>/sanitize.csv.
// Messages "sanitize: ..." on stderr. Exit 0 when every run was clean, 1 when one found an error, 2
// on bad input or when the runs cannot be made (nothing written then), or when gatetab fails.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "gates/gate_outcome.h"
#include "sanitize/san_env.h"
#include "sanitize/san_jobs.h"
#include "sanitize/san_shapes.h"
#include "sanitize/san_table.h"
#include "session/run_lock.h"
#include "session/run_proc.h"

static const char *env(const char *k) { return getenv(k); }

// compute-sanitizer: the one in PATH, else the CUDA Toolkit's usual place
static const char *sanitizer(void) {
  static const char usual[] = "/usr/local/cuda/bin/compute-sanitizer";
  if (run_runnable("compute-sanitizer")) return "compute-sanitizer";
  if (run_runnable(usual)) return usual;
  run_die("compute-sanitizer not found (CUDA Toolkit): it runs on a GPU host; without a GPU, use make report");
}

// the variants that passed the gates and have no runtime row (gatetab list)
static strv passing(const san_env *e) {
  char *g = run_fmt("%s/gates.csv", e->b), *rt = run_fmt("%s/runtime.csv", e->b), *out;
  if (!run_exists(g)) run_die("%s: missing (run make gates EXP=%s)", g, e->exp);
  char *a[] = {e->gatetab, "list", "--pass", "--runtime", rt, g, NULL};
  if (run_capture(a, NULL, 0, &out) != 0) exit(2);
  strv v = {0};
  for (char *l = strtok(out, "\n"); l; l = strtok(NULL, "\n")) strv_push(&v, l);
  free(out), free(g), free(rt);
  if (!v.n) run_die("%s: no variant passed the gates", e->exp);
  return v;
}

// the jobs: each variant with each tool, on its shapes
static san_job *jobs_of(const san_env *e, const strv *vs, size_t *n) {
  san_job *j = calloc(vs->n * e->tools.n, sizeof *j);
  if (!j) run_die("out of memory");
  *n = 0;
  for (size_t v = 0; v < vs->n; v++) {
    char *sp = run_fmt("%s/%s/shapes.txt", e->b, vs->s[v]), *dp = run_fmt("%s/%s/describe.txt", e->b, vs->s[v]);
    char *shapes = run_read_file(sp, NULL), *describe = run_read_file(dp, NULL);
    for (size_t t = 0; t < e->tools.n; t++, ++*n) {
      j[*n].variant = vs->s[v], j[*n].tool = e->tools.s[t];
      san_shapes(e->want_of.s[t], shapes, describe, e->shapes, &j[*n].shapes);
    }
    free(sp), free(dp), free(shapes), free(describe);
  }
  return j;
}

// TEXT (LEN bytes) as file PATH, written whole: a temporary file beside it, renamed
static void write_whole(const char *path, const char *tmp, const char *text, size_t len) {
  FILE *f = fopen(tmp, "w");
  if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0 || rename(tmp, path) != 0) run_die("%s: cannot write", path);
}

int main(int argc, char **argv) {
  run_prog = "sanitize";
  if (argc != 2) run_die("usage: sanitize EXP (the settings in the environment: B, GATETAB, DATA_OUT, GIT_REV, SANITIZE_SHAPES[_TOOL], SAN_*)");
  san_env e;
  char err[1024];
  if (san_env_parse(&e, argv[1], env, err, sizeof err)) run_die("%s", err);
  const char *cs = sanitizer();
  strv vs = passing(&e);
  char *bench = run_fmt("%s/%s/bench", e.b, vs.s[0]), *slug;
  char *sa[] = {bench, "--gpu-slug", NULL};
  if (run_capture(sa, "/dev/null", 0, &slug) != 0 || !*slug || strchr(slug, '/'))
    run_die("no usable GPU here; without a GPU, use make report");
  if (!e.lock_held) {
    char gpu[16], *what = run_fmt("make sanitize EXP=%s", e.exp);
    run_signals();
    run_lock_default_gpu(gpu);
    if (run_lock_take(gpu, "sanitize", what, err, sizeof err) < 0) run_die("%s", err);  // (held until the exit)
    free(what);
  }
  size_t n;
  san_job *j = jobs_of(&e, &vs, &n);
  san_jobs_run(j, n, cs, e.b, e.jobs, e.timeout);
  char *text = NULL;
  size_t len = 0, bad = 0;
  FILE *m = open_memstream(&text, &len);
  if (!m) run_die("out of memory");
  san_table_head(m, e.exp, e.git_rev, slug, time(NULL), &e.tools, &e.want_of);
  for (size_t i = 0; i < n; i++) san_table_row(m, j[i].variant, j[i].tool, j[i].shapes.n, &j[i].r);
  fclose(m);
  char *out = run_fmt("%s/sanitize.csv", e.b), *tmp = run_fmt("%s.tmp", out), *rt = run_fmt("%s/runtime.csv", e.b);
  write_whole(out, tmp, text, len);
  for (size_t i = 0; i < n; i++) {
    if (j[i].r.clean) continue;
    bad++;
    char *detail = run_fmt("%s: %s", j[i].tool, j[i].r.msg);
    char *a[] = {e.gatetab, "reject", rt, (char *)j[i].variant, (char *)gate_outcome_str(GO_RUNTIME_ERROR), detail, NULL};
    if (run_command(a, NULL, NULL) != 0) exit(2);
    free(detail);
  }
  char *dest = run_fmt("%s/%s/%s", e.data_out, e.exp, slug), *pub = run_fmt("%s/sanitize.csv", dest),
       *ptmp = run_fmt("%s/.sanitize.csv.tmp", dest);
  if (run_mkdir_p(dest) != 0) run_die("%s: cannot make the directory", dest);
  write_whole(pub, ptmp, text, len);
  char *mg[] = {e.gatetab, "merge", e.b, dest, NULL};
  if (run_command(mg, NULL, NULL) != 0) exit(2);
  run_say("%zu runs over %zu variants: %zu clean, %zu with errors -> %s, %s", n, vs.n, n - bad, bad, out, pub);
  return bad ? 1 : 0;
}
