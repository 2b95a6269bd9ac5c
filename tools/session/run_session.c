// run_session.c — see run_session.h: the session's set-up (its inputs, its id, the GPU and its
// locks, the device keeper), then the rounds (run_runs.c) and the publishing (run_publish.c); on
// any exit, the processes it started are stopped (the exit handler below).
#define _GNU_SOURCE
#include "session/run_session.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "session/run_codeid.h"
#include "session/run_lock.h"
#include "session/run_state.h"

static run_state S;

static const char *env(const char *k) { return getenv(k); }

// on any exit: stop the run under way, a run started ahead, the server and the device keeper,
// waiting for them to be gone, and the builder; but a queue's builder serves the other sessions
// too, so unless this session was stopped by a signal it is left to finish while another session
// of the queue is alive (a signal meanwhile stops it)
static void on_exit_stop(void) {
  run_state *s = &S;
  run_stop(&s->cur);
  run_stop(&s->next);
  if (s->srv_fd >= 0) close(s->srv_fd);
  run_stop(&s->srv);
  run_stop(&s->keeper);
  if (s->builder.pid) {
    if (s->e.queue && !run_signalled)
      while (run_running(&s->builder) && run_queue_others(&s->q, getpid()) && !run_signalled) run_nap(0.2);
    run_stop(&s->builder);
  }
  if (s->e.queue) run_queue_leave(&s->q, getpid());
}

// the machine instance (its boot id, 12 hex): lent machines share one host name, and the GPUs of
// one machine share its offsets, so that sessions can be nested in machines as they are in GPUs
static char *machine_id(void) {
  char *t = run_read_file("/proc/sys/kernel/random/boot_id", NULL), m[13] = "";
  size_t k = 0;
  for (char *c = t; c && *c && k < 12; c++)
    if (strchr("abcdef0123456789", *c)) m[k++] = *c;
  m[k] = 0;
  free(t);
  return run_strdup(k ? m : "unknown");
}

// the GPU's uuid (nvidia-smi, else `unknown`): names the physical device across sessions
static char *gpu_uuid(const char *index) {
  char *a[] = {"nvidia-smi", "--query-gpu=uuid", "--format=csv,noheader", "-i", (char *)index, NULL}, *out;
  if (run_capture(a, "/dev/null", 30, &out) != 0) *out = 0;
  out[strcspn(out, "\n")] = 0;
  char *d = out;
  for (char *c = out; *c; c++)
    if (!strchr(" \t\r", *c)) *d++ = *c;
  *d = 0;
  if (!*out) { free(out); return run_strdup("unknown"); }
  return out;
}

// whether PATH records session ID (a `# session.ID:` line among its leading comment lines)
static int has_session(const char *path, const char *id) {
  char *text = run_read_file(path, NULL), *p = run_fmt("# session.%s:", id);
  int f = 0;
  for (char *l = text; l && *l == '#' && !f; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l))
    f = !strncmp(l, p, strlen(p));
  free(p);
  free(text);
  return f;
}

// our variants: VARIANT (STREAM, not yet built), else those that passed the static gates
static void candidates(run_state *s) {
  const run_env *e = &s->e;
  if (e->stream) {
    strv_add(&s->timed, &e->variant);
    return;
  }
  char *g = run_fmt("%s/gates.csv", e->b);
  if (!run_exists(g)) run_die("%s: missing (run make gates EXP=%s)", g, e->exp);
  char *a[] = {e->gatetab, "list", "--pass", g, NULL}, *out;
  if (run_capture(a, NULL, 0, &out) != 0) exit(2);
  strv pass = strv_words(out);
  free(out);
  for (size_t i = 0; i < pass.n; i++)
    if (!e->variant.n || strv_find(&e->variant, pass.s[i]) >= 0) strv_push(&s->timed, pass.s[i]);
  strv_free(&pass);
  if (!s->timed.n) run_die("%s: no variant passed the static gates; see %s", e->exp, g);
  free(g);
}

