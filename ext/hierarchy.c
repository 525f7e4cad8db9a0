/*
** url_hierarchy(input) and url_host_hierarchy(input): table-valued
** functions giving a URL's path levels and a host's parent domains, for
** rolling traffic up a site's tree and for joining against domain lists.
**
**   SELECT depth, url FROM url_hierarchy('https://a.com/b/c?q#f');
**   -- 0 | https://a.com/
**   -- 1 | https://a.com/b/
**   -- 2 | https://a.com/b/c
**
**   SELECT depth, host FROM url_host_hierarchy('https://x.y.example.co.uk/');
**   -- 2 | x.y.example.co.uk
**   -- 1 | y.example.co.uk
**   -- 0 | example.co.uk
**
**   -- Links whose host or any parent domain is blocked:
**   SELECT l.url FROM links AS l, url_host_hierarchy(l.url) AS h
**     JOIN blocklist AS b ON b.domain = h.host;
**
** url_hierarchy(input): ClickHouse's URLHierarchy on the parsed URL: the
** href cut after each level of its path, from the URL without its path
** ("https://a.com/", depth 0) down to the whole path (depth = the number of
** path segments included), never with the query or fragment.  A trailing
** "/" adds no level; empty segments elsewhere are levels ("/b//c" has four).
** Credentials and a port stay as in the href.  A URL with an opaque path
** (mailto:, data:) has no rows; NULL or an invalid URL has no rows.
**
** url_host_hierarchy(input): the host of a URL (or the input parsed as a
** host), then each parent domain down to its registrable domain under the
** full Public Suffix List in use, with depth = the number of labels before
** the registrable domain.  A host without a registrable domain (an IP
** address, an opaque host, a public suffix such as github.io) is one row,
** itself, at depth 0; an empty host or none has no rows.
**
** Rows come in that order (rowid 1, 2, ...); use ORDER BY depth to rely on
** an order.  Both are url_tvf (ext/vtab.c): the cursor parses into inline
** storage and computes each level as a slice of the parsed URL, so rows of
** a join allocate nothing.
*/
#include "ext.h"
#include "host_labels.h"
#include "path_levels.h"
#include "psl.h"

typedef struct hier_cursor {
  url_tvf_cursor base;
  int is_host;          /* url_host_hierarchy, else url_hierarchy */
  url_path_levels path; /* the walk, at row `at` */
  url_host_levels host;
  sqlite3_int64 at;     /* the row `level` belongs to; -1: before the first */
  url_str level;
  size_t depth;
  url u;                /* the parsed input */
  url_buf hb;           /* the input parsed as a host */
  char st[URL_STACK], hst[URL_STACK];
} hier_cursor;

static void hier_init(hier_cursor *c) {
  url_init(&c->u, &url_mem_sqlite, c->st, sizeof c->st, c->base.max);
  url_buf_init(&c->hb, &url_mem_sqlite, c->hst, sizeof c->hst, c->base.max);
}

static void hier_close(url_tvf_cursor *cur) {
  hier_cursor *c = (hier_cursor *)cur;
  url_free(&c->u);
  url_buf_free(&c->hb);
}

/* One step of the walk: the next level into c->level / c->depth. */
static int step(hier_cursor *c) {
  return c->is_host ? url_host_levels_next(&c->host, &c->level, &c->depth)
                    : url_path_levels_next(&c->path, &c->level, &c->depth);
}

/* Counts the rows of the walk just started, and leaves it at its start. */
static void count_rows(hier_cursor *c) {
  url_path_levels p = c->path;
  url_host_levels h = c->host;
  while (step(c)) c->base.n_rows++;
  c->path = p;
  c->host = h;
  c->at = -1;
}

/* Starts over for the next arguments. */
static void restart(hier_cursor *c) {
  hier_close(&c->base);
  hier_init(c);
  c->path = (url_path_levels){0};
  c->host = (url_host_levels){0};
}

/* url_hierarchy: argv: input. */
static int path_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  hier_cursor *c = (hier_cursor *)cur;
  restart(c);
  if (!argv[0]) return URL_OK;
  int rc = url_parse_value(&c->u, argv[0], NULL);
  if (rc != URL_OK) return rc == URL_FAILURE ? URL_OK : rc; /* no rows */
  url_path_levels_start(&c->path, &c->u);
  count_rows(c);
  return URL_OK;
}

/* url_host_hierarchy: argv: input. */
static int host_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  hier_cursor *c = (hier_cursor *)cur;
  restart(c);
  c->is_host = 1;
  if (!argv[0]) return URL_OK;
  url_str h;
  url_host_type t;
  int rc = url_value_host(argv[0], &c->u, &c->hb, &h, &t);
  if (rc == URL_OK)
    rc = url_host_levels_start(&c->host, url_conn_psl(cur->conn), URL_PSL_ALL,
                               h.s, h.n, t);
  if (rc != URL_OK) return rc == URL_FAILURE ? URL_OK : rc; /* no rows */
  count_rows(c);
  return URL_OK;
}

static void hier_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  hier_cursor *c = (hier_cursor *)cur;
  /* Rows are visited in order: walk forward to this one. */
  while (c->at < cur->row && step(c)) c->at++;
  if (i == 0) {
    sqlite3_result_int64(ctx, (sqlite3_int64)c->depth);
  } else {
    url_result_str(ctx, URL_OK, c->level);
  }
}

static void hier_open(url_tvf_cursor *cur) { hier_init((hier_cursor *)cur); }

static const char *const hier_args[] = {"input"};
static const char *const path_columns[] = {"depth INTEGER", "url TEXT"};
static const char *const host_columns[] = {"depth INTEGER", "host TEXT"};

static const url_tvf url_hierarchy_tvf = {
    URL_TVF_SHAPE("url_hierarchy", path_columns, hier_args, 1, hier_cursor),
    .open = hier_open, .close = hier_close,
    .filter = path_filter, .column = hier_column};

static const url_tvf url_host_hierarchy_tvf = {
    URL_TVF_SHAPE("url_host_hierarchy", host_columns, hier_args, 1, hier_cursor),
    .open = hier_open, .close = hier_close,
    .filter = host_filter, .column = hier_column};

/* ------------------------------------------------------ registration */

static const url_tvf *const tvfs[] = {&url_hierarchy_tvf, &url_host_hierarchy_tvf};

const url_family url_hierarchy_family = {NULL, 0, tvfs, URL_COUNT(tvfs)};
