/*
** RFC 3987 §3.1 and §3.2: IRI to URI and back, and a URL Standard
** serialization made an RFC 3986 URI.
*/
#include <string.h>

#include "chars.h"
#include "idna.h"
#include "percent.h"
#include "uri.h"
#include "utf8.h"

/* s[0..n) with every non-ASCII byte percent-encoded (§3.1 step 2). */
static void encode_non_ascii(url_buf *out, const char *s, size_t n) {
  size_t run = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) continue;
    url_buf_append(out, s + run, i - run);
    url_pct_escape(out, c);
    run = i + 1;
  }
  url_buf_append(out, s + run, n - run);
}

/* ToASCII maps some characters to ones a reg-name may not hold (U+02DC
   to a space and a combining tilde): its answer is kept only where every
   character is unreserved or a sub-delim (RFC 3986 §3.2.2). */
static int reg_name_chars(const char *h, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!URI_IS_UNRES(h[i]) && !URI_IS_SUB(h[i])) return 0;
  return 1;
}

void uri_from_iri(url_buf *out, const char *s, const uri_parts *p, int idna) {
  const uri_span *h = &p->c[URI_HOST];
  size_t end = uri_length(p);
  if (idna && uri_has(p, URI_HOST) && p->host_type == URI_HOST_REG_NAME &&
      memchr(s + h->off, '%', h->len) == NULL) {
    size_t k;
    for (k = 0; k < h->len && (unsigned char)s[h->off + k] < 0x80; k++) {}
    if (k < h->len) {
      size_t at = out->len;
      encode_non_ascii(out, s, h->off);
      size_t host = out->len;
      if (url_domain_to_ascii(s + h->off, h->len, out) == URL_OK &&
          reg_name_chars(out->ptr + host, out->len - host)) {
        encode_non_ascii(out, s + h->off + h->len, end - h->off - h->len);
        return;
      }
      if (out->err) return;
      out->len = at; /* ToASCII failed: percent-encoded as elsewhere */
    }
  }
  encode_non_ascii(out, s, end);
}

/* ---------------------------------------------------------------- to IRI */

/* RFC 3987 §4.1: the bidi formatting characters an IRI must not hold
   (LRM, RLM, LRE, RLE, PDF, LRO, RLO), and the isolates of later Unicode. */
static int is_bidi_format(uint32_t c) {
  return c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069);
}

/* The escapes at s[i..n) decoded as one UTF-8 sequence of an allowed
   character: its length in escapes (0: none) and bytes in b. */
static int utf8_escapes(const char *s, size_t n, size_t i, int query,
                        unsigned char b[4]) {
  size_t len = url_utf8_seqlen((unsigned char)(url_hex_val((unsigned char)s[i + 1]) * 16 +
                                                url_hex_val((unsigned char)s[i + 2])));
  for (size_t k = 0; k < len; k++, i += 3) {
    if (i + 3 > n || s[i] != '%' || !url_is_hex((unsigned char)s[i + 1]) ||
        !url_is_hex((unsigned char)s[i + 2]))
      return 0;
    b[k] = (unsigned char)(url_hex_val((unsigned char)s[i + 1]) * 16 +
                           url_hex_val((unsigned char)s[i + 2]));
  }
  if (url_utf8_valid_prefix(b, len) != len) return 0;
  size_t k = 0;
  uint32_t c = url_utf8_next(b, len, &k);
  if (is_bidi_format(c) || !(uri_is_ucschar(c) || (query && uri_is_iprivate(c))))
    return 0;
  return (int)len;
}

/* §3.2 over s[from..to): escapes of unreserved ASCII and of UTF-8
   sequences of characters an IRI allows there (the query: s[qs..qe))
   decoded, everything else copied. */
static void to_iri_span(url_buf *out, const char *s, size_t from, size_t to,
                        size_t qs, size_t qe) {
  size_t run = from;
  for (size_t i = from; i + 2 < to; i++) {
    if (s[i] != '%' || !url_is_hex((unsigned char)s[i + 1]) ||
        !url_is_hex((unsigned char)s[i + 2]))
      continue;
    unsigned v = (unsigned)(url_hex_val((unsigned char)s[i + 1]) * 16 +
                            url_hex_val((unsigned char)s[i + 2]));
    unsigned char b[4];
    int len;
    if (v < 0x80) {
      /* §3.2 step 2: not '%', reserved, or ASCII a URI does not allow */
      if (!url_is_unreserved((unsigned char)v)) {
        i += 2;
        continue;
      }
      b[0] = (unsigned char)v;
      len = 1;
    } else if (!(len = utf8_escapes(s, to, i, i >= qs && i < qe, b))) {
      i += 2;
      continue;
    }
    url_buf_append(out, s + run, i - run);
    url_buf_append(out, (const char *)b, (size_t)len);
    i += 3 * (size_t)len - 1;
    run = i + 1;
  }
  url_buf_append(out, s + run, to - run);
}

/* Whether the UTF-8 t[0..n) may stand in an ireg-name as it is:
   unreserved and sub-delims ASCII, ucschar (never a bidi formatting
   character, §4.1). */
