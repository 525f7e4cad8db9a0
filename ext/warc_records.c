/*
** warc_records(source [, offset]): the records of a WARC or ARC file
** (plain, .gz, .zst; warc/), one row each, as they stream from the file.
** source is a path (TEXT: the function is SQLITE_DIRECTONLY, never run
** from a view, trigger or schema) or the file's bytes (BLOB).  With offset
** (a CDX offset): only the record that starts there, read after a seek.
**
**   SELECT warc_type, target_uri, http_status
**     FROM warc_records('crawl.warc.gz');
**   SELECT payload FROM warc_records('crawl.warc.gz', 1234);
**
** Columns cost only when read: the HTTP message is parsed for the http_*
** columns, mime, charset and payload_raw; the payload decoded only for
** payload, digest_ok and error.
*/
#include "ext.h"
#include "mime.h"
#include "warc.h"

#include <string.h>

typedef struct warc_cursor {
  url_tvf_cursor base;
  warc_reader *r;
  int rebase;          /* a BLOB source: read from the argument during
                          filter, then from vtab.c's copy of it */
  int one;             /* an offset was given: one record */
  int done;
  warc_record rec;
  warc_limits lim;
  /* Lazily, per row: */
  int http_done, payload_done;
  sqlite3_int64 http_row, payload_row;
  warc_http http;
  warc_buf pbuf[2];
  const unsigned char *payload;
  size_t payload_n;
  int payload_rc;
  char note[300];
} warc_cursor;

enum {
  C_RECORD_OFFSET, C_RECORD_LENGTH, C_FORMAT, C_VERSION, C_WARC_TYPE,
  C_TARGET_URI, C_DATE, C_RECORD_ID, C_CONTENT_TYPE, C_PAYLOAD_DIGEST,
  C_BLOCK_DIGEST, C_TRUNCATED, C_REFERS_TO, C_REFERS_TO_TARGET_URI,
  C_REFERS_TO_DATE, C_PROFILE, C_SEGMENT_NUMBER, C_HEADERS, C_HTTP_STATUS,
  C_HTTP_METHOD, C_HTTP_HEADERS, C_MIME, C_CHARSET, C_PAYLOAD, C_PAYLOAD_RAW,
  C_DIGEST_OK, C_ERROR
};

static void warc_cursor_open(url_tvf_cursor *cur) {
  warc_cursor *c = (warc_cursor *)cur;
  c->http.status = -1;
  c->http_row = c->payload_row = -1;
}

static void reader_done(warc_cursor *c) {
  warc_close(c->r);
  c->r = NULL;
  c->rebase = 0;
}

/* After filter, a BLOB source is read from the hidden column's copy that
   vtab.c keeps (the argument itself lives only during filter): no copy
   of the file's bytes of our own. */
static void follow_copy(warc_cursor *c) {
  if (!c->rebase) return;
  c->rebase = 0;
  const url_tvf_arg *a = &c->base.args[0];
  if (a->type == SQLITE_BLOB && a->bytes.len) warc_rebase_mem(c->r, a->bytes.ptr);
}

static void warc_cursor_close(url_tvf_cursor *cur) {
  warc_cursor *c = (warc_cursor *)cur;
  reader_done(c);
  warc_http_free(&c->http, &url_mem_sqlite);
  warc_buf_free(&c->pbuf[0], &url_mem_sqlite);
  warc_buf_free(&c->pbuf[1], &url_mem_sqlite);
}

static int status_of(int rc) {
  return rc == WARC_NOMEM ? URL_NOMEM : rc == WARC_TOOBIG ? URL_TOOBIG : URL_OK;
}

/* The next record as row c->row (none: n_rows stays). */
static int warc_cursor_next(url_tvf_cursor *cur) {
  warc_cursor *c = (warc_cursor *)cur;
  if (c->done || !c->r) return URL_OK;
  follow_copy(c);
  int rc = warc_next(c->r, &c->rec);
  if (rc == WARC_OK) {
    cur->n_rows = cur->row + 1;
    if (c->one) c->done = 1;
    return URL_OK;
  }
  c->done = 1;
  if (rc == WARC_IOERR) {
    const char *t = warc_error_text(c->r);
    url_tvf_error(cur, t ? t : "read error");
    return URL_FAILURE;
  }
  return status_of(rc);
}

