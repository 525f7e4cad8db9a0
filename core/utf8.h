/*
** UTF-8 helpers: the Standard's "UTF-8 decode without BOM" (invalid bytes
** become U+FFFD, one per maximal invalid subsequence, as the Encoding
** Standard's decoder does) and code point iteration over valid UTF-8.
*/
#ifndef URL_UTF8_H
#define URL_UTF8_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"

/* Length of the longest prefix of s[0..n) that is valid UTF-8. */
size_t url_utf8_valid_prefix(const unsigned char *s, size_t n);

/*
** Makes s[0..n) valid UTF-8.  If it already is, *out and *out_len describe s and
** nothing is copied; otherwise the repaired text is written to `buf` and
** *out points into it.  Returns URL_OK or buf's error.  A leading BOM is
** kept (the URL parser's input is a string, not bytes).
*/
int url_utf8_sanitize(const char *s, size_t n, url_buf *buf, const char **out,
                      size_t *out_len);

/*
** The byte of s[0..n) that the byte at offset off of its url_utf8_sanitize
** form comes from: its sequence's first byte (a U+FFFD: the first byte it
** replaced; off past the end: n).  Walks both in step from (*i, *o), a
** sequence's start in each ((0, 0) at first, then what the previous call
** left), so offsets asked in ascending order cost one pass in all.
*/
size_t url_utf8_source_offset(const unsigned char *s, size_t n, size_t off,
                               size_t *i, size_t *o);

/*
** Decodes the code point at s[*i] of valid UTF-8 text and advances *i.
** Precondition: *i < n and the text is valid UTF-8.
*/
static inline uint32_t url_utf8_next(const unsigned char *s, size_t n,
                                     size_t *i) {
  size_t k = *i;
  uint32_t c = s[k];
  if (c < 0x80 || k + 1 >= n) {
    *i = k + 1;
    return c;
  }
  if (c < 0xE0) {
    *i = k + 2;
    return ((c & 0x1F) << 6) | (s[k + 1] & 0x3F);
  }
  if (c < 0xF0) {
    *i = k + 3;
    return ((c & 0x0F) << 12) | ((uint32_t)(s[k + 1] & 0x3F) << 6) |
           (s[k + 2] & 0x3F);
  }
  *i = k + 4;
  return ((c & 0x07) << 18) | ((uint32_t)(s[k + 1] & 0x3F) << 12) |
         ((uint32_t)(s[k + 2] & 0x3F) << 6) | (s[k + 3] & 0x3F);
}

/* ASCII lowercase of one byte (other bytes unchanged). */
static inline char url_ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? (char)(c + ('a' - 'A')) : c;
}

/* Whether a[0..n) and b[0..n) are equal but for ASCII case (option
   names, labels). */
static inline int url_ascii_case_eq(const char *a, const char *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (url_ascii_lower(a[i]) != url_ascii_lower(b[i])) return 0;
  return 1;
}

/*
** The one name-to-index lookup (component names, profiles, options): the
** index of the first of names[0..n) that s[0..len) names, or -1.  An
** entry is "name" or "name|alias|...", compared ASCII case-insensitively
** (docs/conventions.md, rule 3); s may hold NULs (then it names none).
*/
int url_names_index(const char *const *names, int n, const char *s, size_t len);

/* The eight bytes of w with their ASCII 'A'..'Z' lowercased, without a
   branch per byte: carries never cross bytes, as each is first cut to 7
   bits. */
static inline uint64_t url_ascii_lower_word(uint64_t w) {
  const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
  uint64_t b = w & ~high;                     /* each byte 0..0x7F */
  uint64_t ge_a = b + (0x80 - 'A') * ones;    /* high bit: byte >= 'A' */
  uint64_t gt_z = b + (0x7F - 'Z') * ones;    /* high bit: byte > 'Z' */
  uint64_t upper = (ge_a ^ gt_z) & ~w & high; /* ASCII 'A'..'Z' */
  return w | upper >> 2;                      /* 0x80 >> 2 == 0x20 */
}

/* ASCII-lowercases p[0..n) in place, eight bytes at a time. */
void url_ascii_lower_n(char *p, size_t n);

/* Appends s[0..n) to b, ASCII-lowercased. */
void url_buf_append_lower(url_buf *b, const char *s, size_t n);

/* p[0..n) holds an ASCII upper-case letter. */
int url_ascii_has_upper(const char *p, size_t n);

/* Number of bytes in the UTF-8 sequence that starts with lead byte c. */
static inline size_t url_utf8_seqlen(unsigned char c) {
  return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

#endif /* URL_UTF8_H */
