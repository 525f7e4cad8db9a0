/*
** Host parsing and serialization, URL Standard §3.5 and §3.6.
**
** The parser appends the serialized host straight into the caller's buffer
** (for the URL parser, its href), so an ASCII domain costs one lowercasing
** pass plus one scan for forbidden code points, and no allocation.
*/
#include "host.h"

#include <stdint.h>

#include "idna.h"
#include "percent.h"
#include "url_errors.h"
#include "utf8.h"

/* https://url.spec.whatwg.org/#forbidden-host-code-point */
static int is_forbidden_host(unsigned char c) {
  switch (c) {
    case 0x00: case 0x09: case 0x0A: case 0x0D: case ' ': case '#': case '/':
    case ':': case '<': case '>': case '?': case '@': case '[': case '\\':
    case ']': case '^': case '|':
      return 1;
  }
  return 0;
}

/* https://url.spec.whatwg.org/#forbidden-domain-code-point */
static int is_forbidden_domain(unsigned char c) {
  return (url_char_class[c] & URL_CC_FORBIDDEN_DOMAIN) != 0;
}

int url_is_forbidden_host(unsigned char c) { return is_forbidden_host(c); }

const char *url_host_type_name(url_host_type t) {
  switch (t) {
    case URL_HOST_DOMAIN: return "domain";
    case URL_HOST_IPV4: return "ipv4";
    case URL_HOST_IPV6: return "ipv6";
    case URL_HOST_OPAQUE: return "opaque";
    case URL_HOST_EMPTY: return "empty";
    default: return NULL;
  }
}

/* ---------------------------------------------------------------- IPv4 */

/*
** https://url.spec.whatwg.org/#ipv4-number-parser
** Returns 0 on failure, 1 on success with *value (saturated above 2^32, which
** every caller rejects anyway) and *non_decimal, the validationError flag
** (hexadecimal or octal).
*/
static int ipv4_number(const char *s, size_t n, uint64_t *value,
                       int *non_decimal) {
  if (n == 0) return 0;                       /* 1. empty: failure */
  unsigned radix = 10;                        /* 3. */
  if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s += 2, n -= 2, radix = 16;               /* 4. */
  } else if (n >= 2 && s[0] == '0') {
    s += 1, n -= 1, radix = 8;                /* 5. */
  }
  *non_decimal = radix != 10;                 /* 2., 4.1., 5.1. */
  uint64_t v = 0;                             /* 6. empty: (0, true) */
  for (size_t i = 0; i < n; i++) {            /* 7. radix-R digits only */
    unsigned char c = (unsigned char)s[i];
    unsigned d;
    if (radix == 16 && url_is_hex(c)) {
      d = (unsigned)url_hex_val(c);
    } else if (c >= '0' && c <= (radix == 8 ? '7' : '9')) {
      d = c - '0';
    } else {
      return 0;
    }
    if (v <= 0xFFFFFFFFULL) v = v * radix + d;  /* saturates above 2^32 */
  }
  *value = v;
  return 1;
}

/* https://url.spec.whatwg.org/#ends-in-a-number-checker */
static inline int ends_in_a_number(const char *s, size_t n) {
  if (n > 0 && s[n - 1] == '.') {
    n--;                      /* 2. drop one empty last part... */
    if (n == 0) return 0;     /* ...unless it was the only one */
  }
  size_t start = n;
  while (start > 0 && s[start - 1] != '.') start--;
  const char *last = s + start;
  size_t len = n - start;
  if (len == 0) return 0;
  size_t digits = 0;
  while (digits < len && last[digits] >= '0' && last[digits] <= '9') digits++;
  if (digits == len) return 1; /* 4. all ASCII digits */
  uint64_t v;
  int hex;
  /* 5. parses as an IPv4 number: only "0x"/"0X" + hex digits can, here. */
  return len >= 2 && last[0] == '0' && (last[1] | 0x20) == 'x' &&
         ipv4_number(last, len, &v, &hex);
}

