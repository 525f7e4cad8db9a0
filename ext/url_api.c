/*
** URL functions: the URL API (new URL(input, base) and its getters) as SQL
** scalar functions.
**
**   SELECT url_href('HTTPS://Example.COM/a/../b');      -- 'https://example.com/b'
**   SELECT url_href('../c?x#y', 'https://a/b/d');       -- 'https://a/c?x#y'
**   SELECT url_resolve('../c', 'https://a/b/d');        -- 'https://a/c'
**   SELECT url_valid('https://exa mple.com/');          -- 0
**   SELECT url_origin('https://a:443/x');               -- 'https://a'
**   SELECT url_origin('data:,x');                       -- 'null'
**   SELECT url_hostname('http://[0::1]:8080/');         -- '[::1]'
**   SELECT url_port('http://a:8080/');                  -- '8080'
**   SELECT url_port_number('http://a:8080/');           -- 8080
**
** Functions (each getter takes (input [, base])):
**   url_href, url_origin, url_protocol, url_username, url_password,
**   url_host, url_hostname, url_port, url_pathname, url_search, url_hash:
**       the URL API attribute of new URL(input, base); "" where the API
**       gives "" (e.g. url_port of a URL without port, url_search of
**       'https://a/?').
**   url_port_number(input [, base]): the port as an INTEGER beside
**       url_port's text (docs/conventions.md rule 6); NULL when the URL has
**       none (a default port is none), as url_components.port_number.
**   url_resolve(input, base [, encoding]): new URL(input, base).href; the
**       base last, as in new URL() and every function
**       (docs/conventions.md rule 1).
**   url_href(input, base, encoding), url_search(input, base, encoding),
**   url_resolve(input, base, encoding): the basic URL parser with an
**       encoding (url.bs), as HTML parses a link of a page in that
**       encoding: a special URL's query, but not ws: or wss:, is
**       percent-encoded after encoding in the label's output encoding
**       ('?q=é' in windows-1252 is '?q=%E9'; a code point the encoding
**       lacks is '%26%23N%3B', &#N;).  Nothing else changes: the base
**       is parsed as UTF-8 whatever the encoding.  A NULL
**       encoding is UTF-8 (the default, as a NULL base is no base); an
**       unknown label is an error (ext/encoding.c).
**   url_valid(input [, base]): URL.canParse(input, base): 1 or 0.
**
** Arguments may be any SQLite value: numbers are read as their text, BLOBs
** as bytes; invalid UTF-8 becomes U+FFFD (then percent-encoded where the
** Standard encodes it).
**
** NULL and failure:
**   - NULL input gives NULL (url_valid too).
**   - An input that is not a valid URL gives NULL (url_valid: 0).
**   - For the (input [, base]) forms a NULL base means "no base":
**     url_href(x, NULL) = url_href(x), url_valid(x, NULL) = url_valid(x).
**   - url_resolve(x, NULL) is NULL: resolving is about the base.
**   - A base that is not a valid URL gives NULL (url_valid: 0), even when the
**     input is absolute, as new URL(input, badBase) throws and
**     URL.canParse(input, badBase) is false.
**   - A URL whose serialization is longer than SQLITE_LIMIT_LENGTH is the
**     error "string or blob too big" (url_valid too: the parser builds the
**     serialization, and the limit bounds its memory); out of memory is
**     SQLITE_NOMEM.  No other errors: any value is a string to parse.
**
** Performance: the input is read where SQLite holds it and parsed into
** stack storage (url_call: no allocation unless the URL is longer than
** URL_STACK); results are copied out of the parsed URL's href once,
** NUL-terminated (url_result_part).  Bases are parsed once per value (the
** connection's cache in conn.c), so url_resolve with a base that changes
** every row allocates nothing either.
*/
#include "encoding.h"
#include "ext.h"
#include "setters.h"

/* url_href(input [, base]) and the other getters: the row argument is
   the url_component. */
