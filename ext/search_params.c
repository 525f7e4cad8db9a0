/*
** URLSearchParams and percent-encoding from SQL (URL Standard §5, §6.2).
**
**   SELECT name, value FROM url_search_params('https://a/?q=sqlite+url&x=%C3%A9');
**   -- q | sqlite url
**   -- x | é
**   SELECT url_search_param('https://a/?q=1&q=2', 'q');           -- '1'
**   SELECT url_search_param('?utm_source=x&id=7', 'id');          -- '7'
**   SELECT url_search_param_append('https://a/?a=1', 'b', 'x y'); -- 'https://a/?a=1&b=x+y'
**   SELECT url_search_param_set('https://a/?a=1&a=2#f', 'a', 3);  -- 'https://a/?a=3#f'
**   SELECT url_search_param_delete('https://a/?a=1&b=2', 'a');    -- 'https://a/?b=2'
**   SELECT url_search_param_delete('https://a/?a=1&a=2', 'a', 2); -- 'https://a/?a=1'
**   SELECT url_search_params_sort('https://a/?z=1&a=2');          -- 'https://a/?a=2&z=1'
**   SELECT url_encode('a b&c');                                   -- 'a%20b%26c'
**   SELECT url_encode('a b&c', 'form');                           -- 'a+b%26c'
**   SELECT url_decode('caf%C3%A9+au+lait', 'form');               -- 'café au lait'
**
** Sources.  url_search_params(input) and url_search_param(input, name) take
** a URL or a query string: when input is a valid absolute URL (the basic
** URL parser without a base succeeds) its query is used, and a URL with a
** null query has no parameters; otherwise input itself is the query string,
** after removing one leading '?'.  (So 'a=1&b=2' and '?a=1&b=2' are query
** strings; a query string that happens to parse as a URL, such as
** 'x:y=1', is taken as a URL: pass '?x:y=1' to be explicit.)
**
** url_search_params(input): a table-valued function, one row per tuple of
** the application/x-www-form-urlencoded parse of the query, in order:
** columns `name` and `value` (decoded: '+' is a space, percent-decoded,
** UTF-8 decoded with U+FFFD replacement) and the hidden `input`.  NULL input
** gives no rows.  Usable in joins:
**     SELECT l.id, p.name, p.value FROM links AS l, url_search_params(l.url) AS p;
**
** url_search_param(input, name): URLSearchParams get(name): the first value
** for name, or NULL when there is none.  NULL input or name gives NULL.
**
** The modifiers return the new href, exactly as
**     u = new URL(url); u.searchParams.OP(...); return u.href
**   url_search_param_append(url, name, value)
**   url_search_param_set(url, name, value)
**   url_search_param_delete(url, name [, value])
**   url_search_params_sort(url)
** The update steps re-serialize the whole query with the form serializer,
** so any operation normalizes it ('?a=b c' becomes '?a=b+c', '?a' becomes
** '?a='), and an empty list leaves no '?' at all.  The fragment is kept.
** `url` must be an absolute URL: an invalid one gives NULL.  NULL in any
** argument gives NULL (a NULL value is not '' and, for delete, not "no
** value": write url_search_param_delete(url, name) for that).
**
** url_encode(text [, set]): UTF-8 percent-encodes text with one of the
** Standard's percent-encode sets: 'component' (the default; it leaves the
** same characters as JavaScript's encodeURIComponent), 'userinfo', 'path',
** 'query', 'special-query', 'fragment', 'c0-control', or 'form'
** (application/x-www-form-urlencoded: also ! ' ( ) ~, and space becomes
** '+').  Set names are case-sensitive; an unknown one is an SQL error that
** lists the names.
**
** url_decode(text [, 'form']): percent-decodes text (a '%' not followed by
** two hex digits stays as it is), then UTF-8 decodes the bytes with U+FFFD
** replacement; with 'form', '+' is a space first.  Any other second
** argument is an SQL error.
**
** For both, NULL text or a NULL second argument gives NULL.  Arguments are
** read as everywhere in this extension: numbers as their text, BLOBs as
** bytes, invalid UTF-8 as U+FFFD.
**
** Performance: the decoded list lives in stack storage (1 KiB of text, 64
** tuples) and moves to the heap only beyond that; the table-valued
** function's cursor holds that storage, and a copy of its argument for the
** hidden column, inline (one allocation per cursor) and reuses it from row
** to row of a join.  url_search_param decodes only
** the names it compares.  Every operation is linear in the query's length
** except sort (a stable merge sort).
*/
#include <string.h>

#include "ext.h"
#include "percent.h"
#include "search_params.h"
#include "url.h"
#include "utf8.h"
SQLITE_EXTENSION_INIT3

