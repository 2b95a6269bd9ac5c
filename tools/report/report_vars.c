// report_vars.c — see report_vars.h.
#include "report_vars.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char *xdup(const char *s) {
  char *p = strdup(s);
  if (!p) abort();
  return p;
}

void strlist_add(strlist *l, const char *s) {
  char **v = realloc(l->v, (l->n + 1) * sizeof *v);
  if (!v) abort();
  l->v = v;
  l->v[l->n++] = xdup(s);
}

void strlist_add_once(strlist *l, const char *s) {
  if (!strlist_has(l, s)) strlist_add(l, s);
}

void strlist_free(strlist *l) {
  for (size_t i = 0; i < l->n; i++) free(l->v[i]);
  free(l->v);
  l->v = NULL;
  l->n = 0;
}

int strlist_has(const strlist *l, const char *s) {
  for (size_t i = 0; i < l->n; i++)
    if (strcmp(l->v[i], s) == 0) return 1;
  return 0;
}

static int cmpstr(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

void strlist_sort(strlist *l) {
  if (l->n) qsort(l->v, l->n, sizeof *l->v, cmpstr);
}

static void words(strlist *l, const char *s) {
  char *copy = xdup(s), *save = NULL;
  for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
    strlist_add(l, w);
  free(copy);
}

// A positive decimal as make's GOAL_AT check reads one (digits, at most one inner point, not
// zero): its value, or NAN
static double pos_decimal(const char *s) {
  const size_t nd = strspn(s, "0123456789");
  const char *t = s + nd;
  if (!nd) return NAN;
  if (*t == '.') {
    const size_t nf = strspn(t + 1, "0123456789");
    if (!nf) return NAN;
    t += 1 + nf;
  }
  if (*t || (s[0] == '0' && nd > 1)) return NAN;
  const double v = strtod(s, NULL);
  return v > 0 ? v : NAN;
}

// GOAL_AT's word W (SHAPE:SPEEDUP[:LOWER]): 0 with SHAPE's length, the goal and its CI's lower end
// (the goal when left out), or -1
static int goal_word(const char *w, size_t *shape_len, double *goal, double *lo) {
  const char *c1 = strchr(w, ':');
  if (!c1 || c1 == w) return -1;
  char buf[64];
  const char *c2 = strchr(c1 + 1, ':');
  const size_t n1 = (size_t)((c2 ? c2 : c1 + 1 + strlen(c1 + 1)) - (c1 + 1));
  if (n1 >= sizeof buf) return -1;
  memcpy(buf, c1 + 1, n1), buf[n1] = '\0';
  *goal = pos_decimal(buf);
  *lo = c2 ? (strchr(c2 + 1, ':') ? NAN : pos_decimal(c2 + 1)) : *goal;
  *shape_len = (size_t)(c1 - w);
  return isnan(*goal) || isnan(*lo) || *lo > *goal ? -1 : 0;
}

int expvars_goal_at(const expvars *e, const char *shape, double *goal, double *lo) {
  for (size_t i = 0; i < e->goal_at.n; i++) {
    size_t n;
    if (goal_word(e->goal_at.v[i], &n, goal, lo) == 0 && strlen(shape) == n && !strncmp(e->goal_at.v[i], shape, n)) return 1;
  }
  if (!e->goal) return 0;
  *goal = *lo = atof(e->goal);
  return 1;
}

int expvars_read(const char *path, expvars *e, char *err, size_t errlen) {
  memset(e, 0, sizeof *e);
  FILE *fp = fopen(path, "r");
  if (!fp) return errno == ENOENT ? 0 : (snprintf(err, errlen, "%s:0: %s", path, strerror(errno)), -1);
  char *line = NULL;
  size_t cap = 0, lineno = 0;
  ssize_t len;
  int rc = 0;
  while ((len = getline(&line, &cap, fp)) >= 0) {
    lineno++;
    if (len && line[len - 1] == '\n') line[--len] = '\0';
    if (!len) continue;
    char *eq = strchr(line, '=');
    if (!eq) {
      snprintf(err, errlen, "%s:%zu: expected KEY=value", path, lineno);
      rc = -1;
      break;
    }
    *eq = '\0';
    const char *k = line, *v = eq + 1;
    if (!strcmp(k, "DESCRIPTION")) e->description = xdup(v);
    else if (!strcmp(k, "LEGEND")) e->legend = *v ? xdup(v) : NULL;
    else if (!strcmp(k, "KERNEL")) e->kernel = xdup(v);
    else if (!strcmp(k, "BASELINE")) e->baseline = *v ? xdup(v) : NULL;
    else if (!strcmp(k, "SHAPES")) words(&e->shapes, v);
    else if (!strcmp(k, "BASELINES")) words(&e->baselines, v);
    else if (!strcmp(k, "LIBRARIES")) words(&e->libraries, v);
    else if (!strcmp(k, "DISPATCH")) words(&e->dispatch, v);
    else if (!strcmp(k, "PRIMARY")) words(&e->primary, v);
    else if (!strcmp(k, "KERNELS")) words(&e->kernels, v);
    else if (!strcmp(k, "GOAL")) e->goal = *v ? xdup(v) : NULL;
    else if (!strcmp(k, "GOAL_AT")) {
      words(&e->goal_at, v);
      for (size_t i = 0; i < e->goal_at.n && rc == 0; i++) {
        size_t n;
        double g, l;
        if (goal_word(e->goal_at.v[i], &n, &g, &l)) {
          snprintf(err, errlen, "%s:%zu: GOAL_AT word '%s' is not SHAPE:SPEEDUP[:LOWER] with positive decimals, LOWER no more than SPEEDUP",
                   path, lineno, e->goal_at.v[i]);
          rc = -1;
        }
      }
      if (rc) break;
    }
    else if (!strcmp(k, "PLAN_TAG")) e->plan_tag = *v ? xdup(v) : NULL;
    else if (!strcmp(k, "CLAIMS_HISTORY")) e->claims_history = *v ? xdup(v) : NULL;
    else if (!strcmp(k, "CLAIMS_RANK")) {
      // as mk/experiment.mk checks it: digits alone, no leading zero (and here at most 6 of them)
      const size_t nd = strspn(v, "0123456789");
      if (*v && (v[nd] || v[0] == '0' || nd > 6)) {
        snprintf(err, errlen, "%s:%zu: CLAIMS_RANK '%s' is not a whole number from 1%s", path, lineno, v,
                 !v[nd] && v[0] != '0' ? " below 1000000" : "");
        rc = -1;
        break;
      }
      e->claims_rank = *v ? atoi(v) : 0;
    }
    else if (!strcmp(k, "REPORT_STYLE")) {
      if (!*v || !strcmp(v, "timing")) e->correctness = 0, e->sweep = 0;
      else if (!strcmp(v, "correctness")) e->correctness = 1, e->sweep = 0;
      else if (!strcmp(v, "sweep")) e->correctness = 0, e->sweep = 1;
      else {
        snprintf(err, errlen, "%s:%zu: REPORT_STYLE '%s' is not timing, correctness or sweep", path, lineno, v);
        rc = -1;
        break;
      }
    } else if (!strcmp(k, "COMPARE")) {
      strlist pairs = {0};
      words(&pairs, v);
      for (size_t i = 0; i < pairs.n && rc == 0; i++) {
        char *c = strchr(pairs.v[i], ':');
        if (!c || c == pairs.v[i] || !c[1]) {
          snprintf(err, errlen, "%s:%zu: COMPARE pair '%s' is not cand:base", path, lineno, pairs.v[i]);
          rc = -1;
          break;
        }
        *c = '\0';
        strlist_add(&e->cmp_cand, pairs.v[i]);
        strlist_add(&e->cmp_base, c + 1);
      }
      strlist_free(&pairs);
    }
  }
  free(line);
  fclose(fp);
  // GOAL_AT's shapes: each one of SHAPES, each once (as mk/experiment.mk refuses them)
  for (size_t i = 0; !rc && i < e->goal_at.n; i++) {
    size_t n, m;
    double g, l;
    goal_word(e->goal_at.v[i], &n, &g, &l);
    int known = 0, twice = 0;
    for (size_t k = 0; k < e->shapes.n; k++) known |= strlen(e->shapes.v[k]) == n && !strncmp(e->shapes.v[k], e->goal_at.v[i], n);
    for (size_t k = 0; k < i; k++) twice |= goal_word(e->goal_at.v[k], &m, &g, &l) == 0 && m == n && !strncmp(e->goal_at.v[k], e->goal_at.v[i], n);
    if (!known || twice) {
      snprintf(err, errlen, "%s: GOAL_AT word '%s': %s", path, e->goal_at.v[i],
               twice ? "its shape is named twice" : "its shape is not one of SHAPES");
      rc = -1;
    }
  }
  for (size_t i = 0; !rc && !e->libraries.n && i < e->baselines.n; i++) strlist_add(&e->libraries, e->baselines.v[i]);
  if (rc) expvars_free(e);
  return rc;
}

void expvars_free(expvars *e) {
  free(e->description);
  free(e->legend);
  free(e->goal);
  free(e->claims_history);
  free(e->plan_tag);
  free(e->kernel);
  free(e->baseline);
  strlist_free(&e->shapes);
  strlist_free(&e->baselines);
  strlist_free(&e->libraries);
  strlist_free(&e->cmp_cand);
  strlist_free(&e->cmp_base);
  strlist_free(&e->dispatch);
  strlist_free(&e->primary);
  strlist_free(&e->kernels);
  strlist_free(&e->goal_at);
  memset(e, 0, sizeof *e);
}

int expvars_is_baseline(const expvars *e, const char *name) {
  return strlist_has(&e->baselines, name) || strlist_has(&e->libraries, name);
}

// Names reach make rules, gnuplot scripts and shells; make reads only names of these characters
// (mk/text.mk, which names any other in a warning), and the report reads the same files.
static const char name_ch[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-";

static int list_dir(const char *dir, strlist *out, int want_dirs) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  struct dirent *de;
  while ((de = readdir(d))) {
    if (de->d_name[0] == '.' || de->d_name[strspn(de->d_name, name_ch)]) continue;
    size_t n = strlen(dir) + strlen(de->d_name) + 2;
    char *p = malloc(n);
    if (!p) abort();
    snprintf(p, n, "%s/%s", dir, de->d_name);
    struct stat st;
    if (stat(p, &st) == 0 && (want_dirs ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode)))
      strlist_add(out, want_dirs ? de->d_name : p);
    free(p);
  }
  closedir(d);
  strlist_sort(out);
  return 0;
}

