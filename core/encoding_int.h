/*
** What encoding.c and encoding_cjk.c share: writing code points to a
** url_buf, ASCII runs, and the CJK encoders' and decoders' entry points.
** Private to those two files.
*/
#ifndef URL_ENCODING_INT_H
#define URL_ENCODING_INT_H

#include <string.h>

#include "encoding.h"
#include "encoding_tables.h"
#include "utf8.h"

/* Appends the scalar value cp as UTF-8: a capacity check and direct
   stores, as decoders call it once per code point. */
static inline void url_enc_emit(url_buf *b, uint32_t cp) {
  size_t n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  if (b->cap - b->len < n || b->err) {
    if (url_buf_reserve(b, n) != 0) return;
  }
  unsigned char *p = (unsigned char *)b->ptr + b->len;
  b->len += n;
  switch (n) {
    case 1:
      p[0] = (unsigned char)cp;
      break;
    case 2:
      p[0] = (unsigned char)(0xC0 | (cp >> 6));
      p[1] = (unsigned char)(0x80 | (cp & 0x3F));
      break;
    case 3:
      p[0] = (unsigned char)(0xE0 | (cp >> 12));
      p[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
      p[2] = (unsigned char)(0x80 | (cp & 0x3F));
      break;
    default:
      p[0] = (unsigned char)(0xF0 | (cp >> 18));
      p[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
      p[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
      p[3] = (unsigned char)(0x80 | (cp & 0x3F));
      break;
  }
}

/* The decoders' "return error" in replacement mode: U+FFFD. */
static inline void url_enc_emit_error(url_buf *b) {
  url_enc_emit(b, 0xFFFD);
}

/* Length of the run of ASCII bytes at s[0..n), eight bytes at a time. */
static inline size_t url_enc_ascii_run(const unsigned char *s, size_t n) {
  size_t i = 0;
  while (i + 8 <= n) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    if (w & UINT64_C(0x8080808080808080)) break;
    i += 8;
  }
  while (i < n && s[i] < 0x80) i++;
  return i;
}

/* Copies the ASCII run at s[*i..n) to out, advancing *i: the decoders of
   ASCII-compatible encodings, between multi-byte sequences. */
static inline void url_enc_copy_ascii(url_buf *out, const unsigned char *s,
                                      size_t n, size_t *i) {
  size_t k = url_enc_ascii_run(s + *i, n - *i);
  url_buf_append(out, (const char *)s + *i, k);
  *i += k;
}

/* encoding_cjk.c: the encoder handlers of GBK, gb18030, Big5, EUC-JP,
   ISO-2022-JP, Shift_JIS and EUC-KR for a non-ASCII cp (ISO-2022-JP: any
   cp), as url_encoder_put; and their decoders, as url_decode_bytes. */
int url_enc_cjk_put(url_encoder *e, uint32_t cp, unsigned char *out);
void url_enc_cjk_decode(url_buf *out, int enc, const unsigned char *s,
                        size_t n);

#endif /* URL_ENCODING_INT_H */
