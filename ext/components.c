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
** and the hidden argument columns input and base.
**
** An eponymous-only virtual table after SQLite's ext/misc/series.c.  The
** cursor (one allocation) keeps the parsed URL in inline storage, so most
** rows allocate nothing, and keeps the last parsed base, so a join with a
** constant base parses it once per cursor.
*/
#include <string.h>

#include "ext.h"
#include "psl.h"
#include "url.h"
#include "utf8.h"
SQLITE_EXTENSION_INIT3

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
  K_SUFFIX       /* the host's public suffix */
} col_kind;

typedef struct col_def {
  const char *decl; /* the column's declaration in CREATE TABLE */
  col_kind kind;
  url_str (*get)(const url *);
} col_def;

/*
** The visible columns, in order.  Adding a column is one line here (plus a
** col_kind when its value is not a getter).
*/
static const col_def columns[] = {
    {"href TEXT", K_GETTER, url_href},
    {"origin TEXT", K_ORIGIN, NULL},
    {"protocol TEXT", K_GETTER, url_protocol},
    {"username TEXT", K_GETTER, url_username},
    {"password TEXT", K_GETTER, url_password},
    {"host TEXT", K_GETTER, url_host},
    {"hostname TEXT", K_GETTER, url_hostname},
    {"port TEXT", K_GETTER, url_port},
    {"pathname TEXT", K_GETTER, url_pathname},
    {"search TEXT", K_GETTER, url_search},
    {"hash TEXT", K_GETTER, url_hash},
    {"scheme TEXT", K_GETTER, url_scheme},
    {"query TEXT", K_NULLABLE, url_query},
    {"fragment TEXT", K_NULLABLE, url_fragment},
    {"host_type TEXT", K_HOST_TYPE, NULL},
    {"port_number INTEGER", K_PORT_NUMBER, NULL},
    {"has_opaque_path INTEGER", K_OPAQUE_PATH, NULL},
    {"registrable_domain TEXT", K_REGISTRABLE, NULL},
    {"public_suffix TEXT", K_SUFFIX, NULL},
};

#define N_COLUMNS ((int)(sizeof columns / sizeof columns[0]))
/* The hidden columns (the function's arguments) follow the visible ones. */
#define COL_INPUT N_COLUMNS
#define COL_BASE (N_COLUMNS + 1)
#define N_ARGS 2

/* ---------------------------------------------------------- the vtab */

typedef struct comp_vtab {
  sqlite3_vtab base;
  sqlite3 *db;
  const url_psl_conn *psl; /* the connection's public suffix list */
} comp_vtab;

typedef struct comp_cursor {
  sqlite3_vtab_cursor base;
  sqlite3 *db;
  int eof;             /* no (more) row */
  int valid;           /* u holds a valid URL (the row) */
  sqlite3_value *args[N_ARGS]; /* copies of input and base, for xColumn */
  url u;               /* the parsed input */
  url b;               /* the last parsed base, when b_rc is URL_OK */
  int b_rc;            /* -1, or the result of parsing args[1] into b */
  char st[URL_STACK];  /* inline storage of u */
  char bst[URL_STACK]; /* inline storage of b */
} comp_cursor;

static size_t db_max_len(sqlite3 *db) {
  int lim = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
  return lim > 0 ? (size_t)lim : 0;
}

/* Parses v into u (freshly initialised) against base (NULL: none). */
static int parse_value(sqlite3_value *v, url *u, const url *base,
                       size_t max) {
  char st[URL_STACK];
  url_buf fix;
  url_buf_init(&fix, st, sizeof st, max);
  const char *s;
  size_t n;
  int rc = url_value_text(v, &fix, &s, &n);
  if (rc == URL_OK) rc = url_parse(u, s, n, base);
  url_buf_free(&fix);
  return rc;
}

static int comp_connect(sqlite3 *db, void *aux, int argc,
                        const char *const *argv, sqlite3_vtab **out,
                        char **err) {
  sqlite3_str *sql = sqlite3_str_new(db);
  sqlite3_str_appendall(sql, "CREATE TABLE x(");
  for (int i = 0; i < N_COLUMNS; i++)
    sqlite3_str_appendf(sql, "%s, ", columns[i].decl);
  sqlite3_str_appendall(sql, "input HIDDEN, base HIDDEN)");
  char *z = sqlite3_str_finish(sql);
  if (!z) return SQLITE_NOMEM;
  int rc = sqlite3_declare_vtab(db, z);
  sqlite3_free(z);
  if (rc != SQLITE_OK) return rc;
  comp_vtab *t = sqlite3_malloc(sizeof *t);
  if (!t) return SQLITE_NOMEM;
  memset(t, 0, sizeof *t);
  t->db = db;
  t->psl = aux;
#ifdef SQLITE_VTAB_INNOCUOUS
  sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
#endif
  *out = &t->base;
  return SQLITE_OK;
}

