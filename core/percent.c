/*
** Percent-encoding and -decoding (§1.3).
*/
#include "percent.h"

/* Byte c is in the set whose bitmap is S##_LO / S##_HI (non-ASCII: always). */
#define IN(S, c) \
  ((c) >= 128 ? 1 : (c) < 64 ? (int)((S##_LO >> ((c) & 63)) & 1) \
                             : (int)((S##_HI >> ((c) & 63)) & 1))
#define FORBIDDEN_DOMAIN_LO                                                   \
  (URL_C0_LO | URL_BIT(' ') | URL_BIT('#') | URL_BIT('%') | URL_BIT('/') |    \
   URL_BIT(':') | URL_BIT('<') | URL_BIT('>') | URL_BIT('?'))
#define FORBIDDEN_DOMAIN_HI                                                   \
  (URL_BITH('@') | URL_BITH('[') | URL_BITH('\\') | URL_BITH(']') |          \
   URL_BITH('^') | URL_BITH('|') | URL_BITH(0x7F))
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
             ((c) >= 128 || (c) == '%') * URL_CC_HOST_SLOW)
#define CC4(c) CC(c), CC((c) + 1), CC((c) + 2), CC((c) + 3)
#define CC16(c) CC4(c), CC4((c) + 4), CC4((c) + 8), CC4((c) + 12)
#define CC64(c) CC16(c), CC16((c) + 16), CC16((c) + 32), CC16((c) + 48)

const uint16_t url_char_class[256] = {CC64(0), CC64(64), CC64(128), CC64(192)};

static const char HEX[] = "0123456789ABCDEF";

void url_pct_encode(url_buf *out, const char *s, size_t n,
                    const url_pct_set *set, int space_as_plus) {
  size_t run = 0; /* start of the pending run of bytes copied verbatim */
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (!url_pct_in(set, c) && !(space_as_plus && c == ' ')) continue;
    url_buf_append(out, s + run, i - run);
    run = i + 1;
    if (space_as_plus && c == ' ') {
      url_buf_putc(out, '+');
    } else {
      char e[3] = {'%', HEX[c >> 4], HEX[c & 15]};
      url_buf_append(out, e, 3);
    }
  }
  url_buf_append(out, s + run, n - run);
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
