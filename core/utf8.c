/*
** UTF-8 validation and repair (Encoding Standard, "UTF-8 decoder").
*/
#include "utf8.h"

#include <string.h>

/*
** Length of the valid UTF-8 sequence at s[0..n), or 0 if it is invalid; in
** that case *bad is the length of the maximal invalid subsequence (>= 1)
** that the Encoding Standard's decoder replaces with one U+FFFD.
*/
static size_t seq_len(const unsigned char *s, size_t n, size_t *bad) {
  unsigned char c = s[0];
  size_t need;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) {
    need = 1;
  } else if (c >= 0xE0 && c <= 0xEF) {
    need = 2;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    need = 3;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    *bad = 1;
    return 0;
  }
  size_t i = 1;
  for (; i <= need; i++) {
    if (i >= n || s[i] < lo || s[i] > hi) {
      *bad = i;
      return 0;
    }
    lo = 0x80;
    hi = 0xBF;
  }
  return need + 1;
}

size_t url_utf8_valid_prefix(const unsigned char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    /* ASCII fast path, 8 bytes at a time. */
    while (i + 8 <= n) {
      uint64_t w;
      memcpy(&w, s + i, 8);
      if (w & 0x8080808080808080ULL) break;
      i += 8;
    }
    if (i >= n) break;
    if (s[i] < 0x80) {
      i++;
      continue;
    }
    size_t bad, k = seq_len(s + i, n - i, &bad);
    if (k == 0) break;
    i += k;
  }
  return i;
}

int url_utf8_sanitize(const char *s, size_t n, url_buf *buf, const char **out,
                      size_t *out_len) {
  const unsigned char *u = (const unsigned char *)s;
  size_t i = url_utf8_valid_prefix(u, n);
  if (i == n) {
    *out = s;
    *out_len = n;
    return URL_OK;
  }
  buf->len = 0;
  url_buf_append(buf, s, i);
  while (i < n) {
    size_t bad = 0, k = seq_len(u + i, n - i, &bad);
    if (k) {
      url_buf_append(buf, s + i, k);
      i += k;
    } else {
      url_buf_append(buf, "\xEF\xBF\xBD", 3);
      i += bad;
    }
  }
  if (buf->err) return buf->err;
  *out = buf->ptr;
  *out_len = buf->len;
  return URL_OK;
}

size_t url_utf8_source_offset(const unsigned char *s, size_t n, size_t off,
                               size_t *i, size_t *o) {
  if (off < *o) *i = *o = 0; /* behind the walk: start again */
  while (*i < n) {
    size_t bad = 0, k = seq_len(s + *i, n - *i, &bad);
    size_t in = k ? k : bad, out = k ? k : 3; /* U+FFFD: three bytes */
    if (*o + out > off) break;
    *i += in;
    *o += out;
  }
  return *i;
}

/* The last word overlaps the one before: lowercasing twice is lowercasing
   once. */
void url_ascii_lower_n(char *p, size_t n) {
  uint64_t w;
  if (n < 8) {
    for (size_t i = 0; i < n; i++) p[i] = url_ascii_lower(p[i]);
    return;
  }
  for (size_t i = 0; i + 8 <= n; i += 8) {
    memcpy(&w, p + i, 8);
    w = url_ascii_lower_word(w);
    memcpy(p + i, &w, 8);
  }
  memcpy(&w, p + n - 8, 8);
  w = url_ascii_lower_word(w);
  memcpy(p + n - 8, &w, 8);
}

int url_ascii_has_upper(const char *p, size_t n) {
  uint64_t w;
  if (n < 8) {
    for (size_t i = 0; i < n; i++)
      if (url_ascii_lower(p[i]) != p[i]) return 1;
    return 0;
  }
  for (size_t i = 0; i + 8 <= n; i += 8) {
    memcpy(&w, p + i, 8);
    if (url_ascii_lower_word(w) != w) return 1;
  }
  memcpy(&w, p + n - 8, 8);
  return url_ascii_lower_word(w) != w;
}

void url_buf_append_lower(url_buf *b, const char *s, size_t n) {
  size_t at = b->len;
  url_buf_append(b, s, n);
  if (!b->err) url_ascii_lower_n(b->ptr + at, n);
}

/* Whether s[0..len) is one of the names of entry "name|alias|...". */
static int entry_names(const char *entry, const char *s, size_t len) {
  for (const char *p = entry;;) {
    size_t k = strcspn(p, "|");
    if (k == len && url_ascii_case_eq(p, s, len)) return 1;
    if (!p[k]) return 0;
    p += k + 1;
  }
}

int url_names_index(const char *const *names, int n, const char *s, size_t len) {
  for (int i = 0; i < n; i++)
    if (entry_names(names[i], s, len)) return i;
  return -1;
}
