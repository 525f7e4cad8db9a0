/*
** The RFC 3986 / RFC 3987 parser: one rule of Appendix A matched left to
** right in one pass over the input, with one constant class table for the
** ASCII bytes (non-ASCII is decoded only under an IRI rule), filling a
** uri_parts of offsets.  No allocation, no backtracking beyond the
** authority's userinfo (a reg-name and a userinfo share their first bytes
** until an '@' tells them apart: those bytes are read at most twice).
**
** The grammar is deterministic once read so (§4.1: "a URI-reference is
** either a URI or a relative reference"; a relative reference's first
** segment has no ':', so a scheme followed by ':' makes it a URI):
**
**   URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
**   hier-part     = "//" authority path-abempty / path-absolute
**                 / path-rootless / path-empty
**   relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
**   relative-part = "//" authority path-abempty / path-absolute
**                 / path-noscheme / path-empty
**   absolute-URI  = scheme ":" hier-part [ "?" query ]
**   authority     = [ userinfo "@" ] host [ ":" port ]
*/
#include <string.h>

#include "chars.h"
#include "percent.h"
#include "uri.h"
#include "utf8.h"

const char *const uri_rule_names[URI_RULE_COUNT] = {
    "URI", "URI-reference", "absolute-URI", "relative-ref", "IRI", "IRI-reference"};
const char *const uri_component_names[URI_COMPONENT_COUNT] = {
    "scheme", "userinfo", "host", "port", "path", "query", "fragment"};
const char *const uri_host_type_names[5] = {NULL, "reg-name", "ipv4", "ipv6",
                                            "ipvfuture"};

/* ------------------------------------------------------- character classes */

/* Class bits of the ASCII bytes (§2, §3); '%' (pct-encoded) and non-ASCII
   (RFC 3987 ucschar, iprivate) are in no class: the scanners take them
   apart. */
enum {
  CL_ALPHA = 1 << 0,
  CL_DIGIT = 1 << 1,
  CL_HEX = 1 << 2,
  CL_SCHEME = 1 << 3,  /* ALPHA / DIGIT / "+" / "-" / "." */
  CL_UNRES = 1 << 4,   /* unreserved */
  CL_SUB = 1 << 5,     /* sub-delims */
  CL_REG = 1 << 6,     /* reg-name: unreserved / sub-delims */
  CL_USER = 1 << 7,    /* userinfo: unreserved / sub-delims / ":" */
  CL_PCHAR = 1 << 8,   /* pchar: unreserved / sub-delims / ":" / "@" */
  CL_SEGNC = 1 << 9,   /* segment-nz-nc: pchar but ":" */
  CL_PATH = 1 << 10,   /* pchar / "/" */
  CL_QUERY = 1 << 11   /* query, fragment: pchar / "/" / "?" */
};

#define CLASS_OF(c)                                                           \
  (uint16_t)((URI_IS_ALPHA(c) ? CL_ALPHA : 0) | (URI_IS_DIGIT(c) ? CL_DIGIT : 0) |   \
             (URI_IS_HEX(c) ? CL_HEX : 0) |                                      \
             (URI_IS_ALPHA(c) || URI_IS_DIGIT(c) || (c) == '+' || (c) == '-' ||      \
                      (c) == '.' ? CL_SCHEME : 0) |                          \
             (URI_IS_UNRES(c) ? CL_UNRES : 0) | (URI_IS_SUB(c) ? CL_SUB : 0) |       \
             (URI_IS_UNRES(c) || URI_IS_SUB(c) ? CL_REG : 0) |                       \
             (URI_IS_UNRES(c) || URI_IS_SUB(c) || (c) == ':' ? CL_USER : 0) |        \
             (URI_IS_PCHAR(c) ? CL_PCHAR : 0) |                                  \
             (URI_IS_PCHAR(c) && (c) != ':' ? CL_SEGNC : 0) |                    \
             (URI_IS_PCHAR(c) || (c) == '/' ? CL_PATH : 0) |                     \
             (URI_IS_PCHAR(c) || (c) == '/' || (c) == '?' ? CL_QUERY : 0))

static const uint16_t cls[256] = URL_CLASS_TABLE(CLASS_OF);

/* Non-ASCII allowed where a scanner runs: none (URI), RFC 3987 ucschar
   (iunreserved), or ucschar and iprivate (iquery). */
