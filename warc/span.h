/*
** warc/'s byte-span helpers (internal): ASCII case-insensitive comparison
** with a literal, and trimming the blanks around a header value.
*/
#ifndef WARC_SPAN_H
#define WARC_SPAN_H

#include <string.h>

#include "warc.h"

/* Is a[0..n) the literal lit, ASCII case-insensitively? */
static inline int warc_ieq(const char *a, size_t n, const char *lit) {
  size_t k = strlen(lit);
  if (n != k) return 0;
  for (size_t i = 0; i < n; i++) {
    char x = a[i], y = lit[i];
    if (x >= 'A' && x <= 'Z') x += 32;
    if (y >= 'A' && y <= 'Z') y += 32;
    if (x != y) return 0;
  }
  return 1;
}

/* Does a[0..n) start with lit, ASCII case-insensitively? */
static inline int warc_iprefix(const char *a, size_t n, const char *lit) {
  size_t k = strlen(lit);
  return a && n >= k && warc_ieq(a, k, lit);
}

/* p[0..n) without the spaces and tabs around it (and CRs at its end). */
static inline warc_span warc_trim(const char *p, size_t n) {
  while (n && (*p == ' ' || *p == '\t')) p++, n--;
  while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r')) n--;
  warc_span s = {p, n};
  return s;
}

#endif /* WARC_SPAN_H */