int url_ends_in_a_number(const char *s, size_t n) {
  return ends_in_a_number(s, n);
}

/*
** https://url.spec.whatwg.org/#concept-ipv4-parser.  Errors go to errs with
** positions of s[] plus `at` (URL_NO_POS: s is not the input's text).
*/
static int ipv4_parse(const char *s, size_t n, uint32_t *addr,
                      url_errors *errs, size_t at) {
  uint64_t numbers[4];
  size_t count = 1, out_of_range = URL_NO_POS;
  if (n > 0 && s[n - 1] == '.') { /* 2. the last part is empty */
    url_record(errs, URL_ERR_IPV4_EMPTY_PART, url_pos_at(at, n - 1));
    n--;
  }
  for (size_t i = 0; i < n; i++) count += s[i] == '.';
  if (count > 4) { /* 4. */
    url_record(errs, URL_ERR_IPV4_TOO_MANY_PARTS, URL_NO_POS);
    return 0;
  }
  if (count < 4) url_record(errs, URL_ERR_IPV4_TOO_FEW_PARTS, URL_NO_POS); /* 3. */
  count = 0;
  for (size_t i = 0, start = 0; i <= n; i++) { /* 6. each part */
    if (i < n && s[i] != '.') continue;
    int non_decimal;
    if (!ipv4_number(s + start, i - start, &numbers[count], &non_decimal)) {
      url_record(errs, URL_ERR_IPV4_NON_NUMERIC_PART, url_pos_at(at, start));
      return 0;
    }
    if (non_decimal)
      url_record(errs, URL_ERR_IPV4_NON_DECIMAL_PART, url_pos_at(at, start));
    if (numbers[count] > 255 && out_of_range == URL_NO_POS) out_of_range = start;
    count++;
    start = i + 1;
  }
  if (out_of_range != URL_NO_POS) /* 7. */
    url_record(errs, URL_ERR_IPV4_OUT_OF_RANGE_PART, url_pos_at(at, out_of_range));
  for (size_t i = 0; i + 1 < count; i++) /* 8. */
    if (numbers[i] > 255) return 0;
  if (numbers[count - 1] >= (uint64_t)1 << (8 * (5 - count))) return 0; /* 9. */
  uint64_t ipv4 = numbers[count - 1];                                   /* 10. */
  for (size_t i = 0; i + 1 < count; i++) ipv4 += numbers[i] << (8 * (3 - i));
  *addr = (uint32_t)ipv4;
  return 1;
}

/* https://url.spec.whatwg.org/#concept-ipv4-serializer */
static void ipv4_serialize(uint32_t a, url_buf *out) {
  char s[16];
  size_t k = 0;
  for (int i = 3; i >= 0; i--) {
    unsigned v = (a >> (8 * i)) & 255;
    if (v >= 100) s[k++] = (char)('0' + v / 100);
    if (v >= 10) s[k++] = (char)('0' + v / 10 % 10);
    s[k++] = (char)('0' + v % 10);
    if (i) s[k++] = '.';
  }
  url_buf_append(out, s, k);
}

/* ---------------------------------------------------------------- IPv6 */