enum { NA_NONE, NA_UCS, NA_UCS_PRIVATE };

int uri_is_ucschar(uint32_t c) {
  if (c < 0x10000)
    return (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF) ||
           (c >= 0xFDF0 && c <= 0xFFEF);
  /* %x10000-1FFFD ... %xD0000-DFFFD, %xE1000-EFFFD: every plane 1..14 but
     its last two code points, and plane 14's first 0x1000. */
  if (c > 0xEFFFD || (c & 0xFFFF) >= 0xFFFE) return 0;
  return c < 0xE0000 || c >= 0xE1000;
}

int uri_is_iprivate(uint32_t c) {
  return (c >= 0xE000 && c <= 0xF8FF) || (c >= 0xF0000 && c <= 0xFFFFD) ||
         (c >= 0x100000 && c <= 0x10FFFD);
}

/* The length of the allowed non-ASCII character at s[i] (strict UTF-8),
   or 0. */
static size_t non_ascii(const unsigned char *s, size_t i, size_t n, int na) {
  if (na == NA_NONE) return 0;
  size_t len = url_utf8_seqlen(s[i]);
  if (len > n - i || url_utf8_valid_prefix(s + i, len) != len) return 0;
  size_t k = i;
  uint32_t c = url_utf8_next(s, n, &k);
  if (uri_is_ucschar(c) || (na == NA_UCS_PRIVATE && uri_is_iprivate(c))) return len;
  return 0;
}

/*
** From s[i], the bytes of class `mask`, pct-encoded triplets and (per na)
** non-ASCII characters; returns where that run ends.  The byte there (if
** any) is a delimiter for the caller to judge, or a '%' without two hex
** digits, or a non-ASCII character not allowed: never part of the run.
*/
static size_t scan(const unsigned char *s, size_t i, size_t n, uint16_t mask,
                   int na) {
  for (;;) {
    while (i < n && (cls[s[i]] & mask)) i++;
    if (i >= n) return i;
    if (s[i] == '%') {
      if (n - i < 3 || !(cls[s[i + 1]] & CL_HEX) || !(cls[s[i + 2]] & CL_HEX))
        return i;
      i += 3;
    } else if (s[i] >= 0x80) {
      size_t len = non_ascii(s, i, n, na);
      if (!len) return i;
      i += len;
    } else {
      return i;
    }
  }
}

/* ------------------------------------------------------------------- hosts */

/* dec-octet at s[*i] (no leading zero, at most 255); advances *i. */
static int dec_octet(const unsigned char *s, size_t n, size_t *i) {
  size_t k = *i;
  if (k >= n || !URI_IS_DIGIT(s[k])) return 0;
  unsigned v = 0;
  size_t start = k;
  while (k < n && URI_IS_DIGIT(s[k]) && k - start < 3) v = v * 10 + (s[k++] - '0');
  if (k < n && URI_IS_DIGIT(s[k])) return 0;           /* four digits */
  if (k - start > 1 && s[start] == '0') return 0;  /* leading zero */
  if (v > 255) return 0;
  *i = k;
  return 1;
}

/* IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet, from
   s[*i]; advances *i past it. */
static int ipv4_at(const unsigned char *s, size_t n, size_t *i) {
  size_t k = *i;
  for (int part = 0; part < 4; part++) {
    if (part > 0) {
      if (k >= n || s[k] != '.') return 0;
      k++;
    }
    if (!dec_octet(s, n, &k)) return 0;
  }
  *i = k;
  return 1;
}

int uri_is_ipv4(const char *s, size_t n) {
  size_t i = 0;
  return ipv4_at((const unsigned char *)s, n, &i) && i == n;
}

