/*
** The HTML Standard's shared declarative refresh steps
** (https://html.spec.whatwg.org/#shared-declarative-refresh-steps), the
** parse of <meta http-equiv=refresh content> and of the Refresh header, up
** to the URL string.
*/
#include "links.h"

static int ascii_ws(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

int html_refresh_parse(const char *s, size_t n, unsigned long *time,
                       const char **url, size_t *url_len) {
  size_t pos = 0;
  /* 2. "Skip ASCII whitespace within input given position." */
  while (pos < n && ascii_ws(s[pos])) pos++;
  /* 3-5. "Let time be 0. Collect a sequence of code points that are ASCII
     digits ... If timeString is the empty string, then: If the code point
     in input pointed to by position is not U+002E (.), then return." */
  size_t t0 = pos;
  unsigned long v = 0;
  while (pos < n && s[pos] >= '0' && s[pos] <= '9') {
    unsigned d = (unsigned)(s[pos++] - '0');
    v = v > (~0UL - d) / 10 ? ~0UL : v * 10 + d;
  }
  if (pos == t0 && !(pos < n && s[pos] == '.')) return 0;
  *time = v;
  /* 6. "Collect a sequence of code points that are ASCII digits and
     U+002E FULL STOP characters ... Ignore any collected characters." */
  while (pos < n && ((s[pos] >= '0' && s[pos] <= '9') || s[pos] == '.')) pos++;
  /* 7. "Let urlRecord be document's URL." */
  *url = NULL;
  *url_len = 0;
  /* 8. */
  if (pos < n) {
    if (s[pos] != ';' && s[pos] != ',' && !ascii_ws(s[pos])) return 0;
    while (pos < n && ascii_ws(s[pos])) pos++;
    if (pos < n && (s[pos] == ';' || s[pos] == ',')) pos++;
    while (pos < n && ascii_ws(s[pos])) pos++;
  }
  /* 9. */
  if (pos >= n) return 1;
  size_t u = pos; /* "Let urlString be the remainder of input" */
  int quote = 0;
  if ((s[pos] | 0x20) == 'u') {
    pos++;
    if (pos < n && (s[pos] | 0x20) == 'r') {
      pos++;
      if (pos < n && (s[pos] | 0x20) == 'l') {
        pos++;
        while (pos < n && ascii_ws(s[pos])) pos++;
        if (pos < n && s[pos] == '=') {
          pos++;
          while (pos < n && ascii_ws(s[pos])) pos++;
          goto skip_quotes;
        }
      }
    }
    goto parse; /* "Otherwise, jump to the step labeled parse." */
  }
skip_quotes:
  /* "Skip quotes: If the code point in input pointed to by position is
     U+0027 (') or U+0022 ("), then let quote be that code point, and
     advance position to the next code point." */
  if (pos < n && (s[pos] == '\'' || s[pos] == '"')) quote = s[pos++];
  u = pos; /* "Set urlString to the remainder of input" */
  if (quote) {
    /* "If quote is not the empty string, and there is a code point in
       urlString equal to quote, then truncate urlString at that code
       point." */
    size_t e = u;
    while (e < n && s[e] != quote) e++;
    *url = s + u;
    *url_len = e - u;
    return 1;
  }
parse:
  *url = s + u;
  *url_len = n - u;
  return 1;
}