/*
** https://url.spec.whatwg.org/#concept-ipv6-parser.  Errors go to errs with
** positions of s[] plus `at`.
*/
static int ipv6_parse(const char *s, size_t n, uint16_t a[8],
                      url_errors *errs, size_t at) {
  memset(a, 0, 8 * sizeof a[0]);
  int piece = 0, compress = -1;
  size_t p = 0;
#define C (p < n ? (unsigned char)s[p] : 0x100u) /* 0x100: EOF */
#define FAIL(id) return url_record(errs, URL_ERR_##id, at + p), 0
  if (C == ':') {                                /* 5. */
    if (p + 1 >= n || s[p + 1] != ':') FAIL(IPV6_INVALID_COMPRESSION);
    p += 2;
    compress = ++piece;
  }
  while (C != 0x100u) {                          /* 6. */
    if (piece == 8) FAIL(IPV6_TOO_MANY_PIECES);
    if (C == ':') {
      if (compress >= 0) FAIL(IPV6_MULTIPLE_COMPRESSION);
      p++;
      compress = ++piece;
      continue;
    }
    unsigned value = 0, length = 0;
    while (length < 4 && url_is_hex((unsigned char)C)) {
      value = value * 16 + (unsigned)url_hex_val((unsigned char)C);
      p++, length++;
    }
    if (C == '.') {                              /* embedded IPv4 */
      if (length == 0) FAIL(IPV4_IN_IPV6_INVALID_CODE_POINT);
      p -= length;
      if (piece > 6) FAIL(IPV4_IN_IPV6_TOO_MANY_PIECES);
      int seen = 0;
      while (C != 0x100u) {
        int v = -1;
        if (seen > 0) {
          if (C == '.' && seen < 4) p++;
          else FAIL(IPV4_IN_IPV6_INVALID_CODE_POINT);
        }
        if (!(C >= '0' && C <= '9')) FAIL(IPV4_IN_IPV6_INVALID_CODE_POINT);
        while (C >= '0' && C <= '9') {
          int d = (int)C - '0';
          if (v < 0) v = d;
          else if (v == 0) FAIL(IPV4_IN_IPV6_INVALID_CODE_POINT); /* leading 0 */
          else v = v * 10 + d;
          if (v > 255) FAIL(IPV4_IN_IPV6_OUT_OF_RANGE_PART);
          p++;
        }
        a[piece] = (uint16_t)(a[piece] * 0x100 + v);
        seen++;
        if (seen == 2 || seen == 4) piece++;
      }
      if (seen != 4) FAIL(IPV4_IN_IPV6_TOO_FEW_PARTS);
      break;
    } else if (C == ':') {
      p++;
      if (C == 0x100u) FAIL(IPV6_INVALID_CODE_POINT);
    } else if (C != 0x100u) {
      FAIL(IPV6_INVALID_CODE_POINT);
    }
    if (length > 1 && value < 1u << (4 * (length - 1))) /* a leading 0 */
      url_record(errs, URL_ERR_IPV6_PIECE_LEADING_ZERO,
                 at + p - length - (s[p - 1] == ':'));
    a[piece++] = (uint16_t)value;
  }
  if (compress >= 0) {                           /* 7. */
    int swaps = piece - compress;
    piece = 7;
    while (piece != 0 && swaps > 0) {
      uint16_t t = a[piece];
      a[piece] = a[compress + swaps - 1];
      a[compress + swaps - 1] = t;
      piece--, swaps--;
    }
  } else if (piece != 8) {
    FAIL(IPV6_TOO_FEW_PIECES);                   /* 8. */
  }
#undef FAIL
#undef C
  return 1;
}

/* https://url.spec.whatwg.org/#concept-ipv6-serializer (without brackets) */
static void ipv6_serialize(const uint16_t a[8], url_buf *out) {
  /* 2. the first longest run of two or more zero pieces is compressed */
  int compress = -1, best = 1;
  for (int i = 0; i < 8;) {
    int j = i;
    while (j < 8 && a[j] == 0) j++;
    if (j - i > best) best = j - i, compress = i;
    i = j == i ? i + 1 : j;
  }
  char s[48];
  size_t k = 0;
  for (int i = 0; i < 8; i++) {
    if (i == compress) {
      s[k++] = ':';
      if (i == 0) s[k++] = ':';
      i += best - 1;
      continue;
    }
    int started = 0;
    for (int shift = 12; shift >= 0; shift -= 4) {
      unsigned d = (a[i] >> shift) & 15;
      /* lower case: the IPv6 serializer's digits */
      if (d || started || shift == 0) s[k++] = url_hex_digits[d] | 0x20, started = 1;
    }
    if (i != 7) s[k++] = ':';
  }
  url_buf_append(out, s, k);
}