#define SP_TEXT 1024 /* bytes of decoded text in stack storage */
#define SP_PAIRS 64  /* tuples in stack storage */

/*
** The query string of a source (URL or query string) s[0..n): *q is NULL
** when s is a URL with a null query.  u (freshly initialised) holds the
** parsed URL, which *q may point into.  Returns URL_OK or an error.
*/
static int source_query(const char *s, size_t n, url *u, url_str *q) {
  int rc = url_parse(u, s, n, NULL);
  if (rc == URL_OK) {
    *q = url_query(u);
    return URL_OK;
  }
  if (rc != URL_FAILURE) return rc;
  if (n > 0 && s[0] == '?') {
    s++;
    n--;
  }
  q->s = s;
  q->n = n;
  return URL_OK;
}

/* ------------------------------------------------------ scalar: get */

/* url_search_param(input, name) */
static void fn_get(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_arg in, name;
  int rc = url_arg_read(ctx, argv[0], &in);
  int rc2 = url_arg_read(ctx, argv[1], &name);
  if (rc == URL_OK) rc = rc2;
  char st[URL_STACK], ost[URL_STACK];
  url u;
  url_init(&u, st, sizeof st, url_max_len(ctx));
  url_buf out;
  url_buf_init(&out, ost, sizeof ost, url_max_len(ctx));
  url_str q = {NULL, 0};
  if (rc == URL_OK) rc = source_query(in.s, in.n, &u, &q);
  if (rc == URL_OK) {
    rc = q.s ? url_sp_get_in(q.s, q.n, name.s, name.n, &out) : URL_FAILURE;
  }
  url_result(ctx, rc, out.ptr, out.len);
  url_buf_free(&out);
  url_free(&u);
  url_arg_free(&name);
  url_arg_free(&in);
}

/* ------------------------------------------------- scalar: modifiers */

typedef enum sp_op { SP_APPEND, SP_SET, SP_DELETE, SP_SORT } sp_op;

/*
** url_search_param_append / _set / _delete, url_search_params_sort: one
** implementation; the operation is the function's user data.
*/
static void fn_modify(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  sp_op op = *(const sp_op *)sqlite3_user_data(ctx);
  size_t max = url_max_len(ctx);
  url_arg href, name, value;
  int has_value = argc > 2;
  int rc = url_arg_read(ctx, argv[0], &href);
  int rn = argc > 1 ? url_arg_read(ctx, argv[1], &name) : URL_OK;
  int rv = has_value ? url_arg_read(ctx, argv[2], &value) : URL_OK;
  if (rc == URL_OK) rc = rn;
  if (rc == URL_OK) rc = rv;

  char st[URL_STACK], ost[URL_STACK], text[SP_TEXT];
  url_sp_pair pairs[SP_PAIRS];
  url u;
  url_init(&u, st, sizeof st, max);
  url_search_params p;
  url_sp_init(&p, text, sizeof text, pairs, SP_PAIRS, max);
  url_buf out;
  url_buf_init(&out, ost, sizeof ost, max);

  if (rc == URL_OK) rc = url_parse(&u, href.s, href.n, NULL);
  if (rc == URL_OK) rc = url_sp_parse_url(&p, &u);
  if (rc == URL_OK) {
    switch (op) {
      case SP_APPEND:
        rc = url_sp_append(&p, name.s, name.n, value.s, value.n);
        break;
      case SP_SET:
        rc = url_sp_set(&p, name.s, name.n, value.s, value.n);
        break;
      case SP_DELETE:
        rc = url_sp_delete(&p, name.s, name.n, has_value ? value.s : NULL,
                           has_value ? value.n : 0);
        break;
      case SP_SORT:
        rc = url_sp_sort(&p);
        break;
    }
  }
  if (rc == URL_OK) rc = url_sp_update_href(&u, &p, &out);
  url_result(ctx, rc, out.ptr, out.len);

  url_buf_free(&out);
  url_sp_free(&p);
  url_free(&u);
  if (has_value) url_arg_free(&value);
  if (argc > 1) url_arg_free(&name);
  url_arg_free(&href);
}

/* ------------------------------------------------ encode and decode */

typedef struct pct_set_def {
  const char *name;
  const url_pct_set *set;
  int space_as_plus;
} pct_set_def;

static const pct_set_def PCT_SETS[] = {
    {"component", &URL_SET_COMPONENT, 0},
    {"userinfo", &URL_SET_USERINFO, 0},
    {"path", &URL_SET_PATH, 0},
    {"query", &URL_SET_QUERY, 0},
    {"special-query", &URL_SET_SPECIAL_QUERY, 0},
    {"fragment", &URL_SET_FRAGMENT, 0},
    {"c0-control", &URL_SET_C0, 0},
    {"form", &URL_SET_FORM, 1},
};
#define N_PCT_SETS (sizeof PCT_SETS / sizeof PCT_SETS[0])

