/*
** Canonicalization (URL Pattern Standard §3): the encoding callbacks,
** each the URL parser (core/url.h) run on a dummy URL, most with the
** state override the URL API's setter of that component uses (username
** and password: the userinfo percent-encode set, all their setters do);
** and URLPatternInit processing, for patterns and for inputs.
*/
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "parse.h"
#include "percent.h"

#define DUMMY "https://dummy.invalid/"
#define ST 256 /* stack storage of a scratch URL or buffer */

/* https://urlpattern.spec.whatwg.org/#create-a-dummy-url: into u, over
   storage st of cap bytes (enough: it is only read). */
static int dummy_url(url *u, const url_allocator *mem, char *st, size_t cap) {
  url_init(u, mem, st, cap, cap);
  return url_parse(u, DUMMY, sizeof DUMMY - 1, NULL);
}

static void append_str(url_buf *out, url_str s) { url_buf_append(out, s.s, s.n); }

/* https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol */
int pat_canon_protocol(const char *in, size_t n, url_buf *out) {
  if (!n) return URL_OK;
  char bst[ST], ust[ST];
  url_buf b;
  url u;
  url_buf_init_like(&b, out, bst, sizeof bst, out->max);
  url_init(&u, out->mem, ust, sizeof ust, out->max);
  url_buf_append(&b, in, n);
  url_buf_puts(&b, "://dummy.invalid/");
  int rc = b.err ? b.err : url_parse(&u, b.ptr, b.len, NULL);
  if (rc == URL_OK) append_str(out, url_scheme(&u));
  url_free(&u);
  url_buf_free(&b);
  return rc ? rc : out->err;
}

/* https://urlpattern.spec.whatwg.org/#canonicalize-a-username and
   #canonicalize-a-password: "set the username" (password) of the URL
   Standard, which is the userinfo percent-encode set and nothing else (no
   dummy URL needed). */
static int canon_userinfo(const char *in, size_t n, url_buf *out) {
  url_pct_encode(out, in, n, &URL_SET_USERINFO, 0);
  return out->err;
}

int pat_canon_username(const char *in, size_t n, url_buf *out) {
  return canon_userinfo(in, n, out);
}

int pat_canon_password(const char *in, size_t n, url_buf *out) {
  return canon_userinfo(in, n, out);
}

/*
** The basic URL parser on in[0..n) with the state override ovr on a dummy
** URL (its scheme type `scheme`, for the port), into the scratch URL s
** (started here; free it).
*/
static int override(url *s, char *sst, const char *in, size_t n,
                    url_override ovr, url_scheme_type scheme, url_buf *out) {
  char dst[ST];
  url d;
  url_init(s, out->mem, sst, ST, out->max);
  int rc = dummy_url(&d, out->mem, dst, sizeof dst);
  d.scheme_type = scheme;
  if (rc == URL_OK) rc = url_parse_override(s, &d, in, n, ovr);
  url_free(&d);
  return rc;
}

/* https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname */
int pat_canon_hostname(const char *in, size_t n, url_buf *out) {
  if (!n) return URL_OK;
  char sst[ST];
  url s;
  int rc = override(&s, sst, in, n, URL_OVERRIDE_HOSTNAME, URL_SCHEME_HTTPS, out);
  if (rc == URL_OK) {
    if (s.host_type != URL_HOST_NONE)
      url_buf_append(out, s.href.ptr + s.host_start, s.host_end - s.host_start);
    else /* the dummy URL's host, unchanged */
      url_buf_puts(out, "dummy.invalid");
  }
  url_free(&s);
  return rc ? rc : out->err;
}

/* https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname */
int pat_canon_ipv6_hostname(const char *in, size_t n, url_buf *out) {
  for (size_t i = 0; i < n; i++) {
    char c = in[i];
    if (!url_is_hex((unsigned char)c) && c != '[' && c != ']' && c != ':')
      return URL_FAILURE;
    url_buf_putc(out, url_ascii_lower(c));
  }
  return out->err;
}

