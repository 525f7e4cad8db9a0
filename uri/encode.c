/*
** Percent-encoding by named sets, one table for url_encode and uri_encode
** (docs/conventions.md, rule 5: one name, one set): the URL Standard's
** sets under its own names (core/percent.h's bitmaps), RFC 3986's where
** they differ under "rfc3986-" and their ABNF rule, the rules that only
** RFC 3986 names (unreserved, pchar, reg-name) and JavaScript's encodeURI
** ("uri"; the URL Standard's component set is encodeURIComponent's, byte
** for byte).  One constant class table, bit k: "set k encodes this byte",
** over core/percent.c's encoder.  And decoding: all escapes, only the
** unreserved ones (§6.2.2.2, core's url_pct_normalize), or the legacy
** %uXXXX form too.
*/
#include "chars.h"
#include "percent.h"
#include "uri.h"

const char *const uri_set_names[URI_SET_COUNT] = {
    "c0-control", "fragment", "query", "special-query", "path", "userinfo",
    "component", "form|application/x-www-form-urlencoded", "unreserved",
    "pchar", "reg-name", "rfc3986-userinfo", "rfc3986-path", "rfc3986-query",
    "rfc3986-fragment", "uri"};
const char *const uri_decode_names[URI_DECODE_COUNT] = {"all", "unreserved",
                                                        "legacy"};

#define JS_COMPONENT(c) (URI_IS_UNRES(c) || (c) == '!' || (c) == '\'' || (c) == '(' || \
                         (c) == ')' || (c) == '*')
#define JS_URI(c) (JS_COMPONENT(c) || (c) == ';' || (c) == ',' || (c) == '/' || \
                   (c) == '?' || (c) == ':' || (c) == '@' || (c) == '&' ||     \
                   (c) == '=' || (c) == '+' || (c) == '$' || (c) == '#')
/* An RFC 3986 set keeps the bytes `keep`: every other one, '%' and
   non-ASCII included, is encoded. */
#define KEEP(keep, c, set) ((c) < 128 && (keep) ? 0 : 1u << (set))
/* A URL Standard set encodes the bytes of its bitmap (non-ASCII too). */
#define WHATWG(S, c, set) (URL_IN_SET(S, c) ? 1u << (set) : 0)
#define ENC_CLASS(c)                                                        \
  (uint16_t)(WHATWG(URL_C0, c, URI_SET_C0_CONTROL) |                        \
             WHATWG(URL_FRAG, c, URI_SET_FRAGMENT) |                        \
             WHATWG(URL_QUERY, c, URI_SET_QUERY) |                          \
             WHATWG(URL_SQUERY, c, URI_SET_SPECIAL_QUERY) |                 \
             WHATWG(URL_PATH, c, URI_SET_PATH) |                            \
             WHATWG(URL_USERINFO, c, URI_SET_USERINFO) |                    \
             WHATWG(URL_COMPONENT, c, URI_SET_COMPONENT) |                  \
             WHATWG(URL_FORM, c, URI_SET_FORM) |                            \
             KEEP(URI_IS_UNRES(c), c, URI_SET_UNRESERVED) |                        \
             KEEP(URI_IS_PCHAR(c), c, URI_SET_PCHAR) |                             \
             KEEP(URI_IS_UNRES(c) || URI_IS_SUB(c), c, URI_SET_REG_NAME) |                \
             KEEP(URI_IS_UNRES(c) || URI_IS_SUB(c) || (c) == ':', c, URI_SET_RFC_USERINFO) | \
             KEEP(URI_IS_PCHAR(c) || (c) == '/', c, URI_SET_RFC_PATH) |            \
             KEEP(URI_IS_PCHAR(c) || (c) == '/' || (c) == '?', c, URI_SET_RFC_QUERY) | \
             KEEP(URI_IS_PCHAR(c) || (c) == '/' || (c) == '?', c, URI_SET_RFC_FRAGMENT) | \
             KEEP(JS_URI(c), c, URI_SET_URI))

static const uint16_t enc_cls[256] = URL_CLASS_TABLE(ENC_CLASS);

void uri_encode(url_buf *out, int enc, const char *s, size_t n, uri_set set) {
  /* application/x-www-form-urlencoded writes a space as '+' */
  url_pct_encode_after_class(out, enc, s, n, enc_cls, (uint16_t)(1u << set),
                             set == URI_SET_FORM);
}

int uri_set_encodes(uri_set set, unsigned char byte) {
  return (enc_cls[byte] >> set) & 1;
}

void uri_escape_keep(url_buf *out, const char *s, size_t n, uri_set set) {
  const unsigned char *u = (const unsigned char *)s;
  size_t run = 0;
  for (size_t i = 0; i < n; i++) {
    if (u[i] == '%' && n - i >= 3 && url_is_hex(u[i + 1]) && url_is_hex(u[i + 2])) {
      i += 2;
      continue;
    }
    if (!(enc_cls[u[i]] & (1u << set))) continue;
    url_buf_append(out, s + run, i - run);
    url_pct_escape(out, u[i]);
    run = i + 1;
  }
  url_buf_append(out, s + run, n - run);
}

/* The value of the four hex digits at s[0..4). */
static unsigned hex4(const char *s) {
  unsigned v = 0;
  for (int k = 0; k < 4; k++) v = v * 16 + (unsigned)url_hex_val((unsigned char)s[k]);
  return v;
}

/* "%uXXXX" at s[i]. */
static int is_u_escape(const char *s, size_t n, size_t i) {
  if (n - i < 6 || s[i] != '%' || (s[i + 1] | 0x20) != 'u') return 0;
  for (int k = 2; k < 6; k++)
    if (!url_is_hex((unsigned char)s[i + k])) return 0;
  return 1;
}

/* Legacy decoding: %HH as a byte, %uXXXX as a UTF-16 code unit (a high
   surrogate followed by a low one as their pair; any other surrogate as
   U+FFFD). */
static void decode_legacy(url_buf *out, const char *s, size_t n) {
  size_t run = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] != '%') continue;
    if (is_u_escape(s, n, i)) {
      url_pct_decode(out, s + run, i - run, 0);
      uint32_t c = hex4(s + i + 2);
      i += 5;
      if (c >= 0xD800 && c <= 0xDBFF && is_u_escape(s, n, i + 1)) {
        uint32_t lo = hex4(s + i + 3);
        if (lo >= 0xDC00 && lo <= 0xDFFF) {
          c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
          i += 6;
        }
      }
      if (c >= 0xD800 && c <= 0xDFFF) c = 0xFFFD;
      url_buf_put_utf8(out, c);
      run = i + 1;
    }
  }
  url_pct_decode(out, s + run, n - run, 0);
}

void uri_decode(url_buf *out, const char *s, size_t n, uri_decode_mode mode) {
  switch (mode) {
    case URI_DECODE_ALL: url_pct_decode(out, s, n, 0); break;
    case URI_DECODE_UNRESERVED: url_pct_normalize(out, s, n); break;
    default: decode_legacy(out, s, n); break;
  }
}