int url_ipv6_pieces(const char *s, size_t n, uint16_t a[8]) {
  return ipv6_parse(s, n, a, NULL, 0);
}

void url_ipv6_write(const uint16_t a[8], url_buf *out) { ipv6_serialize(a, out); }

/* ---------------------------------------------------------------- hosts */

/*
** https://url.spec.whatwg.org/#concept-opaque-host-parser.  Each of its
** "contains" steps records at most one error, at the first code point that
** makes it true.
*/
static int opaque_host_parse(const char *s, size_t n, url_buf *out,
                             url_host_type *type, url_errors *errs, size_t at) {
  for (size_t i = 0; i < n; i++) {
    if (is_forbidden_host((unsigned char)s[i])) { /* 1. */
      url_record(errs, URL_ERR_HOST_INVALID_CODE_POINT, at + i);
      return URL_FAILURE;
    }
  }
  if (URL_UNLIKELY(errs != NULL)) { /* 2. and 3. */
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0, k = 0; i < n; k = i) {
      if (u[i] == '%') {
        i++;
      } else if (!url_next_is_url_code_point(u, n, &i)) {
        url_errors_add(errs, URL_ERR_INVALID_URL_UNIT, at + k);
        break;
      }
    }
    for (size_t i = 0; i < n; i++) {
      if (s[i] == '%' && !(i + 2 < n && url_is_hex(u[i + 1]) && url_is_hex(u[i + 2]))) {
        url_errors_add(errs, URL_ERR_INVALID_URL_UNIT, at + i);
        break;
      }
    }
  }
  url_pct_encode(out, s, n, &URL_SET_C0, 0);
  *type = n ? URL_HOST_OPAQUE : URL_HOST_EMPTY;
  return out->err;
}

/* The byte at s[*i] after percent-decoding (a "%XX" is one byte); *i moves
   past it. */
static unsigned char decoded_byte(const char *s, size_t n, size_t *i) {
  const unsigned char *u = (const unsigned char *)s;
  size_t k = *i;
  if (u[k] == '%' && k + 2 < n && url_is_hex(u[k + 1]) && url_is_hex(u[k + 2])) {
    *i = k + 3;
    return (unsigned char)(url_hex_val(u[k + 1]) * 16 + url_hex_val(u[k + 2]));
  }
  *i = k + 1;
  return u[k];
}

/* A non-ASCII code point c[0..n) that UTS #46 maps to text holding a
   forbidden domain code point (U+FF03 to '#', U+2100 to "a/c"): domain to
   ASCII of it alone says so.  Invalid UTF-8 is U+FFFD, which maps to none. */
static int maps_to_forbidden(const unsigned char *c, size_t n,
                             const url_allocator *mem) {
  if (url_utf8_valid_prefix(c, n) != n) return 0;
  char st[128];
  url_buf b;
  url_buf_init(&b, mem, st, sizeof st, sizeof st);
  int hit = 0;
  if (url_domain_to_ascii((const char *)c, n, &b) == URL_OK)
    for (size_t i = 0; i < b.len && !hit; i++)
      hit = is_forbidden_domain((unsigned char)b.ptr[i]);
  url_buf_free(&b);
  return hit;
}

/*
** Where, in the host as written s[0..n), the domain parser's result gets a
** forbidden domain code point (its last failure step): the first code point
** of the percent-decoded host that is one, or that UTS #46 maps to text
** holding one, as the offset of its first byte (the '%' of an escape);
** URL_NO_POS if there is none.  For the validation error only: a scan of
** its own, off the parser's path.
*/
static size_t forbidden_domain_at(const char *s, size_t n,
                                  const url_allocator *mem) {
  for (size_t i = 0; i < n;) {
    size_t at = i;
    unsigned char c[4];
    c[0] = decoded_byte(s, n, &i);
    if (c[0] < 0x80) {
      if (is_forbidden_domain(c[0])) return at;
      continue;
    }
    size_t len = c[0] >= 0xF0 ? 4 : c[0] >= 0xE0 ? 3 : 2, k = 1;
    while (k < len && i < n) { /* its continuation bytes, decoded too */
      size_t j = i;
      c[k] = decoded_byte(s, n, &j);
      if ((c[k] & 0xC0) != 0x80) break;
      k++, i = j;
    }
    if (k == len && maps_to_forbidden(c, len, mem)) return at;
  }
  return URL_NO_POS;
}