static void url_fn_get(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int enc = argc > 2 ? url_arg_encoding(ctx, argv, 2) : URL_ENC_UTF_8;
  if (enc == URL_ARG_ERROR) return;
  if (enc == URL_ARG_NULL) enc = URL_ENC_UTF_8;
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse_enc(&c, argv, 0, argc > 1 ? 1 : -1, enc);
  url_str s = {"", 0};
  if (rc == URL_OK) s = url_get(&c.u, (url_component)url_fn_arg(ctx));
  url_result_part(ctx, rc, s, &c.u.href, 1);
  url_call_end(&c);
}

/* url_resolve(input, base [, encoding]): NULL when the base is NULL. */
static void url_fn_resolve(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int enc = argc > 2 ? url_arg_encoding(ctx, argv, 2) : URL_ENC_UTF_8;
  if (enc == URL_ARG_ERROR) return;
  if (enc == URL_ARG_NULL) enc = URL_ENC_UTF_8;
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse_enc(&c, argv, 0, 1, enc);
  url_str s = {"", 0};
  if (rc == URL_OK) s = url_href(&c.u);
  url_result_part(ctx, rc, s, &c.u.href, 1);
  url_call_end(&c);
}

/* url_port_number(input [, base]) */
static void url_fn_port_number(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse(&c, argv, 0, argc > 1 ? 1 : -1);
  if (rc == URL_OK && c.u.port < 0) rc = URL_FAILURE;
  url_result_int(ctx, rc, rc == URL_OK ? c.u.port : 0);
  url_call_end(&c);
}

/* url_origin(input [, base]) */
static void url_fn_origin(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse(&c, argv, 0, argc > 1 ? 1 : -1);
  if (rc == URL_OK) rc = url_origin(&c.u, &c.out);
  url_result_part(ctx, rc, (url_str){c.out.ptr, c.out.len}, &c.out, 1);
  url_call_end(&c);
}

/* url_valid(input [, base]): 1 or 0; NULL for NULL input. */
static void url_fn_valid(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse(&c, argv, 0, argc > 1 ? 1 : -1);
  if (rc == URL_FAILURE) {
    sqlite3_result_int(ctx, 0);
  } else {
    url_result_int(ctx, rc, 1);
  }
  url_call_end(&c);
}

/* ------------------------------------------------------ registration */

/* url_fn_get's row argument is the url_component it returns. */
static const url_func funcs[] = {
    {"url_href", URL_ARITY(1, 3), URL_PURE, URL_C_HREF, url_fn_get},
    {"url_protocol", URL_ARITY(1, 2), URL_PURE, URL_C_PROTOCOL, url_fn_get},
    {"url_username", URL_ARITY(1, 2), URL_PURE, URL_C_USERNAME, url_fn_get},
    {"url_password", URL_ARITY(1, 2), URL_PURE, URL_C_PASSWORD, url_fn_get},
    {"url_host", URL_ARITY(1, 2), URL_PURE, URL_C_HOST, url_fn_get},
    {"url_hostname", URL_ARITY(1, 2), URL_PURE, URL_C_HOSTNAME, url_fn_get},
    {"url_port", URL_ARITY(1, 2), URL_PURE, URL_C_PORT, url_fn_get},
    {"url_port_number", URL_ARITY(1, 2), URL_PURE, 0, url_fn_port_number},
    {"url_pathname", URL_ARITY(1, 2), URL_PURE, URL_C_PATHNAME, url_fn_get},
    {"url_search", URL_ARITY(1, 3), URL_PURE, URL_C_SEARCH, url_fn_get},
    {"url_hash", URL_ARITY(1, 2), URL_PURE, URL_C_HASH, url_fn_get},
    {"url_resolve", URL_ARITY(2, 3), URL_PURE, 0, url_fn_resolve},
    {"url_origin", URL_ARITY(1, 2), URL_PURE, 0, url_fn_origin},
    {"url_valid", URL_ARITY(1, 2), URL_PURE, 0, url_fn_valid},
};

const url_family url_api_family = {funcs, URL_COUNT(funcs), NULL, 0};
