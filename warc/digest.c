/*
** WARC digests (warc.h): "algorithm:value" with the labels real files
** use (sha1, SHA-1, sha256, sha-256, md5, any case) and the value in
** base32 (as WARC 1.1 recommends and Heritrix, wget and warcio write) or
** hex.  The hashes are nettle's.
**
**   SELECT digest_ok FROM warc_records('example.warc');
*/
#include "warc.h"

#include <nettle/md5.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <string.h>

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static int label_is(const char *p, size_t n, const char *lit) {
  if (strlen(lit) != n) return 0;
  for (size_t i = 0; i < n; i++)
    if (lower((unsigned char)p[i]) != lit[i]) return 0;
  return 1;
}

/* Decodes base32 (RFC 4648, any case, '=' padding ignored) into out[len]:
   1 when it is exactly len bytes. */
static int base32_decode(const char *p, size_t n, unsigned char *out, size_t len) {
  while (n && p[n - 1] == '=') n--;
  if (n != (len * 8 + 4) / 5) return 0;
  uint32_t acc = 0;
  int bits = 0;
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    int c = lower((unsigned char)p[i]), v;
    if (c >= 'a' && c <= 'z') v = c - 'a';
    else if (c >= '2' && c <= '7') v = c - '2' + 26;
    else return 0;
    acc = (acc << 5) | (uint32_t)v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      if (o < len) out[o++] = (unsigned char)(acc >> bits);
      acc &= (1u << bits) - 1;
    }
  }
  return o == len;
}

static int hex_decode(const char *p, size_t n, unsigned char *out, size_t len) {
  if (n != 2 * len) return 0;
  for (size_t i = 0; i < len; i++) {
    int v = 0;
    for (int k = 0; k < 2; k++) {
      int c = lower((unsigned char)p[2 * i + k]);
      if (c >= '0' && c <= '9') v = v * 16 + c - '0';
      else if (c >= 'a' && c <= 'f') v = v * 16 + c - 'a' + 10;
      else return 0;
    }
    out[i] = (unsigned char)v;
  }
  return 1;
}

int warc_digest_check(const char *digest, size_t digest_len,
                      const unsigned char *data, size_t n) {
  const char *colon = memchr(digest, ':', digest_len);
  if (!colon) return -1;
  size_t ln = (size_t)(colon - digest);
  const char *v = colon + 1;
  size_t vn = digest_len - ln - 1;
  while (vn && (*v == ' ')) v++, vn--;
  while (vn && v[vn - 1] == ' ') vn--;
  unsigned char want[SHA256_DIGEST_SIZE], got[SHA256_DIGEST_SIZE];
  size_t len;
  if (!data) data = (const unsigned char *)"";
  if (label_is(digest, ln, "sha1") || label_is(digest, ln, "sha-1")) {
    struct sha1_ctx c;
    sha1_init(&c);
    sha1_update(&c, n, data);
    sha1_digest(&c, SHA1_DIGEST_SIZE, got);
    len = SHA1_DIGEST_SIZE;
  } else if (label_is(digest, ln, "sha256") || label_is(digest, ln, "sha-256")) {
    struct sha256_ctx c;
    sha256_init(&c);
    sha256_update(&c, n, data);
    sha256_digest(&c, SHA256_DIGEST_SIZE, got);
    len = SHA256_DIGEST_SIZE;
  } else if (label_is(digest, ln, "md5")) {
    struct md5_ctx c;
    md5_init(&c);
    md5_update(&c, n, data);
    md5_digest(&c, MD5_DIGEST_SIZE, got);
    len = MD5_DIGEST_SIZE;
  } else {
    return -1;
  }
  if (!base32_decode(v, vn, want, len) && !hex_decode(v, vn, want, len))
    return -1;
  return memcmp(want, got, len) == 0;
}
