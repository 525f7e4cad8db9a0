/*
** URL writing (§4.3) and host writing (§3.4): is a string a valid URL
** string?  A grammar, not the parser: the Standard defines validity by
** these productions, and its reference implementation checks them the same
** way.  Each function below is one production, named after it, over a
** slice s[0..n) of valid UTF-8.
**
**   valid URL string = absolute-URL-with-fragment string
**                    | relative-URL-with-fragment string (given a base URL)
*/
#include <string.h>

#include "host.h"
#include "idna.h"
#include "percent.h"
#include "url.h"
#include "url_errors.h"

/* A slice of the input. */
typedef struct sl {
  const char *s;
  size_t n;
} sl;

/* The IDNA steps' allocator, and their memory errors, passed out through
   the productions. */
typedef struct ctx {
  const url_allocator *mem;
  int err;
} ctx;

static sl sub(sl x, size_t from, size_t to) { return (sl){x.s + from, to - from}; }
static sl tail(sl x, size_t from) { return sub(x, from, x.n); }

/* Index of the first c in x, or x.n. */
static size_t find(sl x, char c) {
  const char *p = x.n ? memchr(x.s, c, x.n) : NULL;
  return p ? (size_t)(p - x.s) : x.n;
}

static int starts(sl x, const char *p) {
  size_t k = strlen(p);
  return x.n >= k && !memcmp(x.s, p, k);
}

static int is_alpha(int c) { return (unsigned)((c | 0x20) - 'a') < 26; }
static int is_digit(int c) { return (unsigned)(c - '0') < 10; }

/*
** https://url.spec.whatwg.org/#url-units: URL code points and
** percent-encoded bytes, excluding the ASCII code points in `except`.
*/
static int url_units(sl x, const char *except) {
  const unsigned char *u = (const unsigned char *)x.s;
  for (size_t i = 0; i < x.n;) {
    if (u[i] == '%') {
      if (!(i + 2 < x.n && url_is_hex(u[i + 1]) && url_is_hex(u[i + 2]))) return 0;
      i += 3;
    } else if ((u[i] != 0 && strchr(except, u[i])) ||
               !url_next_is_url_code_point(u, x.n, &i)) {
      return 0;
    }
  }
  return 1;
}

/* A URL-scheme string followed by ":" starts x: the length of the scheme. */
static size_t scheme_prefix(sl x) {
  if (!x.n || !is_alpha((unsigned char)x.s[0])) return 0;
  size_t i = 1;
  while (i < x.n && (is_alpha((unsigned char)x.s[i]) || is_digit((unsigned char)x.s[i]) ||
                     x.s[i] == '+' || x.s[i] == '-' || x.s[i] == '.'))
    i++;
  return i < x.n && x.s[i] == ':' ? i : 0;
}

/* ------------------------------------------------------------ host writing */

/* A valid IPv6-piece string: 1-4 hex digits, shortest (no leading 0). */
static int ipv6_piece(sl x) {
  if (x.n == 0 || x.n > 4 || (x.n > 1 && x.s[0] == '0')) return 0;
  for (size_t i = 0; i < x.n; i++)
    if (!url_is_hex((unsigned char)x.s[i])) return 0;
  return 1;
}

/* A valid IPv6-pieces string: its effective piece length, or -1. */
static int ipv6_pieces(sl x) {
  int count = 0;
  if (x.n == 0) return -1;
  for (size_t i = 0, start = 0; i <= x.n; i++) {
    if (i < x.n && x.s[i] != ':') continue;
    if (!ipv6_piece(sub(x, start, i))) return -1;
    count++;
    start = i + 1;
  }
  return count;
}

/* https://url.spec.whatwg.org/#valid-ipv4-address-string */
static int valid_ipv4(sl x) { return url_is_valid_ipv4_string(x.s, x.n); }

/* A valid IPv6-pieces-and-IPv4 string: its effective piece length, or -1. */
static int ipv6_pieces_and_ipv4(sl x) {
  if (valid_ipv4(x)) return 2;
  size_t colon = x.n;
  while (colon > 0 && x.s[colon - 1] != ':') colon--;
  if (colon == 0 || !valid_ipv4(tail(x, colon))) return -1;
  int k = ipv6_pieces(sub(x, 0, colon - 1));
  return k < 0 ? -1 : k + 2;
}

