/*
** url_links(html, page_url [, encoding]): the URLs of a stored page as a
** browser resolves them, one row per URL in document order;
** url_html_encoding(html [, encoding]), the encoding the page is read in;
** and url_content_type_charset(content_type), the charset parameter of a
** Content-Type (html/mime.c), to pass as `encoding`.
**
**   SELECT url, tag, attribute, kind
**     FROM url_links('<base href="/docs/"><a href="intro?q=1">',
**                    'https://example.com/index.html');
**   -- https://example.com/docs/intro?q=1 | a | href | navigation
**
**   SELECT DISTINCT url_canonical(l.url)
**     FROM pages, url_links(pages.body, pages.url) AS l
**    WHERE l.kind = 'navigation';
**
**   SELECT url FROM url_links('<a href="?q=&eacute;">', 'https://e.com/',
**                             url_content_type_charset('text/html; charset="latin1"'));
**   -- https://e.com/?q=%E9
**
** html is read as bytes (a TEXT value by its UTF-8 bytes) and decoded as
** the HTML Standard's encoding sniffing says (html/sniff.c: BOM, then the
** `encoding` label as the transport layer's charset, then <meta>, then
** windows-1252); the links come from html/links.c's walk.  `encoding` is
** used only if it is a label (the Standard's "if the user agent supports
** it"): NULL or an unknown label is none, and a quoted label ("UTF-8", as
** a Content-Type may write it) is unquoted (html_transport_encoding).
** page_url is required (an error naming it if missing); NULL is allowed.
** Columns:
**   url         raw parsed against the document base URL with the document's
**               encoding for the query (NULL if it does not parse; an empty
**               form action and a refresh without a URL give page_url)
**   raw         the URL as the DOM holds it (after character references)
**   tag, attribute, rel (a, area, link), kind ('navigation', 'resource',
**               'citation'),
**   position    where the tag's '<' is in html as given, as substr()
**               counts it (docs/conventions.md rule 4): 1-based, in
**               characters of a TEXT value, bytes of a BLOB, whatever
**               encoding the page is decoded in,
**   descriptor  a srcset candidate's descriptors ('2x', '100w'), else NULL
**   base        the document base URL when a <base href> sets it, else NULL
** and the hidden columns html, page_url, encoding.
**
** The rows are made as they are read: the cursor holds the decoded
** document and the tokenizer, paused at the tag whose rows it gives.  The
** document base URL is the first <base href> in tree order (a prescan:
** a base after a link governs it too), frozen against page_url; a data: or
** javascript: one falls back to page_url.
**
** url_content_type_charset(content_type): parameters["charset"] of the
** MIME type the MIME Sniffing Standard's "parse a MIME type" gives (quoted
** strings unquoted, the first valid charset parameter, names ASCII
** case-insensitive, `charset=` skipped), as text; NULL when content_type is
** NULL, no MIME type, or has no charset.
*/
#include "ext.h"
#include "links.h"
#include "mime.h"
#include "parse.h"
#include "sniff.h"

/* ------------------------------------------------ the transport encoding */

/* The `encoding` argument v: the transport layer's character encoding
   (html_transport_encoding: a quoted label unquoted; NULL or an unknown
   label is none, URL_ENC_NONE).  Returns URL_OK or URL_NOMEM. */
static int transport_encoding(sqlite3_value *v, int *enc) {
  const char *p;
  size_t n;
  *enc = URL_ENC_NONE;
  int rc = url_arg_label(v, &p, &n);
  if (rc == URL_FAILURE) return URL_OK;
  if (rc != URL_OK) return rc;
  return html_transport_encoding(&url_mem_sqlite, p, n, enc);
}

/* ---------------------------------------------------------- the cursor */

