/*
** URL functions: the URL API (new URL(input, base) and its getters) as SQL
** scalar functions.
**
**   SELECT url_href('HTTPS://Example.COM/a/../b');      -- 'https://example.com/b'
**   SELECT url_href('../c?x#y', 'https://a/b/d');       -- 'https://a/c?x#y'
**   SELECT url_resolve('https://a/b/d', '../c');        -- 'https://a/c'
**   SELECT url_valid('https://exa mple.com/');          -- 0
**   SELECT url_origin('https://a:443/x');               -- 'https://a'
**   SELECT url_origin('data:,x');                       -- 'null'
**   SELECT url_hostname('http://[0::1]:8080/');         -- '[::1]'
**   SELECT url_port('http://a:8080/');                  -- '8080'
**
** Functions (each getter takes (input [, base])):
**   url_href, url_origin, url_protocol, url_username, url_password,
**   url_host, url_hostname, url_port, url_pathname, url_search, url_hash:
**       the URL API attribute of new URL(input, base); "" where the API
**       gives "" (e.g. url_port of a URL without port, url_search of
**       'https://a/?').
**   url_resolve(base, input): new URL(input, base).href.
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
**   - url_resolve(NULL, x) is NULL: resolving is about the base.
**   - A base that is not a valid URL gives NULL (url_valid: 0), even when the
**     input is absolute, as new URL(input, badBase) throws and
**     URL.canParse(input, badBase) is false.
**   - A URL whose serialization is longer than SQLITE_LIMIT_LENGTH is the
**     error "string or blob too big" (url_valid too: the parser builds the
**     serialization, and the limit bounds its memory); out of memory is
**     SQLITE_NOMEM.  No other errors: any value is a string to parse.
**
** Performance: the input is parsed into stack storage (no allocation unless
** the URL is longer than URL_STACK) and results are copied out of the parsed
** URL's href.  A base argument is parsed once per statement when it is
** constant: the parsed base is kept as the argument's auxdata (one
** allocation holding the url and its href), an invalid constant base as a
** marker.  SQLite drops the auxdata of non-constant arguments after each
** call (and may call the destructor inside sqlite3_set_auxdata), so the
** current call always uses its own stack parse, never the cached copy.
*/
#include <string.h>

#include "ext.h"
#include "url.h"
SQLITE_EXTENSION_INIT3

/* ------------------------------------------------------------ base URLs */

/* Auxdata marking a constant base argument that is not a valid URL. */
static const char bad_base_marker = 0;
#define BAD_BASE ((void *)&bad_base_marker)

static void base_free(void *p) { sqlite3_free(p); }

/*
** A read-only copy of a parsed URL in one allocation: the struct, then its
** href bytes (href.stack == href.ptr, so url_free() would free nothing).
*/
static url *base_copy(const url *b) {
  size_t n = b->href.len;
  url *c = sqlite3_malloc64(sizeof *c + (n ? n : 1));
  if (!c) return NULL;
  *c = *b;
  char *p = (char *)(c + 1);
  if (n) memcpy(p, b->href.ptr, n);
  c->href.ptr = c->href.stack = p;
  c->href.cap = n;
  return c;
}

/*
** The base URL argument v (argument number i) of this call: *out is the
** parsed base (the statement's cached copy, or `local` parsed now), or NULL
** when v is NULL.  Returns URL_OK, URL_FAILURE (not a valid URL) or an error.
*/
static int get_base(sqlite3_context *ctx, sqlite3_value *v, int i, url *local,
                    const url **out) {
  *out = NULL;
  if (sqlite3_value_type(v) == SQLITE_NULL) return URL_OK;
  void *aux = sqlite3_get_auxdata(ctx, i);
  if (aux == BAD_BASE) return URL_FAILURE;
  if (aux) {
    *out = aux;
    return URL_OK;
  }
  url_arg a;
  int rc = url_arg_read(ctx, v, &a);
  if (rc == URL_OK) rc = url_parse(local, a.s, a.n, NULL);
  url_arg_free(&a);
  if (rc == URL_OK) {
    /* Cache for the next rows; this call keeps using `local` either way. */
    url *c = base_copy(local);
    if (c) sqlite3_set_auxdata(ctx, i, c, base_free);
    *out = local;
  } else if (rc == URL_FAILURE) {
    sqlite3_set_auxdata(ctx, i, BAD_BASE, NULL);
  }
  return rc;
}

/* ---------------------------------------------------------------- calls */

