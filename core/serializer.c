/*
** The URL serializer (URL Standard §4.5) over a record of components: the
** one place that writes a URL from parts (the setters, the URLSearchParams
** update steps, canonicalizers).  The basic URL parser (url.c) writes the
** same serialization as it parses, for speed.
*/
#include <stdio.h>

#include "url.h"

/* https://url.spec.whatwg.org/#concept-url-serializer */
int url_build(url *u, const url_parts *p) {
  url_buf *b = &u->href;
  url_buf_append(b, p->scheme.s, p->scheme.n);
  u->scheme_end = (uint32_t)b->len;
  u->scheme_type = p->scheme_type;
  url_buf_putc(b, ':');
  if (p->host.s) {
    url_buf_append(b, "//", 2);
  }
  u->username_start = (uint32_t)b->len;
  if (p->host.s && (p->username.n || p->password.n)) {
    url_buf_append(b, p->username.s, p->username.n);
    u->username_end = (uint32_t)b->len;
    if (p->password.n) url_buf_putc(b, ':');
    u->password_start = (uint32_t)b->len;
    url_buf_append(b, p->password.s, p->password.n);
    u->password_end = (uint32_t)b->len;
    url_buf_putc(b, '@');
  } else {
    u->username_end = u->password_start = u->password_end = (uint32_t)b->len;
  }
  u->host_start = (uint32_t)b->len;
  u->host_type = p->host.s ? p->host_type : URL_HOST_NONE;
  if (p->host.s) url_buf_append(b, p->host.s, p->host.n);
  u->host_end = (uint32_t)b->len;
  u->port = p->host.s ? p->port : -1;
  if (u->port >= 0) {
    char s[8];
    int k = snprintf(s, sizeof s, ":%d", (int)u->port);
    url_buf_append(b, s, (size_t)k);
  }
  u->authority_end = (uint32_t)b->len;
  u->opaque_path = (unsigned char)p->opaque_path;
  u->path_segments = p->path_segments;
  if (!p->host.s && !p->opaque_path && p->path_segments > 1 && p->path.n >= 2 &&
      p->path.s[0] == '/' && p->path.s[1] == '/')
    url_buf_append(b, "/.", 2);
  u->path_start = (uint32_t)b->len;
  url_buf_append(b, p->path.s, p->path.n);
  u->query_start = u->fragment_start = URL_NONE;
  if (p->query.s) {
    u->query_start = (uint32_t)b->len;
    url_buf_putc(b, '?');
    url_buf_append(b, p->query.s, p->query.n);
  }
  if (p->fragment.s) {
    u->fragment_start = (uint32_t)b->len;
    url_buf_putc(b, '#');
    url_buf_append(b, p->fragment.s, p->fragment.n);
  }
  return b->err;
}

