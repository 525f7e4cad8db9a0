/*
** warc_index(source [, format [, filename]]): the CDXJ or CDX index of a
** WARC or ARC file, one `line` per indexed record, byte for byte as
** webrecorder's cdxj-indexer 1.4 writes it with its defaults (docs/warc.md).
** source is a path (TEXT; the function is SQLITE_DIRECTONLY) or the file's
** bytes (BLOB).  format 'cdxj' (default) or 'cdx' (its `-11` form, whose
** first row is the header " CDX N b a m s k r M S V g"); filename is what
** the lines name, by default the path's last segment (none for a BLOB).
**
**   .output crawl.cdxj
**   SELECT line FROM warc_index('crawl.warc.gz');
**   .output stdout
**   SELECT url FROM warc_index('crawl.warc.gz')
**    WHERE urlkey >= 'com,example)/' AND urlkey < 'com,example*';
**
** Its rules, cdxj-indexer's (main.py on python warcio's Indexer):
**   records: response, revisit, resource, metadata; a resource or metadata
**     record whose Content-Type is exactly application/warc-fields is not.
**   urlkey: url_surt (keys/surt.c: the surt library's defaults) of the
**     target URI, "-" without one, the URI itself when it is no URL.
**   timestamp: the digits of WARC-Date as python's iso_date_to_timestamp
**     reads them; where python raises (2008-10-294T...), the date's first
**     14 digits, zero-padded (our choice: cdxj-indexer stops there).
**   JSON, as python's json.dumps: {"url": .., "mime": .., "status": ..,
**     "digest": .., "length": .., "offset": .., "filename": ..}, every
**     value a string, absent ones left out, non-ASCII as \uXXXX; a header
**     value that is not UTF-8 reads as Latin-1, as python warcio decodes it.
**   url: the target URI, spaces as %20 (python warcio's recordloader).
**   mime: "warc/revisit" for revisits; the HTTP Content-Type of responses
**     and requests that hold an HTTP message (an http: or https: target and
**     a non-empty block), none otherwise; the WARC Content-Type of the
**     rest; cut at the first ';' or white space.
**   status: of responses and revisits with an HTTP status line.
**   digest: WARC-Payload-Digest as written, or "sha1:" and the base32
**     SHA-1 of the payload as stored (python warcio's ensure_digest); the
**     cdx form keeps what follows the last ':'.
*/
#include "ext.h"
#include "percent.h"
#include "surt.h"
#include "warc.h"

#include <nettle/sha1.h>
#include <stdio.h>
#include <string.h>

enum { F_CDXJ, F_CDX };
static const char *const formats[] = {"cdxj", "cdx"};
#define CDX_HEADER " CDX N b a m s k r M S V g"

typedef struct index_cursor {
  url_tvf_cursor base;
  warc_reader *r;
  sqlite3_value *blob;    /* a BLOB source, kept while it is read */
  int format;
  int header_row;         /* the cdx form's header is row 0 */
  int done;
  warc_record rec;
  warc_limits lim;
  warc_http http;
  url_surt_opts surt;
  url_buf filename;       /* as the lines name it */
  int has_filename;
  /* The current row, built once in next: */
  url_buf line, key, field;
  size_t key_n;
  char ts[15];
  int status;
  warc_span mime;
  int has_mime, mime_revisit;
  char digest_st[64];     /* "sha1:" + base32 when computed */
  warc_span digest;
  int has_url;
} index_cursor;

enum { C_LINE, C_URLKEY, C_TIMESTAMP, C_RECORD_OFFSET, C_RECORD_LENGTH };

static int span_is(warc_span s, const char *z) {
  size_t n = strlen(z);
  return s.p && s.n == n && memcmp(s.p, z, n) == 0;
}

