/*
** Host functions: the Standard's host parser, domain to ASCII / Unicode in
** the browser's rules (UTS #46, the default) or a registry's (IDNA2008 over
** libidn2), and why IDNA2008 refuses a host.
**
**   SELECT url_parse_host('EXAMPLE.com');      -- 'example.com'
**   SELECT url_parse_host('0x7f.1');           -- '127.0.0.1'
**   SELECT url_parse_host('[0:0::1]');         -- '[::1]'
**   SELECT url_parse_host('münchen.de');       -- 'xn--mnchen-3ya.de'
**   SELECT url_parse_host('a%20b', 1);         -- 'a%20b' (opaque host)
**   SELECT url_domain_to_unicode('xn--mnchen-3ya.de');  -- 'münchen.de'
**   SELECT url_domain_to_ascii('☃.com');                -- 'xn--n3h.com'
**   SELECT url_domain_to_ascii('☃.com', 'idna2008');    -- NULL
**   SELECT url_idna2008_error('https://☃.com/');        -- 'IDN2_DISALLOWED'
*/
#include <string.h>

#include "ext.h"
#include "host.h"
#include "idna.h"
#include "idna2008.h"

/* url_fn_domain_convert's row argument. */
enum { URL_DOMAIN_TO_ASCII, URL_DOMAIN_TO_UNICODE };

/* url_parse_host(input [, is_opaque]) */
static void url_fn_parse_host(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int opaque = argc > 1 ? url_arg_bool(ctx, argv[1], "is_opaque") : 0;
  if (opaque < 0) return;
  url_call c;
  url_call_begin(&c, ctx);
  url_arg in;
  int rc = url_arg_read(&in, argv[0], c.max);
  url_host_type type;
  if (rc == URL_OK) rc = url_host_parse(in.s, in.n, opaque, &c.out, &type);
  url_arg_free(&in);
  url_call_result(&c, rc);
}

/* The rule sets of url_domain_to_ascii / url_domain_to_unicode. */
static const char *const MODES[] = {"uts46", "idna2008"};
enum { MODE_UTS46, MODE_IDNA2008 };

/* One domain conversion in the given direction and mode. */
static int convert(int to_unicode, int mode, const char *s, size_t n,
                   url_buf *out) {
  int why;
  if (mode == MODE_IDNA2008)
    return to_unicode ? url_idna2008_to_unicode(s, n, out, &why)
                      : url_idna2008_to_ascii(s, n, out, &why);
  return to_unicode ? url_domain_to_unicode(s, n, out)
                    : url_domain_to_ascii(s, n, out);
}

/* url_domain_to_ascii(domain [, mode]), url_domain_to_unicode(domain
   [, mode]): the row argument is URL_DOMAIN_TO_*.  A NULL mode is the
   default, an unknown one an error listing MODES. */
static void url_fn_domain_convert(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  int mode = url_arg_option(ctx, argc, argv, 1, "mode", MODES, 2, MODE_UTS46);
  if (mode < 0) return;
  url_call c;
  url_call_begin(&c, ctx);
  url_arg in;
  int rc = url_arg_read(&in, argv[0], c.max);
  if (rc == URL_OK)
    rc = convert(url_fn_arg(ctx) == URL_DOMAIN_TO_UNICODE, mode, in.s, in.n,
                 &c.out);
  url_arg_free(&in);
  url_call_result(&c, rc);
}

/* url_idna2008_error(input): why IDNA2008 refuses the domain the input
   stands for (a URL's host, else the input as a host); NULL when it is
   accepted, is not a domain (IP address, opaque, empty), or there is none. */
static void url_fn_idna2008_error(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  url_str h, name = {NULL, 0};
  url_host_type t;
  int why = 0;
  int rc = url_call_host(&c, argv[0], &h, &t);
  if (rc == URL_OK && t == URL_HOST_DOMAIN)
    rc = url_idna2008_to_ascii(h.s, h.n, &c.out, &why);
  if (rc == URL_FAILURE && why) { /* refused: the reason */
    name.s = url_idna2008_error_name(why);
    name.n = strlen(name.s);
    rc = URL_OK;
  } else if (rc == URL_OK) { /* accepted, or not a domain */
    rc = URL_FAILURE;
  }
  url_call_result_host_part(&c, rc, name);
  url_call_end(&c);
}

/* ------------------------------------------------------ registration */

/* URL_DOMAIN_TO_* is url_fn_domain_convert's row argument. */
static const url_func funcs[] = {
    {"url_parse_host", URL_ARITY(1, 2), URL_PURE, 0, url_fn_parse_host},
    {"url_domain_to_ascii", URL_ARITY(1, 2), URL_PURE, URL_DOMAIN_TO_ASCII, url_fn_domain_convert},
    {"url_domain_to_unicode", URL_ARITY(1, 2), URL_PURE, URL_DOMAIN_TO_UNICODE, url_fn_domain_convert},
    /* Deterministic for the libidn2 linked (url_version() names it). */
    {"url_idna2008_error", 1, URL_PURE, 0, url_fn_idna2008_error},
};

const url_family url_hosts_family = {funcs, URL_COUNT(funcs), NULL, 0};
