// published_check.h — published data must belong to the code that ships. A sample file of DATA
// (published_scan.h) is STALE when its `# code:` id (up to the first space: a library's versions
// are only known on a GPU host) is not the id the sources give now (tools/session/
// session_code_id.h), is a `-dirty` one, or is missing. A stale file may stay published only as
// retired, recorded in DATA/RETIRED (published_record.h). An experiment with no experiment.mk
// ships no code: every sample file of it is stale, to be retired.
#pragma once

typedef enum {
  PUBLISHED_CHECK,   // 1, a line per offender, when a sample file of EXP is stale and not retired,
                     // or a record of EXP no longer holds (the file is gone, or it holds the code
                     // that ships again: re-published)
  PUBLISHED_STALE,   // 1, a line each, when any sample file of EXP is stale, retired or not (a
                     // fresh session cannot be judged against such a file: reproduce)
  PUBLISHED_RETIRE,  // records every stale file of EXP as retired (a record that still holds keeps
                     // its day and reason) and drops EXP's records that no longer hold; sample
                     // files are never edited or moved
} published_mode;

typedef struct {
  const char *data, *exp;
  const char *kernels;  // the kernels id of EXP's code; "" when EXP ships none
  const char *const *runners;  // the ids of the problem's library runners (none: nrunners 0)
  size_t nrunners;
  const char *day;      // (retire) the day, YYYY-MM-DD, UTC
  const char *reason;   // (retire) why, one line of words
} published_job;

// what MODE finds, on stderr: 0, 1 (offenders; never for retire) or 2 (an input error, said)
int published_check(published_mode mode, const published_job *j);
