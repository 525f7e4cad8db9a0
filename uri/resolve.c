/*
** RFC 3986 §5: reference resolution (§5.2 strict, remove_dot_segments in
** place, §5.3 recomposition) and its inverse, the shortest relative
** reference to a target.
*/
#include <string.h>

#include "uri.h"

/* "remove the last segment and its preceding "/" (if any) from the output
   buffer" (§5.2.4 C): output p[0..o). */
static size_t pop_segment(const char *p, size_t o) {
  while (o > 0 && p[o - 1] != '/') o--;
  return o > 0 ? o - 1 : 0;
}

size_t uri_remove_dot_segments(char *p, size_t n) {
  size_t i = 0, o = 0; /* input p[i..n), output p[0..o), o <= i */
  while (i < n) {
    const char *in = p + i;
    size_t left = n - i;
    /* A. "../" or "./" prefix: removed */
    if (left >= 3 && in[0] == '.' && in[1] == '.' && in[2] == '/') {
      i += 3;
    } else if (left >= 2 && in[0] == '.' && in[1] == '/') {
      i += 2;
    /* B. "/./" or a final "/.": replaced by "/" */
    } else if (left >= 3 && in[0] == '/' && in[1] == '.' && in[2] == '/') {
      i += 2;
    } else if (left == 2 && in[0] == '/' && in[1] == '.') {
      p[o++] = '/';
      i = n;
    /* C. "/../" or a final "/..": replaced by "/", the last output
       segment removed */
    } else if (left >= 4 && in[0] == '/' && in[1] == '.' && in[2] == '.' &&
               in[3] == '/') {
      i += 3;
      o = pop_segment(p, o);
    } else if (left == 3 && in[0] == '/' && in[1] == '.' && in[2] == '.') {
      o = pop_segment(p, o);
      p[o++] = '/';
      i = n;
    /* D. "." or "..": removed */
    } else if ((left == 1 && in[0] == '.') ||
               (left == 2 && in[0] == '.' && in[1] == '.')) {
      i = n;
    /* E. the first segment, with its "/" if any, moved to the output */
    } else {
      size_t j = i + (in[0] == '/');
      const char *slash = memchr(p + j, '/', n - j);
      j = slash ? (size_t)(slash - p) : n;
      memmove(p + o, p + i, j - i);
      o += j - i;
      i = j;
    }
  }
  return o;
}

/* Inserts s[0..k) at out->ptr[at]. */
static void insert_at(url_buf *out, size_t at, const char *s, size_t k) {
  if (url_buf_reserve(out, k) != 0) return;
  memmove(out->ptr + at + k, out->ptr + at, out->len - at);
  memcpy(out->ptr + at, s, k);
  out->len += k;
}

void uri_fix_path(url_buf *out, size_t start, int has_scheme,
                  int has_authority) {
  if (out->err || has_authority) return;
  const char *p = out->ptr + start;
  size_t n = out->len - start;
  if (n >= 2 && p[0] == '/' && p[1] == '/') {
    insert_at(out, start, "/.", 2);
  } else if (!has_scheme && n > 0 && p[0] != '/') {
    const char *slash = memchr(p, '/', n);
    size_t seg = slash ? (size_t)(slash - p) : n;
    if (memchr(p, ':', seg)) insert_at(out, start, "./", 2);
  }
}

/* Appends component c of s (p) with the delimiters RFC 3986 §5.3 writes. */
static void put_authority(url_buf *out, const char *s, const uri_parts *p) {
  url_buf_append(out, "//", 2);
  if (uri_has(p, URI_USERINFO)) {
    url_buf_append(out, uri_at(s, p, URI_USERINFO), p->c[URI_USERINFO].len);
    url_buf_putc(out, '@');
  }
  url_buf_append(out, uri_at(s, p, URI_HOST), p->c[URI_HOST].len);
  if (uri_has(p, URI_PORT)) {
    url_buf_putc(out, ':');
    url_buf_append(out, uri_at(s, p, URI_PORT), p->c[URI_PORT].len);
  }
}

static void put_suffix(url_buf *out, char delim, const char *s,
                       const uri_parts *p, uri_component c) {
  if (!uri_has(p, c)) return;
  url_buf_putc(out, delim);
  url_buf_append(out, uri_at(s, p, c), p->c[c].len);
}

