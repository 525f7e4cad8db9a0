/*
** The URL API setters (URL Standard §6.1) on top of the basic URL parser's
** state overrides.
**
** A setter takes the URL apart into component slices (url_get_parts),
** replaces one or two components with what the state-override parser wrote
** into a scratch URL, and serializes the result (url_build) into a fresh
** buffer that then replaces the URL's.  The serializer computing every
** offset anew keeps each setter to its Standard steps.
*/
#include "parse.h"
#include "setters.h"


#include "percent.h"

/* https://url.spec.whatwg.org/#cannot-have-a-username-password-port */
static int cannot_have_credentials_or_port(const url *u) {
  return u->host_type == URL_HOST_NONE || u->host_type == URL_HOST_EMPTY ||
         u->scheme_type == URL_SCHEME_FILE;
}

/* The slice of a scratch URL's href in [from, len). */
static url_str scratch_tail(const url *s, uint32_t from) {
  url_str r = {s->href.ptr + from, s->href.len - from};
  if (!r.s) r.s = "";
  return r;
}

/*
** The protocol setter's scheme state: value + ':' parsed with the scheme
** start state override.  Writes the lowercase scheme to out; returns 0 if
** the value does not start with a scheme (the setter is then a no-op).
*/
static int parse_scheme(const char *v, size_t n, url_buf *out) {
  size_t i = 0;
  for (; i < n; i++) {
    unsigned char c = (unsigned char)v[i];
    int alpha = (unsigned)((c | 0x20) - 'a') < 26;
    if (!(alpha || (i > 0 && ((c >= '0' && c <= '9') || c == '+' ||
                              c == '-' || c == '.'))))
      break;
    url_buf_putc(out, (char)(alpha ? (c | 0x20) : c));
  }
  return i > 0 && (i == n || v[i] == ':');
}

/* https://url.spec.whatwg.org/#dom-url-protocol (scheme state, override) */
static void set_protocol(const url *u, url_parts *p, const char *v, size_t n,
                         url_buf *tmp) {
  if (!parse_scheme(v, n, tmp) || tmp->err) return;
  url_scheme_type t = url_scheme_type_of(tmp->ptr, tmp->len);
  if ((t != URL_SCHEME_OTHER) != url_is_special(u)) return;
  if ((url_has_credentials(u) || u->port >= 0) && t == URL_SCHEME_FILE) return;
  if (u->scheme_type == URL_SCHEME_FILE && u->host_type == URL_HOST_EMPTY) return;
  p->scheme = (url_str){tmp->ptr, tmp->len};
  p->scheme_type = t;
  if (p->port == url_default_port(t)) p->port = -1;
}

/* Runs one setter on parts p; scratch and tmp hold what p points into. */
static int apply(const url *u, url_parts *p, url_component which,
                 const char *v, size_t n, url *scratch, url_buf *tmp) {
  int rc = URL_OK;
  switch (which) {
    case URL_C_HREF: /* handled by url_set */
      return URL_FAILURE;

    case URL_C_PROTOCOL: {
      const char *in = v;
      size_t len = n;
      rc = url_remove_tab_newline(&in, &len, &scratch->href);
      if (rc == URL_OK) set_protocol(u, p, in, len, tmp);
      return rc ? rc : tmp->err;
    }

    case URL_C_USERNAME:
    case URL_C_PASSWORD:
      if (cannot_have_credentials_or_port(u)) return URL_OK;
      url_pct_encode(tmp, v, n, &URL_SET_USERINFO, 0);
      if (which == URL_C_USERNAME)
        p->username = (url_str){tmp->ptr, tmp->len};
      else
        p->password = (url_str){tmp->ptr, tmp->len};
      return tmp->err;

    case URL_C_HOST:
    case URL_C_HOSTNAME:
      if (u->opaque_path) return URL_OK;
      rc = url_parse_override(scratch, u, v, n,
                              which == URL_C_HOST ? URL_OVERRIDE_HOST
                                                  : URL_OVERRIDE_HOSTNAME);
      if (rc != URL_OK && rc != URL_FAILURE) return rc;
      /* A host set before a failing port stays set, as in the Standard. */
      if (scratch->host_type != URL_HOST_NONE) {
        p->host = (url_str){scratch->href.ptr + scratch->host_start,
                            scratch->host_end - scratch->host_start};
        if (!p->host.s) p->host.s = "";
        p->host_type = scratch->host_type;
        if (scratch->port != -2) p->port = scratch->port;
      }
      return URL_OK;

    case URL_C_PORT:
      if (cannot_have_credentials_or_port(u)) return URL_OK;
      if (n == 0) {
        p->port = -1;
        return URL_OK;
      }
      rc = url_parse_override(scratch, u, v, n, URL_OVERRIDE_PORT);
      if (rc == URL_OK && scratch->port != -2) p->port = scratch->port;
      return rc == URL_FAILURE ? URL_OK : rc;

    case URL_C_PATHNAME:
      if (u->opaque_path) return URL_OK;
      rc = url_parse_override(scratch, u, v, n, URL_OVERRIDE_PATH_START);
      if (rc != URL_OK) return rc == URL_FAILURE ? URL_OK : rc;
      p->path = scratch_tail(scratch, 0);
      p->path_segments = scratch->path_segments;
      return URL_OK;

    case URL_C_SEARCH:
    case URL_C_HASH: {
      url_str *target = which == URL_C_SEARCH ? &p->query : &p->fragment;
      if (n == 0) {
        target->s = NULL;
        target->n = 0;
        return URL_OK;
      }
      char lead = which == URL_C_SEARCH ? '?' : '#';
      if (v[0] == lead) v++, n--;
      rc = url_parse_override(scratch, u, v, n,
                              which == URL_C_SEARCH ? URL_OVERRIDE_QUERY
                                                    : URL_OVERRIDE_FRAGMENT);
      if (rc != URL_OK) return rc == URL_FAILURE ? URL_OK : rc;
      *target = scratch_tail(scratch, 0);
      return URL_OK;
    }

    default:
      return URL_FAILURE;
  }
}

/* Replaces u's contents with v's (u keeps its own storage). */
static int replace(url *u, url *v) {
  url_buf b = u->href;
  b.len = 0;
  url_buf_append(&b, v->href.ptr, v->href.len);
  if (b.err) {
    u->href = b;
    return b.err;
  }
  url_buf vb = v->href;
  *u = *v;
  u->href = b;
  v->href = vb;
  return URL_OK;
}

int url_set(url *u, url_component which, const char *value, size_t n) {
  size_t max = u->href.max;
  char st1[256], st2[256], st3[512];
  url v;
  url_init(&v, u->href.mem, st3, sizeof st3, max);
  int rc;
  if (which == URL_C_HREF) {
    rc = url_parse(&v, value, n, NULL);
  } else {
    url scratch;
    url_buf tmp;
    url_init(&scratch, u->href.mem, st1, sizeof st1, max);
    url_buf_init_like(&tmp, &u->href, st2, sizeof st2, max);
    url_parts p;
    url_get_parts(u, &p);
    rc = apply(u, &p, which, value, n, &scratch, &tmp);
    if (rc == URL_OK) rc = url_build(&v, &p);
    url_free(&scratch);
    url_buf_free(&tmp);
  }
  if (rc == URL_OK) rc = replace(u, &v);
  url_free(&v);
  return rc;
}
