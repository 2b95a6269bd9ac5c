// published_record.c — DATA/RETIRED read, written and summed up (published_record.h)
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "published/published_record.h"
#include "published/published_scan.h"

#define BLANKS " \t"

static char *record_file(const char *data) {
  char *f = malloc(strlen(data) + sizeof "/RETIRED");
  if (f) sprintf(f, "%s/RETIRED", data);
  return f;
}

// the line without its newline
static void chomp(char *s, ssize_t *n) {
  if (*n > 0 && s[*n - 1] == '\n') s[--*n] = 0;
}

// the first blank-separated field of LINE: its start and length (length 0: a blank line)
static const char *field(const char *line, size_t *len) {
  line += strspn(line, BLANKS);
  *len = strcspn(line, BLANKS);
  return line;
}

static int is_date(const char *s, size_t n) {
  if (n != 10 || s[4] != '-' || s[7] != '-') return 0;
  for (size_t i = 0; i < n; i++)
    if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9')) return 0;
  return 1;
}

// <exp>/<gpu>/<variant>.csv or <exp>/<gpu>/profile/<variant>.csv: non-empty parts, the last
// ending in .csv
static int is_path(const char *s, size_t n) {
  size_t parts = 0, len = 0, third = 0, third_len = 0;
  for (size_t i = 0; i <= n; i++) {
    if (i < n && s[i] != '/') { len++; continue; }
    if (len == 0) return 0;
    if (++parts == 3) third = i - len, third_len = len;
    len = 0;
  }
  const int profile = parts == 4 && third_len == 7 && !strncmp(s + third, "profile", 7);
  return (parts == 3 || profile) && n >= 4 && !strncmp(s + n - 4, ".csv", 4) && s[n - 5] != '/';
}

int published_record_read(const char *data, const char *exp, published_entries *out) {
  char *f = record_file(data);
  if (!f) { fprintf(stderr, "retired: out of memory\n"); return -1; }
  FILE *in = fopen(f, "r");
  if (!in) {
    const int gone = errno == ENOENT;
    if (!gone) fprintf(stderr, "retired: %s: %s\n", f, strerror(errno));
    free(f);
    return gone ? 0 : -1;
  }
  char *line = NULL;
  size_t cap = 0, no = 0, elen = exp ? strlen(exp) : 0;
  ssize_t n;
  int rc = 0;
  while (rc == 0 && (n = getline(&line, &cap, in)) >= 0) {
    no++;
    chomp(line, &n);
    size_t plen, clen, dlen, rlen;
    const char *p = field(line, &plen);
    if (line[0] == '#' || plen == 0) continue;
    const char *c = field(p + plen, &clen), *d = field(c + clen, &dlen);
    field(d + dlen, &rlen);
    if (rlen == 0 || !is_path(p, plen) || !is_date(d, dlen)) {
      fprintf(stderr, "retired: %s:%zu: not a record (<exp>/<gpu>/[profile/]<variant>.csv <code> <YYYY-MM-DD> <reason>)\n", f, no);
      rc = -1;
      break;
    }
    if (elen && (plen <= elen || strncmp(p, exp, elen) || p[elen] != '/')) continue;
    char *path = strndup(p, plen);
    if (!path || published_entries_add(out, path, c, clen, line)) { fprintf(stderr, "retired: out of memory\n"); rc = -1; }
    free(path);
  }
  if (rc == 0 && ferror(in)) { fprintf(stderr, "retired: %s: cannot read\n", f); rc = -1; }
  free(line);
  fclose(in);
  free(f);
  return rc;
}

