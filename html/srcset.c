/*
** The HTML Standard's "parse a srcset attribute"
** (https://html.spec.whatwg.org/#parse-a-srcset-attribute), up to the list
** of image candidates; each candidate goes to a callback with its URL and
** its descriptors as written.
*/
#include "links.h"

static int ascii_ws(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}
static int digit(int c) { return c >= '0' && c <= '9'; }

/* A valid non-negative integer: one or more ASCII digits; its value (0 if
   not, 1 if it saturates: only zero matters) in *v. */
static int non_negative_integer(const char *s, size_t n, int *zero) {
  if (n == 0) return 0;
  *zero = 1;
  for (size_t i = 0; i < n; i++) {
    if (!digit(s[i])) return 0;
    if (s[i] != '0') *zero = 0;
  }
  return 1;
}

/* A valid floating-point number
   (https://html.spec.whatwg.org/#valid-floating-point-number): optionally
   '-', digits, '.' with digits, or both, then an optional exponent.  *neg:
   its value is below zero (a '-' before a nonzero mantissa). */
static int floating_point(const char *s, size_t n, int *neg) {
  size_t i = 0;
  int minus = 0, nonzero = 0, digits = 0;
  if (i < n && s[i] == '-') minus = 1, i++;
  while (i < n && digit(s[i])) nonzero |= s[i++] != '0', digits++;
  if (i < n && s[i] == '.') {
    i++;
    size_t f = 0;
    while (i < n && digit(s[i])) nonzero |= s[i++] != '0', f++;
    if (f == 0) return 0;
    digits += (int)f;
  }
  if (digits == 0) return 0;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    if (i < n && (s[i] == '-' || s[i] == '+')) i++;
    size_t e = 0;
    while (i < n && digit(s[i])) i++, e++;
    if (e == 0) return 0;
  }
  *neg = minus && nonzero;
  return i == n;
}

/* Step 13, the descriptor parser, over the descriptors d[0..nd) (start,
   length pairs into s): 1 if the candidate is kept. */
static int descriptors_ok(const char *s, const size_t (*d)[2], size_t nd) {
  int width = 0, density = 0, height = 0;
  for (size_t i = 0; i < nd; i++) {
    const char *v = s + d[i][0];
    size_t len = d[i][1];
    char last = v[len - 1];
    int zero, neg;
    if (last == 'w') {
      /* "If the user agent has already found a width or density ... or if
         the descriptor minus its last character is not a valid non-negative
         integer ... or its value is zero: error." */
      if (width || density || !non_negative_integer(v, len - 1, &zero) || zero)
        return 0;
      width = 1;
    } else if (last == 'x') {
      if (width || density || height || !floating_point(v, len - 1, &neg) ||
          neg)
        return 0;
      density = 1;
    } else if (last == 'h') {
      if (height || density || !non_negative_integer(v, len - 1, &zero) || zero)
        return 0;
      height = 1;
    } else {
      return 0;
    }
  }
  /* "If future-compat-h is not absent and width is absent, let error be
     yes." */
  return !(height && !width);
}

#define MAX_DESC 8 /* more descriptors than this are an error anyway */

int html_srcset_parse(const char *s, size_t n, html_srcset_fn fn, void *ctx) {
  size_t pos = 0;
  for (;;) {
    /* Splitting loop: "Collect a sequence of code points that are ASCII
       whitespace or U+002C COMMA characters." */
    while (pos < n && (ascii_ws(s[pos]) || s[pos] == ',')) pos++;
    if (pos >= n) return 0;
    /* "Collect a sequence of code points that are not ASCII whitespace" */
    size_t url = pos;
    while (pos < n && !ascii_ws(s[pos])) pos++;
    size_t url_end = pos;
    size_t d[MAX_DESC][2];
    size_t nd = 0, more = 0;
    if (s[url_end - 1] == ',') {
      /* "If url ends with U+002C (,), then: Remove all trailing U+002C
         COMMA characters from url." */
      while (url_end > url && s[url_end - 1] == ',') url_end--;
    } else {
      /* Descriptor tokenizer. */
      while (pos < n && ascii_ws(s[pos])) pos++;
      size_t cur = pos, cur_len = 0;
      enum { IN_DESC, IN_PARENS, AFTER_DESC } st = IN_DESC;
#define PUSH()                                       \
  do {                                               \
    if (cur_len) {                                   \
      if (nd < MAX_DESC) d[nd][0] = cur, d[nd][1] = cur_len, nd++; \
      else more = 1;                                 \
    }                                                \
    cur_len = 0;                                     \
  } while (0)
      for (;; pos++) {
        int c = pos < n ? (unsigned char)s[pos] : -1;
        if (st == IN_DESC) {
          if (c >= 0 && ascii_ws(c)) {
            PUSH();
            st = AFTER_DESC;
          } else if (c == ',') {
            pos++;
            PUSH();
            break;
          } else if (c == '(') {
            if (!cur_len) cur = pos;
            cur_len = pos + 1 - cur;
            st = IN_PARENS;
          } else if (c < 0) {
            PUSH();
            break;
          } else {
            if (!cur_len) cur = pos;
            cur_len = pos + 1 - cur;
          }
        } else if (st == IN_PARENS) {
          if (c == ')') {
            cur_len = pos + 1 - cur;
            st = IN_DESC;
          } else if (c < 0) {
            PUSH();
            break;
          } else {
            cur_len = pos + 1 - cur;
          }
        } else { /* AFTER_DESC */
          if (c >= 0 && ascii_ws(c)) continue;
          if (c < 0) break;
          st = IN_DESC;
          pos--; /* "Set position to the previous character in input." */
        }
      }
#undef PUSH
    }
    if (more || !descriptors_ok(s, (const size_t (*)[2])d, nd)) continue;
    size_t dl = nd ? d[nd - 1][0] + d[nd - 1][1] - d[0][0] : 0;
    int rc = fn(ctx, s + url, url_end - url, nd ? s + d[0][0] : NULL, dl);
    if (rc) return rc;
  }
}
