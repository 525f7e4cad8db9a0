/*
** Where visits come from (docs/referrers.md): a referrer classified by
** Matomo's lists of search engines, social networks and AI assistants and
** the project's own (webmail, ad clicks), and GA4's default channel group.
**
**   SELECT medium, source, term
**     FROM url_referrer('https://www.google.com/search?q=sqlite+url');
**   -- search | Google | sqlite url
**   SELECT url_referrer_medium('https://t.co/x');            -- social
**   SELECT url_referrer_source('https://chatgpt.com/');      -- ChatGPT
**   SELECT url_channel(NULL, 'https://ex.com/?gclid=1');      -- Paid Search
**   SELECT source, medium, channel FROM url_traffic_source(
**     'https://www.bing.com/search?q=x', 'https://ex.com/');
**   -- Bing | organic | Organic Search
**
** url_referrer(referrer [, page_url]): one row, none when the referrer is
** NULL, empty, not a valid URL or has no host.  Columns:
**   medium    search, social, ai, email, paid, internal (same site as
**             page_url), website
**   source    the list's name (Google, Facebook, ChatGPT, Gmail...); the
**             host for internal and website
**   term      a search's keyword, decoded in the engine's charsets; NULL
**             when the engine hid it
**   host      the referrer's host
**   backlink  the search again on the engine: https://host/ + the list's
**             backlink with the keyword; NULL without either
** url_referrer_medium / url_referrer_source: those columns as scalars.
** url_traffic_source(referrer [, page_url]): the session's source, medium,
**   campaign, term, content, click_id, click_id_param and channel, one row.
** url_channel(referrer [, page_url]): GA4's default channel group.
*/
#include "ext.h"
#include "referrer.h"

/* ---------------------------------------------------------- the cursor */

typedef struct ref_cursor {
  url_tvf_cursor base;
  url_kept r;    /* the parsed referrer */
  url_kept page; /* the parsed page URL */
  url_buf term;
  char term_st[256];
  ref_info info;
} ref_cursor;

static void ref_open(url_tvf_cursor *cur) {
  ref_cursor *c = (ref_cursor *)cur;
  url_kept_init(&c->r);
  url_kept_init(&c->page);
  url_buf_init(&c->term, &url_mem_sqlite, c->term_st, sizeof c->term_st, 0);
}

static void ref_close(url_tvf_cursor *cur) {
  ref_cursor *c = (ref_cursor *)cur;
  url_kept_free(&c->r);
  url_kept_free(&c->page);
  url_buf_free(&c->term);
}

/* argv: referrer, page_url.  One row for a referrer URL with a host. */
static int ref_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  ref_cursor *c = (ref_cursor *)cur;
  url_buf_free(&c->term);
  url_buf_init(&c->term, &url_mem_sqlite, c->term_st, sizeof c->term_st, cur->max);
  if (!argv[0]) return URL_OK;
  int rc = url_kept_parse(&c->r, argv[0], NULL, cur->max);
  if (rc == URL_FAILURE) return URL_OK;
  if (rc != URL_OK) return rc;
  const url *page = NULL;
  if (argv[1] && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    rc = url_kept_parse(&c->page, argv[1], NULL, cur->max);
    if (rc == URL_OK) page = &c->page.u;
    else if (rc != URL_FAILURE) return rc;
  }
  rc = ref_classify(&c->r.u, page, url_conn_psl(cur->conn), &url_mem_sqlite,
                    &c->term, &c->info);
  if (rc == URL_OK && c->info.medium != REF_M_NONE) cur->n_rows = 1;
  return rc;
}