/*
** The set named by argument v; NULL after setting an SQL error when the
** name is unknown.  *is_null is set when v is NULL (then no error).
*/
static const pct_set_def *lookup_set(sqlite3_context *ctx, sqlite3_value *v,
                                     int *is_null) {
  *is_null = sqlite3_value_type(v) == SQLITE_NULL;
  if (*is_null) return NULL;
  const char *s = (const char *)sqlite3_value_text(v);
  if (!s) {
    sqlite3_result_error_nomem(ctx);
    return NULL;
  }
  size_t n = (size_t)sqlite3_value_bytes(v);
  for (size_t i = 0; i < N_PCT_SETS; i++) {
    if (strlen(PCT_SETS[i].name) == n && !memcmp(PCT_SETS[i].name, s, n))
      return &PCT_SETS[i];
  }
  url_result_errorf(ctx,
                    "url_encode: unknown percent-encode set '%s' (expected "
                    "one of: component, userinfo, path, query, special-query, "
                    "fragment, c0-control, form)",
                    s);
  return NULL;
}

/* url_encode(text [, set]) */
static void fn_encode(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const pct_set_def *def = &PCT_SETS[0];
  if (argc > 1) {
    int is_null;
    def = lookup_set(ctx, argv[1], &is_null);
    if (!def) {
      if (is_null) sqlite3_result_null(ctx);
      return;
    }
  }
  url_arg in;
  int rc = url_arg_read(ctx, argv[0], &in);
  char st[URL_STACK];
  url_buf out;
  url_buf_init(&out, st, sizeof st, url_max_len(ctx));
  if (rc == URL_OK) {
    url_pct_encode(&out, in.s, in.n, def->set, def->space_as_plus);
    rc = out.err;
  }
  url_result(ctx, rc, out.ptr, out.len);
  url_buf_free(&out);
  url_arg_free(&in);
}

/* url_decode(text [, 'form']) */
static void fn_decode(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int form = 0;
  if (argc > 1) {
    if (sqlite3_value_type(argv[1]) == SQLITE_NULL) {
      sqlite3_result_null(ctx);
      return;
    }
    const char *s = (const char *)sqlite3_value_text(argv[1]);
    if (!s) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    if (sqlite3_value_bytes(argv[1]) != 4 || memcmp(s, "form", 4) != 0) {
      url_result_errorf(ctx,
                        "url_decode: unknown mode '%s' (the second argument "
                        "must be 'form', or omitted)",
                        s);
      return;
    }
    form = 1;
  }
  url_arg in;
  int rc = url_arg_read(ctx, argv[0], &in);
  char st[URL_STACK];
  url_buf out;
  url_buf_init(&out, st, sizeof st, url_max_len(ctx));
  if (rc == URL_OK) rc = url_sp_decode(&out, in.s, in.n, form);
  url_result(ctx, rc, out.ptr, out.len);
  url_buf_free(&out);
  url_arg_free(&in);
}

/* ------------------------------------- url_search_params(input) table */

enum { COL_NAME, COL_VALUE, COL_INPUT };

typedef struct sp_vtab {
  sqlite3_vtab base;
  sqlite3 *db;
} sp_vtab;

typedef struct sp_cursor {
  sqlite3_vtab_cursor base;
  sqlite3 *db;
  size_t row;           /* current tuple */
  /* The argument, for the hidden column: its type, its number, and its
     bytes (text or blob) in `in`, which starts in in_st.  A copy of our
     own rather than sqlite3_value_dup(), which would allocate per row. */
  int in_type;          /* SQLITE_NULL: no argument (or NULL) */
  sqlite3_int64 in_int;
  double in_real;
  url_buf in;
  url_search_params p;  /* the tuples */
  url_sp_pair pairs[SP_PAIRS];
  char text[SP_TEXT];
  char in_st[URL_STACK];
} sp_cursor;

static size_t db_max_len(sqlite3 *db) {
  int lim = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
  return lim > 0 ? (size_t)lim : 0;
}

static int sp_connect(sqlite3 *db, void *aux, int argc,
                      const char *const *argv, sqlite3_vtab **out,
                      char **err) {
  int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(name TEXT, value TEXT, "
                                    "input HIDDEN)");
  if (rc != SQLITE_OK) return rc;
  sp_vtab *t = sqlite3_malloc(sizeof *t);
  if (!t) return SQLITE_NOMEM;
  memset(t, 0, sizeof *t);
  t->db = db;
#ifdef SQLITE_VTAB_INNOCUOUS
  sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
#endif
  *out = &t->base;
  return SQLITE_OK;
}