typedef struct links_cursor {
  url_tvf_cursor base;
  html_links w;
  int active;           /* w is started */
  url_buf text;         /* the decoded document */
  size_t shift;         /* added to offsets: a UTF-8 BOM's length */
  int enc;              /* the document's encoding */
  int decoded;          /* text is not html's own bytes (after the BOM) */
  size_t bom;
  /* positions: html's bytes (the hidden column's copy), where the tags'
     '<' are in them, and the '<' of text counted up to text_at */
  int pos_ready;
  url_position pos;
  html_lt_map lts;
  size_t text_at, text_lts;
  url page, doc_base;   /* page_url; the document base URL */
  int has_page, has_base;
  url resolved;         /* the current row's url */
  sqlite3_int64 resolved_row;
  int resolved_rc;
  const html_link *cur;
  char st_page[URL_STACK], st_base[URL_STACK], st_res[URL_STACK];
} links_cursor;

static void links_open(url_tvf_cursor *cur) {
  links_cursor *c = (links_cursor *)cur;
  url_buf_init(&c->text, &url_mem_sqlite, NULL, 0, cur->max);
  url_init(&c->page, &url_mem_sqlite, c->st_page, sizeof c->st_page, cur->max);
  url_init(&c->doc_base, &url_mem_sqlite, c->st_base, sizeof c->st_base, cur->max);
  url_init(&c->resolved, &url_mem_sqlite, c->st_res, sizeof c->st_res, cur->max);
  c->resolved_row = -1;
}

static void links_reset(links_cursor *c) {
  if (c->active) html_links_free(&c->w);
  c->active = 0;
  c->cur = NULL;
  c->has_page = c->has_base = 0;
  c->resolved_row = -1;
  c->pos_ready = 0;
  size_t max = c->base.max;
  url_buf_free(&c->text);
  url_buf_init(&c->text, &url_mem_sqlite, NULL, 0, max);
  url_free(&c->page);
  url_init(&c->page, &url_mem_sqlite, c->st_page, sizeof c->st_page, max);
  url_free(&c->doc_base);
  url_init(&c->doc_base, &url_mem_sqlite, c->st_base, sizeof c->st_base, max);
}

static void links_close(url_tvf_cursor *cur) {
  links_cursor *c = (links_cursor *)cur;
  links_reset(c);
  url_buf_free(&c->text);
  url_free(&c->page);
  url_free(&c->doc_base);
  url_free(&c->resolved);
}

/* The document base URL (https://html.spec.whatwg.org/#frozen-base-url):
   "Let urlRecord be the result of parsing the value of element's href
   content attribute with document's fallback base URL, and document's
   character encoding"; failure, or a data: or javascript: URL (WPT's
   base-data.html, base-javascript.html), leaves the fallback, page_url. */
static int document_base(links_cursor *c, const char *s, size_t n) {
  url_buf href;
  char st[256];
  url_buf_init(&href, &url_mem_sqlite, st, sizeof st, c->base.max);
  int rc = html_base_href(&url_mem_sqlite, s, n, &href);
  if (rc <= 0) {
    url_buf_free(&href);
    return -rc;
  }
  rc = html_url_parse(&c->doc_base, href.ptr ? href.ptr : "", href.len,
                      c->has_page ? &c->page : NULL, c->enc);
  url_buf_free(&href);
  if (rc == URL_OK) {
    url_str scheme = url_scheme(&c->doc_base);
    if (!(scheme.n == 4 && memcmp(scheme.s, "data", 4) == 0) &&
        !(scheme.n == 10 && memcmp(scheme.s, "javascript", 10) == 0))
      c->has_base = 1;
    return URL_OK;
  }
  return rc == URL_FAILURE ? URL_OK : rc;
}

/* Makes the next row current; sets n_rows past it if there is one. */
static int links_next(url_tvf_cursor *cur) {
  links_cursor *c = (links_cursor *)cur;
  if (!c->active) return URL_OK;
  int rc = html_links_next(&c->w, &c->cur);
  if (rc == 1) {
    cur->n_rows = cur->row + 1;
    return URL_OK;
  }
  c->cur = NULL;
  return rc == 0 ? URL_OK : -rc;
}

