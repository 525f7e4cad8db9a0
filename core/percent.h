/*
** Percent-encode sets (§1.3 "Percent-encoded bytes") as 128-bit bitmaps over
** ASCII; every non-ASCII byte is in every set.  Each set is the previous one
** plus a few code points, as the Standard defines them.
*/
#ifndef URL_PERCENT_H
#define URL_PERCENT_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"

typedef struct url_pct_set {
  uint64_t lo, hi; /* bit c of lo (c < 64) or of hi (c - 64) */
} url_pct_set;

#define URL_BIT(c) ((c) < 64 ? (uint64_t)1 << (c) : 0)
#define URL_BITH(c) ((c) >= 64 ? (uint64_t)1 << ((c)-64) : 0)

/* C0 control percent-encode set: C0 controls and all > U+007E. */
#define URL_C0_LO 0x00000000FFFFFFFFULL
#define URL_C0_HI (URL_BITH(0x7F))
/* fragment: C0 + space " < > ` */
#define URL_FRAG_LO (URL_C0_LO | URL_BIT(' ') | URL_BIT('"') | URL_BIT('<') | URL_BIT('>'))
#define URL_FRAG_HI (URL_C0_HI | URL_BITH('`'))
/* query: C0 + space " # < > */
#define URL_QUERY_LO (URL_C0_LO | URL_BIT(' ') | URL_BIT('"') | URL_BIT('#') | URL_BIT('<') | URL_BIT('>'))
#define URL_QUERY_HI URL_C0_HI
/* special-query: query + ' */
#define URL_SQUERY_LO (URL_QUERY_LO | URL_BIT('\''))
#define URL_SQUERY_HI URL_QUERY_HI
/* path: query + ? ^ ` { } */
#define URL_PATH_LO (URL_QUERY_LO | URL_BIT('?'))
#define URL_PATH_HI (URL_QUERY_HI | URL_BITH('^') | URL_BITH('`') | URL_BITH('{') | URL_BITH('}'))
/* userinfo: path + / : ; = @ [ \ ] ^ | */
#define URL_USERINFO_LO (URL_PATH_LO | URL_BIT('/') | URL_BIT(':') | URL_BIT(';') | URL_BIT('='))
#define URL_USERINFO_HI (URL_PATH_HI | URL_BITH('@') | URL_BITH('[') | URL_BITH('\\') | URL_BITH(']') | URL_BITH('^') | URL_BITH('|'))
/* component: userinfo + $ % & + , */
#define URL_COMPONENT_LO (URL_USERINFO_LO | URL_BIT('$') | URL_BIT('%') | URL_BIT('&') | URL_BIT('+') | URL_BIT(','))
#define URL_COMPONENT_HI URL_USERINFO_HI
/* application/x-www-form-urlencoded: component + ! ' ( ) ~ */
#define URL_FORM_LO (URL_COMPONENT_LO | URL_BIT('!') | URL_BIT('\'') | URL_BIT('(') | URL_BIT(')'))
#define URL_FORM_HI (URL_COMPONENT_HI | URL_BITH('~'))

static const url_pct_set URL_SET_C0 = {URL_C0_LO, URL_C0_HI};
static const url_pct_set URL_SET_FRAGMENT = {URL_FRAG_LO, URL_FRAG_HI};
static const url_pct_set URL_SET_QUERY = {URL_QUERY_LO, URL_QUERY_HI};
static const url_pct_set URL_SET_SPECIAL_QUERY = {URL_SQUERY_LO, URL_SQUERY_HI};
static const url_pct_set URL_SET_PATH = {URL_PATH_LO, URL_PATH_HI};
static const url_pct_set URL_SET_USERINFO = {URL_USERINFO_LO, URL_USERINFO_HI};
static const url_pct_set URL_SET_COMPONENT = {URL_COMPONENT_LO, URL_COMPONENT_HI};
static const url_pct_set URL_SET_FORM = {URL_FORM_LO, URL_FORM_HI};

/* True if byte c must be percent-encoded in set s. */
static inline int url_pct_in(const url_pct_set *s, unsigned char c) {
  if (c >= 128) return 1;
  return c < 64 ? (int)((s->lo >> c) & 1) : (int)((s->hi >> (c - 64)) & 1);
}

/*
** UTF-8 percent-encodes s[0..n) (valid UTF-8, so byte-wise encoding is the
** same as code point-wise) with set `set`, appending to out.  With
** space_as_plus, U+0020 becomes '+' (application/x-www-form-urlencoded).
*/
void url_pct_encode(url_buf *out, const char *s, size_t n,
                    const url_pct_set *set, int space_as_plus);

/*
** Percent-decodes s[0..n) into bytes appended to out (§1.3 "percent-decode").
** With plus_as_space, '+' becomes 0x20 first (form decoding).  The result may
** be invalid UTF-8.
*/
void url_pct_decode(url_buf *out, const char *s, size_t n, int plus_as_space);

static inline int url_is_hex(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}
static inline int url_hex_val(unsigned char c) {
  return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

#endif /* URL_PERCENT_H */
