// ncu_csv.h — reader of Nsight Compute's `ncu --import R.ncu-rep --csv --page raw` export.
// Layout (one table, wide): a header row "ID","Process ID","Process Name","Host Name","Kernel
// Name",… then one column per metric; a units row (the same columns, ID empty); then one row per
// profiled kernel launch. Lines ncu itself writes ("==PROF==", "==WARNING==") are skipped.
// Values may carry thousands separators ("1,234,567"); "n/a" or "" is a missing value (NAN).
// Units are scaled to base units: bytes (Kbyte = 1e3 …), nanoseconds (usecond = 1e3 …).
#pragma once
#include <stddef.h>

typedef struct {
  char *kernel;  // function base name: "void f<T>(Params)" -> "f"
  double *value; // one per metric column, scaled to base units; NAN when missing or text
  char *bad;     // 1 where the field was text that is not a number
  long line;     // source line
} ncu_launch;

typedef struct {
  int nmetric;
  char **metric; // column names after the fixed columns
  char **unit;   // base unit of each column ("byte", "ns", "%", … as written when unscaled)
  double *scale; // factor from the written unit to the base unit
  int nlaunch;
  ncu_launch *launch;
} ncu_table;

// Reads PATH. 0, or -1 with "PATH:LINE: what" in err and *t empty.
int ncu_read(const char *path, ncu_table *t, char *err, size_t errlen);
void ncu_free(ncu_table *t);

// Splits one CSV line in place (RFC 4180 quoting, "" inside quotes). Returns the number of
// fields, or -1 on an unterminated quote or text after a closing quote; at most MAX fields
// (-2 when there are more).
int ncu_split(char *line, char **field, int max);

// A value: thousands separators dropped, then strtod checked. 0 ok, 1 missing (n/a, ""), -1 bad.
int ncu_number(const char *s, double *out);

// Written unit -> base unit and factor (nsecond/usecond/msecond/second -> ns; [KMGT]byte… ->
// byte…; [KMGT]<count unit> -> <count unit>). Unknown units pass unchanged with factor 1.
void ncu_unit(const char *unit, char *base, size_t len, double *scale);

// Function base name of a kernel name as ncu prints it (return type, namespace qualifiers of the
// return type, template arguments and parameter list removed).
void ncu_kernel_base(const char *name, char *out, size_t len);

// Index of metric NAME in t, or -1.
int ncu_find(const ncu_table *t, const char *name);
