// session_sha256.c — SHA-256 from FIPS 180-4 (session_sha256.h); the section numbers are the
// standard's.
#include <string.h>
#include "session/session_sha256.h"

// 4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes
static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

// 3.2, 4.1.2: rotation and the six logical functions
static uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
static uint32_t ch(uint32_t x, uint32_t y, uint32_t z) { return (x & y) ^ (~x & z); }
static uint32_t maj(uint32_t x, uint32_t y, uint32_t z) { return (x & y) ^ (x & z) ^ (y & z); }
static uint32_t big0(uint32_t x) { return rotr(x, 2) ^ rotr(x, 13) ^ rotr(x, 22); }
static uint32_t big1(uint32_t x) { return rotr(x, 6) ^ rotr(x, 11) ^ rotr(x, 25); }
static uint32_t small0(uint32_t x) { return rotr(x, 7) ^ rotr(x, 18) ^ (x >> 3); }
static uint32_t small1(uint32_t x) { return rotr(x, 17) ^ rotr(x, 19) ^ (x >> 10); }

// 6.2.2: one 512-bit block into the hash value
static void block(uint32_t h[8], const unsigned char *m) {
  uint32_t w[64];
  for (int t = 0; t < 16; t++)  // big-endian words (3.1)
    w[t] = (uint32_t)m[4 * t] << 24 | (uint32_t)m[4 * t + 1] << 16 | (uint32_t)m[4 * t + 2] << 8 | m[4 * t + 3];
  for (int t = 16; t < 64; t++) w[t] = small1(w[t - 2]) + w[t - 7] + small0(w[t - 15]) + w[t - 16];
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (int t = 0; t < 64; t++) {
    uint32_t t1 = hh + big1(e) + ch(e, f, g) + K[t] + w[t], t2 = big0(a) + maj(a, b, c);
    hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
  }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

// 5.3.3: the initial hash value, the first 32 bits of the fractional parts of the square roots
// of the first 8 primes
void session_sha256_init(session_sha256 *s) {
  static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  memcpy(s->h, h0, sizeof h0);
  s->bits = 0;
  s->used = 0;
}

void session_sha256_update(session_sha256 *s, const void *data, size_t n) {
  const unsigned char *p = data;
  s->bits += (uint64_t)n * 8;
  while (n > 0) {
    size_t k = 64 - s->used < n ? 64 - s->used : n;
    memcpy(s->m + s->used, p, k);
    s->used += k, p += k, n -= k;
    if (s->used == 64) { block(s->h, s->m); s->used = 0; }
  }
}

// 5.1.1: a 1 bit, zeros to 448 mod 512 bits, the length in bits as a 64-bit big-endian integer
void session_sha256_final(session_sha256 *s, unsigned char digest[32]) {
  const uint64_t bits = s->bits;
  s->m[s->used++] = 0x80;
  if (s->used > 56) {
    memset(s->m + s->used, 0, 64 - s->used);
    block(s->h, s->m);
    s->used = 0;
  }
  memset(s->m + s->used, 0, 56 - s->used);
  for (int i = 0; i < 8; i++) s->m[56 + i] = (unsigned char)(bits >> (56 - 8 * i));
  block(s->h, s->m);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 4; j++) digest[4 * i + j] = (unsigned char)(s->h[i] >> (24 - 8 * j));
}

void session_sha256_hex(const unsigned char digest[32], char hex[65]) {
  static const char x[] = "0123456789abcdef";
  for (int i = 0; i < 32; i++) hex[2 * i] = x[digest[i] >> 4], hex[2 * i + 1] = x[digest[i] & 15];
  hex[64] = 0;
}
