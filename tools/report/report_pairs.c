// report_pairs.c — prints the BASE CAND file pairs that `stats compare` gets for one <gpu>
// directory of an experiment, one pair a line.
//   report_pairs VARS DIR                  every variant and baseline vs BASELINE, then COMPARE
//   report_pairs --claims CLAIMS SUMMARY VARS DIR   the pairs the seed-claims table needs
//   report_pairs --headline VARS DIR       every one of the experiment's LIBRARIES vs the
//                                          headline variant (the one COMPARE pits against a
//                                          library, report_pick.h)
//   report_pairs --sessions VARS DIR       the session ids of the headline variant's file, sorted,
//                                          one a line; nothing when it has fewer than 2 sessions
//   report_pairs --aa-inside VARS DIR      the A/As inside the design: for each dispatching
//                                          variant and shape, "CONFIG DISPATCH SHAPE", CONFIG the
//                                          file of the configuration that served the shape (the
//                                          config= of its `# launch.<shape>:` line)
// A pair naming a variant without samples (e.g. rejected by a gate) is left out with a note on
// stderr. Exit 0, or 2 on a usage or input error.
#include <stdio.h>
#include <string.h>

#include "report_pick.h"
#include "samples/samples.h"

static char err[4400];

static const char *path_of(const strlist *paths, const strlist *names, const char *name) {
  for (size_t i = 0; i < names->n; i++)
    if (!strcmp(names->v[i], name)) return paths->v[i];
  return NULL;
}

static strlist seen_b, seen_c;

// Do the two sample files share a shape? (A D=64 variant and a D=128 one share none: nothing to
// compare.) Unreadable files count as sharing, so that stats reports their error.
static int share_shape(const char *pb, const char *pc) {
  samples_file fb, fc;
  char e[512];
  if (samples_read(pb, &fb, e, sizeof e)) return 1;
  if (samples_read(pc, &fc, e, sizeof e)) return samples_free(&fb), 1;
  int any = 0;
  for (size_t i = 0; i < fb.ngroups && !any; i++) any = samples_group_find(&fc, fb.groups[i].name) != NULL;
  samples_free(&fb);
  samples_free(&fc);
  return any;
}

static void pair(const strlist *paths, const strlist *names, const char *base, const char *cand) {
  const char *pb = path_of(paths, names, base), *pc = path_of(paths, names, cand);
  if (!pb || !pc) {
    fprintf(stderr, "report_pairs: note: '%s' vs '%s' left out: no samples for '%s'\n", cand, base,
            pb ? cand : base);
    return;
  }
  for (size_t i = 0; i < seen_b.n; i++)
    if (!strcmp(seen_b.v[i], pb) && !strcmp(seen_c.v[i], pc)) return;
  if (!share_shape(pb, pc)) {
    fprintf(stderr, "report_pairs: note: '%s' vs '%s' left out: no shape in common\n", cand, base);
    return;
  }
  strlist_add(&seen_b, pb);
  strlist_add(&seen_c, pc);
  printf("%s %s\n", pb, pc);
}

static int claims(const char *cpath, const char *spath, const expvars *e, const strlist *paths,
                  const strlist *names) {
  rcsv c, s;
  if (rcsv_read(cpath, &c, err, sizeof err)) return -1;
  if (rcsv_read(spath, &s, err, sizeof err)) return rcsv_free(&c), -1;
  static const char *const need[] = {"kind", "cand", "base", "shape", NULL};
  int ix[4];
  static const char *const sneed[] = {"file", "shape", "median", NULL};
  int sx[3];
  if (rcsv_need(&c, need, ix, err, sizeof err) || rcsv_need(&s, sneed, sx, err, sizeof err)) {
    rcsv_free(&c), rcsv_free(&s);
    return -1;
  }
  int cstand = rcsv_col(&c, "stand_in");
  for (size_t r = 0; r < c.nrows; r++) {
    if (!strcmp(rcsv_get(&c, r, ix[0]), "abs")) continue;
    const char *shape = pick_shape(&s, rcsv_get(&c, r, ix[3]), cstand < 0 ? NULL : rcsv_get(&c, r, cstand));
    if (!shape) continue;
    const char *cand = pick_variant(&s, names, e, rcsv_get(&c, r, ix[1]), shape);
    const char *base = pick_variant(&s, names, e, rcsv_get(&c, r, ix[2]), shape);
    if (cand && base && strcmp(cand, base)) pair(paths, names, base, cand);
  }
  rcsv_free(&c);
  rcsv_free(&s);
  return 0;
}

