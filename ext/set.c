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

#define MAX_PAIRS 64

static void url_fn_set(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (argc < 3 || argc % 2 == 0) {
    url_error(ctx, "expected url followed by component, value pairs");
    return;
  }
  int pairs = (argc - 1) / 2;
  if (pairs > MAX_PAIRS) {
    url_error(ctx, "at most %d component, value pairs", MAX_PAIRS);
    return;
  }
  /* Validate every component name first: misuse is an error even when the
     URL is NULL or invalid. */
  url_component which[MAX_PAIRS];
  for (int i = 0; i < pairs; i++) {
    int k = url_arg_choice(ctx, argv, 1 + 2 * i, "component",
                           url_component_names, URL_C_COUNT);
    if (k == URL_ARG_NULL) { /* a NULL name is misuse too */
      url_error_choice(ctx, argv[1 + 2 * i], "component", url_component_names,
                       URL_C_COUNT);
      return;
    }
    if (k < 0) return;
    which[i] = (url_component)k;
  }
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse(&c, argv, 0, -1);
  for (int i = 0; i < pairs && rc == URL_OK; i++) {
    url_arg v;
    rc = url_arg_read(&v, argv[2 + 2 * i], c.max);
    if (rc == URL_FAILURE) rc = URL_OK; /* NULL value: the empty string */
    if (rc == URL_OK) rc = url_set(&c.u, which[i], v.s, v.n);
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
