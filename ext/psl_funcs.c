/*
** Public Suffix List functions: the URL Standard's public suffix and
** registrable domain, HTML's same site, and which list is in use.
**
**   SELECT url_registrable_domain('https://user:pw@www.example.co.uk:8080/');
**                                                   -- 'example.co.uk'
**   SELECT url_public_suffix('whatwg.github.io');  -- 'github.io'
**   SELECT url_registrable_domain('[::1]');         -- NULL (not a domain)
**   SELECT url_same_site('https://a.example.com', 'https://b.example.com');  -- 1
**   SELECT url_same_origin('https://a.example.com', 'https://b.example.com'); -- 0
**   SELECT url_psl_load('/usr/share/publicsuffix/public_suffix_list.dat');
**   SELECT url_psl_info() ->> '$.path';
**
** Each connection has its own list (no global state): a url_psl_conn,
** allocated by url_register_psl_functions and shared, reference-counted, by
** the functions that use it (each registration holds one reference and
** releases it in its xDestroy, so the last of them to go frees it, whatever
** the order SQLite drops them in).  url_psl_load swaps the list inside it.
**
** The context is also url_components' (ext/components.c): url_ext.c
** creates it and hands it to both; the API is declared in ext/ext.h.
*/
#include <string.h>

#include "ext.h"
#include "psl.h"
#include "url.h"
SQLITE_EXTENSION_INIT3

/* ------------------------------------------------- per-connection state */

struct url_psl_conn {
  int refs;          /* one per registered function, plus the creator's */
  url_psl_list list; /* the list in use; url_psl_load replaces it */
};

url_psl_conn *url_psl_conn_new(void) {
  url_psl_conn *c = sqlite3_malloc(sizeof *c);
  if (!c) return NULL;
  c->refs = 1;
  if (url_psl_open_default(&c->list) != URL_OK) {
    sqlite3_free(c);
    return NULL;
  }
  return c;
}

/* Reference counts change only in registration and in xDestroy callbacks,
   which SQLite runs under the connection's mutex: no atomics needed. */
url_psl_conn *url_psl_conn_retain(url_psl_conn *c) {
  c->refs++;
  return c;
}

void url_psl_conn_release(void *p) {
  url_psl_conn *c = p;
  if (c && --c->refs == 0) {
    url_psl_close(&c->list);
    sqlite3_free(c);
  }
}

/* The list in use.  The pointer stays valid as long as the holder keeps a
   reference; what it points to changes when url_psl_load runs, so read it
   at each use rather than caching c->list.psl. */
const url_psl_list *url_psl_conn_list(const url_psl_conn *c) {
  return &c->list;
}

/* --------------------------------------------------------------- helpers */

/*
** The host of an input of url_registrable_domain / url_public_suffix: the
** host of the URL if the input parses as an absolute URL, else the input
** parsed as a host (as url_parse_host(input) does).  *h / *t describe it
** (*t URL_HOST_NONE: none); they point into u or hb.
*/
static int input_host(sqlite3_context *ctx, sqlite3_value *v, url *u,
                      url_buf *hb, url_str *h, url_host_type *t) {
  *t = URL_HOST_NONE;
  *h = (url_str){"", 0};
  url_arg a;
  int rc = url_arg_read(ctx, v, &a);
  if (rc == URL_OK) {
    rc = url_parse(u, a.s, a.n, NULL);
    if (rc == URL_OK) {
      *h = url_hostname(u);
      *t = u->host_type;
    } else if (rc == URL_FAILURE) {
      rc = url_host_parse(a.s, a.n, 0, hb, t);
      if (rc == URL_OK) *h = (url_str){hb->ptr, hb->len};
    }
  }
  url_arg_free(&a);
  return rc;
}

/* url_public_suffix(input) and url_registrable_domain(input). */
static void host_part(sqlite3_context *ctx, sqlite3_value *v, int want_reg) {
  url_psl_conn *c = sqlite3_user_data(ctx);
  size_t max = url_max_len(ctx);
  char ust[URL_STACK], hst[URL_STACK];
  url u;
  url_buf hb;
  url_init(&u, ust, sizeof ust, max);
  url_buf_init(&hb, hst, sizeof hst, max);
  url_str h, part = {NULL, 0};
  url_host_type t;
  int rc = input_host(ctx, v, &u, &hb, &h, &t);
  if (rc == URL_OK)
    rc = url_psl_host_parts(&c->list, h.s, h.n, t, want_reg ? NULL : &part,
                            want_reg ? &part : NULL);
  if (rc == URL_OK && !part.s) rc = URL_FAILURE;
  url_result(ctx, rc, part.s, part.n);
  url_buf_free(&hb);
  url_free(&u);
}

static void fn_public_suffix(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  host_part(ctx, argv[0], 0);
}

static void fn_registrable_domain(sqlite3_context *ctx, int argc,
                                  sqlite3_value **argv) {
  host_part(ctx, argv[0], 1);
}