static int warc_cursor_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  warc_cursor *c = (warc_cursor *)cur;
  reader_done(c);
  c->done = 0;
  c->one = 0;
  c->http_row = c->payload_row = -1;
  memset(&c->lim, 0, sizeof c->lim);
  c->lim.max_block = cur->max;
  int type = argv[0] ? sqlite3_value_type(argv[0]) : SQLITE_NULL;
  if (type == SQLITE_NULL) return URL_OK; /* no rows */
  sqlite3_int64 offset = -1;
  if (argv[1] && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    int t = sqlite3_value_type(argv[1]);
    if (t != SQLITE_INTEGER && !(t == SQLITE_FLOAT || t == SQLITE_TEXT)) {
      url_tvf_error(cur, "offset must be an integer");
      return URL_FAILURE;
    }
    offset = sqlite3_value_int64(argv[1]);
    if (offset < 0) return URL_OK; /* no record starts there */
    c->one = 1;
  }
  int rc;
  if (type == SQLITE_BLOB) {
    const void *p = sqlite3_value_blob(argv[0]);
    int n = sqlite3_value_bytes(argv[0]);
    if (!p && n) return URL_NOMEM;
    rc = warc_open_mem(&c->r, p, (size_t)n, &url_mem_sqlite, &c->lim);
  } else {
    const char *path = (const char *)sqlite3_value_text(argv[0]);
    if (!path) return URL_NOMEM;
    rc = warc_open_file(&c->r, path, &url_mem_sqlite, &c->lim);
  }
  if (rc == WARC_IOERR) {
    const char *t = warc_error_text(c->r);
    url_tvf_error(cur, t ? t : "cannot open the file");
    reader_done(c);
    return URL_FAILURE;
  }
  if (rc != WARC_OK) {
    reader_done(c);
    return status_of(rc);
  }
  if (c->one && (rc = warc_seek(c->r, offset)) != WARC_OK) {
    if (rc == WARC_IOERR) {
      url_tvf_error(cur, warc_error_text(c->r));
      return URL_FAILURE;
    }
    return status_of(rc);
  }
  rc = warc_cursor_next(cur);
  c->rebase = type == SQLITE_BLOB;
  return rc;
}

/* ---- lazily per row ---- */

static int http_of(warc_cursor *c) {
  if (c->http_row == c->base.row) return WARC_OK;
  warc_http_reset(&c->http, &url_mem_sqlite);
  c->http_row = c->base.row;
  if (!c->rec.has_http) return WARC_OK;
  const unsigned char *b;
  size_t n;
  warc_block(c->r, &b, &n);
  warc_span t = c->rec.warc_type;
  int is_request = t.n == 7 && !memcmp(t.p, "request", 7);
  int rc = warc_http_parse(&c->http, b, n, is_request, &url_mem_sqlite);
  if (rc) c->http_row = -1;
  return rc;
}

static int payload_of(warc_cursor *c) {
  if (c->payload_row == c->base.row) return WARC_OK;
  int rc = http_of(c);
  if (rc) return rc;
  c->note[0] = 0;
  c->payload_rc = WARC_OK;
  if (c->rec.has_http) {
    rc = warc_payload(&c->http, &c->lim, &url_mem_sqlite, c->pbuf, &c->payload,
                      &c->payload_n, c->note, sizeof c->note);
    if (rc == WARC_NOMEM) return rc;
    c->payload_rc = rc;
  } else {
    warc_block(c->r, &c->payload, &c->payload_n);
  }
  c->payload_row = c->base.row;
  return WARC_OK;
}

static void span_result(sqlite3_context *ctx, warc_span s) {
  if (s.p) url_result(ctx, URL_OK, s.p, s.n);
  else sqlite3_result_null(ctx);
}

