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
** every caller rejects anyway).
*/
static int ipv4_number(const char *s, size_t n, uint64_t *value) {
  if (n == 0) return 0;                       /* 1. empty: failure */
  unsigned radix = 10;                        /* 2. */
  if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s += 2, n -= 2, radix = 16;               /* 3. */
  } else if (n >= 2 && s[0] == '0') {
    s += 1, n -= 1, radix = 8;                /* 4. */
  }
  uint64_t v = 0;                             /* 5. empty: (0, true) */
  for (size_t i = 0; i < n; i++) {            /* 6. radix-R digits only */
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
static int ends_in_a_number(const char *s, size_t n) {
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
  /* 5. parses as an IPv4 number: only "0x"/"0X" + hex digits can, here. */
  return len >= 2 && last[0] == '0' && (last[1] | 0x20) == 'x' &&
         ipv4_number(last, len, &v);
}

/* https://url.spec.whatwg.org/#concept-ipv4-parser */
static int ipv4_parse(const char *s, size_t n, uint32_t *addr) {
  uint64_t numbers[4];
  size_t count = 0;
  if (n > 0 && s[n - 1] == '.') n--; /* 3. a trailing empty part is dropped */
  size_t start = 0;
  for (size_t i = 0; i <= n; i++) {
    if (i < n && s[i] != '.') continue;
    if (count == 4) return 0;        /* 4. more than four parts */
    if (!ipv4_number(s + start, i - start, &numbers[count])) return 0;
    count++;
    start = i + 1;
  }
  for (size_t i = 0; i + 1 < count; i++) /* 7. */
    if (numbers[i] > 255) return 0;
  if (numbers[count - 1] >= (uint64_t)1 << (8 * (5 - count))) return 0; /* 8. */
  uint64_t ipv4 = numbers[count - 1];                                   /* 9. */
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

/* https://url.spec.whatwg.org/#concept-ipv6-parser */
static int ipv6_parse(const char *s, size_t n, uint16_t a[8]) {
  memset(a, 0, 8 * sizeof a[0]);
  int piece = 0, compress = -1;
  size_t p = 0;
#define C (p < n ? (unsigned char)s[p] : 0x100u) /* 0x100: EOF */
  if (C == ':') {                                /* 5. */
    if (p + 1 >= n || s[p + 1] != ':') return 0; /* invalid compression */
    p += 2;
    compress = ++piece;
  }
  while (C != 0x100u) {                          /* 6. */
    if (piece == 8) return 0;                    /* too many pieces */
    if (C == ':') {
      if (compress >= 0) return 0;               /* multiple compression */
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
      if (length == 0) return 0;
      p -= length;
      if (piece > 6) return 0;                   /* too many pieces */
      int seen = 0;
      while (C != 0x100u) {
        int v = -1;
        if (seen > 0) {
          if (C == '.' && seen < 4) p++;
          else return 0;                         /* invalid code point */
        }
        if (!(C >= '0' && C <= '9')) return 0;   /* invalid code point */
        while (C >= '0' && C <= '9') {
          int d = (int)C - '0';
          if (v < 0) v = d;
          else if (v == 0) return 0;             /* leading zero */
          else v = v * 10 + d;
          if (v > 255) return 0;                 /* out of range part */
          p++;
        }
        a[piece] = (uint16_t)(a[piece] * 0x100 + v);
        seen++;
        if (seen == 2 || seen == 4) piece++;
      }
      if (seen != 4) return 0;                   /* too few parts */
      break;
    } else if (C == ':') {
      p++;
      if (C == 0x100u) return 0;                 /* invalid code point */
    } else if (C != 0x100u) {
      return 0;                                  /* invalid code point */
    }
    a[piece++] = (uint16_t)value;
  }
#undef C
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
    return 0;                                    /* 8. too few pieces */
  }
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
  static const char hex[] = "0123456789abcdef";
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
      if (d || started || shift == 0) s[k++] = hex[d], started = 1;
    }
    if (i != 7) s[k++] = ':';
  }
  url_buf_append(out, s, k);
}

/* ---------------------------------------------------------------- hosts */

/* https://url.spec.whatwg.org/#concept-opaque-host-parser */
static int opaque_host_parse(const char *s, size_t n, url_buf *out,
                             url_host_type *type) {
  for (size_t i = 0; i < n; i++)
    if (is_forbidden_host((unsigned char)s[i])) return URL_FAILURE;
  url_pct_encode(out, s, n, &URL_SET_C0, 0);
  *type = n ? URL_HOST_OPAQUE : URL_HOST_EMPTY;
  return out->err;
}

/*
** Host parser steps after domain to ASCII, on out[start..): forbidden domain
** code points (unless already `checked`), then IPv4 if the domain ends in a
** number.  On failure out is
** truncated back to start.
*/
static int finish_domain(url_buf *out, size_t start, url_host_type *type,
                         int checked) {
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
  if (!ipv4_parse(ascii, alen, &addr)) return URL_FAILURE;
  ipv4_serialize(addr, out);
  *type = URL_HOST_IPV4;
  return out->err;
}

/*
** Special-host steps 4-8: percent-decode, UTF-8 decode without BOM, domain to
** ASCII, forbidden domain code points, IPv4.  The general path, for
** non-ASCII or percent-encoded input.
*/
static int domain_parse_slow(const char *s, size_t n, url_buf *out,
                             url_host_type *type) {
  char st1[256], st2[256];
  url_buf dec, fix;
  url_buf_init(&dec, st1, sizeof st1, out->max);
  url_buf_init(&fix, st2, sizeof st2, out->max);
  const char *domain = s;
  size_t dlen = n;
  int rc = URL_OK;
  if (memchr(s, '%', n)) {
    url_pct_decode(&dec, s, n, 0);
    rc = dec.err ? dec.err
                 : url_utf8_sanitize(dec.ptr, dec.len, &fix, &domain, &dlen);
  }
  size_t start = out->len;
  if (rc == URL_OK) rc = url_domain_to_ascii(domain, dlen, out);
  url_buf_free(&dec);
  url_buf_free(&fix);
  if (rc != URL_OK) {
    if (!out->err) url_buf_truncate(out, start);
    return rc;
  }
  return finish_domain(out, start, type, 0);
}

static int domain_parse(const char *s, size_t n, url_buf *out,
                        url_host_type *type) {
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
  if (i < n) return domain_parse_slow(s, n, out, type);
  if (seen & URL_CC_FORBIDDEN_DOMAIN) return URL_FAILURE;
  out->len += n;
  return finish_domain(out, start, type, 1);
}

/* https://url.spec.whatwg.org/#concept-host-parser */
int url_host_parse(const char *in, size_t n, int is_opaque, url_buf *out,
                   url_host_type *type) {
  if (out->err) return out->err;
  if (n > 0 && in[0] == '[') {
    uint16_t a[8];
    if (in[n - 1] != ']' || n < 2 || !ipv6_parse(in + 1, n - 2, a))
      return URL_FAILURE;
    url_buf_putc(out, '[');
    ipv6_serialize(a, out);
    url_buf_putc(out, ']');
    *type = URL_HOST_IPV6;
    return out->err;
  }
  if (is_opaque) return opaque_host_parse(in, n, out, type);
  if (n == 0) return URL_FAILURE; /* the URL parser never gets here */
  return domain_parse(in, n, out, type);
}