/*
** IPv6address (§3.2.2) over s[0..n): its nine alternatives say the same as
** "h16 groups joined by ':', at most one '::', an IPv4address only as the
** last piece (two groups' worth); eight groups without '::', at most
** seven with it".  Returns -1 when it matches, else the offset where it
** stops matching.
*/
static long ipv6_check(const unsigned char *s, size_t n) {
  size_t i = 0;
  int groups = 0, elided = 0;
  if (n >= 2 && s[0] == ':' && s[1] == ':') {
    elided = 1;
    i = 2;
    if (i == n) return -1; /* "::" */
  } else if (n > 0 && s[0] == ':') {
    return 0;
  }
  for (;;) {
    /* a piece: h16, or (last) an IPv4address */
    size_t start = i;
    while (i < n && URI_IS_HEX(s[i]) && i - start < 4) i++;
    if (i == start) return (long)i;
    if (i < n && (s[i] == '.' || (URI_IS_HEX(s[i]) && i - start == 4))) {
      if (s[i] != '.') return (long)i; /* five hex digits */
      size_t k = start;
      if (!ipv4_at(s, n, &k)) return (long)start;
      if (k != n) return (long)k;
      groups += 2;
      i = k;
      break;
    }
    groups++;
    if (i == n) break;
    if (s[i] != ':') return (long)i;
    i++;
    if (i < n && s[i] == ':') {
      if (elided) return (long)i;
      elided = 1;
      i++;
      if (i == n) break; /* ends with "::" */
    } else if (i == n) {
      return (long)i; /* ends with a single ':' */
    }
    if (groups >= 8) return (long)i;
  }
  if (elided ? groups > 7 : groups != 8) return (long)n;
  return -1;
}

int uri_is_ipv6(const char *s, size_t n) {
  return ipv6_check((const unsigned char *)s, n) < 0;
}

/* IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ), "v"
   case-insensitive (RFC 5234 §2.3).  -1 when s[0..n) matches, else the
   offset where it stops. */
static long ipvfuture_check(const unsigned char *s, size_t n) {
  size_t i = 1; /* s[0] is 'v' or 'V' */
  while (i < n && URI_IS_HEX(s[i])) i++;
  if (i == 1) return 1;
  if (i >= n || s[i] != '.') return (long)i;
  i++;
  if (i >= n) return (long)i;
  while (i < n && (cls[s[i]] & CL_USER)) i++;
  return i == n ? -1 : (long)i;
}

/* --------------------------------------------------------------- the rules */

/* Records a failure at s[off] while reading component c. */
static int fail(uri_parts *p, size_t off, size_t n, uri_component c) {
  p->err_off = off;
  p->err_component = (unsigned char)c;
  p->err_at_end = off >= n;
  return 0;
}

static void set(uri_parts *p, uri_component c, size_t off, size_t end) {
  p->c[c].off = off;
  p->c[c].len = end - off;
  p->present |= 1u << c;
}

/*
** authority = [ userinfo "@" ] host [ ":" port ] from s[*i]; leaves *i
** where it ends (a '/', '?', '#' or the end).
*/
static int authority(const unsigned char *s, size_t n, size_t *i, int na,
                     uri_parts *p) {
  size_t a = *i;
  size_t j = scan(s, a, n, CL_USER, na);
  size_t h = a;
  if (j < n && s[j] == '@') {
    set(p, URI_USERINFO, a, j);
    h = j + 1;
  }
  size_t k;
  if (h < n && s[h] == '[') {
    /* IP-literal = "[" ( IPv6address / IPvFuture ) "]" */
    k = h + 1;
    while (k < n && (cls[s[k]] & CL_USER)) k++;
    if (k >= n || s[k] != ']') return fail(p, k, n, URI_HOST);
    const unsigned char *lit = s + h + 1;
    size_t len = k - h - 1;
    int future = len > 0 && (lit[0] | 0x20) == 'v';
    long bad = future ? ipvfuture_check(lit, len) : ipv6_check(lit, len);
    if (bad >= 0) return fail(p, h + 1 + (size_t)bad, n, URI_HOST);
    k++;
    p->host_type = future ? URI_HOST_IPVFUTURE : URI_HOST_IPV6;
  } else {
    /* IPv4address / reg-name: the first is a case of the second */
    k = scan(s, h, n, CL_REG, na);
    p->host_type = uri_is_ipv4((const char *)s + h, k - h) ? URI_HOST_IPV4
                                                           : URI_HOST_REG_NAME;
  }
  set(p, URI_HOST, h, k);
  uri_component at = URI_HOST;
  if (k < n && s[k] == ':') {
    size_t q = ++k;
    while (k < n && URI_IS_DIGIT(s[k])) k++;
    set(p, URI_PORT, q, k);
    at = URI_PORT;
  }
  if (k < n && s[k] != '/' && s[k] != '?' && s[k] != '#') {
    /* where an '@' follows, the bytes before it were a userinfo */
    if (at == URI_HOST && h == a && s[k] != '@') {
      size_t e = k;
      while (e < n && s[e] != '/' && s[e] != '?' && s[e] != '#' && s[e] != '@') e++;
      if (e < n && s[e] == '@') at = URI_USERINFO;
    }
    return fail(p, k, n, at);
  }
  *i = k;
  return 1;
}

