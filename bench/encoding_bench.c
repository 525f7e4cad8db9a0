/*
** encoding_bench: encode and decode speed of core/encoding.c, one encoding
** of each family, over about 1 MB of realistic text each; prints MB/s (of
** the input: UTF-8 for encode, the encoding's bytes for decode) and the
** tables' size.  `make -C bench encoding` (or `make bench-encoding` from
** the root) builds and runs it; it links core/'s encoding files only.
**
** The texts: Latin prose with accented letters (windows-1252); for the CJK
** encodings, the characters of the encoding's common two-byte rows (those
** that survive a decode and encode round trip) in runs of eight, between
** ASCII words and punctuation, as in a page; UTF-8 and UTF-16LE get the
** gb18030 text and the Latin text joined.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "encoding.h"
#include "encoding_tables.h"
#include "mem_libc.h"
#include "utf8.h"

#define TEXT_BYTES (1u << 20)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void init(url_buf *b) {
  url_buf_init(b, &url_mem_libc, NULL, 0, (size_t)1 << 31);
}

static const char *latin =
    "Le c\xC5\x93ur d\xC3\xA9\xC3\xA7u mais l'\xC3\xA2me plut\xC3\xB4t na\xC3\xAFve, "
    "Lou\xC3\xBFs r\xC3\xAAva de crapa\xC3\xBCter en cano\xC3\xAB au del\xC3\xA0 des "
    "\xC3\xAEles, pr\xC3\xA8s du m\xC3\xA4lstr\xC3\xB6m o\xC3\xB9 br\xC3\xBBlent les "
    "nov\xC3\xA6. Stra\xC3\x9F" "e 12, M\xC3\xBCnchen; \xE2\x80\x9CPreis: 5 \xE2\x82\xAC\xE2\x80\x9D.\n";

/* Latin prose, about TEXT_BYTES of UTF-8. */
static void latin_text(url_buf *t) {
  while (t->len < TEXT_BYTES) url_buf_puts(t, latin);
}

/* CJK text of `enc`: the round-tripping characters of lead bytes
   [lo, hi] with trail bytes 0xA1..0xFE, eight at a time between ASCII. */
static void cjk_text(url_buf *t, int enc, unsigned lo, unsigned hi) {
  static const char *words[] = {" URL ", ", ", " 2024 ", "\xE3\x80\x82", " (http) ", " "};
  int run = 0, w = 0;
  while (t->len < TEXT_BYTES) {
    for (unsigned lead = lo; lead <= hi && t->len < TEXT_BYTES; lead++) {
      for (unsigned trail = 0xA1; trail <= 0xFE; trail++) {
        unsigned char in[2] = {(unsigned char)lead, (unsigned char)trail}, out[8];
        url_buf d;
        url_encoder e;
        init(&d);
        url_decode_bytes(&d, enc, in, 2);
        /* one code point, not U+FFFD, that encodes back */
        size_t i = 0;
        uint32_t cp = d.len ? url_utf8_next((const unsigned char *)d.ptr, d.len, &i) : 0xFFFD;
        url_encoder_init(&e, enc);
        if (i == d.len && cp != 0xFFFD && cp >= 0x80 && url_encoder_put(&e, cp, out) > 0) {
          url_buf_append(t, d.ptr, d.len);
          if (++run == 8) {
            const char *s = words[w++ % 6];
            if (enc == URL_ENC_EUC_KR && s[0] == '\xE3') s = ". ";
            url_buf_puts(t, s);
            run = 0;
          }
        }
        url_buf_free(&d);
      }
    }
  }
}

/* UTF-16LE bytes of the UTF-8 text t. */
static void utf16le_of(url_buf *out, const url_buf *t) {
  size_t i = 0;
  while (i < t->len) {
    uint32_t c = url_utf8_next((const unsigned char *)t->ptr, t->len, &i);
    if (c >= 0x10000) {
      uint32_t hi = 0xD800 + ((c - 0x10000) >> 10), lo = 0xDC00 + (c & 0x3FF);
      char b[4] = {(char)(hi & 0xFF), (char)(hi >> 8), (char)(lo & 0xFF), (char)(lo >> 8)};
      url_buf_append(out, b, 4);
    } else {
      char b[2] = {(char)(c & 0xFF), (char)(c >> 8)};
      url_buf_append(out, b, 2);
    }
  }
}