static void fields_json(sqlite3_context *ctx, const warc_field *f, size_t n) {
  sqlite3_str *out = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  sqlite3_str_appendchar(out, 1, '[');
  for (size_t i = 0; i < n; i++) {
    sqlite3_str_appendall(out, i ? ",[" : "[");
    url_json_append_string(out, f[i].name.p, f[i].name.n);
    sqlite3_str_appendchar(out, 1, ',');
    url_json_append_string(out, f[i].value.p, f[i].value.n);
    sqlite3_str_appendchar(out, 1, ']');
  }
  sqlite3_str_appendchar(out, 1, ']');
  int err = sqlite3_str_errcode(out);
  int len = sqlite3_str_length(out);
  char *z = sqlite3_str_finish(out);
  if (err == SQLITE_NOMEM || (!z && !err)) sqlite3_result_error_nomem(ctx);
  else if (err) sqlite3_result_error_toobig(ctx);
  else sqlite3_result_text(ctx, z, len, sqlite3_free);
  if (err) sqlite3_free(z);
}

/* The essence of a MIME type: up to ';', trimmed, ASCII lower case. */
static void mime_result(sqlite3_context *ctx, warc_span s) {
  if (!s.p) {
    sqlite3_result_null(ctx);
    return;
  }
  size_t i = 0, n = s.n;
  while (i < n && (s.p[i] == ' ' || s.p[i] == '\t')) i++;
  size_t e = i;
  while (e < n && s.p[e] != ';') e++;
  while (e > i && (s.p[e - 1] == ' ' || s.p[e - 1] == '\t')) e--;
  if (e == i) {
    sqlite3_result_null(ctx);
    return;
  }
  char st[128];
  char *z = e - i < sizeof st ? st : sqlite3_malloc64(e - i);
  if (!z) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for (size_t k = i; k < e; k++) {
    char ch = s.p[k];
    z[k - i] = ch >= 'A' && ch <= 'Z' ? ch + 32 : ch;
  }
  url_result(ctx, URL_OK, z, e - i);
  if (z != st) sqlite3_free(z);
}

