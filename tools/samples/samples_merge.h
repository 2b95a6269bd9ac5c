// samples_merge.h — the merges of sample files: one session's round files of one variant as one
// sample file, and a session appended to a published file.
// samples_merge (what `samples merge` writes for `session measure`):
//   round 1's header lines (every line starting with '#' of the first round file, where it
//   stands), then before its CSV header row `# rounds: R`, `# temp_end_c_last_round: T` (when
//   R > 1 and T is not empty) and `# session.<id>: date=D host=H gpu_uuid=U git_rev=G rounds=R
//   order_seed=S[ order=O][ machine=M][ plan=P]` (D, G and O from round 1's `# date:`, `# git_rev:` and
//   `# order:`, else the fallback date, `unknown` and no order= word: a session line without it
//   was dealt SAMPLES_ORDER_UNRECORDED, the only order before the word existed), the CSV header row with `,round,session,position` added, then every row of every
//   round (lines after its header row that do not start with '#'), in file order, with
//   `,<round>,<session>,<position of the round>` added and the `rep` column (the last column of
//   that name) renumbered per shape (the first column) across the rounds, from 0.
// A round is a non-empty file (an empty one takes no round number); its header lines other than
// round 1's are dropped. A round whose CSV header row differs from round 1's stops the merge:
// exit status 3 and the message "measure: V: round K has columns X, round 1 Y" (what was
// written before stays written: the caller discards it). GSL-free C11.
#pragma once
#include <stddef.h>
#include <stdio.h>

typedef struct {
  unsigned rounds;          // ROUNDS of the session (printed; rounds > 1 writes the temp line)
  const char *session;      // the session id
  const char *positions;    // "P1 P2 ...": round K's position is the K-th blank-separated word
  const char *fallback_date, *host, *uuid, *seed, *variant;
  const char *last_temp;    // temp_end_c of the last round ("" or NULL: none)
  const char *machine;      // the machine instance (boot id; "" or NULL: none), written as
                            // ` machine=<it>` after order_seed
  const char *plan;         // the experiment's declared plan, NAME/GxSxR ("" or NULL: none),
                            // written as ` plan=<it>` at the end of the session line
} samples_merge_opts;

// A row whose time_us the readers would refuse (samples_time_check) stops the merge too: exit
// status 4 and "NAME:LINE: 'TOKEN' what" (nothing the readers refuse is ever written).
enum { SAMPLES_MERGE_COLUMNS = 3, SAMPLES_MERGE_TIME = 4 };

// Merges the n round files in[] (names[] for messages) into out. Returns 0; SAMPLES_MERGE_COLUMNS
// with err holding the message above; or -1 with err filled ("NAME: read error", out of memory).
int samples_merge(FILE *const in[], const char *const names[], size_t n, const samples_merge_opts *o,
                  FILE *out, char *err, size_t errlen);

// samples_append (what `samples append` writes for `session measure` when a session of the same code and
// timing is added to a published file): NEW's header lines but its `# session.` ones, OLD's
// `# session.` lines, NEW's, NEW's CSV header row (its first non-empty line not starting with
// '#'), OLD's rows (its lines after its first line not starting with '#', those starting with '#'
// left out), then NEW's rows. new_ is read twice (rewound). Returns 0, or -1 with err filled:
// "NAME: no CSV header row" (a file of '#' lines only), "NAME: read error or out of memory"; or
// SAMPLES_APPEND_DUPLICATE when OLD already holds a session of NEW ("NEW: session ID is already in
// OLD": a session is published once; what was written to out is to be discarded), or
// SAMPLES_MERGE_TIME when a row of NEW holds a time the readers refuse (err: "NEW:LINE: ...").
enum { SAMPLES_APPEND_DUPLICATE = 3 };
int samples_append(FILE *old, FILE *new_, const char *old_name, const char *new_name, FILE *out,
                   char *err, size_t errlen);
