// test_session_sha256.c — SHA-256 (session_sha256.h) against the test vectors of FIPS 180-4's
// examples (NIST, "SHA256.pdf" of the Cryptographic Standards and Guidelines examples): "abc"
// (one block), the 448-bit message (two blocks), the 896-bit one, the empty message, and one
// million 'a' (fed whole and in uneven pieces). Plus the block edges: 55, 56 and 64 bytes, where
// padding takes one block or spills into a second, against sha256sum (coreutils) run here.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "session/session_sha256.h"

static void hex_of(const void *m, size_t n, char hex[65]) {
  session_sha256 s;
  unsigned char d[32];
  session_sha256_init(&s);
  session_sha256_update(&s, m, n);
  session_sha256_final(&s, d);
  session_sha256_hex(d, hex);
}

// sha256sum's digest of N bytes 'x' (the oracle: coreutils), or "" when it cannot run
static void oracle_xs(size_t n, char hex[65]) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "head -c %zu /dev/zero | tr '\\0' x | sha256sum", n);
  FILE *p = popen(cmd, "r");
  hex[0] = 0;
  if (p && fscanf(p, "%64s", hex) != 1) hex[0] = 0;
  if (p) pclose(p);
}

int main(void) {
  char hex[65];
  hex_of("abc", 3, hex);
  CHECK(!strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"), "\"abc\" (FIPS 180-4 example, one block)");
  hex_of("", 0, hex);
  CHECK(!strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"), "the empty message");
  const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  hex_of(m448, strlen(m448), hex);
  CHECK(!strcmp(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"), "the 448-bit message (two blocks)");
  const char *m896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
  hex_of(m896, strlen(m896), hex);
  CHECK(!strcmp(hex, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"), "the 896-bit message");

  const size_t million = 1000000;
  char *a = malloc(million);
  if (!a) return 1;
  memset(a, 'a', million);
  hex_of(a, million, hex);
  const char *want = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
  CHECK(!strcmp(hex, want), "one million 'a'");
  session_sha256 s;
  unsigned char d[32];
  session_sha256_init(&s);
  for (size_t off = 0, k = 1; off < million; off += k, k = k % 131 + 1)
    session_sha256_update(&s, a + off, off + k > million ? million - off : k);
  session_sha256_final(&s, d);
  session_sha256_hex(d, hex);
  CHECK(!strcmp(hex, want), "... fed in pieces of 1 to 131 bytes");
  free(a);

  const size_t edge[] = {55, 56, 63, 64, 65, 119, 120, 128};
  for (size_t i = 0; i < sizeof edge / sizeof *edge; i++) {
    char xs[128], got[65], what[96];
    memset(xs, 'x', edge[i]);
    hex_of(xs, edge[i], got);
    oracle_xs(edge[i], hex);
    snprintf(what, sizeof what, "%zu bytes: the digest sha256sum prints", edge[i]);
    CHECK(hex[0] && !strcmp(got, hex), what);
  }
  CHECK_DONE();
}