static void ref_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  ref_cursor *c = (ref_cursor *)cur;
  const ref_info *in = &c->info;
  switch (i) {
    case 0:
      sqlite3_result_text(ctx, ref_medium_name(in->medium), -1, SQLITE_STATIC);
      break;
    case 1:
      /* names copied as hosts are: SQLite frees a result register's
         buffer on a static value, so mixing the two would allocate */
      if (in->source) sqlite3_result_text(ctx, in->source, -1, SQLITE_TRANSIENT);
      else url_result_part(ctx, URL_OK, in->host, &c->r.u.href, 0);
      break;
    case 2:
      if (in->has_term) url_result(ctx, URL_OK, c->term.ptr, c->term.len);
      break;
    case 3:
      url_result_part(ctx, URL_OK, in->host, &c->r.u.href, 0);
      break;
    case 4: {
      if (!in->has_term) break;
      char st[URL_STACK];
      url_buf out;
      url_buf_init(&out, &url_mem_sqlite, st, sizeof st, cur->max);
      int rc = ref_backlink(in, c->term.ptr, c->term.len, &out);
      if (rc != URL_FAILURE) url_result(ctx, rc, out.ptr, out.len);
      url_buf_free(&out);
      break;
    }
  }
}

static const char *const ref_columns[] = {"medium TEXT", "source TEXT", "term TEXT",
                                          "host TEXT", "backlink TEXT"};
static const char *const ref_args[] = {"referrer", "page_url"};

static const url_tvf url_referrer_tvf = {
    URL_TVF_SHAPE("url_referrer", ref_columns, ref_args, 1, ref_cursor),
    .open = ref_open, .close = ref_close,
    .filter = ref_filter, .column = ref_column};

/* --------------------------------------------------- url_traffic_source */

/*
** url_traffic_source(referrer [, page_url]): one row, the session of the
** visit as url_channel takes it (ref_session_of: the same code path), its
** parts as columns.  A NULL, empty or invalid referrer is none (a direct
** visit); a NULL page_url is not given; a page_url that is not a URL gives
** no row.
*/
typedef struct ts_cursor {
  url_tvf_cursor base;
  url_kept r, page;
  url_buf b; /* the session's decoded parameters and keyword */
  char b_st[256];
  ref_session s;
  const char *channel;
} ts_cursor;

static void ts_open(url_tvf_cursor *cur) {
  ts_cursor *c = (ts_cursor *)cur;
  url_kept_init(&c->r);
  url_kept_init(&c->page);
  url_buf_init(&c->b, &url_mem_sqlite, c->b_st, sizeof c->b_st, 0);
}

static void ts_close(url_tvf_cursor *cur) {
  ts_cursor *c = (ts_cursor *)cur;
  url_kept_free(&c->r);
  url_kept_free(&c->page);
  url_buf_free(&c->b);
}

/* v is given and not NULL. */
static int given(sqlite3_value *v) { return v && sqlite3_value_type(v) != SQLITE_NULL; }

static int ts_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  ts_cursor *c = (ts_cursor *)cur;
  url_buf_free(&c->b);
  url_buf_init(&c->b, &url_mem_sqlite, c->b_st, sizeof c->b_st, cur->max);
  const url *r = NULL, *page = NULL;
  if (given(argv[0])) {
    int rc = url_kept_parse(&c->r, argv[0], NULL, cur->max);
    if (rc == URL_OK) r = &c->r.u;
    else if (rc != URL_FAILURE) return rc;
  }
  if (given(argv[1])) {
    int rc = url_kept_parse(&c->page, argv[1], NULL, cur->max);
    if (rc == URL_FAILURE) return URL_OK; /* no row */
    if (rc != URL_OK) return rc;
    page = &c->page.u;
  }
  int rc = ref_session_of(page, r, url_conn_psl(cur->conn), &url_mem_sqlite, &c->b, &c->s);
  if (rc != URL_OK) return rc;
  c->channel = ref_channel(&c->s);
  cur->n_rows = 1;
  return URL_OK;
}

static void ts_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  ts_cursor *c = (ts_cursor *)cur;
  const ref_session *s = &c->s;
  /* every value copied (SQLITE_TRANSIENT), static names too: see ref_column */
  const url_str cols[] = {s->source, s->medium,   s->campaign,
                          s->term,   s->content,  s->click_id};
  if (i < 6) {
    if (cols[i].s) url_result(ctx, URL_OK, cols[i].s, cols[i].n);
  } else if (i == 6) {
    if (s->click_kind) sqlite3_result_text(ctx, s->click_kind, -1, SQLITE_TRANSIENT);
  } else {
    sqlite3_result_text(ctx, c->channel, -1, SQLITE_TRANSIENT);
  }
}

