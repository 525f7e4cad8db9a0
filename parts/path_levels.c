/*
** Path parts for analytics: URL hierarchy and file extension (see
** path_levels.h).
*/
#include "path_levels.h"

#include <string.h>

#include "percent.h"
#include "utf8.h"

void url_path_levels_start(url_path_levels *it, const url *u) {
  url_str p = url_pathname(u);
  size_t start = u->path_start;
  *it = (url_path_levels){u->href.ptr, start, start + p.n, 0, !u->opaque_path};
  /* The first level ends after the root "/" of a non-empty path. */
  if (p.n) it->end++;
}

int url_path_levels_next(url_path_levels *it, url_str *prefix, size_t *depth) {
  if (!it->more) return 0;
  *prefix = (url_str){it->href, it->end};
  *depth = it->depth;
  if (it->end >= it->stop) {
    it->more = 0;
  } else {
    /* Down one segment: through its "/" or, for the last, the path's end. */
    const char *slash = memchr(it->href + it->end, '/', it->stop - it->end);
    it->end = slash ? (size_t)(slash - it->href) + 1 : it->stop;
    it->depth++;
  }
  return 1;
}

/* Where the last dot of s[0..n) is, literal or percent-encoded ("%2E" is
   always an escape: '%' is no hex digit, so no escape overlaps it): *len
   gets 1 or 3.  NULL when there is none. */
static const char *last_dot(const char *s, size_t n, size_t *len) {
  for (size_t i = n; i-- > 0;) {
    if (s[i] == '.') {
      *len = 1;
      return s + i;
    }
    if (s[i] == '%' && n - i >= 3 && s[i + 1] == '2' && (s[i + 2] | 0x20) == 'e') {
      *len = 3;
      return s + i;
    }
  }
  return NULL;
}

int url_path_file_extension(const url *u, url_buf *out) {
  out->len = 0;
  url_str p = url_pathname(u);
  if (u->opaque_path || p.n == 0) return URL_FAILURE;
  const char *end = p.s + p.n, *seg = end;
  while (seg > p.s && seg[-1] != '/') seg--;
  size_t dot_len;
  const char *dot = last_dot(seg, (size_t)(end - seg), &dot_len);
  /* No dot, or only a leading one (".htaccess" names no extension). */
  if (!dot || dot == seg || dot + dot_len == end) return URL_FAILURE;
  char st[64];
  url_buf dec;
  url_buf_init_like(&dec, out, st, sizeof st, out->max);
  url_pct_decode(&dec, dot + dot_len, (size_t)(end - dot - dot_len), 0);
  /* Valid UTF-8 is copied to out; invalid is repaired into it. */
  const char *s;
  size_t n;
  int rc = dec.err;
  if (rc == URL_OK) rc = url_utf8_sanitize(dec.ptr, dec.len, out, &s, &n);
  if (rc == URL_OK && s == dec.ptr) url_buf_append(out, s, n);
  url_buf_free(&dec);
  if (rc == URL_OK) rc = out->err;
  if (rc != URL_OK) return rc;
  url_ascii_lower_n(out->ptr, out->len);
  return URL_OK;
}
