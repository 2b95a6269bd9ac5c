// run_util.h — the small helpers of `session measure` (run_*.c): its messages (`measure: what`,
// exit 2 on a fatal one; run_prog names another command that uses them), growable argument lists,
// words of an environment value, files.
#pragma once
#include <stdarg.h>
#include <stddef.h>

// the word that starts the messages: "measure" unless a command that links these helpers sets its
// own (`session search` and its confirmation: "search"; build/tools/profile: "profile",
// build/tools/sanitize: "sanitize")
extern const char *run_prog;
// "<run_prog>: <what>" on stderr
void run_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
// run_say, then exit 2 (the session's exit handlers stop what it started)
_Noreturn void run_die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
// the message into ERR (of N bytes); -1, for `return run_errf(...)`
int run_errf(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
// a formatted string (malloc'd; exits 2 when memory is out)
char *run_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *run_strdup(const char *s);
void *run_alloc(size_t n);

// a NULL-terminated list of strings (argv), owned
typedef struct {
  char **s;
  size_t n, cap;
} strv;
void strv_push(strv *v, const char *s);
void strv_pushf(strv *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strv_add(strv *v, const strv *w);  // w's strings after v's
void strv_free(strv *v);
// the words of S (separated by blanks, tabs and newlines), as the shell splits an unquoted value
strv strv_words(const char *s);
// the index of S in V, or -1
long strv_find(const strv *v, const char *s);

// a whole file (NUL-terminated; *len its length when len is not NULL), or NULL
char *run_read_file(const char *path, size_t *len);
int run_exists(const char *path);
// the value of `# KEY:` (the first, among the leading comment lines) of PATH, trimmed; "" when
// none or PATH cannot be read (malloc'd)
char *run_header_value(const char *path, const char *key);
// cp FROM TO (TO made or truncated); 0, or -1
int run_copy_file(const char *from, const char *to);
// an empty file at PATH (made or truncated); 0, or -1
int run_touch(const char *path);
// rm -rf PATH; 0, or -1
int run_rm_rf(const char *path);
// mkdir -p PATH; 0, or -1
int run_mkdir_p(const char *path);
// whether S is LO..HI digits, the first not 0 when NONZERO
int run_digits(const char *s, size_t lo, size_t hi, int nonzero);
// the value of K through GET, DFLT when unset or empty (the shell's ${K:-DFLT})
const char *run_val(const char *(*get)(const char *), const char *k, const char *dflt);
// the command K names through GET, else B/tools/NAME (malloc'd)
char *run_tool(const char *(*get)(const char *), const char *k, const char *b, const char *name);
// 31 random bits (/dev/urandom; the clock and pid without it): a seed drawn when none is given
unsigned long run_random31(void);
// the host's short name (hostname -s), only [A-Za-z0-9.-], else "unknown" (malloc'd): a header
// value and part of a default session id
char *run_host_name(void);
// sleep S seconds (a signal cuts it short)
void run_nap(double s);
// seconds since an arbitrary start (CLOCK_MONOTONIC)
double run_now(void);