static int comp_disconnect(sqlite3_vtab *vt) {
  sqlite3_free(vt);
  return SQLITE_OK;
}

static int comp_open(sqlite3_vtab *vt, sqlite3_vtab_cursor **out) {
  comp_cursor *c = sqlite3_malloc(sizeof *c);
  if (!c) return SQLITE_NOMEM;
  memset(c, 0, sizeof *c);
  c->db = ((comp_vtab *)vt)->db;
  size_t max = db_max_len(c->db);
  url_init(&c->u, c->st, sizeof c->st, max);
  url_init(&c->b, c->bst, sizeof c->bst, max);
  c->eof = 1;
  c->b_rc = -1;
  *out = &c->base;
  return SQLITE_OK;
}

static void free_args(comp_cursor *c) {
  for (int i = 0; i < N_ARGS; i++) {
    sqlite3_value_free(c->args[i]);
    c->args[i] = NULL;
  }
}

static int comp_close(sqlite3_vtab_cursor *cur) {
  comp_cursor *c = (comp_cursor *)cur;
  url_free(&c->u);
  url_free(&c->b);
  free_args(c);
  sqlite3_free(c);
  return SQLITE_OK;
}

/* Whether two non-NULL values read as the same bytes. */
static int same_value(sqlite3_value *a, sqlite3_value *b) {
  int ta = sqlite3_value_type(a), tb = sqlite3_value_type(b);
  if ((ta == SQLITE_BLOB) != (tb == SQLITE_BLOB)) return 0;
  const void *pa, *pb;
  if (ta == SQLITE_BLOB) {
    pa = sqlite3_value_blob(a);
    pb = sqlite3_value_blob(b);
  } else {
    pa = sqlite3_value_text(a);
    pb = sqlite3_value_text(b);
  }
  int na = sqlite3_value_bytes(a), nb = sqlite3_value_bytes(b);
  if (na != nb) return 0;
  if (na == 0) return 1;
  return pa && pb && memcmp(pa, pb, (size_t)na) == 0;
}

/* Sets an error message on the vtab from a core status code. */
static int vtab_error(sqlite3_vtab_cursor *cur, int rc) {
  if (rc == URL_TOOBIG) {
    sqlite3_free(cur->pVtab->zErrMsg);
    cur->pVtab->zErrMsg = sqlite3_mprintf("url_components: string or blob too big");
    return SQLITE_TOOBIG;
  }
  return SQLITE_NOMEM;
}

/*
** idxNum bit 0: the input is argv[0]; bit 1: the base is the next argv.
*/
static int comp_filter(sqlite3_vtab_cursor *cur, int idxNum,
                       const char *idxStr, int argc, sqlite3_value **argv) {
  comp_cursor *c = (comp_cursor *)cur;
  size_t max = db_max_len(c->db);
  sqlite3_value *in = (idxNum & 1) && argc > 0 ? argv[0] : NULL;
  sqlite3_value *bv = (idxNum & 2) && argc > (idxNum & 1) ? argv[idxNum & 1] : NULL;

  c->eof = 1;
  c->valid = 0;
  url_free(&c->u);
  url_init(&c->u, c->st, sizeof c->st, max);

  /* The base: reuse the last parse (valid or not) when the value is the
     same, so a join with a constant base parses it once. */
  const url *base = NULL;
  int rc = URL_OK;
  if (bv && sqlite3_value_type(bv) != SQLITE_NULL) {
    if (!((c->b_rc == URL_OK || c->b_rc == URL_FAILURE) && c->args[1] &&
          same_value(c->args[1], bv))) {
      url_free(&c->b);
      url_init(&c->b, c->bst, sizeof c->bst, max);
      c->b_rc = parse_value(bv, &c->b, NULL, max);
    }
    rc = c->b_rc;
    base = &c->b;
  }

  free_args(c);
  if (in) {
    c->args[0] = sqlite3_value_dup(in);
    if (!c->args[0]) return SQLITE_NOMEM;
  }
  if (bv) {
    c->args[1] = sqlite3_value_dup(bv);
    if (!c->args[1]) {
      c->b_rc = -1; /* args[1] no longer describes b */
      return SQLITE_NOMEM;
    }
  }

  if (rc == URL_FAILURE || !in) return SQLITE_OK; /* invalid base: no row */
  if (rc != URL_OK) return vtab_error(cur, rc);
  rc = parse_value(in, &c->u, base, max);
  if (rc == URL_FAILURE) return SQLITE_OK;
  if (rc != URL_OK) return vtab_error(cur, rc);
  c->valid = 1;
  c->eof = 0;
  return SQLITE_OK;
}

