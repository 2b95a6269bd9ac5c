// space.c — expand a parameter space file into one flag file per configuration.
//
//   space SPACE_FILE OUTDIR
//
// Space file format (one item per line; `#` starts a comment; blank lines ignored; a CR
// before the LF is stripped):
//   NAME: v1 v2 v3          a parameter and its values, separated by spaces or tabs
//   NAME(abbr): v1 v2       the same, with the abbreviation used in configuration names
//   require: EXPR           a constraint every kept configuration satisfies (nonzero)
// NAME is [A-Za-z_][A-Za-z0-9_]*, unique, and becomes -DNAME=VALUE. Values obey the flag
// file rule, [A-Za-z0-9_.+-]+ without "..", and are unique within a parameter. abbr is
// [A-Za-z0-9]+, unique; it defaults to NAME in lower case. EXPR: 64-bit integers, + - * / %,
// < <= > >= == !=, && || !, parentheses, parameter names (every value of a parameter used in
// a constraint must be a decimal integer); see space_expr.h. Constraints may name parameters
// declared after them.
//   BLOCK_M(m): 64 128
//   NUM_WARPS(w): 4 8
//   require: NUM_WARPS * 16 <= BLOCK_M
// Configurations are the cartesian product (the first parameter varies slowest), at most
// 1,000,000. Each kept one is written to OUTDIR/<name>.flags, name = abbr+value per parameter
// in file order joined by '_' (m64_w4, m128_w4, m128_w8); the file holds `# space: FILE`
// then one -DNAME=VALUE line per parameter. A file is rewritten only when its content
// changes (new files are created in place, existing ones replaced by rename); *.flags files in OUTDIR that are not in the space are deleted. Prints
// `space: N configurations (M rejected by constraints)` to stderr.
// Errors (exit 2, nothing written): `space: FILE:LINE: what` for syntax errors, unknown
// names, non-integer values in constraints, division by zero or overflow in any
// configuration, two configurations with the same name, or when every one is rejected.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "space_expr.h"

#define MAX_CONFIGS 1000000L

struct param {
  char *name, *abbr, **val;
  long long *ival;
  size_t nval;
  long line;
  int used; // named by a constraint
};
struct constraint {
  char *text;
  long line;
  struct space_expr *e;
};
struct config {
  char *name;
  size_t first; // index of its value indices in the kept array
};

static const char *path;
static struct param *par;
static size_t npar;