static int bytewise(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

// the records to write: those of other experiments from IN (the comments to COMMENTS, in order),
// then LINES; sorted. 0, or -1 when out of memory
static int gather(FILE *in, const char *exp, char *const lines[], size_t n, FILE *comments, char ***recs, size_t *nrecs) {
  size_t cap = n + 16, k = 0, elen = strlen(exp);
  char **r = malloc(cap * sizeof *r), *line = NULL;
  size_t lcap = 0;
  ssize_t len;
  if (!r) return -1;
  while (in && (len = getline(&line, &lcap, in)) >= 0) {
    chomp(line, &len);
    size_t plen;
    const char *p = field(line, &plen);
    if (line[0] == '#') { fprintf(comments, "%s\n", line); continue; }
    if (plen == 0 || (plen >= elen + 1 && !strncmp(p, exp, elen) && p[elen] == '/')) continue;
    if (k == cap) {
      char **g = realloc(r, (cap *= 2) * sizeof *r);
      if (!g) break;
      r = g;
    }
    if (!(r[k] = strdup(line))) break;
    k++;
  }
  free(line);
  int rc = in && !feof(in) ? -1 : 0;  // (stopped early: out of memory)
  for (size_t i = 0; rc == 0 && i < n; i++) {
    if (k == cap) {
      char **g = realloc(r, (cap *= 2) * sizeof *r);
      if (!g) { rc = -1; break; }
      r = g;
    }
    if (!(r[k] = strdup(lines[i]))) rc = -1;
    else k++;
  }
  qsort(r, k, sizeof *r, bytewise);
  *recs = r, *nrecs = k;
  return rc;
}

int published_record_write(const char *data, const char *exp, char *const lines[], size_t n) {
  char *f = record_file(data), *tmp = f ? malloc(strlen(f) + 32) : NULL;
  if (!tmp) { free(f); fprintf(stderr, "retire: out of memory\n"); return -1; }
  sprintf(tmp, "%s.tmp.%ld", f, (long)getpid());
  FILE *in = fopen(f, "r");
  int rc = !in && errno != ENOENT ? -1 : 0;  // (a record that cannot be read is not rewritten)
  if (rc || (!in && n == 0)) goto done;     // nothing to record and no record yet: no file is made
  FILE *out = fopen(tmp, "w");
  if (!out) { rc = -1; goto done; }
  if (!in)
    fputs("# RETIRED — published sample files and profiles of code that no longer ships, kept as measured\n"
          "# (written by make retire, read by make check-published; format: tools/published/published_record.h)\n"
          "# <exp>/<gpu>/[profile/]<variant>.csv <code> <YYYY-MM-DD> <reason>\n",
          out);
  char **recs = NULL;
  size_t k = 0;
  rc = gather(in, exp, lines, n, out, &recs, &k);
  for (size_t i = 0; i < k; i++) {
    if (rc == 0) fprintf(out, "%s\n", recs[i]);
    free(recs[i]);
  }
  free(recs);
  if (fclose(out) != 0 || rc != 0 || (in && ferror(in)) || rename(tmp, f) != 0) rc = -1;
  if (rc != 0) remove(tmp);
done:
  if (in) fclose(in);
  if (rc != 0) fprintf(stderr, "retire: %s: cannot write\n", f);
  free(tmp);
  free(f);
  return rc;
}

typedef struct {
  char *exp, *day;     // the experiment and its latest day
  const char *reason;  // that day's (last) record's reason, in the record's line
  size_t files;
  char **gpu;          // its GPUs (the directories under it) in the order first met, and the
  size_t *gfiles, ngpu; // files of each
} exp_sum;

// one more file of EXP's GPU G (G the path's second part, GLEN long); -1 when out of memory
static int add_gpu(exp_sum *s, const char *g, size_t glen) {
  size_t k = 0;
  while (k < s->ngpu && (strlen(s->gpu[k]) != glen || strncmp(s->gpu[k], g, glen))) k++;
  if (k == s->ngpu) {
    char **gs = realloc(s->gpu, (k + 1) * sizeof *gs);
    if (gs) s->gpu = gs;
    size_t *fs = realloc(s->gfiles, (k + 1) * sizeof *fs);
    if (fs) s->gfiles = fs;
    if (!gs || !fs || !(s->gpu[k] = strndup(g, glen))) return -1;
    s->gfiles[k] = 0, s->ngpu++;
  }
  s->gfiles[k]++;
  return 0;
}

// the reason of a record line: the line less three fields, as awk's sub(/^[^ ]+ +/, "") thrice
static const char *reason_of(const char *r) {
  for (int i = 0; i < 3; i++) {
    const size_t k = strcspn(r, " ");
    if (k > 0 && r[k] == ' ') r += k + strspn(r + k, " ");
  }
  return r;
}

// the CSV row of S, the reason quoted with its quotes doubled, then its GPUs as `gpu:files ...`;
// NULL when out of memory
static char *row(const exp_sum *s) {
  size_t q = 0, gl = 0;
  for (const char *c = s->reason; *c; c++) q += *c == '"';
  for (size_t k = 0; k < s->ngpu; k++) gl += strlen(s->gpu[k]) + 24;
  const size_t n = strlen(s->exp) + strlen(s->day) + strlen(s->reason) + q + gl + 32;
  char *out = malloc(n), *o;
  if (!out) return NULL;
  o = out + sprintf(out, "%s,%zu,%s,\"", s->exp, s->files, s->day);
  for (const char *c = s->reason; *c; c++) {
    if (*c == '"') *o++ = '"';
    *o++ = *c;
  }
  o += sprintf(o, "\",");
  for (size_t k = 0; k < s->ngpu; k++) o += sprintf(o, "%s%s:%zu", k ? " " : "", s->gpu[k], s->gfiles[k]);
  return out;
}

int published_record_summary(const published_entries *records, FILE *out) {
  exp_sum *s = calloc(records->n + 1, sizeof *s);
  size_t ns = 0;
  int rc = s ? 0 : -1;
  for (size_t i = 0; rc == 0 && i < records->n; i++) {
    const published_entry *e = &records->e[i];
    if (published_is_profile(e->path)) continue;  // the appendix marks timings; a profile says its own code
    const size_t elen = strcspn(e->path, "/");
    size_t k = 0;
    while (k < ns && (strlen(s[k].exp) != elen || strncmp(s[k].exp, e->path, elen))) k++;
    if (k == ns && !(s[ns++].exp = strndup(e->path, elen))) { rc = -1; break; }
    size_t len;
    const char *f1 = field(e->line, &len), *f2 = field(f1 + len, &len), *day = field(f2 + len, &len);
    s[k].files++;
    const char *g = e->path + elen + (e->path[elen] == '/');
    if (add_gpu(&s[k], g, strcspn(g, "/"))) { rc = -1; break; }
    char *d = strndup(day, len);
    if (!d) { rc = -1; break; }
    if (s[k].day && strcmp(d, s[k].day) < 0) { free(d); continue; }  // (awk: $3 >= d[e], the later of a day)
    free(s[k].day);
    s[k].day = d, s[k].reason = reason_of(e->line);
  }
  char **rows = rc == 0 ? calloc(ns + 1, sizeof *rows) : NULL;
  if (!rows) rc = -1;
  for (size_t k = 0; rc == 0 && k < ns; k++)
    if (!(rows[k] = row(&s[k]))) rc = -1;
  if (rc == 0) {
    qsort(rows, ns, sizeof *rows, bytewise);
    fprintf(out, "exp,files,date,reason,gpus\n");
    for (size_t k = 0; k < ns; k++) fprintf(out, "%s\n", rows[k]);
  }
  for (size_t k = 0; s && k < ns; k++) {
    for (size_t j = 0; j < s[k].ngpu; j++) free(s[k].gpu[j]);
    free(s[k].gpu), free(s[k].gfiles), free(s[k].exp), free(s[k].day), rows ? free(rows[k]) : (void)0;
  }
  free(rows);
  free(s);
  return rc;
}
