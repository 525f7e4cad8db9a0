/*
** url_components(input [, base]): a table-valued function giving every
** component of new URL(input, base) as one row; no row when the input is NULL
** or not a valid URL (or the base is not a valid URL).  A NULL base means no
** base, as for the scalar functions.
**
**   SELECT hostname, port_number, query
**     FROM url_components('https://example.com:8080/p?q=1');
**   -- example.com | 8080 | q=1
**
**   SELECT links.url, c.host_type
**     FROM links LEFT JOIN url_components(links.url) AS c;
**
** Columns: the URL API getters href ... hash, then
**   scheme           the scheme without ':'
**   query, fragment  without '?'/'#'; NULL when the URL's query / fragment is
**                    null, '' when empty (url_search / url_hash give '' for both)
**   host_type        'domain', 'ipv4', 'ipv6', 'opaque', 'empty'; NULL: no host
**   port_number      the port as an INTEGER; NULL when the port is null
**   has_opaque_path  1 for a URL with an opaque path (mailto:x), else 0
**   idna2008_host    a domain host as IDNA2008 lookup accepts it (then equal
**                    to hostname), NULL if refused or not a domain
**   registrable_domain, public_suffix, tld, subdomain
**                    url_registrable_domain(), url_public_suffix(),
**                    url_tld(), url_subdomain() of the URL (full list)
** and the hidden argument columns input and base.
**
** A url_tvf (ext/vtab.c).  The cursor (one allocation) parses into storage
** it keeps from row to row (url_kept), so rows allocate nothing, and keeps
** the last parsed base, so a join with a constant base parses it once per
** cursor.
*/
#include "ext.h"
#include "idna2008.h"
#include "psl.h"

/* ------------------------------------------------------------- columns */

/* How a column's value is computed from the parsed URL. */
typedef enum col_kind {
  K_GETTER,      /* a url_str getter; "" stays "" */
  K_NULLABLE,    /* a url_str getter; s == NULL gives NULL */
  K_ORIGIN,      /* url_origin() */
  K_HOST_TYPE,   /* url_host_type_name() */
  K_PORT_NUMBER, /* u->port, NULL when -1 */
  K_OPAQUE_PATH, /* u->opaque_path */
  K_REGISTRABLE, /* the host's registrable domain (public suffix list) */
  K_SUFFIX,      /* the host's public suffix */
  K_IDNA2008,    /* the host under IDNA2008 (parts/idna2008.h) */
  K_TLD,         /* the host's top-level domain */
  K_SUBDOMAIN    /* the labels before the registrable domain */
} col_kind;

/*
** The visible columns, in order: declaration, kind, getter.  Adding a
** column is one line here (plus a col_kind when its value is not a getter).
*/
#define COMPONENT_COLUMNS(X)                         \
  X("href TEXT", K_GETTER, url_href)                 \
  X("origin TEXT", K_ORIGIN, NULL)                   \
  X("protocol TEXT", K_GETTER, url_protocol)         \
  X("username TEXT", K_GETTER, url_username)         \
  X("password TEXT", K_GETTER, url_password)         \
  X("host TEXT", K_GETTER, url_host)                 \
  X("hostname TEXT", K_GETTER, url_hostname)         \
  X("port TEXT", K_GETTER, url_port)                 \
  X("pathname TEXT", K_GETTER, url_pathname)         \
  X("search TEXT", K_GETTER, url_search)             \
  X("hash TEXT", K_GETTER, url_hash)                 \
  X("scheme TEXT", K_GETTER, url_scheme)             \
  X("query TEXT", K_NULLABLE, url_query)             \
  X("fragment TEXT", K_NULLABLE, url_fragment)       \
  X("host_type TEXT", K_HOST_TYPE, NULL)             \
  X("port_number INTEGER", K_PORT_NUMBER, NULL)      \
  X("has_opaque_path INTEGER", K_OPAQUE_PATH, NULL)  \
  X("registrable_domain TEXT", K_REGISTRABLE, NULL)  \
  X("public_suffix TEXT", K_SUFFIX, NULL)            \
  X("idna2008_host TEXT", K_IDNA2008, NULL)          \
  X("tld TEXT", K_TLD, NULL)                         \
  X("subdomain TEXT", K_SUBDOMAIN, NULL)

typedef struct col_def {
  col_kind kind;
  url_str (*get)(const url *);
} col_def;