/*
** Domain parser steps 1-2 (https://url.spec.whatwg.org/#concept-domain-to-
** ascii), run only to record: domain-to-ASCII if ToASCII with beStrict
** records an error.  A result longer than 253 bytes is one (VerifyDnsLength),
** so the scratch buffer needs no more.  The error's position is that of a
** forbidden domain code point, the reason the host parser then fails (the
** Standard's example https://exa%23mple.org), found in the host as written
** (host[0..host_n), at `at` in the input); none for a name that only the
** strict rules refuse (a_b, -x, a..b).
*/
static void record_strict_to_ascii(url_errors *errs, const char *domain,
                                   size_t n, const char *host, size_t host_n,
                                   size_t at) {
  char st[256];
  url_buf scratch;
  url_buf_init(&scratch, errs->mem, st, sizeof st, 254);
  int rc = url_domain_to_ascii_strict(domain, n, &scratch);
  url_buf_free(&scratch);
  if (rc == URL_FAILURE || rc == URL_TOOBIG)
    url_errors_add(errs, URL_ERR_DOMAIN_TO_ASCII,
                   url_pos_at(at, forbidden_domain_at(host, host_n, errs->mem)));
  else if (rc != URL_OK && !errs->err)
    errs->err = rc;
}

/*
** Host parser steps after domain to ASCII, on out[start..): forbidden domain
** code points (unless already `checked`), then IPv4 if the domain ends in a
** number (its errors at positions of out[start..] plus `at`).  On failure
** out is truncated back to start.
*/
static int finish_domain(url_buf *out, size_t start, url_host_type *type,
                         int checked, url_errors *errs, size_t at) {
  const char *ascii = out->ptr + start;
  size_t alen = out->len - start;
  for (size_t i = 0; i < alen && !checked; i++) {
    if (is_forbidden_domain((unsigned char)ascii[i])) {
      url_buf_truncate(out, start);
      return URL_FAILURE;
    }
  }
  if (!ends_in_a_number(ascii, alen)) {
    *type = URL_HOST_DOMAIN;
    return URL_OK;
  }
  uint32_t addr;
  url_buf_truncate(out, start);
  if (!ipv4_parse(ascii, alen, &addr, errs, at)) return URL_FAILURE;
  ipv4_serialize(addr, out);
  *type = URL_HOST_IPV4;
  return out->err;
}

/* Index of the first percent-encoded byte in s[0..n), or n. */
static size_t first_percent_encoded(const char *s, size_t n) {
  for (size_t i = 0; i + 2 < n; i++)
    if (s[i] == '%' && url_is_hex((unsigned char)s[i + 1]) &&
        url_is_hex((unsigned char)s[i + 2]))
      return i;
  return n;
}