/* Appends path r[0..n) and removes its dot-segments where it stands. */
static void put_path_rds(url_buf *out, size_t start, const char *r, size_t n) {
  url_buf_append(out, r, n);
  if (out->err) return;
  out->len = start + uri_remove_dot_segments(out->ptr + start, out->len - start);
}

void uri_resolve(url_buf *out, const char *b, const uri_parts *bp,
                 const char *r, const uri_parts *rp) {
  /* §5.2.2 Transform References, strict */
  const uri_parts *sp = uri_has(rp, URI_SCHEME) ? rp : bp;
  const char *ss = sp == rp ? r : b;
  url_buf_append(out, uri_at(ss, sp, URI_SCHEME), sp->c[URI_SCHEME].len);
  url_buf_putc(out, ':');
  const char *rpath = uri_at(r, rp, URI_PATH);
  size_t rn = rp->c[URI_PATH].len;
  const char *qs = r;
  const uri_parts *qp = rp; /* where T.query comes from */
  int authority;
  size_t start;
  if (sp == rp || uri_has_authority(rp)) {
    authority = uri_has_authority(rp);
    if (authority) put_authority(out, r, rp);
    start = out->len;
    put_path_rds(out, start, rpath, rn);
  } else {
    authority = uri_has_authority(bp);
    if (authority) put_authority(out, b, bp);
    start = out->len;
    const char *bpath = uri_at(b, bp, URI_PATH);
    size_t bn = bp->c[URI_PATH].len;
    if (rn == 0) {
      url_buf_append(out, bpath, bn);
      if (!uri_has(rp, URI_QUERY)) {
        qs = b;
        qp = bp;
      }
    } else if (rpath[0] == '/') {
      put_path_rds(out, start, rpath, rn);
    } else {
      /* §5.2.3 Merge Paths */
      if (authority && bn == 0) {
        url_buf_putc(out, '/');
      } else {
        size_t k = bn;
        while (k > 0 && bpath[k - 1] != '/') k--;
        url_buf_append(out, bpath, k);
      }
      put_path_rds(out, start, rpath, rn);
    }
  }
  uri_fix_path(out, start, 1, authority);
  put_suffix(out, '?', qs, qp, URI_QUERY);
  put_suffix(out, '#', r, rp, URI_FRAGMENT);
}

/* ------------------------------------------------------------- relative */

static int span_eq(const char *a, const uri_parts *ap, const char *b,
                   const uri_parts *bp, uri_component c) {
  if (uri_has(ap, c) != uri_has(bp, c)) return 0;
  return ap->c[c].len == bp->c[c].len &&
         memcmp(uri_at(a, ap, c), uri_at(b, bp, c), ap->c[c].len) == 0;
}

static int same_authority(const char *a, const uri_parts *ap, const char *b,
                          const uri_parts *bp) {
  return span_eq(a, ap, b, bp, URI_HOST) && span_eq(a, ap, b, bp, URI_USERINFO) &&
         span_eq(a, ap, b, bp, URI_PORT);
}

/*
** The shortest path reference from base path bp[0..bn) (with or without
** an authority) to target path tp[0..tn), appended to out, or 0 when
** there is none.
*/
static int relative_path(url_buf *out, const char *bpath, size_t bn,
                         const char *tpath, size_t tn, int authority) {
  /* the base's directory: what §5.2.3 merges a relative path onto */
  size_t dir = bn;
  while (dir > 0 && bpath[dir - 1] != '/') dir--;
  if (authority && bn == 0) {
    bpath = "/";
    dir = 1;
  }
  size_t common = 0; /* the common directory prefix, ending in '/' */
  for (size_t i = 0; i < dir && i < tn && bpath[i] == tpath[i]; i++)
    if (tpath[i] == '/') common = i + 1;
  size_t ups = 0;
  if (common < dir) {
    /* "../" climbs only an absolute path (remove_dot_segments turns
       "a/../b" into "/b") */
    if (common == 0 || bpath[0] != '/') return 0;
    for (size_t i = common; i < dir; i++) ups += bpath[i] == '/';
  }
  for (size_t k = 0; k < ups; k++) url_buf_append(out, "../", 3);
  const char *rest = tpath + common;
  size_t rn = tn - common;
  if (ups == 0) {
    const char *slash = memchr(rest, '/', rn);
    size_t seg = slash ? (size_t)(slash - rest) : rn;
    /* "" would be the base itself; a first segment with ':' a scheme */
    if (rn == 0 || memchr(rest, ':', seg)) url_buf_append(out, "./", 2);
  }
  url_buf_append(out, rest, rn);
  return 1;
}