// the GPU, once: its slug names the data directory (from the first variant that built; under
// STREAM in the order they are built, so the first timing waits for the first chunk only)
static char *gpu_slug(run_state *s) {
  const run_env *e = &s->e;
  char *gerr = run_fmt("%s/gpu.err.%ld", e->b, (long)getpid()), *slug = NULL;
  size_t n = e->stream ? s->plan.nborder : s->ncand;
  for (size_t k = 0; k < n && !slug; k++) {
    size_t v = e->stream ? s->plan.border[k] : k;
    if (!run_built(s, v)) continue;
    s->slug_bench = run_fmt("%s/%s/bench", e->b, s->timed.s[v]);
    char *a[] = {s->slug_bench, "--gpu-slug", NULL};
    if (run_capture(a, gerr, 0, &slug) != 0) {
      char *err = run_read_file(gerr, NULL);
      if (err && strlen(err) > 300) err[300] = 0;
      while (err && *err && err[strlen(err) - 1] == '\n') err[strlen(err) - 1] = 0;
      run_die("no usable GPU here (%s); on a machine without a GPU, use 'make report' to rebuild the appendix from data/", err ? err : "");
    }
  }
  remove(gerr);
  free(gerr);
  if (!slug || !*slug)
    run_die("%s: no variant passed the static gates (see %s/<variant>/gate.csv%s%s)", e->exp, e->b, e->stream ? " and " : "",
            e->stream ? s->blog : "");
  return slug;
}

