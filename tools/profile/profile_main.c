// profile — `make profile`: Nsight Compute on one shape of every variant that passed the gates,
// with a small fixed metric set (`--set full` takes 10-20 minutes a kernel), then the counter
// gates bank_conflicts and bad_coalescing. GPU host only: ncu, the bench of each variant and the
// host tools ncu_csv, counter_gates, gatetab and session.
//   profile EXP
// Settings from the environment (profile_env.h); one variant's run (profile_run.h); the end,
// publishing and the gates (profile_gates.h). Before anything runs: ncu found (profile_ncu.h),
// B/EXP/gates.csv and the tools there, a variant to profile, a GPU (the first variant's `bench
// --gpu-slug`); then the command runs again under `session lock` (the GPU's host-wide lock, as a
// measure session holds it: no profile overlaps a session's timing there; GPU_LOCK_HELD=1 marks
// the run under it). Messages `profile: what` on stderr. Exit 0 when every variant was profiled,
// 1 when some failed, 2 on bad input, when nothing could be profiled, or when a tool failed.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "profile_env.h"
#include "profile_metrics.h"
#include "profile_gates.h"
#include "profile_ncu.h"
#include "profile_pick.h"
#include "profile_run.h"
#include "session/run_proc.h"
#include "session/session_code_id.h"

static const char *env(const char *k) { return getenv(k); }

static char *tmp_dir;
static void remove_tmp(void) {
  if (tmp_dir) run_rm_rf(tmp_dir);
}

// the GPU's slug from VARIANT's bench, or exits 2 saying there is no usable GPU
static char *gpu_slug(const pf_settings *s, const char *variant) {
  char *bench = run_fmt("%s/%s/bench", s->b, variant), *err = run_fmt("%s/gpu.err", s->b), *slug = NULL;
  char *a[] = {bench, "--gpu-slug", NULL};
  run_touch(err);
  if (run_capture(a, err, 0, &slug) != 0 || !*slug || strchr(slug, '/')) {
    char *why = run_read_file(err, NULL);
    size_t k = why ? strlen(why) : 0;
    if (k > 300) k = 300;
    while (k && why[k - 1] == '\n') k--;
    run_die("no usable GPU here (%.*s); profiling needs a GPU", (int)k, why ? why : "");
  }
  free(bench);
  free(err);
  return slug;
}

// the code id of CODE_SRC's sources, as measure computes it for the samples
static char *code_id(const pf_settings *s) {
  strv src = strv_words(s->code_src);
  char id[SESSION_CODE_ID_MAX];
  if (!src.n) run_die("CODE_SRC: empty (make passes the sources of the code id the profiles record)");
  if (session_code_id_kernels("profile", (const char *const *)src.s, src.n, id) != 0) exit(2);
  strv_free(&src);
  return run_strdup(id);
}

// runs this command again under `session lock`, which holds the GPU's lock while it runs
static _Noreturn void relock(const pf_settings *s) {
  char self[4096];
  ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
  if (k <= 0) run_die("cannot find this command's own path (/proc/self/exe)");
  self[k] = 0;
  char *what = run_fmt("make profile EXP=%s", s->exp);
  char *a[] = {s->session_bin, "lock", what, self, (char *)s->exp, NULL};
  setenv("GPU_LOCK_HELD", "1", 1);
  fflush(stderr);
  execvp(a[0], a);
  run_die("cannot run %s (SESSION_BIN): the GPU's lock", s->session_bin);
}

// the variants to profile (exits 2 when there is none)
static strv candidates(const pf_settings *s) {
  char *rt = run_fmt("%s/runtime.csv", s->b), *gates = run_fmt("%s/gates.csv", s->b);
  char *gatetab = run_fmt("%s/gatetab", s->tools), *pass = NULL;
  char *a[] = {gatetab, "list", "--pass", "--runtime", rt, gates, NULL};
  if (run_capture(a, NULL, 0, &pass) != 0) exit(2);
  strv cand = {0};
  pp_variants(pass, s->variants, s->variant, &cand);
  if (!cand.n)
    run_die("%s: no variant%s%s%s passed the gates; see %s", s->exp, *s->variant ? " '" : "", s->variant,
            *s->variant ? "'" : "", gates);
  free(rt);
  free(gates);
  free(gatetab);
  free(pass);
  return cand;
}

int main(int argc, char **argv) {
  run_prog = "profile";
  if (argc != 2 || argv[1][0] == '-') run_die("usage: profile EXP (settings from the environment, as make profile passes them)");
  pf_settings s;
  char err[1024];
  if (pf_settings_read(&s, argv[1], env, err, sizeof err)) run_die("%s", err);
  char *ncu = *s.ncu ? run_which(s.ncu) : pn_find("");
  if (!*s.ncu && !ncu)
    run_die("ncu (Nsight Compute) not found: profiling runs only on a GPU host with the CUDA Toolkit; on this "
            "machine use 'make profile-gates' or 'make report' on published profiles");
  if (!ncu) run_die("NCU='%s' is not an executable", s.ncu);
  char *gates = run_fmt("%s/gates.csv", s.b);
  if (!run_exists(gates)) run_die("%s: missing (run make gates EXP=%s)", gates, s.exp);
  const char *tools[] = {"ncu_csv", "counter_gates", "gatetab"};
  for (size_t i = 0; i < 3; i++) {
    char *t = run_fmt("%s/%s", s.tools, tools[i]);
    if (access(t, X_OK) != 0) run_die("%s: missing (make %s)", t, t);
    free(t);
  }
  strv cand = candidates(&s);
  char *slug = gpu_slug(&s, cand.s[0]), *raw = run_fmt("%s/raw", s.out);
  s.code = code_id(&s);
  s.gpu = run_strdup(slug);
  if (!pm_header_word(s.gpu)) run_die("the GPU's slug '%s' cannot go into a profile's header", s.gpu);
  if (run_mkdir_p(raw) != 0) run_die("cannot make %s", raw);
  if (!s.lock_held) relock(&s);
  run_signals();
  const char *t = getenv("TMPDIR");
  tmp_dir = run_fmt("%s/profile.XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(tmp_dir)) run_die("cannot make a temporary directory %s", tmp_dir);
  atexit(remove_tmp);

  strv done = {0};
  size_t failed = 0;
  for (size_t i = 0; i < cand.n; i++) {
    if (pr_variant(&s, ncu, tmp_dir, cand.s[i], i + 1, cand.n) == 0) strv_push(&done, cand.s[i]);
    else failed++;
  }
  if (!done.n) run_die("no variant profiled (%zu failed)", failed);
  char *pub = s.publish ? pg_publish(&s, &done, slug) : NULL;
  char *count = pg_counter_gates(&s, &done, pub);
  run_say("counter gates: %s", count);
  run_say("done: %zu profiled, %zu failed%s%s%s", done.n, failed, pub ? "; published to " : "", pub ? pub : "",
          pub ? "/profile/" : "");
  return failed ? 1 : 0;
}
