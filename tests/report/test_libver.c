// test_libver.c — the versions a library's sample file records (report_libver.c: lib_versions):
// a Python runner's `code` header tokens after the id; a C baseline's lower-case `kernel_config`
// tokens (its settings, in upper case, are not versions); none where neither records one. Files
// written here, the wanted strings by hand.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "report/report_libver.h"

static char dir[] = "/tmp/test_libver.XXXXXX";

// the versions of a sample file with header lines HEAD, joined by " | " into out
static void versions_of(const char *head, char *out, size_t len) {
  char path[600];
  snprintf(path, sizeof path, "%s/f.csv", dir);
  FILE *f = fopen(path, "w");
  if (!f) abort();
  fprintf(f, "# cudadent42 samples v1\n# variant: lib\n%sshape,rep,time_us\nB1_H1_S8_D64_C0,0,1.5\n", head);
  fclose(f);
  samples_file s;
  char err[512];
  out[0] = '\0';
  if (samples_read(path, &s, err, sizeof err)) {
    snprintf(out, len, "read error: %s", err);
    return;
  }
  strlist v = {0};
  lib_versions(&s, &v);
  for (size_t i = 0; i < v.n; i++)
    snprintf(out + strlen(out), len - strlen(out), "%s%s", i ? " | " : "", v.v[i]);
  strlist_free(&v);
  samples_free(&s);
}

int main(void) {
  if (!mkdtemp(dir)) return 2;
  char got[1024];
  versions_of("# code: fa4:35c6ec62fc8d torch=2.11.0+cu130 flash_attn_4=4.0.0b36\n", got, sizeof got);
  CHECK(!strcmp(got, "`torch` 2.11.0+cu130 | `flash_attn_4` 4.0.0b36"), "a Python runner: the code header's tokens after the id");
  versions_of("# code: kernels:6e2bb099b40e\n# kernel_config: cudnn=91900 frontend=13200\n", got, sizeof got);
  CHECK(!strcmp(got, "`cudnn` 91900 | `frontend` 13200"), "a C baseline: its kernel_config's lower-case tokens");
  versions_of("# code: kernels:825be5dec8bf\n# kernel_config: BASELINE=cublas GEMM=cublasGemmEx cublas_lt=13.0.2 ALGO=X\n", got, sizeof got);
  CHECK(!strcmp(got, "`cublas_lt` 13.0.2"), "... its upper-case settings left out");
  versions_of("# code: kernels:825be5dec8bf\n# kernel_config: BASELINE=cublas ALGO=CUBLAS_GEMM_DEFAULT\n", got, sizeof got);
  CHECK(!strcmp(got, ""), "... none where it names no version");
  versions_of("# code: sdpa:00deed29cc02\n# kernel_config: cudnn=1\n", got, sizeof got);
  CHECK(!strcmp(got, ""), "a Python runner recording no version: none (its kernel_config is not read)");
  versions_of("# code: kernels:0123456789ab\n# kernel_config: =3 cudnn= x=1=2\n", got, sizeof got);
  CHECK(!strcmp(got, "`x` 1=2"), "a token without key or value is not a version");
  char path[600];
  snprintf(path, sizeof path, "%s/f.csv", dir);
  unlink(path);
  rmdir(dir);
  CHECK_DONE();
}