static int ireg_name_text(const char *t, size_t n) {
  static const char sub_delims[] = "!$&'()*+,;=";
  const unsigned char *u = (const unsigned char *)t;
  for (size_t i = 0; i < n;) {
    if (u[i] < 0x80) {
      if (!url_is_unreserved(u[i]) && !memchr(sub_delims, u[i], sizeof sub_delims - 1))
        return 0;
      i++;
      continue;
    }
    uint32_t c = url_utf8_next(u, n, &i);
    if (!uri_is_ucschar(c) || is_bidi_format(c)) return 0;
  }
  return 1;
}

/* The reg-name written at out->ptr[h..): each label that starts "xn--"
   (any case) replaced by its UTS #46 ToUnicode when that succeeds and
   gives characters an ireg-name allows; the other labels as they are. */
static void host_to_unicode(url_buf *out, size_t h) {
  char st[256];
  url_buf host;
  url_buf_init_like(&host, out, st, sizeof st, out->max);
  if (out->len > h) url_buf_append(&host, out->ptr + h, out->len - h);
  if (host.err) {
    out->err = host.err;
    url_buf_free(&host);
    return;
  }
  url_buf_truncate(out, h);
  const char *t = host.ptr ? host.ptr : "";
  for (size_t i = 0; i <= host.len;) {
    const char *dot = memchr(t + i, '.', host.len - i);
    size_t e = dot ? (size_t)(dot - t) : host.len, at = out->len;
    const char *label = t + i;
    size_t n = e - i;
    if (n > 4 && url_ascii_case_eq(label, "xn--", 4) && !memchr(label, '%', n)) {
      url_domain_to_unicode(label, n, out);
      if (!out->err && !ireg_name_text(out->ptr + at, out->len - at))
        url_buf_truncate(out, at);
    }
    if (out->len == at) url_buf_append(out, label, n);
    if (!dot) break;
    url_buf_putc(out, '.');
    i = e + 1;
  }
  url_buf_free(&host);
}

void uri_to_iri(url_buf *out, const char *s, const uri_parts *p, int idna) {
  size_t end = uri_length(p);
  size_t qs = uri_has(p, URI_QUERY) ? p->c[URI_QUERY].off : end + 1;
  size_t qe = uri_has(p, URI_QUERY) ? qs + p->c[URI_QUERY].len : 0;
  if (!idna || p->host_type != URI_HOST_REG_NAME) {
    to_iri_span(out, s, 0, end, qs, qe);
    return;
  }
  size_t hs = p->c[URI_HOST].off, he = hs + p->c[URI_HOST].len;
  to_iri_span(out, s, 0, hs, qs, qe);
  size_t h = out->len;
  to_iri_span(out, s, hs, he, qs, qe);
  host_to_unicode(out, h);
  to_iri_span(out, s, he, end, qs, qe);
}

/* ------------------------------------------------------------- from URL */

void uri_from_href(url_buf *out, const char *s, size_t n) {
  /* scheme ":" */
  const char *colon = memchr(s, ':', n);
  size_t i = colon ? (size_t)(colon - s) + 1 : 0;
  url_buf_append(out, s, i);
  if (n - i >= 2 && s[i] == '/' && s[i + 1] == '/') {
    /* authority: up to the first '/', '?' or '#' */
    size_t a = i + 2, e = a;
    while (e < n && s[e] != '/' && s[e] != '?' && s[e] != '#') e++;
    url_buf_append(out, "//", 2);
    const char *at = memchr(s + a, '@', e - a);
    size_t h = a;
    if (at) {
      uri_escape_keep(out, s + a, (size_t)(at - s) - a, URI_SET_RFC_USERINFO);
      url_buf_putc(out, '@');
      h = (size_t)(at - s) + 1;
    }
    /* host [":" port]: an IP literal as it is, else a reg-name */
    size_t he = h;
    if (he < e && s[he] == '[') {
      const char *close = memchr(s + he, ']', e - he);
      he = close ? (size_t)(close - s) + 1 : e;
      url_buf_append(out, s + h, he - h);
    } else {
      while (he < e && s[he] != ':') he++;
      uri_escape_keep(out, s + h, he - h, URI_SET_REG_NAME);
    }
    url_buf_append(out, s + he, e - he); /* ":" port */
    i = e;
  }
  size_t q = i;
  while (q < n && s[q] != '?' && s[q] != '#') q++;
  uri_escape_keep(out, s + i, q - i, URI_SET_RFC_PATH);
  if (q < n && s[q] == '?') {
    size_t f = q + 1;
    while (f < n && s[f] != '#') f++;
    url_buf_putc(out, '?');
    uri_escape_keep(out, s + q + 1, f - q - 1, URI_SET_RFC_QUERY);
    q = f;
  }
  if (q < n) {
    url_buf_putc(out, '#');
    uri_escape_keep(out, s + q + 1, n - q - 1, URI_SET_RFC_FRAGMENT);
  }
}