/* MB/s of f over n input bytes, run for at least 0.3 s. */
typedef int (*run_fn)(url_buf *out, int enc, const void *in, size_t n);
static int run_encode(url_buf *out, int enc, const void *in, size_t n) {
  return url_encode_text(out, enc, in, n, URL_ENC_HTML);
}
static int run_decode(url_buf *out, int enc, const void *in, size_t n) {
  return url_decode_bytes(out, enc, in, n);
}
static double speed(run_fn f, int enc, const void *in, size_t n, size_t *out_len) {
  url_buf out;
  init(&out);
  int rounds = 0;
  double t0 = now(), t;
  do {
    out.len = 0;
    if (f(&out, enc, in, n) != URL_OK) {
      fprintf(stderr, "encoding_bench: %s failed\n", url_encoding_name(enc));
      exit(1);
    }
    rounds++;
    t = now() - t0;
  } while (t < 0.3);
  *out_len = out.len;
  url_buf_free(&out);
  return (double)n * rounds / t / 1e6;
}

int main(void) {
  static const struct { int enc; unsigned lo, hi; } cjk[] = {
    {URL_ENC_GB18030, 0xB0, 0xD7}, {URL_ENC_BIG5, 0xA4, 0xC6},
    {URL_ENC_SHIFT_JIS, 0x88, 0x9F}, {URL_ENC_EUC_JP, 0xB0, 0xCF},
    {URL_ENC_ISO_2022_JP, 0xB0, 0xCF}, {URL_ENC_EUC_KR, 0xB0, 0xC8}};
  printf("encoding tables: %zu bytes\n", url_enc_table_bytes);
  printf("%-12s %10s %10s %12s %12s\n", "encoding", "text KB", "bytes KB", "encode MB/s", "decode MB/s");
  for (int k = -1; k < (int)(sizeof cjk / sizeof *cjk) + 2; k++) {
    url_buf text, bytes;
    int enc;
    init(&text);
    init(&bytes);
    if (k < 0) {
      enc = URL_ENC_WINDOWS_1252;
      latin_text(&text);
    } else if (k < (int)(sizeof cjk / sizeof *cjk)) {
      enc = cjk[k].enc;
      /* ISO-2022-JP: the EUC-JP text (rows of jis0208) */
      cjk_text(&text, enc == URL_ENC_ISO_2022_JP ? URL_ENC_EUC_JP : enc, cjk[k].lo, cjk[k].hi);
    } else {
      enc = k == (int)(sizeof cjk / sizeof *cjk) ? URL_ENC_UTF_8 : URL_ENC_UTF_16LE;
      cjk_text(&text, URL_ENC_GB18030, 0xB0, 0xD7);
      text.len /= 2;
      while (text.len > 0 && (text.ptr[text.len] & 0xC0) == 0x80) text.len--;
      while (text.len < TEXT_BYTES) url_buf_puts(&text, latin);
    }
    double enc_mbs = 0;
    size_t len;
    if (enc == URL_ENC_UTF_16LE) {
      utf16le_of(&bytes, &text);
    } else {
      enc_mbs = speed(run_encode, enc, text.ptr, text.len, &len);
      url_encode_text(&bytes, enc, text.ptr, text.len, URL_ENC_FATAL);
    }
    double dec_mbs = speed(run_decode, enc, bytes.ptr, bytes.len, &len);
    if (len != text.len) fprintf(stderr, "encoding_bench: %s: decode differs\n", url_encoding_name(enc));
    if (enc_mbs > 0) {
      printf("%-12s %10zu %10zu %12.0f %12.0f\n", url_encoding_name(enc), text.len / 1024,
             bytes.len / 1024, enc_mbs, dec_mbs);
    } else {
      printf("%-12s %10zu %10zu %12s %12.0f\n", url_encoding_name(enc), text.len / 1024,
             bytes.len / 1024, "-", dec_mbs);
    }
    url_buf_free(&text);
    url_buf_free(&bytes);
  }
  return 0;
}