/* https://url.spec.whatwg.org/#valid-ipv6-address-string */
static int valid_ipv6(sl x) {
  if (ipv6_pieces(x) == 8 || ipv6_pieces_and_ipv4(x) == 8) return 1;
  size_t c = 0;
  while (c + 1 < x.n && !(x.s[c] == ':' && x.s[c + 1] == ':')) c++;
  if (c + 1 >= x.n) return 0;
  for (size_t i = c + 1; i + 1 < x.n; i++) /* "::" only once */
    if (x.s[i] == ':' && x.s[i + 1] == ':') return 0;
  sl before = sub(x, 0, c), after = tail(x, c + 2);
  int b = before.n ? ipv6_pieces(before) : 0;
  int a = after.n ? ipv6_pieces(after) : 0;
  if (a < 0) a = ipv6_pieces_and_ipv4(after);
  return a >= 0 && b >= 0 && a + b <= 7;
}

/* "[" valid IPv6-address string "]" */
static int bracketed_ipv6(sl x) {
  return x.n >= 2 && x.s[0] == '[' && x.s[x.n - 1] == ']' &&
         valid_ipv6(sub(x, 1, x.n - 1));
}

/*
** https://url.spec.whatwg.org/#valid-domain: the domain parser with
** beStrict true succeeds, and its result does not end in a number.
*/
static int valid_domain(ctx *cx, sl x) {
  char st[256];
  url_buf out; /* a result over 253 bytes fails VerifyDnsLength anyway */
  url_buf_init(&out, cx->mem, st, sizeof st, 254);
  int rc = url_domain_to_ascii_strict(x.s, x.n, &out);
  int ok = rc == URL_OK && !url_ends_in_a_number(out.ptr, out.len);
  if (rc == URL_NOMEM) cx->err = rc;
  url_buf_free(&out);
  return ok;
}

/* https://url.spec.whatwg.org/#valid-host-string */
static int valid_host(ctx *cx, sl x) {
  return valid_ipv4(x) || bracketed_ipv6(x) || valid_domain(cx, x);
}

/* https://url.spec.whatwg.org/#valid-opaque-host-string */
static int valid_opaque_host(sl x) {
  if (bracketed_ipv6(x)) return 1;
  if (x.n == 0) return 0;
  for (size_t i = 0; i < x.n; i++)
    if (url_is_forbidden_host((unsigned char)x.s[i])) return 0;
  return url_units(x, "");
}

/* ------------------------------------------------------------- URL writing */

/* https://url.spec.whatwg.org/#url-port-string: empty, or digits <= 65535 */
static int port_string(sl x) {
  unsigned long v = 0;
  for (size_t i = 0; i < x.n; i++) {
    if (!is_digit((unsigned char)x.s[i])) return 0;
    if (v <= 65535) v = v * 10 + (unsigned)(x.s[i] - '0');
  }
  return v <= 65535;
}

/*
** host [":" URL-port string], the host checked by `host` (NULL: an
** opaque-host-and-port string, which may also be empty).
*/
static int host_and_port(ctx *cx, sl x, int (*host)(ctx *, sl)) {
  if (!host && x.n == 0) return 1;
  size_t end;
  if (x.n && x.s[0] == '[') {
    end = find(x, ']');
    if (end == x.n) return 0;
    end++;
    if (end < x.n && x.s[end] != ':') return 0;
  } else {
    end = find(x, ':');
  }
  sl h = sub(x, 0, end);
  if (h.n == 0) return 0;
  if (!(host ? host(cx, h) : valid_opaque_host(h))) return 0;
  return end == x.n || port_string(tail(x, end + 1));
}

/*
** https://url.spec.whatwg.org/#path-absolute-url-string: "/" and URL-path-
** segment strings (URL units but "/" and "?") separated by "/", i.e. URL
** units but "?".
*/
static int path_absolute(sl x) {
  return x.n && x.s[0] == '/' && url_units(tail(x, 1), "?");
}

