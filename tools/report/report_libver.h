// report_libver.h — the versions of the library a sample file times (report_libver.c), the one
// reader of them for the appendix: a Python runner's `code` header (`<lib>:<hash> k=v k=v`, the
// tokens after the id) or, for a C baseline built on our harness (code `kernels:<hash>`), the
// `kernel_config` tokens `k=v` whose key is lower case (the baseline's contract: its library's
// version numbers, e.g. `cudnn=91900 frontend=13200`; upper-case keys are its settings).
#pragma once
#include "report_vars.h"
#include "samples/samples.h"

// each version of file f as "`k` v", added to *out once; nothing when f records none
void lib_versions(const samples_file *f, strlist *out);