// the headline pairs (hl = 1) or the sessions of the headline variant (hl = 2)
static int headline(int hl, const expvars *e, const strlist *paths, const strlist *names) {
  const char *v = pick_headline(e), *pv = v ? path_of(paths, names, v) : NULL;
  if (!pv) return 0;
  if (hl == 1) {
    for (size_t i = 0; i < names->n; i++)
      if (strlist_has(&e->libraries, names->v[i]))
        pair(paths, names, names->v[i], v);
    return 0;
  }
  samples_file f;
  if (samples_read(pv, &f, err, sizeof err)) return -1;
  strlist ids = {0};
  for (size_t i = 0; f.has_session && f.nsessions > 1 && i < f.nsessions; i++) strlist_add(&ids, f.sessions[i]);
  strlist_sort(&ids);
  for (size_t i = 0; i < ids.n; i++) printf("%s\n", ids.v[i]);
  strlist_free(&ids);
  samples_free(&f);
  return 0;
}

// the configuration named by config= on the `# launch.<shape>:` line of f, into buf; 0 if none
static int served_by(const samples_file *f, const char *shape, char *buf, size_t len) {
  char key[160];
  snprintf(key, sizeof key, "launch.%s", shape);
  const char *v = samples_meta(f, key), *c = v ? strstr(v, " config=") : NULL;
  if (!c) return 0;
  c += strlen(" config=");
  size_t n = strcspn(c, " ");
  if (!n || n >= len) return 0;
  snprintf(buf, len, "%.*s", (int)n, c);
  return 1;
}

static void aa_inside(const expvars *e, const strlist *paths, const strlist *names) {
  for (size_t d = 0; d < e->dispatch.n; d++) {
    const char *pd = path_of(paths, names, e->dispatch.v[d]);
    samples_file f;
    char er[512], cfg[128];
    if (!pd || samples_read(pd, &f, er, sizeof er)) continue;
    for (size_t i = 0; i < f.ngroups; i++) {
      const char *pc = served_by(&f, f.groups[i].name, cfg, sizeof cfg) ? path_of(paths, names, cfg) : NULL;
      if (pc) printf("%s %s %s\n", pc, pd, f.groups[i].name);
      else fprintf(stderr, "report_pairs: note: %s at %s: no samples of the configuration it ran\n",
                   e->dispatch.v[d], f.groups[i].name);
    }
    samples_free(&f);
  }
}

int main(int argc, char **argv) {
  int cl = argc == 6 && !strcmp(argv[1], "--claims");
  int hl = argc == 4 ? !strcmp(argv[1], "--headline") ? 1 : !strcmp(argv[1], "--sessions") ? 2
                       : !strcmp(argv[1], "--aa-inside") ? 3 : 0 : 0;
  if (argc != 3 && !cl && !hl) {
    fprintf(stderr, "usage: report_pairs VARS DIR | report_pairs --claims CLAIMS SUMMARY VARS DIR | "
                    "report_pairs --headline|--sessions|--aa-inside VARS DIR\n");
    return 2;
  }
  const char *vpath = argv[argc - 2], *dir = argv[argc - 1];
  expvars e;
  strlist paths = {0}, names = {0};
  if (expvars_read(vpath, &e, err, sizeof err)) {
    fprintf(stderr, "report_pairs: %s\n", err);
    return 2;
  }
  if (sample_files(dir, &paths, &names, NULL)) {
    fprintf(stderr, "report_pairs: %s: cannot read the directory\n", dir);
    return 2;
  }
  int rc = 0;
  if (hl == 3) {
    aa_inside(&e, &paths, &names);
  } else if (hl) {
    if (headline(hl, &e, &paths, &names)) {
      fprintf(stderr, "report_pairs: %s\n", err);
      rc = 2;
    }
  } else if (cl) {
    if (claims(argv[2], argv[3], &e, &paths, &names)) {
      fprintf(stderr, "report_pairs: %s\n", err);
      rc = 2;
    }
  } else if (e.baseline) {
    for (size_t i = 0; i < names.n; i++)
      if (strcmp(names.v[i], e.baseline)) pair(&paths, &names, e.baseline, names.v[i]);
  }
  if (!cl && !hl)
    for (size_t i = 0; i < e.cmp_cand.n; i++) pair(&paths, &names, e.cmp_base.v[i], e.cmp_cand.v[i]);
  if (!cl && !hl && !e.baseline && e.cmp_cand.n == 0)
    fprintf(stderr, "report_pairs: note: %s names no BASELINE and no COMPARE pairs\n", vpath);
  expvars_free(&e);
  strlist_free(&paths);
  strlist_free(&names);
  strlist_free(&seen_b);
  strlist_free(&seen_c);
  return rc;
}