/*
** https://urlpattern.spec.whatwg.org/#canonicalize-a-port, with
** protocolValue (protocol NULL: not given).  Without one the dummy URL's
** scheme is the empty string, so no port is the default: the pattern
** {"protocol": "https", "port": "443*"} keeps "443*" (tests/pattern_test.c).
** The text of spec.bs before whatwg/urlpattern#286 (issue #285) left it
** "https", which made the fixed text "443" the empty string.
*/
int pat_canon_port_for(const char *in, size_t n, const char *protocol,
                       size_t pn, url_buf *out) {
  if (!n) return URL_OK;
  url_scheme_type scheme =
      protocol ? url_scheme_type_of(protocol, pn) : URL_SCHEME_OTHER;
  char sst[ST];
  url s;
  int rc = override(&s, sst, in, n, URL_OVERRIDE_PORT, scheme, out);
  if (rc == URL_OK && s.port >= 0) {
    char num[8];
    url_buf_append(out, num, (size_t)snprintf(num, sizeof num, "%d", (int)s.port));
  }
  url_free(&s);
  return rc ? rc : out->err;
}

int pat_canon_port(const char *in, size_t n, url_buf *out) {
  return pat_canon_port_for(in, n, NULL, 0, out);
}

/* https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname */
int pat_canon_pathname(const char *in, size_t n, url_buf *out) {
  if (!n) return URL_OK;
  int leading_slash = in[0] == '/';
  char bst[ST] = "", sst[ST];
  url_buf b;
  url_buf_init_like(&b, out, bst, sizeof bst, out->max);
  /* "/-" keeps a leading dot segment from collapsing against our slash */
  if (!leading_slash) url_buf_append(&b, "/-", 2);
  url_buf_append(&b, in, n);
  url s;
  int rc = b.err;
  if (rc == URL_OK) {
    rc = override(&s, sst, b.ptr, b.len, URL_OVERRIDE_PATH_START, URL_SCHEME_HTTPS, out);
    size_t skip = leading_slash ? 0 : 2;
    if (rc == URL_OK && s.href.len >= skip)
      url_buf_append(out, s.href.ptr + skip, s.href.len - skip);
    url_free(&s);
  }
  url_buf_free(&b);
  return rc ? rc : out->err;
}

/* https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname */
int pat_canon_opaque_pathname(const char *in, size_t n, url_buf *out) {
  if (!n) return URL_OK;
  char sst[ST];
  url s;
  int rc = override(&s, sst, in, n, URL_OVERRIDE_OPAQUE_PATH, URL_SCHEME_OTHER, out);
  if (rc == URL_OK) /* the path ends where a query or fragment began */
    url_buf_append(out, s.href.ptr, url_path_end(&s));
  url_free(&s);
  return rc ? rc : out->err;
}

/* https://urlpattern.spec.whatwg.org/#canonicalize-a-search and
   #canonicalize-a-hash */
static int canon_tail(const char *in, size_t n, url_buf *out, url_override ovr) {
  if (!n) return URL_OK;
  char sst[ST];
  url s;
  int rc = override(&s, sst, in, n, ovr, URL_SCHEME_HTTPS, out);
  if (rc == URL_OK) url_buf_append(out, s.href.ptr, s.href.len);
  url_free(&s);
  return rc ? rc : out->err;
}

int pat_canon_search(const char *in, size_t n, url_buf *out) {
  return canon_tail(in, n, out, URL_OVERRIDE_QUERY);
}

int pat_canon_hash(const char *in, size_t n, url_buf *out) {
  return canon_tail(in, n, out, URL_OVERRIDE_FRAGMENT);
}

/* ------------------------------------------------- URLPatternInit processing */

typedef struct proc {
  int is_url;
  url_buf *store;
  pat_ref *out;
} proc;

static int has(const pat_init *init, pat_component c) { return init->c[c].s != NULL; }

