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
** URL gives NULL (the API throws there).  A NULL component or value gives
** NULL, as a NULL argument does everywhere (the empty string is what removes
** a port, query or fragment).  Component names are ASCII case-insensitive;
** an unknown one, or an even argument count, is an SQL error.
*/
#include "ext.h"
#include "setters.h"

static void url_fn_set(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int which[URL_MAX_PAIRS];
  int pairs = url_arg_pairs(ctx, argc, argv, "url", "component",
                            url_component_names, URL_C_COUNT, which);
  if (pairs == URL_ARG_ERROR) return;
  url_call c;
  url_call_begin(&c, ctx);
  /* A NULL name or value: NULL, as a NULL argument gives everywhere
     (url_arg_read's URL_FAILURE). */
  int rc = pairs == URL_ARG_NULL ? URL_FAILURE : url_call_parse(&c, argv, 0, -1);
  for (int i = 0; i < pairs && rc == URL_OK; i++) {
    url_arg v;
    rc = url_arg_read(&v, argv[2 + 2 * i], c.max);
    if (rc == URL_OK) rc = url_set(&c.u, (url_component)which[i], v.s, v.n);
    url_arg_free(&v);
  }
  url_result_str(ctx, rc, url_href(&c.u));
  url_call_end(&c);
}

/* ------------------------------------------------------ registration */

static const url_func funcs[] = {
    {"url_set", -1, URL_PURE, 0, url_fn_set},
};

const url_family url_set_family = {funcs, URL_COUNT(funcs), NULL, 0};
