// template.h — a template's text with its placeholders filled: @NAME@ the problem's name, @TAG@
// the letter of its shapes' field. Any other @WORD@ (upper-case letters between two '@') is a
// mistake of the template, refused; an '@' that starts no such word is copied as it is.
#pragma once
#include <stddef.h>

typedef struct {
  const char *name;
  const char *tag;
} template_values;

// The filled text of in (malloc'd), or NULL with `where:line: what` in err (an unknown
// placeholder, or no memory).
char *template_fill(const char *in, const template_values *v, const char *where, char *err, size_t errlen);
