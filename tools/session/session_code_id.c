// session_code_id.c — the code id (session_code_id.h): find's walk, sort -zu, the lines
// sha256sum prints, and their sha256
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "session/session_code_id.h"
#include "session/session_sha256.h"

typedef struct {
  char **p;
  size_t n, cap;
} names;

static int push(names *l, char *s) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 64;
    char **p = realloc(l->p, cap * sizeof *p);
    if (!p) return -1;
    l->p = p, l->cap = cap;
  }
  l->p[l->n++] = s;
  return 0;
}

static void drop(names *l) {
  for (size_t i = 0; i < l->n; i++) free(l->p[i]);
  free(l->p);
}

// find's -name '*.c' -o ... on the last component (a leading dot is no exception to find)
static int is_source(const char *path) {
  static const char *const ext[] = {".c", ".h", ".cu", ".cuh", ".tunables"};
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  const size_t n = strlen(b);
  for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
    const size_t k = strlen(ext[i]);
    if (n >= k && !strcmp(b + n - k, ext[i])) return 1;
  }
  return 0;
}

// find's walk of PATH (-P: a link is not followed, a start path's neither); the source files
// into l. Children are PATH/NAME, or PATHNAME when PATH ends in '/', as find prints them
static int walk(const char *tool, const char *path, int start, names *l) {
  struct stat st;
  if (lstat(path, &st) != 0) {
    if (start && errno == ENOENT) {  // find says so and goes on: the id is of the other paths
      fprintf(stderr, "%s: '%s': no such file or directory\n", tool, path);
      return 0;
    }
    fprintf(stderr, "%s: %s: %s\n", tool, path, strerror(errno));
    return -1;
  }
  if (S_ISREG(st.st_mode)) {
    if (!is_source(path)) return 0;
    char *s = strdup(path);
    if (!s || push(l, s)) { free(s); fprintf(stderr, "%s: out of memory\n", tool); return -1; }
    return 0;
  }
  if (!S_ISDIR(st.st_mode)) return 0;
  DIR *d = opendir(path);
  if (!d) { fprintf(stderr, "%s: %s: cannot read the folder: %s\n", tool, path, strerror(errno)); return -1; }
  const size_t pn = strlen(path);
  const int slash = pn > 0 && path[pn - 1] == '/';
  int rc = 0;
  for (struct dirent *e; rc == 0 && (e = readdir(d));) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char *child = malloc(pn + strlen(e->d_name) + 2);
    if (!child) { fprintf(stderr, "%s: out of memory\n", tool); rc = -1; break; }
    sprintf(child, "%s%s%s", path, slash ? "" : "/", e->d_name);
    rc = walk(tool, child, 0, l);
    free(child);
  }
  closedir(d);
  return rc;
}

