// report_tmplread.h — the template reader without the generator: one part of a template of
// DIR/templates/<name>.txt with its placeholders filled (syntax: report_tmpl.h). report_gen reads
// its templates through report_tmpl.h; prep_plots, which has no generator, reads its figure
// captions with this.
#pragma once
#include <stddef.h>

// part PART of DIR/templates/NAME.txt filled with VARS (name, value, …, NULL; NULL for none),
// without its trailing newlines, malloc'd; *at the line of its `[PART]`. NULL with
// "FILE:LINE: what" in err when the file cannot be read, has no such part or a placeholder has no
// value.
char *tmpl_read(const char *dir, const char *name, const char *part, const char *const vars[], long *at,
                char *err, size_t errlen);
// S with its line breaks made spaces (a caption, a few words on one line); S
char *tmpl_one_line(char *s);