#define COL_DECL(decl, kind, get) decl,
#define COL_DEF(decl, kind, get) {kind, get},
static const char *const column_decls[] = {COMPONENT_COLUMNS(COL_DECL)};
static const col_def columns[] = {COMPONENT_COLUMNS(COL_DEF)};

/* ---------------------------------------------------------- the cursor */

typedef struct comp_cursor {
  url_tvf_cursor base;
  url_kept u;          /* the parsed input */
  url_tvf_base b;      /* the last parsed base */
} comp_cursor;

static void comp_open(url_tvf_cursor *cur) {
  comp_cursor *c = (comp_cursor *)cur;
  url_kept_init(&c->u);
  url_tvf_base_open(&c->b, cur->max);
}

static void comp_close(url_tvf_cursor *cur) {
  comp_cursor *c = (comp_cursor *)cur;
  url_kept_free(&c->u);
  url_tvf_base_close(&c->b);
}

/* argv: input, base.  One row for a valid URL. */
static int comp_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  comp_cursor *c = (comp_cursor *)cur;
  sqlite3_value *in = argv[0];
  const url *base;
  int rc = url_tvf_base_get(cur, &c->b, 1, argv[1], &base);
  if (rc == URL_FAILURE) return URL_OK; /* invalid base: no row */
  if (rc != URL_OK) return rc;
  if (!in) return URL_OK;
  rc = url_kept_parse(&c->u, in, base, cur->max);
  if (rc == URL_FAILURE) return URL_OK;
  if (rc == URL_OK) cur->n_rows = 1;
  return rc;
}

static void comp_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  comp_cursor *c = (comp_cursor *)cur;
  const col_def *col = &columns[i];
  const url *u = &c->u.u;
  switch (col->kind) {
    case K_GETTER:
    case K_NULLABLE: {
      url_str s = col->get(u);
      if (s.s) url_result_part(ctx, URL_OK, s, &c->u.u.href, 0); /* else NULL */
      break;
    }
    case K_ORIGIN: {
      char st[URL_STACK];
      url_buf out;
      url_buf_init(&out, &url_mem_sqlite, st, sizeof st, cur->max);
      int rc = url_origin(u, &out);
      url_result(ctx, rc, out.ptr, out.len);
      url_buf_free(&out);
      break;
    }
    case K_HOST_TYPE: {
      const char *name = url_host_type_name(u->host_type);
      if (name) sqlite3_result_text(ctx, name, -1, SQLITE_STATIC);
      break;
    }
    case K_PORT_NUMBER:
      if (u->port >= 0) sqlite3_result_int(ctx, u->port);
      break;
    case K_OPAQUE_PATH:
      sqlite3_result_int(ctx, u->opaque_path != 0);
      break;
    case K_REGISTRABLE:
    case K_SUFFIX:
    case K_TLD:
    case K_SUBDOMAIN: {
      int part = col->kind == K_REGISTRABLE ? URL_PART_REGISTRABLE_DOMAIN
                 : col->kind == K_SUFFIX    ? URL_PART_PUBLIC_SUFFIX
                 : col->kind == K_TLD       ? URL_PART_TLD
                                            : URL_PART_SUBDOMAIN;
      url_str r;
      int rc = url_host_part(url_conn_psl(cur->conn), URL_PSL_ALL, part,
                             url_hostname(u), u->host_type, &r);
      url_result_str(ctx, rc, r);
      break;
    }
    case K_IDNA2008: {
      if (u->host_type != URL_HOST_DOMAIN) break; /* NULL */
      char st[URL_STACK];
      url_buf out;
      url_buf_init(&out, &url_mem_sqlite, st, sizeof st, cur->max);
      url_str h = url_hostname(u);
      int why;
      int rc = url_idna2008_to_ascii(h.s, h.n, &out, &why);
      url_result(ctx, rc, out.ptr, out.len);
      url_buf_free(&out);
      break;
    }
  }
}

static const char *const comp_args[] = {"input", "base"};

static const url_tvf url_components_tvf = {
    URL_TVF_SHAPE("url_components", column_decls, comp_args, 1, comp_cursor),
    .open = comp_open, .close = comp_close,
    .filter = comp_filter, .column = comp_column};

/* ------------------------------------------------------ registration */

static const url_tvf *const tvfs[] = {&url_components_tvf};

const url_family url_components_family = {NULL, 0, tvfs, URL_COUNT(tvfs)};
