/*
** Percent-encode sets (§1.3 "Percent-encoded bytes").  Each set is defined
** below as a 128-bit bitmap over ASCII (every non-ASCII byte is in every
** set), the previous set plus a few code points, as the Standard words it.
** From those bitmaps one constant 256-entry table of class bits
** (url_char_class) is built, so testing a byte against a set, or against a
** set plus the delimiters that end a component, is one load and one AND.
*/
#ifndef URL_PERCENT_H
#define URL_PERCENT_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"

#define URL_BIT(c) ((c) < 64 ? (uint64_t)1 << ((c) & 63) : 0)
#define URL_BITH(c) ((c) >= 64 ? (uint64_t)1 << (((c) - 64) & 63) : 0)

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

/* Class bits of url_char_class[]: one per percent-encode set... */
enum {
  URL_CC_C0 = 1 << 0,
  URL_CC_FRAGMENT = 1 << 1,
  URL_CC_QUERY = 1 << 2,
  URL_CC_SPECIAL_QUERY = 1 << 3,
  URL_CC_PATH = 1 << 4,
  URL_CC_USERINFO = 1 << 5,
  URL_CC_COMPONENT = 1 << 6,
  URL_CC_FORM = 1 << 7,
  /* ...and for the delimiters that end components, */
  URL_CC_SLASH = 1 << 8,     /* '/' */
  URL_CC_BACKSLASH = 1 << 9, /* '\' */
  URL_CC_QMARK = 1 << 10,    /* '?' */
  URL_CC_HASH = 1 << 11,     /* '#' */
  /* https://url.spec.whatwg.org/#forbidden-domain-code-point */
  URL_CC_FORBIDDEN_DOMAIN = 1 << 12,
  /* what the authority state must look at: @ : / ? # \ [ */
  URL_CC_AUTHORITY = 1 << 13,
  /* what takes a domain off the ASCII fast path: '%' and non-ASCII */
  URL_CC_HOST_SLOW = 1 << 14,
  /* what the URL-unit checks must look at: '%', non-ASCII, and the ASCII
     code points that are not URL code points */
  URL_CC_UNIT_CHECK = 1 << 15
};

extern const uint16_t url_char_class[256];

/* A percent-encode set (or a set of delimiters): a mask of class bits. */
typedef struct url_pct_set {
  uint16_t mask;
} url_pct_set;

static const url_pct_set URL_SET_C0 = {URL_CC_C0};
static const url_pct_set URL_SET_FRAGMENT = {URL_CC_FRAGMENT};
static const url_pct_set URL_SET_QUERY = {URL_CC_QUERY};
static const url_pct_set URL_SET_SPECIAL_QUERY = {URL_CC_SPECIAL_QUERY};
static const url_pct_set URL_SET_PATH = {URL_CC_PATH};
static const url_pct_set URL_SET_USERINFO = {URL_CC_USERINFO};
static const url_pct_set URL_SET_COMPONENT = {URL_CC_COMPONENT};
static const url_pct_set URL_SET_FORM = {URL_CC_FORM};

