// samples_rowkeys.h — the identity of a sample file's rows, for the reader's check that no row is
// there twice: a row is (shape, session, round, rep); two rows of one identity are a session's
// rows merged or appended twice (every reader would count them as two samples). GSL-free C11.
#pragma once
#include <stddef.h>

typedef struct {
  size_t group, line;
  unsigned session, round;
  unsigned long rep;
} samples_rowkey;

typedef struct {
  samples_rowkey *k;
  size_t n, cap;
} samples_rowkeys;

// Adds a row's identity (its line for the message). Returns 0, or -1 out of memory.
int samples_rowkeys_add(samples_rowkeys *r, samples_rowkey key);

// Sorts the identities; returns 1 with *first and *second the two lines of the first identity
// found twice (first < second), else 0.
int samples_rowkeys_repeated(samples_rowkeys *r, samples_rowkey *first, samples_rowkey *second);

void samples_rowkeys_free(samples_rowkeys *r);