static int links_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  links_cursor *c = (links_cursor *)cur;
  links_reset(c);
  /* The `encoding` argument is the transport layer's (absent, NULL or
     unknown: none). */
  int transport = URL_ENC_NONE;
  if (argv[2]) {
    int trc = transport_encoding(argv[2], &transport);
    if (trc != URL_OK) return trc;
  }
  const char *p;
  size_t n;
  int rc = url_arg_bytes(argv[0], &p, &n);
  if (rc == URL_FAILURE) return URL_OK; /* NULL html: no rows */
  if (rc != URL_OK) return rc;
  if (!p) p = "";
  if (argv[1] && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    rc = url_parse_value(&c->page, argv[1], NULL);
    if (rc == URL_OK) c->has_page = 1;
    else if (rc != URL_FAILURE) return rc;
  }
  size_t bom;
  int enc = html_encoding(&url_mem_sqlite, (const unsigned char *)p, n,
                          transport, &bom);
  const char *text;
  size_t len;
  c->enc = enc;
  rc = html_decode(&c->text, enc, (const unsigned char *)p, n, bom, &text, &len);
  if (rc != URL_OK) return rc;
  c->bom = bom;
  c->decoded = text == c->text.ptr;
  if (!c->decoded) {
    /* Valid UTF-8 is read in place: the value lives only for this call,
       so the cursor keeps a copy; offsets stay those of html. */
    url_buf_append(&c->text, text, len);
    if (c->text.err) return c->text.err;
    c->shift = bom;
  } else {
    c->shift = 0;
  }
  text = c->text.ptr ? c->text.ptr : "";
  rc = document_base(c, text, c->text.len);
  if (rc != URL_OK) return rc;
  html_links_init(&c->w, &url_mem_sqlite, text, c->text.len);
  c->active = 1;
  return links_next(cur);
}

enum { C_URL, C_RAW, C_TAG, C_ATTRIBUTE, C_REL, C_KIND, C_POSITION,
       C_DESCRIPTOR, C_BASE };

/*
** The position of the tag at text offset `off` in html as given (the
** hidden column's copy of the argument, kept by vtab.c from filter to the
** next filter): for a document read in place, its byte off + the BOM; for
** a decoded one, the byte of the '<' that became the k-th '<' of the text
** (html_lt_source).  Tags come in document order, so both walks resume.
*/
static sqlite3_int64 tag_position(links_cursor *c, size_t off) {
  const url_tvf_arg *html = &c->base.args[0];
  const unsigned char *p = (const unsigned char *)(html->bytes.len ? html->bytes.ptr : "");
  size_t n = html->bytes.len;
  if (!c->pos_ready) {
    url_position_init(&c->pos, p, n, html->type == SQLITE_BLOB, 0);
    html_lt_map_init(&c->lts, c->enc, p, n, c->bom);
    c->text_at = c->text_lts = 0;
    c->pos_ready = 1;
  }
  if (!c->decoded) return url_position_of(&c->pos, off + c->shift);
  const char *t = c->text.ptr ? c->text.ptr : "";
  if (off < c->text_at) c->text_at = c->text_lts = 0;
  for (const char *q = t + c->text_at;
       (q = memchr(q, '<', off - (size_t)(q - t))) != NULL; q++)
    c->text_lts++;
  c->text_at = off;
  return url_position_of(&c->pos, html_lt_source(&c->lts, c->text_lts));
}

static void text_or_null(sqlite3_context *ctx, const char *s, size_t n) {
  if (s) url_result(ctx, URL_OK, s, n);
  else sqlite3_result_null(ctx);
}

