// published_scan.c — an experiment's sample files and profiles and their code ids (published_scan.h)
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "published/published_scan.h"
#include "profile/profile_metrics.h"

#define SAMPLES_MAGIC "# cudadent42 samples"
#define CODE_KEY "# code:"
#define PROFILE_COLUMNS "variant,shape,metric,value,unit"

int published_is_profile(const char *path) {
  // four non-empty parts, the third `profile` (a GPU folder may itself be named profile)
  const char *part[4];
  size_t len[4], n = 0;
  for (const char *s = path;; s++) {
    const char *e = s + strcspn(s, "/");
    if (e == s || n == 4) return 0;
    part[n] = s, len[n++] = (size_t)(e - s);
    if (!*e) break;
    s = e;
  }
  return n == 4 && len[2] == 7 && !strncmp(part[2], "profile", 7);
}

// the code of FILE into out when it is a sample file or (PROFILE: FILE is in a profile/ folder) a
// profile; nothing for any other file; 0, or -1 when it cannot be read
static int code_of(const char *file, const char *rel, int profile, published_entries *out) {
  FILE *f = fopen(file, "r");
  if (!f) return -1;
  char *line = NULL;
  size_t cap = 0;
  ssize_t n = getline(&line, &cap, f);
  int rc = 0;
  if (n >= 0 && profile && !strncmp(line, PROFILE_COLUMNS, sizeof PROFILE_COLUMNS - 1) &&
      !line[strspn(line + sizeof PROFILE_COLUMNS - 1, "\r\n") + sizeof PROFILE_COLUMNS - 1]) {
    if (published_entries_add(out, rel, "none", 4, NULL)) rc = -1;  // from before profiles carried their code
  } else if (n >= 0 && (profile ? !strncmp(line, PM_MAGIC, sizeof PM_MAGIC - 1)
                                : !strncmp(line, SAMPLES_MAGIC, sizeof SAMPLES_MAGIC - 1))) {
    const char *code = "none";
    size_t len = 4;
    char *have = NULL;
    while ((n = getline(&line, &cap, f)) >= 0 && line[0] == '#') {
      const char *v;
      size_t k;
      if (have || !pm_header_value(line, CODE_KEY, &v, &k)) continue;
      if (k > 0 && !(have = strndup(v, k))) { rc = -1; break; }
    }
    if (have) code = have, len = strlen(have);
    if (rc == 0 && published_entries_add(out, rel, code, len, NULL)) rc = -1;
    free(have);
  }
  if (ferror(f)) rc = -1;
  free(line);
  fclose(f);
  return rc;
}

// the names in DIR not starting with '.', sorted; NULL (and *n 0) when DIR is not a folder
static char **listing(const char *dir, size_t *n, int *err) {
  DIR *d = opendir(dir);
  *n = 0;
  if (!d) { *err = errno != ENOENT && errno != ENOTDIR; return NULL; }
  size_t cap = 16;
  char **names = malloc(cap * sizeof *names);
  for (struct dirent *e; names && (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    if (*n == cap) {
      char **g = realloc(names, (cap *= 2) * sizeof *names);
      if (!g) { *err = 1; break; }
      names = g;
    }
    if (!(names[*n] = strdup(e->d_name))) { *err = 1; break; }
    ++*n;
  }
  closedir(d);
  if (!names) *err = 1;
  return names;
}

static void drop(char **names, size_t n) {
  for (size_t i = 0; i < n; i++) free(names[i]);
  free(names);
}

static int is_csv(const char *name) {
  const size_t n = strlen(name);
  return n > 4 && !strcmp(name + n - 4, ".csv");
}

int published_scan(const char *tool, const char *data, const char *exp, published_entries *out) {
  const size_t base = strlen(data) + 1;  // DATA/ before every relative path
  char *top = malloc(base + strlen(exp) + 1);
  int err = 0;
  size_t ng = 0;
  char **gpus = NULL;
  if (!top) err = 1;
  else sprintf(top, "%s/%s", data, exp), gpus = listing(top, &ng, &err);
  for (size_t g = 0; !err && g < ng; g++) {
    char *dir = malloc(strlen(top) + strlen(gpus[g]) + 2);
    size_t nf = 0;
    char **files = NULL;
    if (!dir) { err = 1; break; }
    sprintf(dir, "%s/%s", top, gpus[g]);
    struct stat st;
    // the GPU's folder, then its profile/ folder
    for (int profile = 0; profile < 2 && !err; profile++) {
      char *d = profile ? malloc(strlen(dir) + 9) : dir;
      if (!d) { err = 1; break; }
      if (profile) sprintf(d, "%s/profile", dir);
      nf = 0, files = NULL;
      if (stat(d, &st) == 0 && S_ISDIR(st.st_mode)) files = listing(d, &nf, &err);
      for (size_t i = 0; !err && i < nf; i++) {
        if (!is_csv(files[i])) continue;
        char *path = malloc(strlen(d) + strlen(files[i]) + 2);
        if (!path) { err = 1; break; }
        sprintf(path, "%s/%s", d, files[i]);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && code_of(path, path + base, profile, out)) err = 1;
        free(path);
      }
      drop(files, nf);
      if (profile) free(d);
    }
    free(dir);
  }
  drop(gpus, ng);
  if (err) fprintf(stderr, "%s: %s: cannot read its sample files and profiles\n", tool, top ? top : exp);
  free(top);
  if (!err) published_entries_sort(out);
  return err ? -1 : 0;
}
