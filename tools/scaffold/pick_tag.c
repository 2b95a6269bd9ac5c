// pick_tag.c — see pick_tag.h.
#include "pick_tag.h"

#include <stdio.h>

#include "shape.h"
#include "space/grammar_clash.h"

static char probe_tag;  // the letter under trial

static int probe_parse(const char *name, problem_shape *s, char *why, size_t len) {
  char tags[SHAPE_AXES_MAX];
  long v[SHAPE_AXES_MAX];
  if (shape_fields(name, tags, v, SHAPE_AXES_MAX, why, len) != 1 || tags[0] != probe_tag || v[0] < 1) return -1;
  s->v[0] = v[0];
  return 0;
}
static void probe_format(const problem_shape *s, char *buf, size_t len) { snprintf(buf, len, "%c%ld", probe_tag, s->v[0]); }
static void probe_work(const problem_shape *s, double *flops, double *bytes) {
  (void)s;
  *flops = *bytes = 0;
}

char pick_tag(void) {
  const problem_host probe = {"new", "X", probe_parse, probe_format, probe_work, NULL};
  char name[128];
  for (probe_tag = 'A'; probe_tag <= 'Z'; probe_tag++) {
    int clash = 0;
    for (int i = 0; problem_hosts[i] && !clash; i++) clash = grammar_clash(&probe, problem_hosts[i], name, sizeof name);
    if (!clash) return probe_tag;
  }
  return 0;
}