/* Two URLs parsed from argv[0], argv[1] (no base). */
typedef struct url_pair {
  url a, b;
  char ast[URL_STACK], bst[URL_STACK];
} url_pair;

static int parse_one(sqlite3_context *ctx, sqlite3_value *v, url *u) {
  url_arg a;
  int rc = url_arg_read(ctx, v, &a);
  if (rc == URL_OK) rc = url_parse(u, a.s, a.n, NULL);
  url_arg_free(&a);
  return rc;
}

static int pair_parse(sqlite3_context *ctx, sqlite3_value **argv,
                      url_pair *p) {
  size_t max = url_max_len(ctx);
  url_init(&p->a, p->ast, sizeof p->ast, max);
  url_init(&p->b, p->bst, sizeof p->bst, max);
  int rc = parse_one(ctx, argv[0], &p->a);
  if (rc == URL_OK) rc = parse_one(ctx, argv[1], &p->b);
  return rc;
}

static void pair_free(url_pair *p) {
  url_free(&p->a);
  url_free(&p->b);
}

static void result_bool(sqlite3_context *ctx, int rc, int v) {
  if (rc == URL_OK) {
    sqlite3_result_int(ctx, v != 0);
  } else {
    url_result(ctx, rc, NULL, 0); /* NULL, or the error */
  }
}

/* url_same_origin(a, b) */
static void fn_same_origin(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  url_pair p;
  int same = 0;
  int rc = pair_parse(ctx, argv, &p);
  if (rc == URL_OK) rc = url_psl_same_origin(&p.a, &p.b, &same);
  result_bool(ctx, rc, same);
  pair_free(&p);
}

/* url_same_site(a, b) */
static void fn_same_site(sqlite3_context *ctx, int argc,
                         sqlite3_value **argv) {
  url_psl_conn *c = sqlite3_user_data(ctx);
  url_pair p;
  int same = 0;
  int rc = pair_parse(ctx, argv, &p);
  if (rc == URL_OK) rc = url_psl_same_site(&c->list, &p.a, &p.b, &same);
  result_bool(ctx, rc, same);
  pair_free(&p);
}

static void result_describe(sqlite3_context *ctx, const url_psl_list *l) {
  char st[URL_STACK];
  url_buf out;
  url_buf_init(&out, st, sizeof st, url_max_len(ctx));
  int rc = url_psl_describe(l, &out);
  url_result(ctx, rc, out.ptr, out.len);
  url_buf_free(&out);
}

/* url_psl_info() */
static void fn_psl_info(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_psl_conn *c = sqlite3_user_data(ctx);
  result_describe(ctx, &c->list);
}

/* url_psl_load(path) */
static void fn_psl_load(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_psl_conn *c = sqlite3_user_data(ctx);
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    url_result_errorf(ctx, "url_psl_load: the path is NULL");
    return;
  }
  const char *path = (const char *)sqlite3_value_text(argv[0]);
  if (!path) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  int n = sqlite3_value_bytes(argv[0]);
  if (n == 0) {
    url_result_errorf(ctx, "url_psl_load: the path is empty");
    return;
  }
  if ((size_t)n != strlen(path)) {
    url_result_errorf(ctx, "url_psl_load: the path contains a NUL character");
    return;
  }
  url_psl_list nl;
  char why[160];
  int rc = url_psl_open_file(&nl, path, why, sizeof why);
  if (rc == URL_FAILURE) {
    url_result_errorf(ctx, "url_psl_load: cannot load '%q': %s", path, why);
    return;
  }
  if (rc != URL_OK) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  /* Swap, then free the old list: nothing holds on to it between calls. */
  url_psl_list old = c->list;
  c->list = nl;
  url_psl_close(&old);
  result_describe(ctx, &c->list);
}

/* ---------------------------------------------------------- registration */

int url_register_psl_functions_on(sqlite3 *db, url_psl_conn *c) {
  static const url_func_def defs[] = {
      {"url_public_suffix", 1, URL_FUNC_FLAGS, fn_public_suffix},
      {"url_registrable_domain", 1, URL_FUNC_FLAGS, fn_registrable_domain},
      {"url_same_site", 2, URL_FUNC_FLAGS, fn_same_site},
      /* Depends on the list in use, which changes: not deterministic. */
      {"url_psl_info", 0, SQLITE_UTF8, fn_psl_info},
      /* Reads files: only from top-level SQL, never from a view, trigger
         or schema (SQLITE_DIRECTONLY). */
      {"url_psl_load", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, fn_psl_load},
  };
  int rc = sqlite3_create_function_v2(db, "url_same_origin", 2, URL_FUNC_FLAGS,
                                      NULL, fn_same_origin, NULL, NULL, NULL);
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof defs / sizeof defs[0]; i++) {
    /* SQLite calls xDestroy even when the registration fails, so the
       reference is taken before the call either way. */
    rc = sqlite3_create_function_v2(db, defs[i].name, defs[i].n_arg,
                                    defs[i].flags, url_psl_conn_retain(c),
                                    defs[i].fn, NULL, NULL,
                                    url_psl_conn_release);
  }
  return rc;
}
