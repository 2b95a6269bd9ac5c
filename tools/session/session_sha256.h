// session_sha256.h — SHA-256 (FIPS 180-4, "Secure Hash Standard", section 6.2), written from the
// specification: what the code id (session_code_id.h) hashes, giving the digests `sha256sum`
// prints. Streaming: init, update any number of times, final.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint32_t h[8];       // the hash value H(i)
  uint64_t bits;       // the message length so far, in bits
  unsigned char m[64]; // the block being filled
  size_t used;         // bytes of m filled
} session_sha256;

void session_sha256_init(session_sha256 *s);
void session_sha256_update(session_sha256 *s, const void *data, size_t n);
// the 32-byte digest; s must be initialised again before another message
void session_sha256_final(session_sha256 *s, unsigned char digest[32]);
// the digest as 64 lower-case hex digits and a NUL
void session_sha256_hex(const unsigned char digest[32], char hex[65]);