static int comp_next(sqlite3_vtab_cursor *cur) {
  ((comp_cursor *)cur)->eof = 1;
  return SQLITE_OK;
}

static int comp_eof(sqlite3_vtab_cursor *cur) {
  return ((comp_cursor *)cur)->eof;
}

static int comp_rowid(sqlite3_vtab_cursor *cur, sqlite_int64 *rowid) {
  *rowid = 1;
  return SQLITE_OK;
}

static int comp_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i) {
  comp_cursor *c = (comp_cursor *)cur;
  if (i == COL_INPUT || i == COL_BASE) {
    sqlite3_value *v = c->args[i - COL_INPUT];
    if (v) sqlite3_result_value(ctx, v);
    return SQLITE_OK;
  }
  if (i < 0 || i >= N_COLUMNS || !c->valid) return SQLITE_OK; /* NULL */
  const col_def *col = &columns[i];
  const url *u = &c->u;
  switch (col->kind) {
    case K_GETTER:
    case K_NULLABLE: {
      url_str s = col->get(u);
      if (!s.s) break; /* NULL */
      url_result(ctx, URL_OK, s.s, s.n);
      break;
    }
    case K_ORIGIN: {
      char st[URL_STACK];
      url_buf out;
      url_buf_init(&out, st, sizeof st, db_max_len(c->db));
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
    case K_SUFFIX: {
      const comp_vtab *t = (const comp_vtab *)cur->pVtab;
      const url_psl_list *l = url_psl_conn_list(t->psl);
      url_str h = url_hostname(u), r;
      int rc = col->kind == K_SUFFIX
                   ? url_psl_public_suffix(l, h.s, h.n, u->host_type, &r)
                   : url_psl_registrable_domain(l, h.s, h.n, u->host_type, &r);
      url_result(ctx, rc, r.s, r.n);
      break;
    }
  }
  return SQLITE_OK;
}

/*
** The input argument must be an equality constraint SQLite can use; the
** base one is optional.  As in series.c: when an argument's constraint is
** present but unusable (a join order where its value is not yet known),
** return SQLITE_CONSTRAINT so the planner picks another order.
*/
static int comp_best_index(sqlite3_vtab *vt, sqlite3_index_info *info) {
  int aIdx[N_ARGS] = {-1, -1};
  int seen = 0, unusable = 0;
  for (int i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *k = &info->aConstraint[i];
    if (k->iColumn < COL_INPUT || k->iColumn >= COL_INPUT + N_ARGS) continue;
    if (k->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
    int a = k->iColumn - COL_INPUT;
    seen |= 1 << a;
    if (!k->usable) {
      unusable |= 1 << a;
    } else if (aIdx[a] < 0) {
      aIdx[a] = i;
    }
  }
  int idxNum = 0, nArg = 0;
  for (int a = 0; a < N_ARGS; a++) {
    if (aIdx[a] < 0) continue;
    idxNum |= 1 << a;
    info->aConstraintUsage[aIdx[a]].argvIndex = ++nArg;
    info->aConstraintUsage[aIdx[a]].omit = 1;
  }
  if (!(seen & 1)) {
    sqlite3_free(vt->zErrMsg);
    vt->zErrMsg = sqlite3_mprintf("url_components: missing input argument");
    return SQLITE_ERROR;
  }
  if (unusable & ~idxNum) return SQLITE_CONSTRAINT;
  info->idxNum = idxNum;
  info->estimatedCost = 1.0;
  info->estimatedRows = 1;
  info->idxFlags = SQLITE_INDEX_SCAN_UNIQUE;
  return SQLITE_OK;
}

static sqlite3_module comp_module = {
    .iVersion = 0,
    .xCreate = NULL, /* eponymous-only */
    .xConnect = comp_connect,
    .xBestIndex = comp_best_index,
    .xDisconnect = comp_disconnect,
    .xDestroy = NULL,
    .xOpen = comp_open,
    .xClose = comp_close,
    .xFilter = comp_filter,
    .xNext = comp_next,
    .xEof = comp_eof,
    .xColumn = comp_column,
    .xRowid = comp_rowid,
};

int url_register_components(sqlite3 *db, url_psl_conn *psl) {
  /* The module holds a reference to the list, released with the module. */
  return sqlite3_create_module_v2(db, "url_components", &comp_module,
                                  url_psl_conn_retain(psl), url_psl_conn_release);
}