static _Noreturn void die(long line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (line) fprintf(stderr, "space: %s:%ld: ", path, line);
  else fprintf(stderr, "space: %s: ", path);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static void *xrealloc(void *p, size_t n) {
  if (!(p = realloc(p, n ? n : 1))) die(0, "out of memory");
  return p;
}

static int is_name(const char *s, size_t n) {
  if (!n || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z') || s[0] == '_')) return 0;
  return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") >= n;
}

static int lookup(void *ctx, const char *name, size_t len) {
  (void)ctx;
  for (size_t i = 0; i < npar; i++)
    if (strlen(par[i].name) == len && !strncmp(par[i].name, name, len)) return par[i].used = 1, (int)i;
  return -1;
}

// "NAME[(abbr)]: values" at s (comment and blanks stripped).
static void parse_param(char *s, long line) {
  size_t n = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
  char *colon = strchr(s, ':');
  if (!colon) die(line, "expected 'NAME: values' or 'require: EXPR', got '%.60s'", s);
  if (!is_name(s, n)) die(line, "'%.*s' is not a parameter name", (int)(colon - s), s);
  struct param p = {strndup(s, n), NULL, NULL, NULL, 0, line, 0};
  char *q = s + n;
  if (*q == '(') {
    char *close = strchr(q, ')');
    size_t an = strspn(q + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
    if (!close || close != q + 1 + an || !an) die(line, "abbreviation must be (letters and digits)");
    p.abbr = strndup(q + 1, an);
    q = close + 1;
  } else {
    p.abbr = strdup(p.name);
    for (char *c = p.abbr; *c; c++) if (*c >= 'A' && *c <= 'Z') *c += 'a' - 'A';
  }
  q += strspn(q, " \t");
  if (*q != ':') die(line, "expected ':' after '%s'", p.name);
  for (char *v = strtok(q + 1, " \t"); v; v = strtok(NULL, " \t")) {
    if (strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-") != strlen(v))
      die(line, "value '%.60s' of %s has a character outside [A-Za-z0-9_.+-]", v, p.name);
    if (strstr(v, "..")) die(line, "value '%s' of %s contains '..'", v, p.name);
    for (size_t i = 0; i < p.nval; i++)
      if (!strcmp(p.val[i], v)) die(line, "value '%s' of %s given twice", v, p.name);
    p.val = xrealloc(p.val, (p.nval + 1) * sizeof *p.val);
    p.val[p.nval++] = strdup(v);
  }
  if (!p.nval) die(line, "parameter %s has no values", p.name);
  for (size_t i = 0; i < npar; i++) {
    if (!strcmp(par[i].name, p.name)) die(line, "parameter %s already declared on line %ld", p.name, par[i].line);
    if (!strcmp(par[i].abbr, p.abbr)) die(line, "abbreviation '%s' already used by %s", p.abbr, par[i].name);
  }
  par = xrealloc(par, (npar + 1) * sizeof *par);
  par[npar++] = p;
}

// The integer values of every parameter a constraint uses.
static void check_integers(const struct constraint *c) {
  for (size_t i = 0; i < npar; i++) {
    if (!par[i].used || par[i].ival) continue;
    par[i].ival = xrealloc(NULL, par[i].nval * sizeof *par[i].ival);
    for (size_t j = 0; j < par[i].nval; j++) {
      char *end;
      errno = 0;
      par[i].ival[j] = strtoll(par[i].val[j], &end, 10);
      if (*end || errno) die(c->line, "value '%s' of %s (line %ld) is not an integer", par[i].val[j], par[i].name, par[i].line);
    }
  }
}

static char *config_name(const size_t *idx) {
  size_t len = 1;
  for (size_t i = 0; i < npar; i++) len += strlen(par[i].abbr) + strlen(par[i].val[idx[i]]) + 1;
  char *s = xrealloc(NULL, len), *p = s;
  for (size_t i = 0; i < npar; i++) p += sprintf(p, "%s%s%s", i ? "_" : "", par[i].abbr, par[i].val[idx[i]]);
  return s;
}

static int by_name(const void *a, const void *b) {
  return strcmp(((const struct config *)a)->name, ((const struct config *)b)->name);
}

static void mkdirs(char *dir) {
  for (char *p = dir + 1;; p++)
    if (*p == '/' || !*p) {
      char c = *p;
      *p = 0;
      if (mkdir(dir, 0777) && errno != EEXIST) { fprintf(stderr, "space: %s: %s\n", dir, strerror(errno)); exit(2); }
      if (!(*p = c)) return;
    }
}

// Write content to file unless it already holds exactly that. A new file is created in place
// (a partial one left by an interruption differs from the content and is rewritten next run);
// an existing one is replaced atomically (temporary file, rename).
static void write_if_changed(const char *file, const char *content) {
  size_t n = strlen(content);
  int fd = open(file, O_RDONLY);
  if (fd >= 0) {
    char *old = xrealloc(NULL, n + 1);
    ssize_t got = read(fd, old, n + 1);
    close(fd);
    int same = got == (ssize_t)n && !memcmp(old, content, n);
    free(old);
    if (same) return;
  }
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", file, (long)getpid());
  const char *target = fd >= 0 ? tmp : file;
  fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0 || write(fd, content, n) != (ssize_t)n || close(fd) || (target == tmp && rename(tmp, file))) {
    fprintf(stderr, "space: %s: %s\n", file, strerror(errno));
    unlink(tmp);
    exit(2);
  }
}

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: space SPACE_FILE OUTDIR\n"); return 2; }
  path = argv[1];
  FILE *in = fopen(path, "r");
  if (!in) { fprintf(stderr, "space: %s: %s\n", path, strerror(errno)); return 2; }
  struct constraint *con = NULL;
  size_t ncon = 0, cap = 0;
  char *buf = NULL;
  long line = 0;
  ssize_t got;
  while ((got = getline(&buf, &cap, in)) >= 0) {
    line++;
    size_t n = strlen(buf);
    if (n != (size_t)got) die(line, "NUL byte");
    if (n && buf[n - 1] == '\n') buf[--n] = 0;
    if (n && buf[n - 1] == '\r') buf[--n] = 0;
    buf[strcspn(buf, "#")] = 0;
    char *s = buf + strspn(buf, " \t"), *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t')) *--e = 0;
    if (!*s) continue;
    for (char *c = s; *c; c++)
      if ((unsigned char)*c < 0x20 && *c != '\t') die(line, "control character 0x%02x", (unsigned char)*c);
    char *k = s + 7;
    if (!strncmp(s, "require", 7) && *(k += strspn(k, " \t")) == ':') {
      con = xrealloc(con, (ncon + 1) * sizeof *con);
      con[ncon++] = (struct constraint){strdup(k + 1 + strspn(k + 1, " \t")), line, NULL};
    } else parse_param(s, line);
  }
  free(buf);
  fclose(in);
  if (!npar) die(0, "no parameters");
  long total = 1;
  for (size_t i = 0; i < npar; i++)
    if ((total *= (long)par[i].nval) > MAX_CONFIGS) die(par[i].line, "more than %ld configurations", MAX_CONFIGS);
  char err[256];
  for (size_t c = 0; c < ncon; c++) {
    if (!(con[c].e = space_expr_parse(con[c].text, lookup, NULL, err, sizeof err)))
      die(con[c].line, "%s in '%.80s'", err, con[c].text);
    check_integers(&con[c]);
  }

  // Expand: an odometer over value indices, last parameter fastest.
  size_t *idx = calloc(npar, sizeof *idx), *kept = NULL, nkept = 0, keptcap = 0;
  long long *vars = calloc(npar, sizeof *vars);
  long rejected = 0;
  for (long k = 0; k < total; k++) {
    for (size_t i = 0; i < npar; i++) vars[i] = par[i].ival ? par[i].ival[idx[i]] : 0;
    int ok = 1;
    for (size_t c = 0; c < ncon && ok; c++) {
      long long v;
      const char *why;
      if (space_expr_eval(con[c].e, vars, &v, &why))
        die(con[c].line, "%s in '%.80s' for %s", why, con[c].text, config_name(idx));
      ok = v != 0;
    }
    if (ok) {
      if (nkept == keptcap) kept = xrealloc(kept, (keptcap = 2 * keptcap + 64) * npar * sizeof *kept);
      memcpy(kept + nkept++ * npar, idx, npar * sizeof *idx);
    } else rejected++;
    for (size_t i = npar; i-- > 0 && ++idx[i] == par[i].nval;) idx[i] = 0;
  }
  if (!nkept) die(0, "all %ld configurations are rejected by the constraints", total);

  struct config *cf = xrealloc(NULL, nkept * sizeof *cf);
  for (size_t k = 0; k < nkept; k++) cf[k] = (struct config){config_name(kept + k * npar), k * npar};
  qsort(cf, nkept, sizeof *cf, by_name);
  for (size_t k = 1; k < nkept; k++)
    if (!strcmp(cf[k - 1].name, cf[k].name)) die(0, "two configurations are both named '%s'", cf[k].name);

  char *dir = strdup(argv[2]);
  mkdirs(dir);
  size_t clen = strlen(path) + 16;
  for (size_t i = 0; i < npar; i++) {
    size_t longest = 0;
    for (size_t j = 0; j < par[i].nval; j++) if (strlen(par[i].val[j]) > longest) longest = strlen(par[i].val[j]);
    clen += strlen(par[i].name) + longest + 5;
  }
  char *content = xrealloc(NULL, clen), file[4096];
  for (size_t k = 0; k < nkept; k++) {
    char *p = content + sprintf(content, "# space: %s\n", path);
    for (size_t i = 0; i < npar; i++) p += sprintf(p, "-D%s=%s\n", par[i].name, par[i].val[kept[cf[k].first + i]]);
    if (snprintf(file, sizeof file, "%s/%s.flags", dir, cf[k].name) >= (int)sizeof file) die(0, "output path too long");
    write_if_changed(file, content);
  }

  // Delete *.flags that are no longer in the space.
  DIR *d = opendir(dir);
  if (!d) { fprintf(stderr, "space: %s: %s\n", dir, strerror(errno)); return 2; }
  for (struct dirent *de; (de = readdir(d));) {
    size_t n = strlen(de->d_name);
    if (n <= 6 || strcmp(de->d_name + n - 6, ".flags")) continue;
    struct config key = {strndup(de->d_name, n - 6), 0};
    int keep = bsearch(&key, cf, nkept, sizeof *cf, by_name) != NULL;
    free(key.name);
    if (keep) continue;
    snprintf(file, sizeof file, "%s/%s", dir, de->d_name);
    if (unlink(file)) { fprintf(stderr, "space: %s: %s\n", file, strerror(errno)); return 2; }
  }
  closedir(d);
  fprintf(stderr, "space: %zu configurations (%ld rejected by constraints)\n", nkept, rejected);
  return 0;
}