static int sp_disconnect(sqlite3_vtab *vt) {
  sqlite3_free(vt);
  return SQLITE_OK;
}

static int sp_open(sqlite3_vtab *vt, sqlite3_vtab_cursor **out) {
  sp_cursor *c = sqlite3_malloc(sizeof *c);
  if (!c) return SQLITE_NOMEM;
  memset(c, 0, sizeof *c);
  c->db = ((sp_vtab *)vt)->db;
  size_t max = db_max_len(c->db);
  url_sp_init(&c->p, c->text, sizeof c->text, c->pairs, SP_PAIRS, max);
  url_buf_init(&c->in, c->in_st, sizeof c->in_st, max);
  c->in_type = SQLITE_NULL;
  *out = &c->base;
  return SQLITE_OK;
}

static int sp_close(sqlite3_vtab_cursor *cur) {
  sp_cursor *c = (sp_cursor *)cur;
  url_sp_free(&c->p);
  url_buf_free(&c->in);
  sqlite3_free(c);
  return SQLITE_OK;
}

/*
** Keeps argument v in the cursor and parses the tuples of that source
** into the cursor's list.  v is read as url_arg_read() does (numbers as
** their text, blobs as bytes, invalid UTF-8 repaired).
*/
static int load_source(sp_cursor *c, sqlite3_value *v) {
  size_t max = db_max_len(c->db);
  c->in_type = sqlite3_value_type(v);
  const char *p;
  switch (c->in_type) {
    case SQLITE_NULL:
      return URL_OK; /* no rows */
    case SQLITE_INTEGER:
      c->in_int = sqlite3_value_int64(v);
      break;
    case SQLITE_FLOAT:
      c->in_real = sqlite3_value_double(v);
      break;
  }
  if (c->in_type == SQLITE_BLOB) {
    p = sqlite3_value_blob(v);
  } else {
    p = (const char *)sqlite3_value_text(v);
    if (!p) return URL_NOMEM;
  }
  int len = sqlite3_value_bytes(v);
  if (len > 0) url_buf_append(&c->in, p, (size_t)len);
  if (c->in.err) return c->in.err;

  char fst[URL_STACK], ust[URL_STACK];
  url_buf fix;
  url_buf_init(&fix, fst, sizeof fst, max);
  url u;
  url_init(&u, ust, sizeof ust, max);
  const char *s = "";
  size_t n = 0;
  url_str q = {NULL, 0};
  int rc = c->in.len ? url_utf8_sanitize(c->in.ptr, c->in.len, &fix, &s, &n)
                     : URL_OK;
  if (rc == URL_OK) rc = source_query(s, n, &u, &q);
  if (rc == URL_OK && q.s) rc = url_sp_parse(&c->p, q.s, q.n);
  url_free(&u);
  url_buf_free(&fix);
  return rc;
}

/* idxNum 1: argv[0] is the input. */
static int sp_filter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                     int argc, sqlite3_value **argv) {
  sp_cursor *c = (sp_cursor *)cur;
  sqlite3_value *in = idxNum == 1 && argc > 0 ? argv[0] : NULL;
  /* Keep storage grown on the heap from row to row of a join, unless an
     error made it unusable. */
  if (url_sp_error(&c->p) || c->in.err) {
    size_t max = db_max_len(c->db);
    url_sp_free(&c->p);
    url_sp_init(&c->p, c->text, sizeof c->text, c->pairs, SP_PAIRS, max);
    url_buf_free(&c->in);
    url_buf_init(&c->in, c->in_st, sizeof c->in_st, max);
  } else {
    url_sp_clear(&c->p);
    c->in.len = 0;
  }
  c->row = 0;
  c->in_type = SQLITE_NULL;
  if (!in) return SQLITE_OK;
  int rc = load_source(c, in);
  if (rc == URL_OK) return SQLITE_OK;
  url_sp_clear(&c->p); /* no partial rows */
  if (rc == URL_TOOBIG) {
    sqlite3_free(cur->pVtab->zErrMsg);
    cur->pVtab->zErrMsg =
        sqlite3_mprintf("url_search_params: string or blob too big");
    return SQLITE_TOOBIG;
  }
  return SQLITE_NOMEM;
}

static int sp_next(sqlite3_vtab_cursor *cur) {
  ((sp_cursor *)cur)->row++;
  return SQLITE_OK;
}