int uri_parse(const char *str, size_t n, uri_rule rule, uri_parts *p) {
  const unsigned char *s = (const unsigned char *)str;
  memset(p, 0, sizeof *p);
  p->rule = (unsigned char)rule;
  int iri = rule == URI_RULE_IRI || rule == URI_RULE_IRI_REFERENCE;
  p->iri = (unsigned char)iri;
  int na = iri ? NA_UCS : NA_NONE;
  int need_scheme = rule == URI_RULE_URI || rule == URI_RULE_ABSOLUTE_URI ||
                    rule == URI_RULE_IRI;
  size_t i = 0;

  /* scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":" */
  if (rule != URI_RULE_RELATIVE_REF && n > 0 && (cls[s[0]] & CL_ALPHA)) {
    size_t j = 1;
    while (j < n && (cls[s[j]] & CL_SCHEME)) j++;
    if (j < n && s[j] == ':') {
      set(p, URI_SCHEME, 0, j);
      i = j + 1;
    } else if (need_scheme) {
      return fail(p, j, n, URI_SCHEME);
    }
  } else if (need_scheme) {
    return fail(p, 0, n, URI_SCHEME);
  }

  /* hier-part / relative-part */
  size_t path = i;
  if (n - i >= 2 && s[i] == '/' && s[i + 1] == '/') {
    i += 2;
    if (!authority(s, n, &i, na, p)) return 0;
    path = i; /* path-abempty: the authority ended at '/', '?', '#' or end */
  } else if (!uri_has(p, URI_SCHEME)) {
    /* path-noscheme: the first segment has no ':' */
    i = scan(s, i, n, CL_SEGNC, na);
    if (i < n && s[i] == ':') return fail(p, i, n, URI_PATH);
  }
  i = scan(s, i, n, CL_PATH, na);
  set(p, URI_PATH, path, i);

  if (i < n && s[i] == '?') {
    size_t q = ++i;
    i = scan(s, i, n, CL_QUERY, iri ? NA_UCS_PRIVATE : NA_NONE);
    set(p, URI_QUERY, q, i);
  }
  if (i < n && s[i] == '#' && rule != URI_RULE_ABSOLUTE_URI) {
    size_t f = ++i;
    i = scan(s, i, n, CL_QUERY, na);
    set(p, URI_FRAGMENT, f, i);
  }
  if (i < n) {
    uri_component at = uri_has(p, URI_FRAGMENT) ? URI_FRAGMENT
                     : uri_has(p, URI_QUERY)    ? URI_QUERY
                                                : URI_PATH;
    return fail(p, i, n, at);
  }
  return 1;
}

/* ------------------------------------------------------------ recompose */

void uri_recompose(url_buf *out, const char *s, const uri_parts *p) {
  /* §5.3: each defined component with its delimiter, in order */
  if (uri_has(p, URI_SCHEME)) {
    url_buf_append(out, s + p->c[URI_SCHEME].off, p->c[URI_SCHEME].len);
    url_buf_putc(out, ':');
  }
  if (uri_has_authority(p)) {
    url_buf_append(out, "//", 2);
    if (uri_has(p, URI_USERINFO)) {
      url_buf_append(out, s + p->c[URI_USERINFO].off, p->c[URI_USERINFO].len);
      url_buf_putc(out, '@');
    }
    url_buf_append(out, s + p->c[URI_HOST].off, p->c[URI_HOST].len);
    if (uri_has(p, URI_PORT)) {
      url_buf_putc(out, ':');
      url_buf_append(out, s + p->c[URI_PORT].off, p->c[URI_PORT].len);
    }
  }
  url_buf_append(out, s + p->c[URI_PATH].off, p->c[URI_PATH].len);
  if (uri_has(p, URI_QUERY)) {
    url_buf_putc(out, '?');
    url_buf_append(out, s + p->c[URI_QUERY].off, p->c[URI_QUERY].len);
  }
  if (uri_has(p, URI_FRAGMENT)) {
    url_buf_putc(out, '#');
    url_buf_append(out, s + p->c[URI_FRAGMENT].off, p->c[URI_FRAGMENT].len);
  }
}