static void links_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  links_cursor *c = (links_cursor *)cur;
  const html_link *l = c->cur;
  if (!l) return;
  switch (i) {
  case C_URL: {
    if (c->resolved_row != cur->row) {
      url_free(&c->resolved);
      url_init(&c->resolved, &url_mem_sqlite, c->st_res, sizeof c->st_res,
               cur->max);
      const url *b = c->has_base ? &c->doc_base : c->has_page ? &c->page : NULL;
      c->resolved_rc = html_link_resolve(&c->resolved, l, b,
                                         c->has_page ? &c->page : NULL, c->enc);
      c->resolved_row = cur->row;
    }
    url_result_str(ctx, c->resolved_rc, url_href(&c->resolved));
    return;
  }
  case C_RAW: url_result(ctx, URL_OK, l->raw, l->raw_len); return;
  case C_TAG: sqlite3_result_text(ctx, l->tag, -1, SQLITE_STATIC); return;
  case C_ATTRIBUTE:
    sqlite3_result_text(ctx, l->attribute, -1, SQLITE_STATIC);
    return;
  case C_REL: text_or_null(ctx, l->rel, l->rel_len); return;
  case C_KIND:
    sqlite3_result_text(ctx, html_link_kind_names[l->kind], -1, SQLITE_STATIC);
    return;
  case C_POSITION:
    sqlite3_result_int64(ctx, tag_position(c, l->offset));
    return;
  case C_DESCRIPTOR: text_or_null(ctx, l->descriptor, l->descriptor_len); return;
  case C_BASE:
    if (c->has_base) url_result_str(ctx, URL_OK, url_href(&c->doc_base));
    else sqlite3_result_null(ctx);
    return;
  }
}

static const char *const links_columns[] = {
    "url TEXT", "raw TEXT", "tag TEXT", "attribute TEXT", "rel TEXT",
    "kind TEXT", "position INTEGER", "descriptor TEXT", "base TEXT"};
static const char *const links_args[] = {"html", "page_url", "encoding"};

static const url_tvf url_links_tvf = {
    /* 2 required: without page_url no link has a URL */
    URL_TVF_SHAPE("url_links", links_columns, links_args, 2, links_cursor),
    .open = links_open, .close = links_close, .filter = links_filter,
    .column = links_column, .next = links_next};

/* ------------------------------------------------ url_html_encoding() */

static void url_fn_html_encoding(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  /* A constant label is read once per statement: the encoding + 2 is kept
     as the auxdata pointer (URL_ENC_NONE is -1; nothing to free). */
  int transport = URL_ENC_NONE;
  void *kept = argc > 1 ? sqlite3_get_auxdata(ctx, 1) : NULL;
  if (kept) {
    transport = (int)((intptr_t)kept - 2);
  } else if (argc > 1) {
    if (transport_encoding(argv[1], &transport) != URL_OK) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    sqlite3_set_auxdata(ctx, 1, (void *)(intptr_t)(transport + 2), NULL);
  }
  const char *p;
  size_t n, bom;
  int rc = url_arg_bytes(argv[0], &p, &n);
  if (rc == URL_FAILURE) {
    sqlite3_result_null(ctx);
    return;
  }
  if (rc != URL_OK) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  int enc = html_encoding(&url_mem_sqlite, (const unsigned char *)(p ? p : ""),
                          n, transport, &bom);
  sqlite3_result_text(ctx, url_encoding_name(enc), -1, SQLITE_STATIC);
}

/* ------------------------------------------ url_content_type_charset() */

static void url_fn_content_type_charset(sqlite3_context *ctx, int argc,
                                        sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  url_arg in;
  int rc = url_arg_read(&in, argv[0], c.max);
  if (rc == URL_OK) rc = html_mime_charset(in.s, in.n, &c.out);
  url_arg_free(&in);
  url_call_result(&c, rc);
}

static const url_func funcs[] = {
    {"url_html_encoding", URL_ARITY(1, 2), URL_PURE, 0, url_fn_html_encoding},
    {"url_content_type_charset", 1, URL_PURE, 0, url_fn_content_type_charset},
};

static const url_tvf *const tvfs[] = {&url_links_tvf};

const url_family url_links_family = {funcs, URL_COUNT(funcs), tvfs,
                                     URL_COUNT(tvfs)};