/* Sets out[c] to s[0..n), or to the result of the callback enc on it. */
static int put(proc *p, pat_component c, const char *s, size_t n,
               pat_encoder enc) {
  size_t off = p->store->len;
  int rc = URL_OK;
  if (enc) rc = enc(s, n, p->store);
  else url_buf_append(p->store, s, n);
  p->out[c] = (pat_ref){off, p->store->len - off};
  return rc ? rc : p->store->err;
}

/* Sets out[c] to https://urlpattern.spec.whatwg.org/#process-a-base-url-string
   of s (the store's error is the caller's to check). */
static void put_base(proc *p, pat_component c, url_str s) {
  size_t off = p->store->len;
  if (p->is_url) url_buf_append(p->store, s.s, s.n);
  else pat_escape_pattern(p->store, s.s, s.n);
  p->out[c] = (pat_ref){off, p->store->len - off};
}

/* The base URL's members, where init leaves them to it. */
static int inherit(proc *p, const pat_init *init, const url *b) {
  int pr = has(init, PAT_PROTOCOL), ho = has(init, PAT_HOSTNAME),
      po = has(init, PAT_PORT), us = has(init, PAT_USERNAME),
      pw = has(init, PAT_PASSWORD), pa = has(init, PAT_PATHNAME),
      se = has(init, PAT_SEARCH), ha = has(init, PAT_HASH);
  if (!pr) put_base(p, PAT_PROTOCOL, url_scheme(b));
  if (p->is_url && !pr && !ho && !po && !us)
    put_base(p, PAT_USERNAME, url_username(b));
  if (p->is_url && !pr && !ho && !po && !us && !pw)
    put_base(p, PAT_PASSWORD, url_password(b));
  if (!pr && !ho) put_base(p, PAT_HOSTNAME, url_hostname(b));
  if (!pr && !ho && !po) { /* the port as it is: not escaped */
    url_str port = url_port(b);
    put(p, PAT_PORT, port.s, port.n, NULL);
  }
  if (!pr && !ho && !po && !pa) put_base(p, PAT_PATHNAME, url_pathname(b));
  if (!pr && !ho && !po && !pa && !se)
    put_base(p, PAT_SEARCH, pat_or_empty(url_query(b)));
  if (!pr && !ho && !po && !pa && !se && !ha)
    put_base(p, PAT_HASH, pat_or_empty(url_fragment(b)));
  return p->store->err;
}

/* https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname */
static int is_absolute_pathname(const char *s, size_t n, int is_url) {
  if (n == 0) return 0;
  if (s[0] == '/') return 1;
  if (is_url) return 0;
  if (n < 2) return 0;
  return (s[0] == '\\' || s[0] == '{') && s[1] == '/';
}

static url_str strip(url_str s, char c, int leading) {
  if (s.n && leading && s.s[0] == c) s.s++, s.n--;
  else if (s.n && !leading && s.s[s.n - 1] == c) s.n--;
  return s;
}

/* pathname, joined to the base's directory when relative, then processed. */
static int put_pathname(proc *p, const pat_init *init, const url *b,
                        const char *protocol, size_t pn) {
  url_str path = init->c[PAT_PATHNAME];
  char st[ST];
  url_buf joined;
  url_buf_init_like(&joined, p->store, st, sizeof st, p->store->max);
  if (b && !b->opaque_path && !is_absolute_pathname(path.s, path.n, p->is_url)) {
    url_str bp = url_pathname(b);
    if (!p->is_url) {
      pat_escape_pattern(&joined, bp.s, bp.n);
    } else {
      url_buf_append(&joined, bp.s, bp.n);
    }
    size_t k = joined.len;
    while (k > 0 && joined.ptr[k - 1] != '/') k--;
    if (k > 0) { /* up to and including the last "/" */
      url_buf_truncate(&joined, k);
      url_buf_append(&joined, path.s, path.n);
      path = (url_str){joined.ptr, joined.len};
    }
  }
  int rc = joined.err;
  if (rc == URL_OK) {
    /* https://urlpattern.spec.whatwg.org/#process-pathname-for-init */
    pat_encoder enc = NULL;
    if (p->is_url)
      enc = pn == 0 || pat_is_special_scheme(protocol, pn)
                ? pat_canon_pathname : pat_canon_opaque_pathname;
    rc = put(p, PAT_PATHNAME, path.s, path.n, enc);
  }
  url_buf_free(&joined);
  return rc;
}

