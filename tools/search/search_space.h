// search_space.h — the candidate set of a search: the expanded flag files of an experiment
// (build/<exp>/variants/*.flags, one -DNAME=VALUE per line, `#` comments), each a
// configuration of NAME=VALUE pairs. The parameters are the union of the NAMEs; a flag
// without a value has the value "1", a NAME missing from a file the value "" (absent).
// A parameter whose values are all decimal integers is ordinal (values sorted numerically,
// modelled over value indices); any other is categorical (values in strcmp order). A
// parameter with one value is constant and ignored by the strategies.
#pragma once
#include <stddef.h>

typedef struct {
  char *name;
  char **val;  // distinct values, sorted
  size_t nval;
  int ordinal;
} sp_param;

typedef struct {
  sp_param *par;
  size_t npar;
  char **name;   // configuration names (flag file names without .flags), sorted
  char **flags;  // flag tokens in file order joined by one space
  size_t *idx;   // ncfg x npar value indices
  size_t ncfg;
} sp_space;

// Loads every [A-Za-z0-9_.+-]+.flags file of DIR. Returns 0, or -1 with err filled
// ("FILE:LINE: what") and *s empty. No configurations is an error.
int sp_load(const char *dir, sp_space *s, char *err, size_t errlen);
void sp_free(sp_space *s);

// Index of the configuration named NAME / with flags text FLAGS, or -1.
long sp_by_name(const sp_space *s, const char *name);
long sp_by_flags(const sp_space *s, const char *flags);

// Value index of parameter j in configuration c.
static inline size_t sp_at(const sp_space *s, size_t c, size_t j) { return s->idx[c * s->npar + j]; }