/* Stack storage of one call: the parsed input and, if needed, the base. */
typedef struct url_call {
  url u, b;
  int has_b; /* b was initialised (the call has a base argument) */
  char st[URL_STACK], bst[URL_STACK];
} url_call;

/*
** Parses argv[in] against the base argv[ib] (ib < 0: no base argument) into
** c->u.  Returns URL_OK, URL_FAILURE (NULL input, invalid input or base), or
** an error.  Always pair with call_free().
*/
static int call_parse(sqlite3_context *ctx, sqlite3_value **argv, int in,
                      int ib, url_call *c) {
  size_t max = url_max_len(ctx);
  url_init(&c->u, c->st, sizeof c->st, max);
  c->has_b = 0;
  if (sqlite3_value_type(argv[in]) == SQLITE_NULL) return URL_FAILURE;
  const url *base = NULL;
  int rc = URL_OK;
  if (ib >= 0) {
    url_init(&c->b, c->bst, sizeof c->bst, max);
    c->has_b = 1;
    rc = get_base(ctx, argv[ib], ib, &c->b, &base);
    if (rc != URL_OK) return rc;
  }
  url_arg a;
  rc = url_arg_read(ctx, argv[in], &a);
  if (rc == URL_OK) rc = url_parse(&c->u, a.s, a.n, base);
  url_arg_free(&a);
  return rc;
}

static void call_free(url_call *c) {
  url_free(&c->u);
  if (c->has_b) url_free(&c->b);
}

/* A getter function of the URL API, as the user data of its SQL function. */
typedef struct getter_def {
  const char *name;
  url_str (*get)(const url *);
} getter_def;

static const getter_def getters[] = {
    {"url_href", url_href},         {"url_protocol", url_protocol},
    {"url_username", url_username}, {"url_password", url_password},
    {"url_host", url_host},         {"url_hostname", url_hostname},
    {"url_port", url_port},         {"url_pathname", url_pathname},
    {"url_search", url_search},     {"url_hash", url_hash},
};

/* url_href(input [, base]) and the other getters: sqlite3_user_data says which. */
static void fn_get(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const getter_def *g = sqlite3_user_data(ctx);
  url_call c;
  int rc = call_parse(ctx, argv, 0, argc > 1 ? 1 : -1, &c);
  url_str s = {"", 0};
  if (rc == URL_OK) s = g->get(&c.u);
  url_result(ctx, rc, s.s, s.n);
  call_free(&c);
}

/* url_resolve(base, input): NULL when the base is NULL. */
static void fn_resolve(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  url_call c;
  int rc = call_parse(ctx, argv, 1, 0, &c);
  url_str s = {"", 0};
  if (rc == URL_OK) s = url_href(&c.u);
  url_result(ctx, rc, s.s, s.n);
  call_free(&c);
}

/* url_origin(input [, base]) */
static void fn_origin(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_call c;
  int rc = call_parse(ctx, argv, 0, argc > 1 ? 1 : -1, &c);
  char st[URL_STACK];
  url_buf out;
  url_buf_init(&out, st, sizeof st, url_max_len(ctx));
  if (rc == URL_OK) rc = url_origin(&c.u, &out);
  url_result(ctx, rc, out.ptr, out.len);
  url_buf_free(&out);
  call_free(&c);
}

/* url_valid(input [, base]): 1 or 0; NULL for NULL input. */
static void fn_valid(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  url_call c;
  int rc = call_parse(ctx, argv, 0, argc > 1 ? 1 : -1, &c);
  if (rc == URL_OK || rc == URL_FAILURE) {
    sqlite3_result_int(ctx, rc == URL_OK);
  } else {
    url_result(ctx, rc, NULL, 0);
  }
  call_free(&c);
}

int url_register_url_functions(sqlite3 *db) {
  static const url_func_def defs[] = {
      {"url_resolve", 2, URL_FUNC_FLAGS, fn_resolve},
      {"url_origin", 1, URL_FUNC_FLAGS, fn_origin},
      {"url_origin", 2, URL_FUNC_FLAGS, fn_origin},
      {"url_valid", 1, URL_FUNC_FLAGS, fn_valid},
      {"url_valid", 2, URL_FUNC_FLAGS, fn_valid},
  };
  int rc = url_register(db, defs, sizeof defs / sizeof defs[0], NULL);
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof getters / sizeof getters[0];
       i++) {
    const url_func_def g[] = {
        {getters[i].name, 1, URL_FUNC_FLAGS, fn_get},
        {getters[i].name, 2, URL_FUNC_FLAGS, fn_get},
    };
    rc = url_register(db, g, 2, (void *)&getters[i]);
  }
  return rc;
}