/* Whether reference ref[0..n) resolves against b to t[0..tn). */
static int resolves_to(url_buf *scratch, const char *ref, size_t n,
                       const char *b, const uri_parts *bp, const char *t,
                       size_t tn) {
  uri_parts rp;
  if (!uri_parse(ref, n, URI_RULE_IRI_REFERENCE, &rp)) return 0;
  scratch->len = 0;
  uri_resolve(scratch, b, bp, ref, &rp);
  return !scratch->err && scratch->len == tn && memcmp(scratch->ptr, t, tn) == 0;
}

/* Appends to cand the candidate reference from b to t with the same
   scheme; 0 when there is none. */
static int candidate(url_buf *cand, const char *t, const uri_parts *tp,
                     const char *b, const uri_parts *bp) {
  const char *tpath = uri_at(t, tp, URI_PATH);
  size_t tpn = tp->c[URI_PATH].len;
  int found = 0;
  if (!uri_has_authority(tp) && uri_has_authority(bp))
    return 0; /* nothing without a scheme loses the base's authority */
  if (!uri_has_authority(tp) || same_authority(t, tp, b, bp)) {
    const char *bpath = uri_at(b, bp, URI_PATH);
    size_t bpn = bp->c[URI_PATH].len;
    if (tpn == bpn && memcmp(tpath, bpath, tpn) == 0 &&
        (uri_has(tp, URI_QUERY) || !uri_has(bp, URI_QUERY))) {
      /* the empty path: the base's path, and its query when none */
      if (!span_eq(t, tp, b, bp, URI_QUERY)) put_suffix(cand, '?', t, tp, URI_QUERY);
      put_suffix(cand, '#', t, tp, URI_FRAGMENT);
      return 1;
    }
    found = relative_path(cand, bpath, bpn, tpath, tpn, uri_has_authority(bp));
    /* an absolute-path reference when shorter (and not read as an
       authority) */
    if (tpn > 0 && tpath[0] == '/' && !(tpn >= 2 && tpath[1] == '/') &&
        (!found || tpn < cand->len)) {
      cand->len = 0;
      url_buf_append(cand, tpath, tpn);
      found = 1;
    }
  }
  if (!found && uri_has_authority(tp)) {
    put_authority(cand, t, tp); /* a network-path reference */
    url_buf_append(cand, tpath, tpn);
    found = 1;
  }
  if (found) {
    put_suffix(cand, '?', t, tp, URI_QUERY);
    put_suffix(cand, '#', t, tp, URI_FRAGMENT);
  }
  return found;
}

void uri_relative(url_buf *out, const char *t, const uri_parts *tp,
                  const char *b, const uri_parts *bp) {
  size_t tn = 0; /* t's length: where its last component ends */
  for (int c = 0; c < URI_COMPONENT_COUNT; c++)
    if (uri_has(tp, (uri_component)c) && tp->c[c].off + tp->c[c].len > tn)
      tn = tp->c[c].off + tp->c[c].len;
  char stack[512];
  url_buf cand, scratch;
  url_buf_init_like(&cand, out, stack, sizeof stack / 2, out->max);
  url_buf_init_like(&scratch, out, stack + sizeof stack / 2, sizeof stack / 2,
                    tn + 1);
  /* a candidate counts only when it is shorter and resolves back to t
     (a target with dot-segments, which resolution removes, has none) */
  int found = span_eq(t, tp, b, bp, URI_SCHEME) && candidate(&cand, t, tp, b, bp) &&
              !cand.err && cand.len < tn &&
              resolves_to(&scratch, cand.ptr, cand.len, b, bp, t, tn);
  if (cand.err) out->err = cand.err;
  if (scratch.err == URL_NOMEM) out->err = URL_NOMEM;
  if (found) url_buf_append(out, cand.ptr, cand.len);
  else uri_recompose(out, t, tp);
  url_buf_free(&cand);
  url_buf_free(&scratch);
}