static int sp_eof(sqlite3_vtab_cursor *cur) {
  sp_cursor *c = (sp_cursor *)cur;
  return c->row >= c->p.count;
}

static int sp_rowid(sqlite3_vtab_cursor *cur, sqlite_int64 *rowid) {
  *rowid = (sqlite_int64)((sp_cursor *)cur)->row + 1;
  return SQLITE_OK;
}

static int sp_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i) {
  sp_cursor *c = (sp_cursor *)cur;
  if (i == COL_INPUT) {
    switch (c->in_type) {
      case SQLITE_INTEGER:
        sqlite3_result_int64(ctx, c->in_int);
        break;
      case SQLITE_FLOAT:
        sqlite3_result_double(ctx, c->in_real);
        break;
      case SQLITE_TEXT:
        sqlite3_result_text(ctx, c->in.len ? c->in.ptr : "", (int)c->in.len,
                            SQLITE_TRANSIENT);
        break;
      case SQLITE_BLOB:
        sqlite3_result_blob(ctx, c->in.len ? c->in.ptr : "", (int)c->in.len,
                            SQLITE_TRANSIENT);
        break;
    }
    return SQLITE_OK;
  }
  if (c->row >= c->p.count) return SQLITE_OK;
  url_str s = i == COL_NAME ? url_sp_name(&c->p, c->row)
                            : url_sp_value(&c->p, c->row);
  url_result(ctx, URL_OK, s.s, s.n);
  return SQLITE_OK;
}

/*
** The input must be an equality constraint SQLite can use.  As in
** series.c: when it is present but unusable (a join order where its value
** is not yet known), return SQLITE_CONSTRAINT so the planner picks another
** order; when it is missing altogether, the call lacks its argument.
*/
static int sp_best_index(sqlite3_vtab *vt, sqlite3_index_info *info) {
  int idx = -1, seen = 0;
  for (int i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *k = &info->aConstraint[i];
    if (k->iColumn != COL_INPUT || k->op != SQLITE_INDEX_CONSTRAINT_EQ)
      continue;
    seen = 1;
    if (k->usable && idx < 0) idx = i;
  }
  if (!seen) {
    sqlite3_free(vt->zErrMsg);
    vt->zErrMsg = sqlite3_mprintf("url_search_params: missing input argument");
    return SQLITE_ERROR;
  }
  if (idx < 0) return SQLITE_CONSTRAINT;
  info->aConstraintUsage[idx].argvIndex = 1;
  info->aConstraintUsage[idx].omit = 1;
  info->idxNum = 1;
  info->estimatedCost = 10.0;
  info->estimatedRows = 10;
  /* Rows come in query order, which is not any column's order. */
  return SQLITE_OK;
}

static sqlite3_module sp_module = {
    .iVersion = 0,
    .xCreate = NULL, /* eponymous-only */
    .xConnect = sp_connect,
    .xBestIndex = sp_best_index,
    .xDisconnect = sp_disconnect,
    .xDestroy = NULL,
    .xOpen = sp_open,
    .xClose = sp_close,
    .xFilter = sp_filter,
    .xNext = sp_next,
    .xEof = sp_eof,
    .xColumn = sp_column,
    .xRowid = sp_rowid,
};

/* ---------------------------------------------------------- register */

int url_register_search_params(sqlite3 *db) {
  static const url_func_def defs[] = {
      {"url_search_param", 2, URL_FUNC_FLAGS, fn_get},
      {"url_encode", 1, URL_FUNC_FLAGS, fn_encode},
      {"url_encode", 2, URL_FUNC_FLAGS, fn_encode},
      {"url_decode", 1, URL_FUNC_FLAGS, fn_decode},
      {"url_decode", 2, URL_FUNC_FLAGS, fn_decode},
  };
  static const sp_op ops[] = {SP_APPEND, SP_SET, SP_DELETE, SP_DELETE, SP_SORT};
  static const url_func_def modifiers[] = {
      {"url_search_param_append", 3, URL_FUNC_FLAGS, fn_modify},
      {"url_search_param_set", 3, URL_FUNC_FLAGS, fn_modify},
      {"url_search_param_delete", 2, URL_FUNC_FLAGS, fn_modify},
      {"url_search_param_delete", 3, URL_FUNC_FLAGS, fn_modify},
      {"url_search_params_sort", 1, URL_FUNC_FLAGS, fn_modify},
  };
  int rc = url_register(db, defs, sizeof defs / sizeof defs[0], NULL);
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof ops / sizeof ops[0]; i++)
    rc = url_register(db, &modifiers[i], 1, (void *)&ops[i]);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_module(db, "url_search_params", &sp_module, NULL);
  return rc;
}
