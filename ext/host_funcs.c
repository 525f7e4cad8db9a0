/*
** Host functions: the Standard's host parser and domain to Unicode.
**
**   SELECT url_parse_host('EXAMPLE.com');      -- 'example.com'
**   SELECT url_parse_host('0x7f.1');           -- '127.0.0.1'
**   SELECT url_parse_host('[0:0::1]');         -- '[::1]'
**   SELECT url_parse_host('münchen.de');       -- 'xn--mnchen-3ya.de'
**   SELECT url_parse_host('a%20b', 1);         -- 'a%20b' (opaque host)
**   SELECT url_domain_to_unicode('xn--mnchen-3ya.de');  -- 'münchen.de'
*/
#include "ext.h"
#include "host.h"
#include "idna.h"
SQLITE_EXTENSION_INIT3

/*
** Reads an optional boolean argument.  Returns 0 or 1, or -1 after setting an
** error when the value is text or a blob (a misspelt argument, most likely).
*/
static int bool_arg(sqlite3_context *ctx, sqlite3_value *v, const char *fn,
                    const char *what) {
  switch (sqlite3_value_numeric_type(v)) {
    case SQLITE_NULL: return 0;
    case SQLITE_INTEGER:
    case SQLITE_FLOAT: return sqlite3_value_double(v) != 0.0;
  }
  url_result_errorf(ctx, "%s: %s must be 0 or 1", fn, what);
  return -1;
}

/* url_parse_host(input [, is_opaque]) */
static void fn_parse_host(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int opaque = argc > 1 ? bool_arg(ctx, argv[1], "url_parse_host", "is_opaque") : 0;
  if (opaque < 0) return;
  url_arg in;
  int rc = url_arg_read(ctx, argv[0], &in);
  char st[URL_STACK];
  url_buf out;
  url_buf_init(&out, st, sizeof st, url_max_len(ctx));
  url_host_type type;
  if (rc == URL_OK) rc = url_host_parse(in.s, in.n, opaque, &out, &type);
  url_result(ctx, rc, out.ptr, out.len);
  url_buf_free(&out);
  url_arg_free(&in);
}

/* url_domain_to_unicode(domain) */
static void fn_domain_to_unicode(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  url_arg in;
  int rc = url_arg_read(ctx, argv[0], &in);
  char st[URL_STACK];
  url_buf out;
  url_buf_init(&out, st, sizeof st, url_max_len(ctx));
  if (rc == URL_OK) rc = url_domain_to_unicode(in.s, in.n, &out);
  url_result(ctx, rc, out.ptr, out.len);
  url_buf_free(&out);
  url_arg_free(&in);
}

int url_register_host_functions(sqlite3 *db) {
  static const url_func_def defs[] = {
      {"url_parse_host", 1, URL_FUNC_FLAGS, fn_parse_host},
      {"url_parse_host", 2, URL_FUNC_FLAGS, fn_parse_host},
      {"url_domain_to_unicode", 1, URL_FUNC_FLAGS, fn_domain_to_unicode},
  };
  return url_register(db, defs, sizeof defs / sizeof defs[0], NULL);
}
