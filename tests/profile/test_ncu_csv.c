// test_ncu_csv.c — the ncu raw-CSV reader's pieces: field splitting, numbers, units, kernel
// names. Expected values written by hand from the CSV rules and ncu's unit names.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "profile/ncu_csv.h"

// Reproducer: a header naming a metric twice left the later metric pointers uninitialised, and
// the clean-up freed them (a crash, or worse). Run under valgrind or ASan to see the difference.
static void duplicate_metric(void) {
  char path[] = "/tmp/test_ncu_csv_XXXXXX";
  int fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f) {
    CHECK(0, "duplicate metric: temporary file");
    return;
  }
  fputs("\"ID\",\"Kernel Name\",\"a__x.sum\",\"b__y.sum\",\"a__x.sum\",\"c__z.sum\",\"d__w.sum\"\n", f);
  fclose(f);
  ncu_table t;
  char err[256] = "";
  memset(&t, 0, sizeof t);
  int rc = ncu_read(path, &t, err, sizeof err);
  CHECK(rc != 0 && strstr(err, "appears twice"), "duplicate metric: refused with a message");
  CHECK(strstr(err, ":1:") != NULL, "duplicate metric: the message names file:line");
  remove(path);
}

int main(void) {
  duplicate_metric();
  char line[256], *f[8];
  strcpy(line, "\"a\",\"b,c\",\"say \"\"hi\"\"\",,plain");
  int n = ncu_split(line, f, 8);
  CHECK(n == 5, "split: five fields");
  CHECK(n == 5 && !strcmp(f[1], "b,c"), "split: comma inside quotes");
  CHECK(n == 5 && !strcmp(f[2], "say \"hi\""), "split: doubled quote");
  CHECK(n == 5 && !strcmp(f[3], "") && !strcmp(f[4], "plain"), "split: empty and unquoted");
  strcpy(line, "\"open,x");
  CHECK(ncu_split(line, f, 8) == -1, "split: unterminated quote");
  strcpy(line, "\"a\"b,c");
  CHECK(ncu_split(line, f, 8) == -1, "split: text after a closing quote");
  strcpy(line, "1,2,3");
  CHECK(ncu_split(line, f, 2) == -2, "split: too many fields");

  double v;
  CHECK(ncu_number("1,234,567.5", &v) == 0 && v == 1234567.5, "number: thousands separators");
  CHECK(ncu_number("4.0e-05", &v) == 0 && v == 4.0e-05, "number: exponent");
  CHECK(ncu_number("n/a", &v) == 1 && isnan(v), "number: n/a is missing");
  CHECK(ncu_number("", &v) == 1, "number: empty is missing");
  CHECK(ncu_number("NVIDIA H100", &v) == -1, "number: text");
  CHECK(ncu_number("12x", &v) == -1, "number: trailing text");

  char base[64];
  double s;
  ncu_unit("usecond", base, sizeof base, &s);
  CHECK(!strcmp(base, "ns") && s == 1e3, "unit: usecond = 1e3 ns");
  ncu_unit("msecond", base, sizeof base, &s);
  CHECK(!strcmp(base, "ns") && s == 1e6, "unit: msecond = 1e6 ns");
  ncu_unit("Gbyte", base, sizeof base, &s);
  CHECK(!strcmp(base, "byte") && s == 1e9, "unit: Gbyte = 1e9 byte");
  ncu_unit("Kbyte/block", base, sizeof base, &s);
  CHECK(!strcmp(base, "byte/block") && s == 1e3, "unit: Kbyte/block");
  ncu_unit("Msector", base, sizeof base, &s);
  CHECK(!strcmp(base, "sector") && s == 1e6, "unit: Msector");
  ncu_unit("%", base, sizeof base, &s);
  CHECK(!strcmp(base, "%") && s == 1, "unit: % unchanged");
  ncu_unit("Kelvin", base, sizeof base, &s);
  CHECK(!strcmp(base, "Kelvin") && s == 1, "unit: unknown unit unchanged");

  char k[128];
  ncu_kernel_base("flash_attn_fwd(fa::Params)", k, sizeof k);
  CHECK(!strcmp(k, "flash_attn_fwd"), "kernel: parameter list dropped");
  ncu_kernel_base("void flash_attn_combine(fa::Params)", k, sizeof k);
  CHECK(!strcmp(k, "flash_attn_combine"), "kernel: return type dropped");
  ncu_kernel_base("void ns::k<int, (bool)1>(float *, std::pair<int, int>)", k, sizeof k);
  CHECK(!strcmp(k, "ns::k"), "kernel: template arguments dropped, qualifier kept");
  ncu_kernel_base("softmax_rows", k, sizeof k);
  CHECK(!strcmp(k, "softmax_rows"), "kernel: a bare name");
  CHECK_DONE();
}