int run_measure(const char *exp) {
  run_state *s = &S;
  s->srv_fd = -1;
  s->next_item = SIZE_MAX;
  run_signals();
  char err[1024];
  if (run_env_parse(&s->e, exp, env, err, sizeof err)) run_die("%s", err);
  const run_env *e = &s->e;
  if (e->serve_dropped)
    run_say("ORDER=sequential: SERVE=1 does not apply (a round's runs are not consecutive); each run is a process of its own");
  if (e->serve && access(e->serve_bin, X_OK) != 0) run_die("SERVE=1: %s: missing (make %s)", e->serve_bin, e->serve_bin);
  time_t now = time(NULL);
  struct tm tm;
  gmtime_r(&now, &tm);
  char start_utc[32], start_iso[32];
  strftime(start_utc, sizeof start_utc, "%Y%m%dT%H%M%SZ", &tm);
  strftime(start_iso, sizeof start_iso, "%Y-%m-%dT%H:%M:%SZ", &tm);
  s->start_iso = run_strdup(start_iso);
  s->host = run_host_name();
  s->machine = machine_id();
  if (e->gpu) setenv("CUDA_VISIBLE_DEVICES", e->gpu, 1);
  // the physical index of the GPU the runs see first (CUDA_VISIBLE_DEVICES, else 0)
  const char *cvd = getenv("CUDA_VISIBLE_DEVICES");
  size_t k = 0;
  for (const char *c = cvd && *cvd ? cvd : "0"; *c && *c != ',' && k + 1 < sizeof s->gpu_index; c++)
    if (*c != ' ') s->gpu_index[k++] = *c;
  if (!k) s->gpu_index[k++] = '0';
  s->gpu_index[k] = 0;
  s->session = e->session ? run_strdup(e->session) : run_fmt("%s%s%s-%s", s->host, e->gpu ? "-gpu" : "", e->gpu ? e->gpu : "", start_utc);
  if (!run_env_session_ok(s->session))
    run_die("SESSION: '%s' is not a session id (1-100 of [A-Za-z0-9.-], starting with a letter or digit)", s->session);
  s->order_seed = e->have_order_seed ? e->order_seed : run_random31();
  s->gpu_uuid = gpu_uuid(s->gpu_index);

  // code ids: what was timed, so that only sessions of the same code are pooled in one file
  char *pdir = run_fmt("kernels/%s", e->problem);
  struct stat st;
  if (!*e->problem || stat(pdir, &st) != 0 || !S_ISDIR(st.st_mode)) run_die("PROBLEM='%s': no kernels/<problem>/ folder", e->problem);
  strv src = {0};
  if (e->code_src.n) strv_add(&src, &e->code_src);
  else strv_push(&src, "kernels/harness"), strv_push(&src, pdir);
  free(pdir);
  if (!(s->code_kernels = run_code_id("kernels", src.s, src.n))) run_die("the code id of %s could not be had", src.s[0]);
  strv_free(&src);
  if (e->baselines.n && !e->runners.n) {
    char *bl = run_strdup("");
    for (size_t i = 0; i < e->baselines.n; i++) { char *t = run_fmt("%s%s%s", bl, i ? " " : "", e->baselines.s[i]); free(bl); bl = t; }
    run_die("LIB_BASELINES='%s' but no runner LIB_BENCH='%s' (kernels/<problem>/problem/<lib>_bench.py)", bl,
            e->lib_bench ? e->lib_bench : "");
  }
  for (size_t i = 0; i < e->runners.n; i++)
    if (stat(e->runners.s[i], &st) != 0 || !S_ISREG(st.st_mode)) run_die("LIB_BENCH: '%s' is not a file", e->runners.s[i]);
  if (run_env_baselines(e, err, sizeof err)) run_die("%s", err);
  if (access(e->samples, X_OK) != 0) run_die("%s: missing (run make %s)", e->samples, e->samples);

  candidates(s);
  s->ncand = s->timed.n;
  strv_add(&s->timed, &e->baselines);
  char *lib = run_alloc(s->timed.n);
  for (size_t v = 0; v < s->timed.n; v++) {
    lib[v] = v >= s->ncand;
    for (size_t w = 0; w < v; w++)
      if (!strcmp(s->timed.s[v], s->timed.s[w])) run_die("variant '%s' named twice", s->timed.s[v]);
  }
  if (run_plan_make(&s->plan, s->timed.n, lib, e->rounds, e->sequential, s->order_seed, e->chunk) != 0) run_die("out of memory");
  free(lib);
  s->shared = e->queue_shared;
  if (run_queue_open(&s->q, e->queue, s->timed.n) != 0) run_die("QUEUE: '%s' is not a directory", e->queue);
  atexit(on_exit_stop);
  run_build_start(s);

  char *slug = gpu_slug(s);
  s->dest = run_fmt("%s/%s/%s", e->data_out, exp, slug);
  char *runsdir = run_fmt("%s/runs", e->b);
  if (run_mkdir_p(runsdir) || run_mkdir_p(s->dest)) run_die("cannot make %s", s->dest);
  char *what = run_fmt("make measure EXP=%s (session %s)", exp, s->session);
  if (run_lock_take(s->gpu_index, "measure", what, err, sizeof err) < 0) run_die("%s", err);
  free(what);
  if (!e->shard) {
    char *ml = run_fmt("%s/.measure.lock", e->b);
    FILE *t = fopen(ml, "w");
    if (!t) run_die("cannot lock %s", ml);
    fclose(t);
    if (run_lock_wait(ml, 0, -1) < 0) run_die("cannot lock %s", ml);
    free(ml);
  }
  // the runs' lock on the GPU (bench --gpu-lock): a run started ahead opens the device only while
  // no run times on this GPU, and a run times only once the one before it has exited (checked
  // here: a lock file the runs cannot open would fail every run, blamed on its kernel)
  char *gl = run_lock_path(s->gpu_index);
  s->run_lock = run_fmt("%s.runs", gl);
  free(gl);
  err[0] = 0;
  if (run_lock_file(s->run_lock, 1, err, sizeof err) != 0 || access(s->run_lock, W_OK) != 0)
    run_die("cannot open %s, the runs' lock on GPU %s (%s; GPU_LOCK_DIR chooses the directory)", s->run_lock, s->gpu_index,
            *err ? err : "made by another user?");
  // HOLD_DEVICE=1: a process holds a context open on the session's GPU for the whole session
  // (bench --hold, stopped on exit), so that each run finds the device set up; it launches
  // nothing. It also loads NVML once and writes its readings every 0.2 s to
  // B/EXP/runs/<session>.nvml, which the runs read (bench --nvml-from) instead of loading NVML
  if (e->hold) {
    char *nvml = run_fmt("%s/runs/%s.nvml", e->b, s->session);
    char *a[] = {s->slug_bench, "--hold", "--nvml-out", nvml, "--gpu-lock", s->run_lock, NULL};
    run_io io = {.out = "/dev/null", .err = "=out"};
    if (run_start(&s->keeper, a, &io, 0) != 0) run_die("cannot start %s", s->slug_bench);
    strv_push(&s->nvml_from, "--nvml-from");
    strv_push(&s->nvml_from, nvml);
    // (the first run waits for the keeper to have opened the device, shown by its first readings,
    // 2 s at most: started at once, it could open the device first and find nothing set up)
    for (double t0 = run_now(); !run_exists(nvml) && run_running(&s->keeper) && run_now() - t0 < 2;) {
      run_check_signal();
      run_nap(0.01);
    }
    free(nvml);
  }
  // a session id names one invocation: a second one under the same id would mix two sessions
  for (size_t v = 0; v < s->timed.n; v++) {
    char *f = run_fmt("%s/%s.csv", s->dest, s->timed.s[v]);
    if (run_exists(f) && has_session(f, s->session))
      run_die("SESSION: '%s' is already in %s (a session id names one run; pick another)", s->session, f);
    free(f);
  }
  s->runs = run_fmt("%s/runs/%s", e->b, s->session);
  if (run_rm_rf(s->runs) || run_mkdir_p(s->runs)) run_die("cannot make %s", s->runs);
  s->code_libs = calloc(e->runners.n ? e->runners.n : 1, sizeof *s->code_libs);
  if (!s->code_libs) run_die("out of memory");
  for (size_t b = 0; b < e->baselines.n; b++) {
    const int i = run_env_lib_of(e, e->baselines.s[b]);
    if (i < 0 || s->code_libs[i]) continue;
    // the library versions are part of the baselines' code (torch, cuDNN, ...): an upgrade changes
    // what runs (asked once per runner, here: only on a GPU host, and not once per run)
    char *a[] = {"python3", e->runners.s[i], "--versions", NULL}, *vers;
    run_capture(a, "/dev/null", 300, &vers);
    vers[strcspn(vers, "\n")] = 0;
    size_t l = strspn(vers, "abcdefghijklmnopqrstuvwxyz");
    if (!l || vers[l] != '=') { free(vers); vers = run_strdup("torch=unavailable"); }
    char *r[] = {e->runners.s[i]};
    char *id = run_code_id("runner", r, 1);
    if (!id) run_die("the code id of %s could not be had", e->runners.s[i]);
    s->code_libs[i] = run_fmt("%s %s", id, vers);
    free(id);
    free(vers);
  }
  run_say("%s on %s: session %s (host %s, gpu %s), %zu variants, %u rounds x %u reps, L2 %s, %s, order seed %llu", exp, slug, s->session,
          s->host, s->gpu_uuid, s->ncand, e->rounds, e->per_round, e->l2, e->order, (unsigned long long)s->order_seed);
  // the runtime table: the experiment's, emptied at the start of a session of its own (a shard
  // appends to the one its driver emptied); TABLES=0, the session's own, in its runs directory
  s->runtime = e->tables ? run_fmt("%s/runtime.csv", e->b) : run_fmt("%s/runtime.csv", s->runs);
  if (!e->shard || !e->tables) run_touch(s->runtime);
  run_rounds(s);
  run_publish(s);
  // DONE_FILE (a cluster job's session, staged): written last, so a job killed before it has
  // published nothing that `session collect` would take
  if (e->done_file) {
    FILE *d = fopen(e->done_file, "w");
    if (d) { fprintf(d, "%s %s\n", s->session, s->dest); fclose(d); }
  }
  printf("%s\n", s->dest);
  free(slug);
  return fflush(stdout) == 0 ? 0 : 2;
}