int pat_process_init(const pat_init *init, int is_url, url_buf *store,
                     pat_ref out[PAT_N], char *err, size_t errn) {
  proc p = {is_url, store, out};
  for (int c = 0; c < PAT_N; c++) out[c] = (pat_ref){PAT_ABSENT, 0};
  char bst[512];
  url b;
  url_init(&b, store->mem, bst, sizeof bst, store->max);
  const url *base = NULL;
  int rc = URL_OK;
  if (init->base_url.s) {
    rc = url_parse(&b, init->base_url.s, init->base_url.n, NULL);
    if (rc == URL_FAILURE) snprintf(err, errn, "invalid baseURL");
    if (rc == URL_OK) {
      base = &b;
      rc = inherit(&p, init, base);
    }
  }
  static const pat_encoder url_enc[PAT_N] = {
      NULL, pat_canon_username, pat_canon_password, pat_canon_hostname};
  /* protocol, username, password, hostname */
  if (rc == URL_OK && has(init, PAT_PROTOCOL)) {
    url_str v = strip(init->c[PAT_PROTOCOL], ':', 0);
    rc = put(&p, PAT_PROTOCOL, v.s, v.n, is_url ? pat_canon_protocol : NULL);
    if (rc == URL_FAILURE) snprintf(err, errn, "invalid protocol");
  }
  for (int c = PAT_USERNAME; rc == URL_OK && c <= PAT_HOSTNAME; c++) {
    if (!has(init, (pat_component)c)) continue;
    url_str v = init->c[c];
    rc = put(&p, (pat_component)c, v.s, v.n, is_url ? url_enc[c] : NULL);
    if (rc == URL_FAILURE) snprintf(err, errn, "invalid %s", pat_component_names[c]);
  }
  /* resultProtocolString, copied: the store moves as it grows */
  char prot_st[64];
  url_buf prot;
  url_buf_init_like(&prot, store, prot_st, sizeof prot_st, store->max);
  if (out[PAT_PROTOCOL].off != PAT_ABSENT)
    url_buf_append(&prot, store->ptr + out[PAT_PROTOCOL].off, out[PAT_PROTOCOL].len);
  if (rc == URL_OK) rc = prot.err;
  if (rc == URL_OK && has(init, PAT_PORT)) {
    url_str v = init->c[PAT_PORT];
    size_t off = store->len;
    if (is_url) rc = pat_canon_port_for(v.s, v.n, prot.ptr, prot.len, store);
    else url_buf_append(store, v.s, v.n);
    out[PAT_PORT] = (pat_ref){off, store->len - off};
    if (rc == URL_OK) rc = store->err;
    if (rc == URL_FAILURE) snprintf(err, errn, "invalid port");
  }
  if (rc == URL_OK && has(init, PAT_PATHNAME)) {
    rc = put_pathname(&p, init, base, prot.ptr, prot.len);
    if (rc == URL_FAILURE) snprintf(err, errn, "invalid pathname");
  }
  if (rc == URL_OK && has(init, PAT_SEARCH)) {
    url_str v = strip(init->c[PAT_SEARCH], '?', 1);
    rc = put(&p, PAT_SEARCH, v.s, v.n, is_url ? pat_canon_search : NULL);
  }
  if (rc == URL_OK && has(init, PAT_HASH)) {
    url_str v = strip(init->c[PAT_HASH], '#', 1);
    rc = put(&p, PAT_HASH, v.s, v.n, is_url ? pat_canon_hash : NULL);
  }
  url_buf_free(&prot);
  url_free(&b);
  return rc;
}