/*
** Host parser steps 4-8: percent-decode, UTF-8 decode without BOM, the
** domain parser, IPv4.  The general path, for non-ASCII or percent-encoded
** input; the domain then is not the input's text, so IPv4 errors have no
** position.
*/
static int domain_parse_slow(const char *s, size_t n, url_buf *out,
                             url_host_type *type, url_errors *errs,
                             size_t at) {
  char st1[256], st2[256];
  url_buf dec, fix;
  url_buf_init_like(&dec, out, st1, sizeof st1, out->max);
  url_buf_init_like(&fix, out, st2, sizeof st2, out->max);
  const char *domain = s;
  size_t dlen = n;
  int rc = URL_OK;
  if (memchr(s, '%', n)) {
    if (URL_UNLIKELY(errs != NULL)) { /* 4. */
      size_t k = first_percent_encoded(s, n);
      if (k < n) url_errors_add(errs, URL_ERR_DOMAIN_PERCENT_ENCODED, at + k);
    }
    url_pct_decode(&dec, s, n, 0);
    rc = dec.err ? dec.err
                 : url_utf8_sanitize(dec.ptr, dec.len, &fix, &domain, &dlen);
  }
  size_t start = out->len;
  if (rc == URL_OK && URL_UNLIKELY(errs != NULL))
    record_strict_to_ascii(errs, domain, dlen, s, n, at);
  if (rc == URL_OK) rc = url_domain_to_ascii(domain, dlen, out);
  url_buf_free(&dec);
  url_buf_free(&fix);
  if (rc != URL_OK) {
    if (!out->err) url_buf_truncate(out, start);
    return rc;
  }
  return finish_domain(out, start, type, 0, errs, URL_NO_POS);
}

static int domain_parse(const char *s, size_t n, url_buf *out,
                        url_host_type *type, url_errors *errs, size_t at) {
  /* Fast path: for ASCII without '%', domain to ASCII only lowercases; the
     forbidden code points are checked in the same pass. */
  size_t start = out->len, i = 0;
  unsigned seen = 0; /* the union of the code points' class bits */
  if (url_buf_reserve(out, n) == 0) {
    const unsigned char *u = (const unsigned char *)s;
    unsigned char *d = (unsigned char *)out->ptr + start;
    for (; i < n; i++) {
      unsigned char c = u[i];
      unsigned k = url_char_class[c];
      if (k & URL_CC_HOST_SLOW) break;
      seen |= k;
      d[i] = (unsigned char)(c + (((unsigned)(c - 'A') < 26) << 5));
    }
  }
  if (i < n) return domain_parse_slow(s, n, out, type, errs, at);
  if (URL_UNLIKELY(errs != NULL)) record_strict_to_ascii(errs, s, n, s, n, at);
  if (seen & URL_CC_FORBIDDEN_DOMAIN) return URL_FAILURE;
  out->len += n;
  return finish_domain(out, start, type, 1, errs, at);
}

/* https://url.spec.whatwg.org/#concept-host-parser */
int url_host_parse_errors(const char *in, size_t n, int is_opaque,
                          url_buf *out, url_host_type *type, url_errors *errs,
                          size_t at) {
  if (out->err) return out->err;
  if (n > 0 && in[0] == '[') {
    uint16_t a[8];
    if (in[n - 1] != ']' || n < 2) { /* 1.1. */
      url_record(errs, URL_ERR_IPV6_UNCLOSED, at);
      return URL_FAILURE;
    }
    if (!ipv6_parse(in + 1, n - 2, a, errs, at + 1)) return URL_FAILURE;
    url_buf_putc(out, '[');
    ipv6_serialize(a, out);
    url_buf_putc(out, ']');
    *type = URL_HOST_IPV6;
    return out->err;
  }
  if (is_opaque) return opaque_host_parse(in, n, out, type, errs, at);
  if (n == 0) return URL_FAILURE; /* the URL parser never gets here */
  return domain_parse(in, n, out, type, errs, at);
}

int url_host_parse(const char *in, size_t n, int is_opaque, url_buf *out,
                   url_host_type *type) {
  return url_host_parse_errors(in, n, is_opaque, out, type, NULL, 0);
}

int url_is_valid_ipv4_string(const char *s, size_t n) {
  size_t i = 0;
  for (int part = 0; part < 4; part++) {
    if (part && (i >= n || s[i++] != '.')) return 0;
    size_t d = i;
    unsigned v = 0;
    while (i < n && i - d < 3 && s[i] >= '0' && s[i] <= '9')
      v = v * 10 + (unsigned)(s[i++] - '0');
    if (i == d || v > 255 || (s[d] == '0' && i - d > 1)) return 0;
  }
  return i == n;
}