static int bytewise(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

// FILE's bytes into s; 0, or -1 after a message
static int file_feed(const char *tool, const char *file, session_sha256 *s) {
  FILE *f = fopen(file, "rb");
  if (!f) { fprintf(stderr, "%s: %s: %s\n", tool, file, strerror(errno)); return -1; }
  unsigned char buf[65536];
  size_t k;
  while ((k = fread(buf, 1, sizeof buf, f)) > 0) session_sha256_update(s, buf, k);
  const int bad = ferror(f);
  fclose(f);
  if (bad) { fprintf(stderr, "%s: %s: cannot read\n", tool, file); return -1; }
  return 0;
}

// the sha256 of FILE's bytes as hex; 0, or -1 after a message
static int file_hex(const char *tool, const char *file, char hex[65]) {
  session_sha256 s;
  unsigned char d[32];
  session_sha256_init(&s);
  if (file_feed(tool, file, &s) != 0) return -1;
  session_sha256_final(&s, d);
  session_sha256_hex(d, hex);
  return 0;
}

// one line of sha256sum (coreutils 9) into s: `<hex>  <name>\n`; a name holding '\\', '\n' or
// '\r' is written with those escaped and the line starts with '\\'
static void sum_line(session_sha256 *s, const char hex[65], const char *name) {
  if (strpbrk(name, "\\\n\r")) session_sha256_update(s, "\\", 1);
  session_sha256_update(s, hex, 64);
  session_sha256_update(s, "  ", 2);
  for (const char *c = name; *c; c++) {
    const char *esc = *c == '\\' ? "\\\\" : *c == '\n' ? "\\n" : *c == '\r' ? "\\r" : NULL;
    if (esc) session_sha256_update(s, esc, 2);
    else session_sha256_update(s, c, 1);
  }
  session_sha256_update(s, "\n", 1);
}

int session_code_id_kernels(const char *tool, const char *const paths[], size_t n, char out[SESSION_CODE_ID_MAX]) {
  names l = {0};
  int rc = 0;
  for (size_t i = 0; rc == 0 && i < n; i++) rc = walk(tool, paths[i], 1, &l);
  if (rc == 0 && l.n > 0) qsort(l.p, l.n, sizeof *l.p, bytewise);
  session_sha256 all;
  session_sha256_init(&all);
  char hex[65];
  for (size_t i = 0; rc == 0 && i < l.n; i++) {
    if (i > 0 && !strcmp(l.p[i], l.p[i - 1])) continue;  // sort -u: a file under two paths once
    rc = file_hex(tool, l.p[i], hex);
    if (rc == 0) sum_line(&all, hex, l.p[i]);
  }
  if (rc == 0 && l.n == 0) {  // xargs runs sha256sum once even so: the empty input, named -
    unsigned char d[32];
    session_sha256 e;
    session_sha256_init(&e);
    session_sha256_final(&e, d);
    session_sha256_hex(d, hex);
    sum_line(&all, hex, "-");
  }
  drop(&l);
  if (rc != 0) return -1;
  unsigned char d[32];
  session_sha256_final(&all, d);
  session_sha256_hex(d, hex);
  snprintf(out, SESSION_CODE_ID_MAX, "kernels:%.*s", SESSION_CODE_ID_HEX, hex);
  return 0;
}

int session_code_id_lib(const char *file, char out[SESSION_CODE_ID_MAX]) {
  static const char suffix[] = "_bench.py";
  size_t end = strlen(file);
  while (end > 1 && file[end - 1] == '/') end--;  // basename: trailing slashes go, a lone / stays
  size_t start = end;
  while (start > 0 && file[start - 1] != '/') start--;
  if (end - start == 0 && end > 0) start = end - 1;  // "/" itself
  size_t n = end - start;
  const size_t k = sizeof suffix - 1;
  if (n > k && !strncmp(file + end - k, suffix, k)) n -= k;
  if (n >= SESSION_CODE_ID_MAX - SESSION_CODE_ID_HEX - 2) return -1;
  memcpy(out, file + start, n);
  out[n] = 0;
  return 0;
}

// the length of the Python identifier at s (0: none)
static size_t ident(const char *s) {
  size_t n = 0;
  while (s[n] == '_' || (s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z') || (n > 0 && s[n] >= '0' && s[n] <= '9')) n++;
  return n;
}
static const char *blanks(const char *s) {
  while (*s == ' ' || *s == '\t') s++;
  return s;
}
// whether s starts with the keyword KW followed by a blank
static int keyword(const char *s, const char *kw) {
  const size_t k = strlen(kw);
  return !strncmp(s, kw, k) && (s[k] == ' ' || s[k] == '\t');
}

// add DIR/NAME.py (NAME: the n bytes at nm) to l when it is a file other than FILE and not there yet;
// 0, or -1 after a message
static int add_sibling(const char *tool, const char *file, size_t dn, const char *nm, size_t n, names *l) {
  if (n == 8 && !strncmp(nm, "libbench", 8)) return 0;  // the shared runner: hashed as a folder
  char *p = malloc(dn + n + 4);
  if (!p) { fprintf(stderr, "%s: out of memory\n", tool); return -1; }
  memcpy(p, file, dn);
  memcpy(p + dn, nm, n);
  strcpy(p + dn + n, ".py");
  struct stat st;
  int seen = stat(p, &st) != 0 || !S_ISREG(st.st_mode) || !strcmp(p, file);
  for (size_t i = 0; !seen && i < l->n; i++) seen = !strcmp(l->p[i], p);
  if (seen) { free(p); return 0; }
  if (push(l, p)) { free(p); fprintf(stderr, "%s: out of memory\n", tool); return -1; }
  return 0;
}

// the imports of FILE that the id covers: *on = whether a line starts `import libbench` (a runner
// on the shared one); l gets DIR/NAME.py, DIR the runner's folder, for each NAME of a line that
// starts `import NAME[ as X][, NAME[ as X]]...` or `from NAME import` where that file exists (a
// sibling module the runner stands on, e.g. another runner whose inputs and check it reuses), in
// byte order, each once. Dotted and relative names are no siblings; a sibling's own imports are
// not followed. 0, or -1 after a message when it cannot be read
static int imports_of(const char *tool, const char *file, int *on, names *l) {
  FILE *f = fopen(file, "r");
  if (!f) { fprintf(stderr, "%s: %s: %s\n", tool, file, strerror(errno)); return -1; }
  const char *slash = strrchr(file, '/');
  const size_t dn = slash ? (size_t)(slash - file) + 1 : 0;  // the folder, its slash included
  char line[4096];
  int bol = 1, rc = 0;
  *on = 0;
  while (rc == 0 && fgets(line, sizeof line, f)) {
    const int start = bol;
    bol = strchr(line, '\n') != NULL;  // (a longer line's rest is not a line's start)
    if (!start) continue;
    if (!strncmp(line, "import libbench", 15)) *on = 1;
    const int from = keyword(line, "from");
    const char *s = from ? line + 4 : keyword(line, "import") ? line + 6 : NULL;
    while (s && rc == 0) {  // one name of the list a time
      s = blanks(s);
      const size_t n = ident(s);
      const char *e = s + n;
      const int whole = n > 0 && *e != '.';
      while (*e == '.') e += 1 + ident(e + 1);  // the rest of a dotted name
      const char *t = blanks(e);
      if (from) {
        if (whole && keyword(t, "import")) rc = add_sibling(tool, file, dn, s, n, l);
        break;
      }
      if (whole) rc = add_sibling(tool, file, dn, s, n, l);
      if (keyword(t, "as")) t = blanks(t + 2), t = blanks(t + ident(t));
      s = *t == ',' ? t + 1 : NULL;
    }
  }
  fclose(f);
  if (rc == 0 && l->n > 1) qsort(l->p, l->n, sizeof *l->p, bytewise);
  return rc;
}

// the *.py files of DIR into l, in byte order (as LC_ALL=C ls lists them); 0, or -1 after a message
static int python_files(const char *tool, const char *dir, names *l) {
  DIR *d = opendir(dir);
  if (!d) { fprintf(stderr, "%s: %s: cannot read the folder: %s\n", tool, dir, strerror(errno)); return -1; }
  int rc = 0;
  for (struct dirent *e; rc == 0 && (e = readdir(d));) {
    const size_t n = strlen(e->d_name);
    if (n < 4 || strcmp(e->d_name + n - 3, ".py") || e->d_name[0] == '.') continue;
    char *p = malloc(strlen(dir) + n + 2);
    if (!p) { rc = -1; break; }
    sprintf(p, "%s/%s", dir, e->d_name);
    if (push(l, p)) { free(p); rc = -1; }
  }
  closedir(d);
  if (rc) { fprintf(stderr, "%s: out of memory\n", tool); return -1; }
  qsort(l->p, l->n, sizeof *l->p, bytewise);
  return 0;
}

int session_code_id_runner(const char *tool, const char *file, char out[SESSION_CODE_ID_MAX]) {
  char hex[65];
  if (session_code_id_lib(file, out) != 0) { fprintf(stderr, "%s: %s: the name is too long\n", tool, file); return -1; }
  int on = 0;
  names sib = {0};
  if (imports_of(tool, file, &on, &sib) != 0) { drop(&sib); return -1; }
  session_sha256 s;
  unsigned char d[32];
  session_sha256_init(&s);
  int rc = file_feed(tool, file, &s);
  for (size_t i = 0; rc == 0 && i < sib.n; i++) rc = file_feed(tool, sib.p[i], &s);  // then its siblings'
  drop(&sib);
  if (rc == 0 && on) {  // then libbench's, one file after another
    const char *dir = getenv("LIBBENCH_DIR");
    names l = {0};
    rc = python_files(tool, dir && *dir ? dir : "tools/libbench", &l);
    for (size_t i = 0; rc == 0 && i < l.n; i++) rc = file_feed(tool, l.p[i], &s);
    drop(&l);
  }
  if (rc != 0) return -1;
  session_sha256_final(&s, d);
  session_sha256_hex(d, hex);
  const size_t n = strlen(out);
  snprintf(out + n, SESSION_CODE_ID_MAX - n, ":%.*s", SESSION_CODE_ID_HEX, hex);
  return 0;
}

const char *session_code_id_for(const char *variant, const char *kernels, const char *const runners[], size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (!*runners[i]) continue;
    const size_t lib = strcspn(runners[i], ":");
    if (!strncmp(variant, runners[i], lib) && variant[lib] == '-') return runners[i];
  }
  return kernels;
}

size_t session_code_id_base_len(const char *id) { return strcspn(id, " "); }
