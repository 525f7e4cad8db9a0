/*
** url_set(url, component, value [, component, value ...]): the URL API's
** setters, applied in order, as
**
**   u = new URL(url); u[component] = value; ...; return u.href
**
** would.  Components: href, protocol, username, password, host, hostname,
** port, pathname, search, hash.
**
**   SELECT url_set('http://u:p@example.com/a#top', 'protocol', 'https',
**                  'username', '', 'password', '', 'hash', '');
**                                          -- 'https://example.com/a'
**   SELECT url_set('https://example.com:8080/', 'port', '');
**                                          -- 'https://example.com/'
**
** NULL url gives NULL; an invalid url gives NULL; setting href to an invalid
** URL gives NULL (the API throws there).  A NULL value sets the empty string.
** An unknown component name, or an even argument count, is an SQL error.
*/
#include "ext.h"
#include "setters.h"
SQLITE_EXTENSION_INIT3

/* Reports an unknown component name, listing the valid ones. */
static void bad_component(sqlite3_context *ctx, sqlite3_value *v) {
  const char *name = (const char *)sqlite3_value_text(v);
  url_result_errorf(ctx,
                    "url_set: unknown component '%s' (expected one of href, "
                    "protocol, username, password, host, hostname, port, "
                    "pathname, search, hash)",
                    name ? name : "NULL");
}

static void fn_set(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (argc < 3 || argc % 2 == 0) {
    url_result_errorf(ctx, "url_set: expected url followed by component, "
                           "value pairs");
    return;
  }
  /* Validate every component name first: misuse is an error even when the
     URL is NULL or invalid. */
  url_component which[64];
  int pairs = (argc - 1) / 2;
  if (pairs > (int)(sizeof which / sizeof which[0])) {
    url_result_errorf(ctx, "url_set: at most %d component, value pairs",
                      (int)(sizeof which / sizeof which[0]));
    return;
  }
  for (int i = 0; i < pairs; i++) {
    sqlite3_value *name = argv[1 + 2 * i];
    const char *s = (const char *)sqlite3_value_text(name);
    int c = s && sqlite3_value_type(name) == SQLITE_TEXT
                ? url_component_lookup(s, (size_t)sqlite3_value_bytes(name))
                : -1;
    if (c < 0) {
      bad_component(ctx, name);
      return;
    }
    which[i] = (url_component)c;
  }

  url_arg in;
  int rc = url_arg_read(ctx, argv[0], &in);
  char st[URL_STACK];
  url u;
  url_init(&u, st, sizeof st, url_max_len(ctx));
  if (rc == URL_OK) rc = url_parse(&u, in.s, in.n, NULL);
  url_arg_free(&in);
  for (int i = 0; i < pairs && rc == URL_OK; i++) {
    url_arg v;
    rc = url_arg_read(ctx, argv[2 + 2 * i], &v);
    if (rc == URL_FAILURE) rc = URL_OK; /* NULL value: the empty string */
    if (rc == URL_OK) rc = url_set(&u, which[i], v.s, v.n);
    url_arg_free(&v);
  }
  url_str h = url_href(&u);
  url_result(ctx, rc, h.s, h.n);
  url_free(&u);
}

int url_register_set_functions(sqlite3 *db) {
  static const url_func_def defs[] = {
      {"url_set", -1, URL_FUNC_FLAGS, fn_set},
  };
  return url_register(db, defs, 1, NULL);
}
