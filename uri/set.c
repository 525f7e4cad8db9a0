/*
** Changing the components of an IRI-reference (uri_set), and the
** reference made of them held to RFC 3986's (RFC 3987's) rules.
**
**   SELECT uri_set('http://127.0.0.1:51004/cb?x', 'port', NULL, 'query', NULL);
**     -- 'http://127.0.0.1/cb'
**
** A component is set to the text given, as it is: nothing is
** percent-encoded (uri_encode does that), so the text must be what the
** component's rule allows.  The result is §5.3's recomposition of the
** components; it stands only if parsing it back (IRI-reference) gives
** every component exactly as set.  That one check holds each component to
** its rule and to its neighbours' (a query holding '#' would start a
** fragment, a path "a/b" after an authority would join the host, a path
** "//x" without one would read as an authority, a first segment with ':'
** in a relative reference as a scheme).
*/
#include <string.h>

#include "uri.h"

void uri_edit_init(uri_edit *e, const char *s, const uri_parts *p) {
  for (int c = 0; c < URI_COMPONENT_COUNT; c++) {
    e->s[c] = s + p->c[c].off;
    e->n[c] = p->c[c].len;
  }
  e->present = p->present;
}

void uri_edit_set(uri_edit *e, uri_component c, const char *v, size_t n) {
  if (v) {
    e->s[c] = v;
    e->n[c] = n;
    e->present |= 1u << c;
  } else if (c == URI_PATH) { /* a path is never absent (§3.3) */
    e->s[c] = "";
    e->n[c] = 0;
  } else if (c == URI_HOST) { /* no host, no authority (§3.2) */
    e->present &= ~(1u << URI_USERINFO | 1u << URI_HOST | 1u << URI_PORT);
  } else {
    e->present &= ~(1u << c);
  }
}

int uri_edit_write(const uri_edit *e, url_buf *out) {
  static const char before[URI_COMPONENT_COUNT] = {0, 0, 0, ':', 0, '?', '#'};
  unsigned has = e->present;
  int host = (has >> URI_HOST) & 1;
  /* a userinfo or port is part of an authority (§3.2) */
  if (!host && (has & (1u << URI_USERINFO | 1u << URI_PORT))) return 0;
  size_t start = out->len;
  for (int c = 0; c < URI_COMPONENT_COUNT; c++) {
    if (!((has >> c) & 1) && c != URI_PATH) continue;
    /* the authority: "//" before its first part */
    if (c == URI_USERINFO || (c == URI_HOST && !((has >> URI_USERINFO) & 1)))
      url_buf_append(out, "//", 2);
    if (before[c]) url_buf_putc(out, before[c]);
    url_buf_append(out, e->s[c], e->n[c]);
    if (c == URI_SCHEME) url_buf_putc(out, ':');
    if (c == URI_USERINFO) url_buf_putc(out, '@');
  }
  if (out->err) return 0;
  /* read back: the same components, each as set */
  uri_parts p;
  const char *r = out->len > start ? out->ptr + start : "";
  if (!uri_parse(r, out->len - start, URI_RULE_IRI_REFERENCE, &p)) return 0;
  for (int c = 0; c < URI_COMPONENT_COUNT; c++) {
    int want = (has >> c) & 1 || c == URI_PATH;
    if (uri_has(&p, (uri_component)c) != want) return 0;
    if (want && (p.c[c].len != e->n[c] ||
                 (e->n[c] && memcmp(r + p.c[c].off, e->s[c], e->n[c]) != 0)))
      return 0;
  }
  return 1;
}