/*
** Building a class table like url_char_class from sets written as bitmaps
** (the canonicalizers' keys/ build theirs so): URL_IN_SET(S, c) is whether
** byte c is in the set whose bitmap is S##_LO / S##_HI (non-ASCII: always);
** URL_CLASS_TABLE(F) is the initializer {F(0), ..., F(255)}.
*/
#define URL_IN_SET(S, c) \
  ((c) >= 128 ? 1 : (c) < 64 ? (int)((S##_LO >> ((c) & 63)) & 1) \
                             : (int)((S##_HI >> ((c) & 63)) & 1))
#define URL_T4(F, c) F(c), F((c) + 1), F((c) + 2), F((c) + 3)
#define URL_T16(F, c) URL_T4(F, c), URL_T4(F, (c) + 4), URL_T4(F, (c) + 8), URL_T4(F, (c) + 12)
#define URL_T64(F, c) URL_T16(F, c), URL_T16(F, (c) + 16), URL_T16(F, (c) + 32), URL_T16(F, (c) + 48)
#define URL_CLASS_TABLE(F) {URL_T64(F, 0), URL_T64(F, 64), URL_T64(F, 128), URL_T64(F, 192)}

/* Percent-encodes s[0..n) into out: bytes whose class in cls has a bit of
   mask (upper-case hex). */
void url_pct_encode_class(url_buf *out, const char *s, size_t n,
                          const uint16_t cls[256], uint16_t mask);

/*
** Percent-decodes s[0..n) repeatedly until nothing changes ("%252e" ->
** "%2e" -> "."), in one pass: a decoded byte can only complete an escape
** that ends where it is written, so the output is re-checked there.  (The
** rewriting "%HH" -> byte has no overlapping redexes, so its normal form is
** unique and equals decoding pass after pass.)  Output may be any bytes.
*/
void url_pct_decode_repeatedly(url_buf *out, const char *s, size_t n);

/*
** UTF-8 percent-encodes s[0..n) (valid UTF-8, so byte-wise encoding is the
** same as code point-wise) with set `set`, appending to out.  With
** space_as_plus, U+0020 becomes '+' (application/x-www-form-urlencoded).
*/
void url_pct_encode(url_buf *out, const char *s, size_t n,
                    const url_pct_set *set, int space_as_plus);

/*
** https://url.spec.whatwg.org/#string-percent-encode-after-encoding: s[0..n)
** (valid UTF-8) encoded in enc (an output encoding, core/encoding.h), each
** byte of the result percent-encoded if it is in `set` (U+0020 as '+' with
** space_as_plus), a code point enc cannot encode written "%26%23N%3B"
** (&#N;).  UTF-8 is url_pct_encode itself.  Runs of ASCII go through no
** encoder (every output encoding maps an ASCII code point to its byte),
** except in ISO-2022-JP outside its ASCII state and for its ESC, SO, SI.
** The Standard asserts the set is special-query or form for an encoding
** other than UTF-8; any set works here (the predicate is byte-wise).
*/
void url_pct_encode_after(url_buf *out, int enc, const char *s, size_t n,
                          const url_pct_set *set, int space_as_plus);
/* The same over the sets of another class table (uri/encode.c's, which
   names the sets of both standards): bytes whose class has a bit of mask. */
void url_pct_encode_after_class(url_buf *out, int enc, const char *s, size_t n,
                                const uint16_t cls[256], uint16_t mask,
                                int space_as_plus);

/*
** Percent-decodes s[0..n) into bytes appended to out (§1.3 "percent-decode").
** With plus_as_space, '+' becomes 0x20 first (form decoding).  The result may
** be invalid UTF-8.
*/
void url_pct_decode(url_buf *out, const char *s, size_t n, int plus_as_space);

/*
** RFC 3986 §6.2.2.1 and §6.2.2.2, the percent-encoding normalizations that
** never change what a URI means: s[0..n) appended to out with the escape of
** every unreserved character (ALPHA DIGIT - . _ ~) decoded and the hex
** digits of every other escape upper-cased.  Everything else is copied as
** it is (a '%' not followed by two hex digits too).  One pass; the output
** is never longer than the input.  Serves uri/ (normalization) and the
** robots.txt matcher (RFC 9309 §2.2.2 compares paths so).
*/
void url_pct_normalize(url_buf *out, const char *s, size_t n);

/* The second half of url_pct_normalize alone: every escape's hex digits
   upper-cased, no escape decoded (robots.txt compares escapes of
   unreserved characters byte-wise, as Google's matcher and conformance
   suite do). */
void url_pct_upper_hex(url_buf *out, const char *s, size_t n);

/* RFC 3986 §2.3 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". */
static inline int url_is_unreserved(unsigned char c) {
  return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9') ||
         c == '-' || c == '.' || c == '_' || c == '~';
}

/* The hex digits, upper case (a percent-encoded byte's form in the URL
   Standard and RFC 3986 §2.1); '|' 0x20 gives a digit in lower case. */
extern const char url_hex_digits[16];

/* Appends c percent-encoded: "%XY". */
static inline void url_pct_escape(url_buf *out, unsigned char c) {
  char e[3] = {'%', url_hex_digits[c >> 4], url_hex_digits[c & 15]};
  url_buf_append(out, e, 3);
}

static inline int url_is_hex(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}
static inline int url_hex_val(unsigned char c) {
  return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

#endif /* URL_PERCENT_H */