static const char *const ts_columns[] = {
    "source TEXT",   "medium TEXT",   "campaign TEXT",       "term TEXT",
    "content TEXT",  "click_id TEXT", "click_id_param TEXT", "channel TEXT"};

static const url_tvf url_traffic_source_tvf = {
    URL_TVF_SHAPE("url_traffic_source", ts_columns, ref_args, 1, ts_cursor),
    .open = ts_open, .close = ts_close,
    .filter = ts_filter, .column = ts_column};

/* ------------------------------------------------------------ scalars */

/* Parses argv[i] into u: URL_OK, or URL_FAILURE for NULL / not a URL. */
static int parse_opt(url *u, sqlite3_value **argv, int argc, int i) {
  if (i >= argc || sqlite3_value_type(argv[i]) == SQLITE_NULL) return URL_FAILURE;
  return url_parse_value(u, argv[i], NULL);
}

enum { WANT_MEDIUM, WANT_SOURCE };

/* url_referrer_medium(referrer [, page_url]), url_referrer_source(...) */
static void url_fn_referrer(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  int rc = parse_opt(&c.u, argv, argc, 0);
  if (rc == URL_OK) {
    int prc = parse_opt(&c.b, argv, argc, 1);
    if (prc != URL_OK && prc != URL_FAILURE) rc = prc;
    ref_info in;
    if (rc == URL_OK)
      rc = ref_classify(&c.u, prc == URL_OK ? &c.b : NULL,
                        url_conn_psl(url_fn_conn(ctx)), &url_mem_sqlite, &c.out, &in);
    if (rc == URL_OK && in.medium == REF_M_NONE) rc = URL_FAILURE;
    if (rc == URL_OK) {
      if (url_fn_arg(ctx) == WANT_MEDIUM)
        sqlite3_result_text(ctx, ref_medium_name(in.medium), -1, SQLITE_STATIC);
      else if (in.source) /* copied, as hosts are (see ref_column) */
        sqlite3_result_text(ctx, in.source, -1, SQLITE_TRANSIENT);
      else
        url_result_part(ctx, URL_OK, in.host, &c.u.href, 1);
    }
  }
  if (rc != URL_OK) url_result(ctx, rc, "", 0);
  url_call_end(&c);
}

/*
** url_channel(referrer [, page_url]): the referrer first, as in
** url_referrer (docs/conventions.md).  A NULL, empty or invalid referrer is
** a visit without one (direct); a NULL page_url is not given; a page_url
** that is not a URL gives NULL (its parameters decide the channel).
*/
static void url_fn_channel(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  int rrc = parse_opt(&c.b, argv, argc, 0);
  int prc = parse_opt(&c.u, argv, argc, 1);
  int rc = URL_OK;
  if (rrc != URL_OK && rrc != URL_FAILURE) rc = rrc;
  else if (prc != URL_OK && (prc != URL_FAILURE || (argc > 1 &&
           sqlite3_value_type(argv[1]) != SQLITE_NULL)))
    rc = prc;
  if (rc == URL_OK) {
    ref_session s;
    rc = ref_session_of(prc == URL_OK ? &c.u : NULL, rrc == URL_OK ? &c.b : NULL,
                        url_conn_psl(url_fn_conn(ctx)), &url_mem_sqlite, &c.out, &s);
    if (rc == URL_OK)
      sqlite3_result_text(ctx, ref_channel(&s), -1, SQLITE_STATIC);
  }
  if (rc != URL_OK) url_result(ctx, rc, "", 0);
  url_call_end(&c);
}

/* ------------------------------------------------------ registration */

static const url_func funcs[] = {
    {"url_referrer_medium", URL_ARITY(1, 2), URL_PURE, WANT_MEDIUM, url_fn_referrer},
    {"url_referrer_source", URL_ARITY(1, 2), URL_PURE, WANT_SOURCE, url_fn_referrer},
    {"url_channel", URL_ARITY(1, 2), URL_PURE, 0, url_fn_channel},
};

static const url_tvf *const tvfs[] = {&url_referrer_tvf, &url_traffic_source_tvf};

const url_family url_referrers_family = {funcs, URL_COUNT(funcs), tvfs, URL_COUNT(tvfs)};
