/*
** Percent-encoding and -decoding (§1.3).
*/
#include "percent.h"

#include "encoding.h"
#include "utf8.h"

#define IN(S, c) URL_IN_SET(S, c)
#define FORBIDDEN_DOMAIN_LO                                                   \
  (URL_C0_LO | URL_BIT(' ') | URL_BIT('#') | URL_BIT('%') | URL_BIT('/') |    \
   URL_BIT(':') | URL_BIT('<') | URL_BIT('>') | URL_BIT('?'))
#define FORBIDDEN_DOMAIN_HI                                                   \
  (URL_BITH('@') | URL_BITH('[') | URL_BITH('\\') | URL_BITH(']') |          \
   URL_BITH('^') | URL_BITH('|') | URL_BITH(0x7F))
/* https://url.spec.whatwg.org/#url-code-points, the ASCII ones */
#define URL_CP_ASCII(c)                                                       \
  (((c) >= '0' && (c) <= '9') || ((c) >= 'A' && (c) <= 'Z') ||                \
   ((c) >= 'a' && (c) <= 'z') || (c) == '!' || (c) == '$' ||                  \
   ((c) >= '&' && (c) <= '/') || (c) == ':' || (c) == ';' || (c) == '=' ||    \
   (c) == '?' || (c) == '@' || (c) == '_' || (c) == '~')
#define CC(c)                                                                 \
  (uint16_t)(IN(URL_C0, c) * URL_CC_C0 | IN(URL_FRAG, c) * URL_CC_FRAGMENT |   \
             IN(URL_QUERY, c) * URL_CC_QUERY |                                \
             IN(URL_SQUERY, c) * URL_CC_SPECIAL_QUERY |                       \
             IN(URL_PATH, c) * URL_CC_PATH |                                  \
             IN(URL_USERINFO, c) * URL_CC_USERINFO |                          \
             IN(URL_COMPONENT, c) * URL_CC_COMPONENT |                        \
             IN(URL_FORM, c) * URL_CC_FORM | ((c) == '/') * URL_CC_SLASH |    \
             ((c) == '\\') * URL_CC_BACKSLASH | ((c) == '?') * URL_CC_QMARK | \
             ((c) == '#') * URL_CC_HASH |                                     \
             ((c) < 128 && IN(FORBIDDEN_DOMAIN, c)) * URL_CC_FORBIDDEN_DOMAIN | \
             ((c) == '@' || (c) == ':' || (c) == '/' || (c) == '?' ||          \
              (c) == '#' || (c) == '\\' || (c) == '[') * URL_CC_AUTHORITY | \
             ((c) >= 128 || (c) == '%') * URL_CC_HOST_SLOW |                 \
             ((c) >= 128 || !URL_CP_ASCII(c)) * URL_CC_UNIT_CHECK)
const uint16_t url_char_class[256] = URL_CLASS_TABLE(CC);


const char url_hex_digits[16] = "0123456789ABCDEF";

/* The one encoding loop: bytes whose class has a bit of mask are escaped;
   with space_as_plus, U+0020 becomes '+'. */
static void encode(url_buf *out, const char *s, size_t n,
                   const uint16_t cls[256], uint16_t mask, int space_as_plus) {
  size_t run = 0; /* start of the pending run of bytes copied verbatim */
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (!(cls[c] & mask) && !(space_as_plus && c == ' ')) continue;
    url_buf_append(out, s + run, i - run);
    run = i + 1;
    if (space_as_plus && c == ' ') {
      url_buf_putc(out, '+');
    } else {
      url_pct_escape(out, c);
    }
  }
  url_buf_append(out, s + run, n - run);
}

void url_pct_encode(url_buf *out, const char *s, size_t n,
                    const url_pct_set *set, int space_as_plus) {
  encode(out, s, n, url_char_class, set->mask, space_as_plus);
}

void url_pct_encode_class(url_buf *out, const char *s, size_t n,
                          const uint16_t cls[256], uint16_t mask) {
  encode(out, s, n, cls, mask, 0);
}

/* Whether the encoder maps ASCII byte c to itself in its present state:
   always, but for ISO-2022-JP outside ASCII, and its ESC, SO and SI. */
static int ascii_is_itself(const url_encoder *e, unsigned char c) {
  if (e->enc != URL_ENC_ISO_2022_JP) return 1;
  return e->state == 0 && c != 0x0E && c != 0x0F && c != 0x1B;
}

void url_pct_encode_after(url_buf *out, int enc, const char *s, size_t n,
                          const url_pct_set *set, int space_as_plus) {
  url_pct_encode_after_class(out, enc, s, n, url_char_class, set->mask,
                             space_as_plus);
}

