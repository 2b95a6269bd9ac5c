// samples.h — reader for raw sample files (data/<exp>/<gpu>/<v>.csv) and plain files of one
// number per line; shape-name parser. No GSL here: every tool may link it. The rest of the
// samples library: samples_write.h (the writer), samples_merge.h (one session's rounds as one
// file, a session appended to a published file), samples_median.h (the one median, and round
// medians); samples_main.c is the command.
//
// Raw format: "# key: value" header lines, then a CSV header row naming at least the columns
// `shape` and `time_us`, then one row per sample. The optional columns `round` (a positive
// integer: the process a sample came from) and `session` (a token of [A-Za-z0-9_.:+-]: the
// measure run) give the levels of the design; a file without `session` is one session (named
// ""), without `round` one round (1). The optional column `sm_clock_mhz` is the SM clock read
// after each sample (the instrument named by the header key clock_source); a field that is not a
// positive number reads as not recorded. Other columns are kept out of the way, but for one time
// column a reader may take the samples from instead of time_us (samples_read_column): kernel_us,
// the GPU time of the kernels alone in a replay (from CUPTI's activity records), beside time_us,
// the call time; a row may leave it empty (not recorded, or the records did not split).
// Plain format: one number per line; blank lines and lines starting with '#' are skipped
// ("# key: value" lines are still taken as metadata). All samples land in one group "all".
// The format is chosen by the first line that is neither blank nor a comment: a number means
// plain, anything else is a CSV header row.
//
// Every sample must be a finite number > 0; a `# session.<id>:` line may appear once. Errors are
// written to err as "FILE:LINE: what".
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SAMPLES_PLAIN_GROUP "all"
// How a session's rounds were dealt when its "# session.<name>:" line has no order= word: each
// round shuffled on its own, the only order before the word was written (the file-level
// "# order:" header is the latest session's, like every header line but the session lines).
#define SAMPLES_ORDER_UNRECORDED "interleaved"

typedef struct {
  char *key, *value;
} samples_kv;

typedef struct {
  char *name;       // shape name, or SAMPLES_PLAIN_GROUP for a plain file
  double *t;        // time_us values in file order
  unsigned *round;  // round of each sample (1 when the file has no round column)
  unsigned *session; // index into samples_file.sessions of each sample
  double *clk;       // sm_clock_mhz of each sample, NaN when not recorded (NULL: a group built
                     // by hand, no clock at all)
  size_t n, cap;
} samples_group;

typedef struct {
  char *path;
  char *variant;    // metadata `variant`, else the file name without directory and extension
  int plain;        // 1 for a plain file of numbers
  samples_kv *meta; // "# key: value" lines in file order
  size_t nmeta;
  samples_group *groups; // in order of first appearance
  size_t ngroups;
  char **sessions;  // session names in order of first appearance ("" when no session column)
  size_t nsessions;
  int has_round, has_session, has_clock;
  int has_column;    // the time column read is in the header row (time_us: always)
  char **unmeasured; // shapes with rows but no samples in the column read (samples_read_column)
  size_t nunmeasured;
} samples_file;

// Reads PATH into *out (which it initialises). Returns 0, or -1 with err filled and *out empty.
int samples_read(const char *path, samples_file *out, char *err, size_t errlen);

// samples_read, the samples taken from the CSV column COLUMN (NULL or "time_us": samples_read).
// The file is read and checked as a whole as samples_read does (time_us included); a shape any
// of whose rows leaves COLUMN empty has no samples in it (in unmeasured, not in groups), and a
// file without COLUMN (a plain file too) has none at all: has_column 0, every shape unmeasured.
// A value that is not a sample is an error ("FILE:LINE: COLUMN 'x' is not a number").
int samples_read_column(const char *path, const char *column, samples_file *out, char *err,
                        size_t errlen);

// The reader's rule for one sample time (a token of the time_us column): NULL when it holds
// (*v, when v is not NULL, set to it), else what is wrong ("is negative", ...: the message
// follows the quoted token). What the writers (samples write, merge, append) check each row by.
const char *samples_time_check(const char *tok, double *v);

// The 1-based column of name in a CSV header row of plain fields (0: not there), and field col
// (1-based) of a row into tok ("" when the row is shorter; NULL when the field does not fit in
// size, tok then holding its start): for the writers, whose rows hold no quoted field.
size_t samples_csv_column(const char *row, const char *name);
const char *samples_csv_field(const char *row, size_t col, char *tok, size_t size);
void samples_free(samples_file *f);

// Whether PATH is a sample file by its first line ("# cudadent42 samples ..."): the tables
// measure publishes beside the samples (gates.csv, numerics.csv) are not, whatever their names.
int samples_is_sample_file(const char *path);

// The reader's rule for a session's header line: LINE (without its newline) is '#', blanks,
// `session.`, an id of [A-Za-z0-9_.-], ':' and the line's words. 1 with the id in ID (of size len;
// cut to fit), else 0. Such a line may stand before or after the CSV header row.
int samples_session_line(const char *line, char *id, size_t len);

// The value of metadata KEY (a key given twice holds one value: the reader refuses two), or NULL.
const char *samples_meta(const samples_file *f, const char *key);

// The session's pause before each run that F was timed with (`# settle_ms:`, written by `session
// measure`, tools/session/run_runs.c): its value's first word, "0" without one (a file from before
// the pause existed), into out (of size len; cut to fit). The one reading of it that comparisons
// of timing methods use (stats reproduce-exp, published pause).
void samples_pause(const samples_file *f, char *out, size_t len);

// The value of KEY= on session s's "# session.<name>: ..." header line, or NULL; *len its length.
const char *samples_session_value(const samples_file *f, size_t s, const char *key, size_t *len);

// A declared plan's tag, NAME/GxSxR (NAME of [A-Za-z0-9_.+-], then three counts of digits, as
// measure writes plan= on a session's line): 0 with n = {G, S, R}, else -1.
int samples_plan_parse(const char *tag, unsigned long n[3]);

// The physical GPU session s (index into sessions) ran on: the gpu_uuid= token of its
// "# session.<name>: ..." header line, else (a file of one session) the "# gpu_uuid:" header;
// NULL when the file does not say (older files). *len gets the token's length.
const char *samples_session_gpu(const samples_file *f, size_t s, size_t *len);

// The group named NAME, or NULL.
const samples_group *samples_group_find(const samples_file *f, const char *name);

#ifdef __cplusplus
}
#endif
