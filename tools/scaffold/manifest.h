// manifest.h — the list of files a scaffold writes (tools/scaffold/template/MANIFEST): one line
// each, `TEMPLATE DESTINATION`, blank lines and `#` comments skipped, the template a file name of
// the template folder (no '/'), the destination a relative path (no "..", no leading '/').
#pragma once
#include <stddef.h>

enum { MANIFEST_MAX = 32 };

typedef struct {
  char tmpl[128];  // file name in the template folder
  char dest[256];  // destination, placeholders (template.h) not yet filled
  int line;        // its line in the manifest
} manifest_entry;

// Parses text (the manifest file, path for messages) into e[], at most MANIFEST_MAX entries.
// Returns the count, or -1 with `path:line: what` in err.
int manifest_parse(const char *path, const char *text, manifest_entry *e, char *err, size_t errlen);