static void warc_cursor_column(url_tvf_cursor *cur, sqlite3_context *ctx,
                               int i) {
  warc_cursor *c = (warc_cursor *)cur;
  const warc_record *r = &c->rec;
  int rc;
  follow_copy(c);
  switch (i) {
  case C_RECORD_OFFSET: sqlite3_result_int64(ctx, r->offset); return;
  case C_RECORD_LENGTH:
    if (r->length >= 0) sqlite3_result_int64(ctx, r->length);
    return;
  case C_FORMAT:
    if (r->format)
      sqlite3_result_text(ctx, r->format == WARC_FORMAT_ARC ? "arc" : "warc",
                          -1, SQLITE_STATIC);
    return;
  case C_VERSION: span_result(ctx, r->version); return;
  case C_WARC_TYPE: span_result(ctx, r->warc_type); return;
  case C_TARGET_URI: span_result(ctx, r->target_uri); return;
  case C_DATE: span_result(ctx, r->date); return;
  case C_RECORD_ID: span_result(ctx, r->record_id); return;
  case C_CONTENT_TYPE: span_result(ctx, r->content_type); return;
  case C_PAYLOAD_DIGEST: span_result(ctx, r->payload_digest); return;
  case C_BLOCK_DIGEST: span_result(ctx, r->block_digest); return;
  case C_TRUNCATED: span_result(ctx, r->truncated); return;
  case C_REFERS_TO: span_result(ctx, r->refers_to); return;
  case C_REFERS_TO_TARGET_URI: span_result(ctx, r->refers_to_target_uri); return;
  case C_REFERS_TO_DATE: span_result(ctx, r->refers_to_date); return;
  case C_PROFILE: span_result(ctx, r->profile); return;
  case C_SEGMENT_NUMBER: {
    warc_span s = r->segment_number;
    sqlite3_int64 v = 0;
    size_t k = 0;
    while (k < s.n && k < 18 && s.p[k] >= '0' && s.p[k] <= '9')
      v = v * 10 + (s.p[k++] - '0');
    if (s.p && k && k == s.n) sqlite3_result_int64(ctx, v);
    else span_result(ctx, s); /* as written when it is no number */
    return;
  }
  case C_HEADERS:
    if (r->format) fields_json(ctx, r->fields, r->n_fields);
    return;
  default: break;
  }
  /* The HTTP message. */
  if (i == C_PAYLOAD || i == C_DIGEST_OK || i == C_ERROR)
    rc = payload_of(c);
  else
    rc = http_of(c);
  if (rc) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  const warc_http *h = &c->http;
  switch (i) {
  case C_HTTP_STATUS:
    if (h->status >= 0) sqlite3_result_int(ctx, h->status);
    return;
  case C_HTTP_METHOD: span_result(ctx, h->method); return;
  case C_HTTP_HEADERS:
    if (r->has_http && (h->status >= 0 || h->method.p))
      fields_json(ctx, h->headers, h->n_headers);
    return;
  case C_MIME:
    mime_result(ctx, r->has_http ? h->content_type : r->content_type);
    return;
  case C_CHARSET: {
    warc_span ct = r->has_http ? h->content_type : r->content_type;
    if (!ct.p) return;
    url_call call;
    url_call_begin(&call, ctx);
    url_call_result(&call, html_mime_charset(ct.p, ct.n, &call.out));
    return;
  }
  case C_PAYLOAD:
    if (r->format)
      sqlite3_result_blob64(ctx, c->payload_n ? c->payload : (const void *)"",
                            c->payload_n, SQLITE_TRANSIENT);
    return;
  case C_PAYLOAD_RAW: {
    const unsigned char *b;
    size_t n;
    if (r->has_http) {
      b = h->body;
      n = h->body_len;
    } else {
      warc_block(c->r, &b, &n);
    }
    if (r->format)
      sqlite3_result_blob64(ctx, n ? b : (const void *)"", n, SQLITE_TRANSIENT);
    return;
  }
  case C_DIGEST_OK: {
    /* A revisit's digest is the original's payload, not this block's. */
    warc_span d = r->payload_digest, t = r->warc_type;
    if (!d.p || (t.n == 7 && !memcmp(t.p, "revisit", 7))) return;
    const unsigned char *b;
    size_t n;
    if (r->has_http) {
      b = h->body;
      n = h->body_len;
    } else {
      warc_block(c->r, &b, &n);
    }
    int ok = warc_digest_check(d.p, d.n, b, n);
    if (ok >= 0) sqlite3_result_int(ctx, ok);
    return;
  }
  case C_ERROR: {
    if (!r->error && !c->note[0]) return;
    sqlite3_str *out = sqlite3_str_new(sqlite3_context_db_handle(ctx));
    if (r->error) sqlite3_str_appendall(out, r->error);
    if (c->note[0]) {
      if (r->error) sqlite3_str_appendall(out, "; ");
      sqlite3_str_appendall(out, "payload: ");
      sqlite3_str_appendall(out, c->note);
    }
    int err = sqlite3_str_errcode(out);
    int len = sqlite3_str_length(out);
    char *z = sqlite3_str_finish(out);
    if (err || !z) {
      sqlite3_free(z);
      sqlite3_result_error_nomem(ctx);
      return;
    }
    url_result(ctx, URL_OK, z, (size_t)len);
    sqlite3_free(z);
    return;
  }
  }
}

static const char *const warc_columns[] = {
    "record_offset INTEGER", "record_length INTEGER", "format TEXT",
    "version TEXT", "warc_type TEXT", "target_uri TEXT", "date TEXT",
    "record_id TEXT", "content_type TEXT", "payload_digest TEXT",
    "block_digest TEXT", "truncated TEXT", "refers_to TEXT",
    "refers_to_target_uri TEXT", "refers_to_date TEXT", "profile TEXT",
    "segment_number INTEGER", "headers TEXT", "http_status INTEGER",
    "http_method TEXT", "http_headers TEXT", "mime TEXT", "charset TEXT",
    "payload BLOB", "payload_raw BLOB", "digest_ok INTEGER", "error TEXT"};
static const char *const warc_args[] = {"source", "offset"};

static const url_tvf warc_records_tvf = {
    URL_TVF_SHAPE("warc_records", warc_columns, warc_args, 1, warc_cursor),
    .direct_only = 1,
    .open = warc_cursor_open, .close = warc_cursor_close,
    .filter = warc_cursor_filter, .column = warc_cursor_column,
    .next = warc_cursor_next,
};

static const url_tvf *const tvfs[] = {&warc_records_tvf};

const url_family url_warc_family = {NULL, 0, tvfs, URL_COUNT(tvfs)};