// 1 when PATH's first line marks a raw sample file
static int is_samples(const char *path) {
  FILE *f = fopen(path, "r");
  char line[64] = "";
  if (!f) return 0;
  if (!fgets(line, sizeof line, f)) line[0] = '\0';
  fclose(f);
  return strncmp(line, SAMPLES_MAGIC, strlen(SAMPLES_MAGIC)) == 0;
}

int sample_files(const char *dir, strlist *paths, strlist *names, strlist *others) {
  strlist all = {0};
  if (list_dir(dir, &all, 0)) return -1;
  for (size_t i = 0; i < all.n; i++) {
    const char *base = strrchr(all.v[i], '/');
    base = base ? base + 1 : all.v[i];
    size_t n = strlen(base);
    if (n < 5 || strcmp(base + n - 4, ".csv") || !strcmp(base, "gates.csv")) continue;
    if (!is_samples(all.v[i])) {
      if (others) strlist_add(others, base);
      continue;
    }
    strlist_add(paths, all.v[i]);
    char *v = xdup(base);
    v[n - 4] = '\0';
    strlist_add(names, v);
    free(v);
  }
  strlist_free(&all);
  return 0;
}

void subdirs(const char *dir, strlist *out) {
  list_dir(dir, out, 1);
}

int expvars_is_dispatch(const expvars *e, const char *name) { return strlist_has(&e->dispatch, name); }

int expvars_claim(const expvars *e, const char *cand, const char *base) {
  const size_t nc = strlen(cand);
  for (size_t k = 0; k < e->primary.n; k++) {
    const char *p = e->primary.v[k];
    if (!strncmp(p, cand, nc) && p[nc] == ':' && !strcmp(p + nc + 1, base)) return (int)k;
  }
  return -1;
}

const char *expvars_kernel_of(const expvars *e, const char *name) {
  size_t n = strlen(name);
  for (size_t i = 0; i < e->kernels.n; i++)
    if (!strncmp(e->kernels.v[i], name, n) && e->kernels.v[i][n] == '=') return e->kernels.v[i] + n + 1;
  return e->kernel;
}
