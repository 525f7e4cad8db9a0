/*
** RFC 3986 §6.2.2 syntax-based normalization and §6.2.3 scheme-based
** normalization: the transformations that never change what a URI
** identifies, so that two URIs equal after them are equivalent (§6.2.1).
** The scheme-based level also writes an IPv6 literal in RFC 5952's text,
** so that [0:0:0:0:0:0:0:1] and [::1] compare equal (RFC 8252 §7.3's
** loopback redirect URIs).
*/
#include <stdio.h>
#include <string.h>

#include "host.h"
#include "percent.h"
#include "uri.h"
#include "utf8.h"

/* §6.2.3: the schemes whose default port and empty path are known. */
static const char *default_port(const char *scheme, size_t n) {
  static const struct {
    const char *name, *port;
  } known[] = {{"http", "80"}, {"https", "443"}, {"ws", "80"},
               {"wss", "443"}, {"ftp", "21"},    {"file", ""}};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
    size_t k = strlen(known[i].name);
    if (k != n) continue;
    size_t j = 0;
    while (j < n && url_ascii_lower(scheme[j]) == known[i].name[j]) j++;
    if (j == n) return known[i].port;
  }
  return NULL;
}

/* Lowercases the ASCII letters of out->ptr[from..) outside escapes (the
   hex digits of an escape stay upper-case, §6.2.2.1). */
static void lower_outside_escapes(url_buf *out, size_t from) {
  if (out->err || out->len == from ||
      !url_ascii_has_upper(out->ptr + from, out->len - from))
    return;
  for (size_t i = from; i < out->len; i++) {
    if (out->ptr[i] == '%') i += 2;
    else out->ptr[i] = url_ascii_lower(out->ptr[i]);
  }
}

/* The port p[0..n) as §6.2.3 writes it: NULL to drop it (empty, or the
   scheme's default), else without leading zeros (*len). */
static const char *scheme_port(const char *p, size_t n, const char *dflt,
                               size_t *len) {
  while (n > 1 && p[0] == '0') p++, n--;
  if (n == 0 || (dflt && strlen(dflt) == n && memcmp(dflt, p, n) == 0))
    return NULL;
  *len = n;
  return p;
}

/*
** The IPv6 literal h[0..n) (brackets included) in RFC 5952's text: §4 (what
** the URL Standard's IPv6 serializer writes: lower case, no leading zeros,
** the first longest run of zero pieces as "::"), and §5's mixed notation
** for the addresses whose well-known prefix says they embed an IPv4
** address: IPv4-mapped (::ffff:0:0/96, RFC 4291) and IPv4-translated
** (::ffff:0:0:0/96, RFC 2765).  Returns 0 (nothing written) when h is no
** IPv6 literal.
*/
static int rfc5952(url_buf *out, const char *h, size_t n) {
  uint16_t a[8];
  if (n < 2 || h[0] != '[' || !url_ipv6_pieces(h + 1, n - 2, a)) return 0;
  int zero4 = !a[0] && !a[1] && !a[2] && !a[3];
  int mapped = zero4 && !a[4] && a[5] == 0xFFFF;
  int translated = zero4 && a[4] == 0xFFFF && !a[5];
  url_buf_putc(out, '[');
  if (mapped || translated) {
    char v4[40];
    int k = snprintf(v4, sizeof v4, "::ffff:%s%u.%u.%u.%u", translated ? "0:" : "",
                     a[6] >> 8, a[6] & 255u, a[7] >> 8, a[7] & 255u);
    url_buf_append(out, v4, (size_t)k);
  } else {
    url_ipv6_write(a, out);
  }
  url_buf_putc(out, ']');
  return 1;
}

void uri_normalize(url_buf *out, const char *s, const uri_parts *p,
                   uri_norm_level level) {
  const char *dflt = NULL; /* the scheme's default port, for §6.2.3 */
  int known = 0;
  if (uri_has(p, URI_SCHEME)) {
    url_buf_append_lower(out, uri_at(s, p, URI_SCHEME), p->c[URI_SCHEME].len);
    url_buf_putc(out, ':');
    if (level == URI_NORM_SCHEME) {
      dflt = default_port(uri_at(s, p, URI_SCHEME), p->c[URI_SCHEME].len);
      known = dflt != NULL;
    }
  }
  int authority = uri_has_authority(p);
  if (authority) {
    url_buf_append(out, "//", 2);
    if (uri_has(p, URI_USERINFO)) {
      url_pct_normalize(out, uri_at(s, p, URI_USERINFO), p->c[URI_USERINFO].len);
      url_buf_putc(out, '@');
    }
    size_t h = out->len;
    if (level != URI_NORM_SCHEME || p->host_type != URI_HOST_IPV6 ||
        !rfc5952(out, uri_at(s, p, URI_HOST), p->c[URI_HOST].len)) {
      url_pct_normalize(out, uri_at(s, p, URI_HOST), p->c[URI_HOST].len);
      lower_outside_escapes(out, h);
    }
    if (uri_has(p, URI_PORT)) {
      const char *port = uri_at(s, p, URI_PORT);
      size_t n = p->c[URI_PORT].len;
      if (known) port = scheme_port(port, n, dflt, &n);
      if (port) {
        url_buf_putc(out, ':');
        url_buf_append(out, port, n);
      }
    }
  }
  size_t start = out->len;
  url_pct_normalize(out, uri_at(s, p, URI_PATH), p->c[URI_PATH].len);
  /* §6.2.2.3; a relative-path reference keeps its dot-segments */
  int rootless_ref = !uri_has(p, URI_SCHEME) && !authority &&
                     (out->len == start || out->ptr[start] != '/');
  if (!out->err && !rootless_ref && out->len > start)
    out->len = start + uri_remove_dot_segments(out->ptr + start, out->len - start);
  if (known && authority && out->len == start) url_buf_putc(out, '/');
  uri_fix_path(out, start, uri_has(p, URI_SCHEME), authority);
  if (uri_has(p, URI_QUERY)) {
    url_buf_putc(out, '?');
    url_pct_normalize(out, uri_at(s, p, URI_QUERY), p->c[URI_QUERY].len);
  }
  if (uri_has(p, URI_FRAGMENT)) {
    url_buf_putc(out, '#');
    url_pct_normalize(out, uri_at(s, p, URI_FRAGMENT), p->c[URI_FRAGMENT].len);
  }
}

void uri_comparable(url_buf *out, const char *s, const uri_parts *p,
                    uri_norm_level level) {
  size_t n = uri_length(p), k = 0;
  while (k < n && (unsigned char)s[k] < 0x80) k++;
  if (k == n) { /* a URI already */
    uri_normalize(out, s, p, level);
    return;
  }
  /* RFC 3987 §5.3.2.3: "converting both IRIs to URIs (see section 3.1),
     eliminating escape differences in the resulting URIs" */
  int idna = level == URI_NORM_SCHEME && uri_has(p, URI_SCHEME) &&
             default_port(uri_at(s, p, URI_SCHEME), p->c[URI_SCHEME].len);
  char st[512];
  url_buf uri;
  url_buf_init_like(&uri, out, st, sizeof st, (size_t)-1);
  uri_from_iri(&uri, s, p, idna);
  uri_parts up;
  if (uri.err) {
    out->err = uri.err;
  } else if (uri_parse(uri.ptr, uri.len, URI_RULE_URI_REFERENCE, &up)) {
    uri_normalize(out, uri.ptr, &up, level);
  } else { /* cannot happen: §3.1 makes an IRI a URI */
    uri_normalize(out, s, p, level);
  }
  url_buf_free(&uri);
}