static void index_open(url_tvf_cursor *cur) {
  index_cursor *c = (index_cursor *)cur;
  url_buf_init(&c->filename, &url_mem_sqlite, NULL, 0, SIZE_MAX);
  url_buf_init(&c->line, &url_mem_sqlite, NULL, 0, SIZE_MAX);
  url_buf_init(&c->key, &url_mem_sqlite, NULL, 0, SIZE_MAX);
  url_buf_init(&c->field, &url_mem_sqlite, NULL, 0, SIZE_MAX);
  url_surt_opts_default(&c->surt);
}

static void reader_done(index_cursor *c) {
  warc_close(c->r);
  c->r = NULL;
  sqlite3_value_free(c->blob);
  c->blob = NULL;
}

static void index_close(url_tvf_cursor *cur) {
  index_cursor *c = (index_cursor *)cur;
  reader_done(c);
  warc_http_free(&c->http, &url_mem_sqlite);
  url_buf_free(&c->filename);
  url_buf_free(&c->line);
  url_buf_free(&c->key);
  url_buf_free(&c->field);
}

/* ------------------------------------------------ python's text rules */

/* Is s[0..n) UTF-8 (python's strict decoder)? */
static int is_utf8(const unsigned char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    unsigned c = s[i];
    size_t k;
    uint32_t cp, min;
    if (c < 0x80) { i++; continue; }
    if (c >= 0xc2 && c <= 0xdf) { k = 1; cp = c & 0x1f; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { k = 2; cp = c & 0x0f; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { k = 3; cp = c & 0x07; min = 0x10000; }
    else return 0;
    if (n - i <= k) return 0;
    for (size_t j = 1; j <= k; j++) {
      if ((s[i + j] & 0xc0) != 0x80) return 0;
      cp = (cp << 6) | (s[i + j] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    i += k + 1;
  }
  return 1;
}

/* Text as python holds it, appended as UTF-8: UTF-8 kept, anything else
   read as Latin-1 (python warcio's decode_header). */
static void put_text(url_buf *b, const char *p, size_t n) {
  if (is_utf8((const unsigned char *)p, n)) {
    url_buf_append(b, p, n);
    return;
  }
  for (size_t i = 0; i < n; i++) url_buf_put_utf8(b, (unsigned char)p[i]);
}

/* The next code point of UTF-8 s (valid: is_utf8 said so). */
static uint32_t next_cp(const unsigned char *s, size_t *i) {
  unsigned c = s[*i];
  if (c < 0x80) { (*i)++; return c; }
  size_t k = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
  uint32_t cp = c & (0x3f >> k);
  for (size_t j = 1; j <= k; j++) cp = (cp << 6) | (s[*i + j] & 0x3f);
  *i += k + 1;
  return cp;
}

static void put_u(url_buf *b, uint32_t u) {
  /* lower case, as python writes them (url_hex_digits | 0x20) */
  char e[6] = {'\\', 'u', url_hex_digits[(u >> 12) & 15] | 0x20,
               url_hex_digits[(u >> 8) & 15] | 0x20,
               url_hex_digits[(u >> 4) & 15] | 0x20, url_hex_digits[u & 15] | 0x20};
  url_buf_append(b, e, 6);
}

/* A JSON string as python's json.dumps (ensure_ascii) writes it. */
static void put_json(url_buf *b, const char *p, size_t n) {
  const unsigned char *s = (const unsigned char *)p;
  int utf8 = is_utf8(s, n);
  url_buf_putc(b, '"');
  size_t i = 0;
  while (i < n) {
    uint32_t cp = utf8 ? next_cp(s, &i) : s[i++];
    switch (cp) {
    case '"': url_buf_append(b, "\\\"", 2); continue;
    case '\\': url_buf_append(b, "\\\\", 2); continue;
    case '\n': url_buf_append(b, "\\n", 2); continue;
    case '\r': url_buf_append(b, "\\r", 2); continue;
    case '\t': url_buf_append(b, "\\t", 2); continue;
    case '\b': url_buf_append(b, "\\b", 2); continue;
    case '\f': url_buf_append(b, "\\f", 2); continue;
    default: break;
    }
    if (cp >= 0x20 && cp < 0x7f) url_buf_putc(b, (char)cp);
    else if (cp < 0x10000) put_u(b, cp);
    else {
      cp -= 0x10000;
      put_u(b, 0xd800 + (cp >> 10));
      put_u(b, 0xdc00 + (cp & 0x3ff));
    }
  }
  url_buf_putc(b, '"');
}

/* python warcio's iso_date_to_timestamp: the date split at every
   non-digit, a last empty part dropped, 3 to 7 numbers (the 7th cut to
   microseconds) that make a valid datetime; else our fallback. */
static void timestamp_of(warc_span d, char out[15]) {
  long v[7] = {0, 0, 0, 0, 0, 0, 0};
  int parts = 0, ok = 1;
  size_t i = 0;
  if (!d.p) ok = 0;
  while (ok && i <= d.n) {
    size_t s = i;
    while (i < d.n && d.p[i] >= '0' && d.p[i] <= '9') i++;
    size_t len = i - s;
    int last = i >= d.n;
    if (last && len == 0 && parts > 0) break; /* "…Z": the empty tail */
    if (len == 0 || parts == 7) { ok = 0; break; }
    long x = 0;
    for (size_t k = 0; k < len && k < (parts == 6 ? 6 : 10); k++)
      x = x * 10 + (d.p[s + k] - '0');
    if (parts < 6 && len > 9) ok = 0;
    v[parts++] = x;
    if (last) break;
    i++; /* the non-digit */
  }
  static const int dim[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (ok && parts >= 3) {
    long y = v[0], mo = v[1], dd = v[2];
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (y < 1 || y > 9999 || mo < 1 || mo > 12 || dd < 1 ||
        dd > dim[mo - 1] + (mo == 2 && leap) || v[3] > 23 || v[4] > 59 ||
        v[5] > 59)
      ok = 0;
  } else {
    ok = 0;
  }
  if (ok) {
    static const int width[] = {4, 2, 2, 2, 2, 2};
    size_t k = 14;
    for (int f = 5; f >= 0; f--) /* every value is in range: no overflow */
      for (int w = 0; w < width[f]; w++, v[f] /= 10) out[--k] = (char)('0' + v[f] % 10);
    out[14] = 0;
    return;
  }
  size_t k = 0;
  for (size_t j = 0; d.p && j < d.n && k < 14; j++)
    if (d.p[j] >= '0' && d.p[j] <= '9') out[k++] = d.p[j];
  while (k < 14) out[k++] = '0';
  out[14] = 0;
}

static void base32_sha1(const unsigned char *p, size_t n, char *out) {
  static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  struct sha1_ctx ctx;
  uint8_t h[SHA1_DIGEST_SIZE];
  sha1_init(&ctx);
  sha1_update(&ctx, n, p);
  sha1_digest(&ctx, SHA1_DIGEST_SIZE, h);
  memcpy(out, "sha1:", 5);
  size_t k = 5;
  unsigned bits = 0, val = 0;
  for (int i = 0; i < SHA1_DIGEST_SIZE; i++) {
    val = (val << 8) | h[i];
    bits += 8;
    while (bits >= 5) {
      out[k++] = a[(val >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  out[k] = 0; /* 160 bits: 32 characters, no padding */
}

/* --------------------------------------------------------------- rows */

static int indexed(const warc_record *r) {
  warc_span t = r->warc_type;
  if (span_is(t, "response") || span_is(t, "revisit")) return 1;
  if (span_is(t, "resource") || span_is(t, "metadata"))
    return !span_is(r->content_type, "application/warc-fields");
  return 0;
}

/* url: the target URI, spaces as %20, into c->field. */
static void url_of(index_cursor *c) {
  warc_span u = c->rec.target_uri;
  url_buf_truncate(&c->field, 0);
  for (size_t i = 0; i < u.n; i++) {
    if (u.p[i] == ' ') url_buf_append(&c->field, "%20", 3);
    else url_buf_putc(&c->field, u.p[i]);
  }
}

/* Builds row c->base.row from c->rec.  Returns a WARC_ status. */
static int build_row(index_cursor *c) {
  const warc_record *r = &c->rec;
  c->has_url = r->target_uri.p != NULL;
  url_of(c);
  if (c->field.err) return c->field.err == URL_NOMEM ? WARC_NOMEM : WARC_TOOBIG;
  /* urlkey */
  url_buf_truncate(&c->key, 0);
  if (!c->has_url || c->field.len == 0) {
    url_buf_putc(&c->key, '-');
  } else {
    int rc = url_surt(&c->key, c->field.ptr, c->field.len, &c->surt, NULL);
    if (rc == URL_NOMEM || c->key.err == URL_NOMEM) return WARC_NOMEM;
    if (rc != URL_OK) {
      url_buf_truncate(&c->key, 0);
      c->key.err = URL_OK;
      put_text(&c->key, c->field.ptr, c->field.len);
    }
  }
  timestamp_of(r->date, c->ts);
  /* The HTTP message, as python warcio finds one. */
  int revisit = span_is(r->warc_type, "revisit");
  int response = span_is(r->warc_type, "response");
  int http_uri = c->field.len >= 5 && (memcmp(c->field.ptr, "http:", 5) == 0 ||
                 (c->field.len >= 6 && memcmp(c->field.ptr, "https:", 6) == 0));
  const unsigned char *block = NULL, *payload;
  size_t block_n = 0, payload_n;
  int need_block = (revisit || response) ? http_uri : 0;
  if (!r->payload_digest.p) need_block = 1;
  if (need_block) {
    int rc = warc_block(c->r, &block, &block_n);
    if (rc == WARC_NOMEM) return rc;
    if (rc != WARC_OK) block_n = 0;
  }
  warc_http_reset(&c->http, &url_mem_sqlite);
  int has_msg = (revisit || response) && http_uri && block_n > 0;
  payload = block;
  payload_n = block_n;
  c->status = -1;
  if (has_msg) {
    int rc = warc_http_parse(&c->http, block, block_n, 0, &url_mem_sqlite);
    if (rc == WARC_NOMEM) return rc;
    if (rc == WARC_OK) {
      c->status = c->http.status;
      payload = c->http.body;
      payload_n = c->http.body_len;
    }
    /* A block of blank lines (warcio/bad.arc) is, to python warcio, an
       HTTP message with an empty head and no payload. */
    size_t k = 0;
    while (k < block_n && (block[k] == '\r' || block[k] == '\n')) k++;
    if (k == block_n) payload_n = 0;
  }
  /* mime */
  c->mime_revisit = revisit;
  c->has_mime = 0;
  if (!revisit) {
    warc_span m = response ? (has_msg ? c->http.content_type : (warc_span){0, 0})
                           : r->content_type;
    if (m.p) {
      size_t e = 0;
      while (e < m.n && m.p[e] != ';' && m.p[e] != ' ' && m.p[e] != '\t' &&
             m.p[e] != '\n' && m.p[e] != '\r' && m.p[e] != '\f' && m.p[e] != '\v')
        e++;
      c->mime = (warc_span){m.p, e};
      c->has_mime = 1;
    }
  }
  /* digest */
  if (r->payload_digest.p) {
    c->digest = r->payload_digest;
  } else {
    base32_sha1(payload_n ? payload : (const unsigned char *)"", payload_n,
                c->digest_st);
    c->digest = (warc_span){c->digest_st, strlen(c->digest_st)};
  }
  /* The line. */
  url_buf *l = &c->line;
  url_buf_truncate(l, 0);
  url_buf_append(l, c->key.ptr, c->key.len);
  url_buf_putc(l, ' ');
  url_buf_append(l, c->ts, 14);
  url_buf_putc(l, ' ');
  char num[32];
  if (c->format == F_CDXJ) {
    int first = 1;
#define KEY(k) (url_buf_append(l, first ? "{\"" k "\": " : ", \"" k "\": ", \
                               first ? sizeof k + 4 : sizeof k + 5), first = 0)
    if (c->has_url) { KEY("url"); put_json(l, c->field.ptr, c->field.len); }
    if (c->mime_revisit) { KEY("mime"); url_buf_puts(l, "\"warc/revisit\""); }
    else if (c->has_mime) { KEY("mime"); put_json(l, c->mime.p, c->mime.n); }
    if (c->status >= 0) {
      KEY("status");
      snprintf(num, sizeof num, "\"%d\"", c->status);
      url_buf_puts(l, num);
    }
    KEY("digest");
    put_json(l, c->digest.p, c->digest.n);
    KEY("length");
    snprintf(num, sizeof num, "\"%lld\"", (long long)r->length);
    url_buf_puts(l, num);
    KEY("offset");
    snprintf(num, sizeof num, "\"%lld\"", (long long)r->offset);
    url_buf_puts(l, num);
    if (c->has_filename) {
      KEY("filename");
      put_json(l, c->filename.ptr, c->filename.len);
    }
#undef KEY
    url_buf_putc(l, '}');
  } else {
    if (c->has_url) put_text(l, c->field.ptr, c->field.len);
    else url_buf_putc(l, '-');
    url_buf_putc(l, ' ');
    if (c->mime_revisit) url_buf_puts(l, "warc/revisit");
    else if (c->has_mime) put_text(l, c->mime.p, c->mime.n);
    else url_buf_putc(l, '-');
    url_buf_putc(l, ' ');
    if (c->status >= 0) {
      snprintf(num, sizeof num, "%d", c->status);
      url_buf_puts(l, num);
    } else {
      url_buf_putc(l, '-');
    }
    url_buf_putc(l, ' ');
    size_t k = c->digest.n;
    while (k > 0 && c->digest.p[k - 1] != ':') k--;
    put_text(l, c->digest.p + k, c->digest.n - k);
    snprintf(num, sizeof num, " - - %lld %lld ", (long long)r->length,
             (long long)r->offset);
    url_buf_puts(l, num);
    if (c->has_filename) put_text(l, c->filename.ptr, c->filename.len);
    else url_buf_putc(l, '-');
  }
  if (l->err == URL_NOMEM || c->key.err == URL_NOMEM) return WARC_NOMEM;
  if (l->err || c->key.err) return WARC_TOOBIG;
  return WARC_OK;
}

static int status_of(int rc) {
  return rc == WARC_NOMEM ? URL_NOMEM : rc == WARC_TOOBIG ? URL_TOOBIG : URL_OK;
}

/* The next indexed record as row c->row (none: n_rows stays). */
static int index_next(url_tvf_cursor *cur) {
  index_cursor *c = (index_cursor *)cur;
  if (c->header_row && cur->row == 0) {
    cur->n_rows = 1;
    return URL_OK;
  }
  while (!c->done && c->r) {
    int rc = warc_next(c->r, &c->rec);
    if (rc != WARC_OK) {
      c->done = 1;
      if (rc == WARC_IOERR) {
        const char *t = warc_error_text(c->r);
        url_tvf_error(cur, t ? t : "read error");
        return URL_FAILURE;
      }
      return status_of(rc);
    }
    if (!indexed(&c->rec)) continue;
    rc = build_row(c);
    if (rc != WARC_OK) {
      c->done = 1;
      return status_of(rc);
    }
    cur->n_rows = cur->row + 1;
    return URL_OK;
  }
  return URL_OK;
}

static int index_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  index_cursor *c = (index_cursor *)cur;
  reader_done(c);
  c->done = 0;
  c->header_row = 0;
  c->has_filename = 0;
  url_buf_truncate(&c->filename, 0);
  memset(&c->lim, 0, sizeof c->lim);
  c->lim.max_block = cur->max;
  c->line.max = c->key.max = c->field.max = c->filename.max = cur->max;
  int type = argv[0] ? sqlite3_value_type(argv[0]) : SQLITE_NULL;
  c->format = F_CDXJ;
  if (argv[1] && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    int k;
    int rc = url_label_find(argv[1], formats, URL_COUNT(formats), &k);
    if (rc == URL_NOMEM) return rc;
    if (k < 0) {
      const char *label;
      size_t n;
      if (url_arg_label(argv[1], &label, &n) != URL_OK) return URL_NOMEM;
      char *msg = sqlite3_mprintf("unknown format '%.*s' (expected one of: cdxj, cdx)",
                                  (int)n, label);
      if (!msg) return URL_NOMEM;
      url_tvf_error(cur, msg);
      sqlite3_free(msg);
      return URL_FAILURE;
    }
    c->format = k;
  }
  if (type == SQLITE_NULL) return URL_OK; /* no rows */
  if (argv[2] && sqlite3_value_type(argv[2]) != SQLITE_NULL) {
    const char *f = (const char *)sqlite3_value_text(argv[2]);
    if (!f) return URL_NOMEM;
    url_buf_append(&c->filename, f, (size_t)sqlite3_value_bytes(argv[2]));
    c->has_filename = 1;
  }
  int rc;
  if (type == SQLITE_BLOB) {
    c->blob = sqlite3_value_dup(argv[0]);
    if (!c->blob) return URL_NOMEM;
    rc = warc_open_mem(&c->r, sqlite3_value_blob(c->blob),
                       (size_t)sqlite3_value_bytes(c->blob), &url_mem_sqlite,
                       &c->lim);
  } else {
    const char *path = (const char *)sqlite3_value_text(argv[0]);
    if (!path) return URL_NOMEM;
    if (!c->has_filename) {
      /* os.path.basename */
      const char *slash = strrchr(path, '/');
      url_buf_puts(&c->filename, slash ? slash + 1 : path);
      c->has_filename = 1;
    }
    rc = warc_open_file(&c->r, path, &url_mem_sqlite, &c->lim);
  }
  if (c->filename.err) return c->filename.err;
  if (rc == WARC_IOERR) {
    const char *t = c->r ? warc_error_text(c->r) : NULL;
    url_tvf_error(cur, t ? t : "cannot open the file");
    reader_done(c);
    return URL_FAILURE;
  }
  if (rc != WARC_OK) {
    reader_done(c);
    return status_of(rc);
  }
  c->header_row = c->format == F_CDX;
  return index_next(cur);
}

static void index_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  index_cursor *c = (index_cursor *)cur;
  if (c->header_row && cur->row == 0) {
    if (i == C_LINE) sqlite3_result_text(ctx, CDX_HEADER, -1, SQLITE_STATIC);
    return;
  }
  switch (i) {
  case C_LINE: url_result(ctx, URL_OK, c->line.ptr, c->line.len); return;
  case C_URLKEY: url_result(ctx, URL_OK, c->key.ptr, c->key.len); return;
  case C_TIMESTAMP: sqlite3_result_text(ctx, c->ts, 14, SQLITE_TRANSIENT); return;
  case C_RECORD_OFFSET: sqlite3_result_int64(ctx, c->rec.offset); return;
  case C_RECORD_LENGTH: sqlite3_result_int64(ctx, c->rec.length); return;
  default: return;
  }
}

static const char *const index_columns[] = {
    "line TEXT", "urlkey TEXT", "timestamp TEXT", "record_offset INTEGER",
    "record_length INTEGER"};
static const char *const index_args[] = {"source", "format", "filename"};

static const url_tvf warc_index_tvf = {
    URL_TVF_SHAPE("warc_index", index_columns, index_args, 1, index_cursor),
    .direct_only = 1,
    .open = index_open, .close = index_close, .filter = index_filter,
    .column = index_column, .next = index_next,
};

static const url_tvf *const tvfs[] = {&warc_index_tvf};

const url_family url_warc_index_family = {NULL, 0, tvfs, URL_COUNT(tvfs)};