void url_pct_encode_after_class(url_buf *out, int enc, const char *s, size_t n,
                                const uint16_t cls[256], uint16_t mask,
                                int space_as_plus) {
  if (enc == URL_ENC_UTF_8) {
    encode(out, s, n, cls, mask, space_as_plus);
    return;
  }
  const unsigned char *u = (const unsigned char *)s;
  unsigned char b[URL_ENC_MAX_BYTES];
  url_encoder e;
  url_encoder_init(&e, enc);
  size_t i = 0;
  while (i < n && !out->err) {
    /* A run of ASCII the encoder writes as it is: percent-encoded at once. */
    size_t run = i;
    while (i < n && u[i] < 0x80 && ascii_is_itself(&e, u[i])) i++;
    if (i > run) encode(out, s + run, i - run, cls, mask, space_as_plus);
    if (i == n) break;
    /* "Set potentialError to the result of running encode or fail": one
       code point through the encoder; its bytes, then the error if any. */
    uint32_t cp = url_utf8_next(u, n, &i);
    int k = url_encoder_put(&e, cp, b);
    encode(out, (const char *)b, (size_t)(k >= 0 ? k : e.error_len), cls, mask,
           space_as_plus);
    if (k >= 0) continue;
    /* "append "%26%23", followed by the shortest sequence of ASCII digits
       representing potentialError in base ten, followed by "%3B"" */
    char num[24];
    int d = (int)sizeof num;
    uint32_t v = e.error_cp;
    num[--d] = 'B', num[--d] = '3', num[--d] = '%';
    do num[--d] = (char)('0' + v % 10); while ((v /= 10) != 0);
    memcpy(num + (d -= 6), "%26%23", 6);
    url_buf_append(out, num + d, sizeof num - (size_t)d);
  }
  /* The end-of-queue: ISO-2022-JP's return to ASCII. */
  encode(out, (const char *)b, (size_t)url_encoder_end(&e, b), cls, mask,
         space_as_plus);
}

void url_pct_decode_repeatedly(url_buf *out, const char *s, size_t n) {
  if (!memchr(s, '%', n)) {
    url_buf_append(out, s, n);
    return;
  }
  if (url_buf_reserve(out, n)) return; /* decoding never lengthens */
  unsigned char *d = (unsigned char *)out->ptr;
  size_t start = out->len, k = start;
  for (size_t i = 0; i < n; i++) {
    d[k++] = (unsigned char)s[i];
    /* The byte just written may end an escape; its value may end another. */
    while (k - start >= 3 && d[k - 3] == '%' && url_is_hex(d[k - 2]) &&
           url_is_hex(d[k - 1])) {
      d[k - 3] = (unsigned char)(url_hex_val(d[k - 2]) * 16 +
                                 url_hex_val(d[k - 1]));
      k -= 2;
    }
  }
  out->len = k;
}

void url_pct_decode(url_buf *out, const char *s, size_t n, int plus_as_space) {
  size_t run = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '+' && plus_as_space) {
      url_buf_append(out, s + run, i - run);
      url_buf_putc(out, ' ');
      run = i + 1;
    } else if (c == '%' && i + 2 < n && url_is_hex((unsigned char)s[i + 1]) &&
               url_is_hex((unsigned char)s[i + 2])) {
      url_buf_append(out, s + run, i - run);
      url_buf_putc(out, (char)(url_hex_val((unsigned char)s[i + 1]) * 16 +
                               url_hex_val((unsigned char)s[i + 2])));
      i += 2;
      run = i + 1;
    }
  }
  url_buf_append(out, s + run, n - run);
}

/* url_pct_normalize (decode: 1) and url_pct_upper_hex (decode: 0). */
static void pct_normalize(url_buf *out, const char *s, size_t n, int decode) {
  size_t run = 0;
  for (size_t i = 0; i + 2 < n; i++) {
    if (s[i] != '%') { /* to the next '%' that can start an escape */
      const char *pct = memchr(s + i, '%', n - 2 - i);
      if (!pct) break;
      i = (size_t)(pct - s);
    }
    unsigned char h = (unsigned char)s[i + 1], l = (unsigned char)s[i + 2];
    if (!url_is_hex(h) || !url_is_hex(l)) continue;
    unsigned char c = (unsigned char)(url_hex_val(h) * 16 + url_hex_val(l));
    url_buf_append(out, s + run, i - run);
    if (decode && url_is_unreserved(c)) {
      url_buf_putc(out, (char)c);
    } else {
      url_pct_escape(out, c);
    }
    i += 2;
    run = i + 1;
  }
  url_buf_append(out, s + run, n - run);
}

void url_pct_normalize(url_buf *out, const char *s, size_t n) {
  pct_normalize(out, s, n, 1);
}

void url_pct_upper_hex(url_buf *out, const char *s, size_t n) {
  pct_normalize(out, s, n, 0);
}