/* https://url.spec.whatwg.org/#path-absolute-non-authority-url-string */
static int path_absolute_non_authority(sl x) {
  return path_absolute(x) && !starts(x, "//");
}

/*
** https://url.spec.whatwg.org/#path-relative-scheme-less-url-string: path
** segments not starting with "/" nor with a scheme and ":".
*/
static int path_relative_scheme_less(sl x) {
  return !starts(x, "/") && url_units(x, "?") && !scheme_prefix(x);
}

/* The authority after "//" ends at the first "/": host part and path. */
static int authority_then_path(ctx *cx, sl x, int (*host)(ctx *, sl),
                               int port) {
  size_t slash = find(x, '/');
  sl auth = sub(x, 0, slash);
  if (slash < x.n && !path_absolute(tail(x, slash))) return 0;
  if (port) return host_and_port(cx, auth, host);
  return host(cx, auth);
}

/* https://url.spec.whatwg.org/#scheme-relative-special-url-string */
static int scheme_relative_special(ctx *cx, sl x) {
  return starts(x, "//") && authority_then_path(cx, tail(x, 2), valid_host, 1);
}

/* https://url.spec.whatwg.org/#scheme-relative-url-string */
static int scheme_relative(ctx *cx, sl x) {
  return starts(x, "//") && authority_then_path(cx, tail(x, 2), NULL, 1);
}

/* https://url.spec.whatwg.org/#scheme-relative-file-url-string */
static int scheme_relative_file(ctx *cx, sl x) {
  if (!starts(x, "//")) return 0;
  sl rest = tail(x, 2);
  return rest.n == 0 || authority_then_path(cx, rest, valid_host, 0) ||
         path_absolute(rest);
}

/* https://url.spec.whatwg.org/#opaque-path-url-string */
static int opaque_path(sl x) {
  return (x.n == 0 || x.s[0] != '/') && url_units(x, "?");
}

/* The query after the first "?" is a URL-query string; *x loses it. */
static int split_query(sl *x) {
  size_t q = find(*x, '?');
  int ok = q == x->n || url_units(tail(*x, q + 1), "");
  x->n = q;
  return ok;
}

/* https://url.spec.whatwg.org/#absolute-url-string */
static int absolute_url(ctx *cx, sl x) {
  if (!split_query(&x)) return 0;
  size_t k = scheme_prefix(x);
  if (!k) return 0;
  char scheme[6] = {0};
  if (k < sizeof scheme)
    for (size_t i = 0; i < k; i++) scheme[i] = (char)(x.s[i] | 0x20);
  url_scheme_type t = k < sizeof scheme ? url_scheme_type_of(scheme, k) : URL_SCHEME_OTHER;
  sl rest = tail(x, k + 1);
  if (t == URL_SCHEME_FILE) return scheme_relative_file(cx, rest);
  if (t != URL_SCHEME_OTHER) return scheme_relative_special(cx, rest);
  return scheme_relative(cx, rest) || path_absolute_non_authority(rest) ||
         opaque_path(rest);
}

/* https://url.spec.whatwg.org/#relative-url-string */
static int relative_url(ctx *cx, sl x, const url *base) {
  if (!split_query(&x)) return 0;
  if (path_absolute_non_authority(x) || path_relative_scheme_less(x)) return 1;
  if (base->scheme_type == URL_SCHEME_FILE) return scheme_relative_file(cx, x);
  if (url_is_special(base)) return scheme_relative_special(cx, x);
  return scheme_relative(cx, x);
}

int url_valid_string(const char *in, size_t n, const url *base,
                     const url_allocator *mem) {
  ctx cx = {mem, URL_OK};
  sl x = {in, n};
  size_t hash = find(x, '#');
  int fragment_ok = hash == n || url_units(tail(x, hash + 1), "");
  sl before = sub(x, 0, hash);
  int ok = fragment_ok && absolute_url(&cx, before);
  if (!ok && base) {
    /* https://url.spec.whatwg.org/#relative-url-with-fragment-string */
    if (base->opaque_path)
      ok = n > 0 && in[0] == '#' && fragment_ok;
    else
      ok = fragment_ok && relative_url(&cx, before, base);
  }
  if (cx.err) return cx.err;
  return ok ? URL_OK : URL_FAILURE;
}
