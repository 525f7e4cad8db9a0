/*
** HTTP messages inside WARC/ARC records (warc.h): the status or request
** line (none for HTTP/0.9: the whole block is the body), headers read
** leniently (obs-fold joined, LF-only lines, lines without a colon
** skipped, bytes kept as written), then the payload: de-chunked when it
** says chunked and is chunked (pywb stores de-chunked bodies that still
** say chunked: kept as they are), decoded by each Content-Encoding from the
** last applied (gzip, x-gzip, deflate zlib-wrapped or raw, br, zstd).  A
** coding that does not decode keeps the bytes as stored and says so.
** Common Crawl renames the headers of bodies it stored decoded
** (X-Crawler-Content-Encoding, ...): those are not decoded again.
**
**   SELECT http_status, mime, length(payload)
**     FROM warc_records('example.warc.gz') WHERE warc_type = 'response';
*/
#define ZSTD_STATIC_LINKING_ONLY /* ZSTD_createDCtx_advanced */
#include "span.h"
#include "warc.h"

#include <brotli/decode.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

static int is_tchar(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-' || c == '_';
}

void warc_http_reset(warc_http *h, const url_allocator *mem) {
  warc_field *keep = h->headers;
  size_t cap = h->cap_headers;
  if (h->fold) mem->release(h->fold);
  memset(h, 0, sizeof *h);
  h->headers = keep;
  h->cap_headers = cap;
  h->status = -1;
}

void warc_http_free(warc_http *h, const url_allocator *mem) {
  if (h->headers) mem->release(h->headers);
  if (h->fold) mem->release(h->fold);
  memset(h, 0, sizeof *h);
  h->status = -1;
}

static int add_header(warc_http *h, warc_span name, warc_span value,
                      const url_allocator *mem) {
  if (h->n_headers == h->cap_headers) {
    size_t c = h->cap_headers ? h->cap_headers * 2 : 32;
    warc_field *f = mem->resize(h->headers, c * sizeof *f);
    if (!f) return WARC_NOMEM;
    h->headers = f;
    h->cap_headers = c;
  }
  h->headers[h->n_headers].name = name;
  h->headers[h->n_headers].value = value;
  h->n_headers++;
  return WARC_OK;
}

/* The first line: "HTTP/1.1 200 OK" (any token starting HTTP, as
   "HTTPX/1.1", with a 3-digit code) or "GET /x HTTP/1.1". */
static int first_line(warc_http *h, const char *p, size_t n, int is_request) {
  size_t i = 0;
  while (i < n && p[i] != ' ') i++;
  warc_span t0 = {p, i};
  if (t0.n >= 4 && !memcmp(p, "HTTP", 4)) {
    size_t j = i;
    while (j < n && p[j] == ' ') j++;
    if (j + 3 <= n && p[j] >= '0' && p[j] <= '9' && p[j + 1] >= '0' &&
        p[j + 1] <= '9' && p[j + 2] >= '0' && p[j + 2] <= '9' &&
        (j + 3 == n || p[j + 3] == ' ' || p[j + 3] == '\r')) {
      h->version = t0;
      h->status = (p[j] - '0') * 100 + (p[j + 1] - '0') * 10 + (p[j + 2] - '0');
      h->reason = warc_trim(p + j + 3, n - j - 3);
      return 1;
    }
    return 0;
  }
  /* A request line: METHOD SP target SP HTTP/x. */
  if (!t0.n || i == n) return 0;
  for (size_t k = 0; k < t0.n; k++)
    if (!is_tchar((unsigned char)p[k])) return 0;
  size_t sp = n;
  while (sp > i && p[sp - 1] != ' ') sp--;
  if (sp <= i + 1 || n - sp < 5 || memcmp(p + sp, "HTTP/", 5)) {
    if (!is_request) return 0;
  }
  h->method = t0;
  if (sp > i + 1) h->version = warc_trim(p + sp, n - sp);
  return 1;
}

int warc_http_parse(warc_http *h, const unsigned char *block, size_t n,
                    int is_request, const url_allocator *mem) {
  const char *p = (const char *)block;
  h->status = -1;
  h->body = block;
  h->body_len = n;
  const char *nl = memchr(p, '\n', n);
  size_t le = nl ? (size_t)(nl - p) : n;
  while (le && p[le - 1] == '\r') le--;
  if (!first_line(h, p, le, is_request)) {
    /* HTTP/0.9: no status line, no headers; all of it is the body. */
    h->status = -1;
    h->method.p = h->version.p = h->reason.p = NULL;
    h->method.n = h->version.n = h->reason.n = 0;
    return WARC_OK;
  }
  size_t i = nl ? (size_t)(nl - p) + 1 : n;
  size_t fold_used = 0;
  int rc;
  while (i < n) {
    const char *e = memchr(p + i, '\n', n - i);
    size_t end = e ? (size_t)(e - p) : n;
    size_t l = end;
    while (l > i && p[l - 1] == '\r') l--;
    size_t next = e ? end + 1 : n;
    if (l == i) {
      i = next;
      break; /* the empty line */
    }
    if ((p[i] == ' ' || p[i] == '\t') && h->n_headers) {
      /* obs-fold: the value goes on after one space, in h->fold (the
         header section's size at most, allocated once). */
      warc_field *f = &h->headers[h->n_headers - 1];
      warc_span more = warc_trim(p + i, l - i);
      if (!h->fold) {
        h->fold = mem->alloc(n + 1);
        if (!h->fold) return WARC_NOMEM;
      }
      if (f->value.p < h->fold || f->value.p >= h->fold + n + 1) {
        memcpy(h->fold + fold_used, f->value.p, f->value.n);
        f->value.p = h->fold + fold_used;
        fold_used += f->value.n;
      }
      if (more.n) {
        h->fold[fold_used++] = ' ';
        memcpy(h->fold + fold_used, more.p, more.n);
        fold_used += more.n;
        f->value.n += 1 + more.n;
      }
    } else {
      const char *colon = memchr(p + i, ':', l - i);
      if (colon) {
        warc_span name = warc_trim(p + i, (size_t)(colon - (p + i)));
        warc_span value = warc_trim(colon + 1, (size_t)(p + l - colon - 1));
        if (name.n && (rc = add_header(h, name, value, mem))) return rc;
      }
    }
    i = next;
  }
  h->body = block + i;
  h->body_len = n - i;
  for (size_t k = 0; k < h->n_headers; k++) {
    warc_field *f = &h->headers[k];
    if (!h->content_type.p && warc_ieq(f->name.p, f->name.n, "Content-Type"))
      h->content_type = f->value;
    else if (!h->content_encoding.p && warc_ieq(f->name.p, f->name.n, "Content-Encoding"))
      h->content_encoding = f->value;
    else if (!h->transfer_encoding.p && warc_ieq(f->name.p, f->name.n, "Transfer-Encoding"))
      h->transfer_encoding = f->value;
  }
  return WARC_OK;
}

/* ---- buffers ---- */

void warc_buf_free(warc_buf *b, const url_allocator *mem) {
  if (b->p) mem->release(b->p);
  memset(b, 0, sizeof *b);
}

static int buf_room(warc_buf *b, size_t more, const url_allocator *mem) {
  if (b->cap - b->n >= more) return WARC_OK;
  size_t c = b->cap ? b->cap : 16384;
  while (c - b->n < more) {
    if (c > ((size_t)-1) / 2) return WARC_NOMEM;
    c *= 2;
  }
  unsigned char *p = mem->resize(b->p, c);
  if (!p) return WARC_NOMEM;
  b->p = p;
  b->cap = c;
  return WARC_OK;
}

/* ---- de-chunking ---- */

static int hexval(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* 1 de-chunked into out, 0 not chunked (kept), -1 cut short (out holds
   what there was). */
static int dechunk(const unsigned char *p, size_t n, warc_buf *out,
                   size_t max, const url_allocator *mem, int *rc) {
  size_t i = 0;
  out->n = 0;
  *rc = WARC_OK;
  int first = 1;
  for (;;) {
    /* size line: hex digits, optional extension, CRLF or LF. */
    size_t j = i;
    uint64_t size = 0;
    while (j < n && hexval(p[j]) >= 0) {
      if (size >> 56) return first ? 0 : -1;
      size = size * 16 + (uint64_t)hexval(p[j]);
      j++;
    }
    if (j == i) return first ? 0 : -1;
    while (j < n && (p[j] == ' ' || p[j] == '\t')) j++;
    if (j < n && p[j] == ';') {
      while (j < n && p[j] != '\n') j++;
    }
    if (j < n && p[j] == '\r') j++;
    if (j >= n || p[j] != '\n') return first ? 0 : -1;
    j++;
    first = 0;
    if (size == 0) return 1; /* trailers follow; they are not payload */
    if (size > n - j) {
      /* A last chunk cut short. */
      if (n > j) {
        if ((*rc = buf_room(out, n - j, mem))) return -1;
        memcpy(out->p + out->n, p + j, n - j);
        out->n += n - j;
      }
      return -1;
    }
    if (out->n + size > max) {
      *rc = WARC_TOOBIG;
      return -1;
    }
    if ((*rc = buf_room(out, (size_t)size, mem))) return -1;
    memcpy(out->p + out->n, p + j, (size_t)size);
    out->n += (size_t)size;
    j += (size_t)size;
    if (j < n && p[j] == '\r') j++;
    if (j < n && p[j] == '\n') j++;
    i = j;
    if (i >= n) return -1; /* no last chunk */
  }
}

/* ---- content codings ---- */

static voidpf zalloc_cb(voidpf opaque, uInt items, uInt size) {
  const url_allocator *m = opaque;
  if (size && items > (size_t)-1 / size) return Z_NULL;
  return m->alloc((size_t)items * size);
}
static void zfree_cb(voidpf opaque, voidpf p) {
  const url_allocator *m = opaque;
  m->release(p);
}

/* 1 decoded, 0 does not decode, WARC_TOOBIG over max (as -2),
   WARC_NOMEM (as -3). */
static int inflate_all(const unsigned char *p, size_t n, int wbits,
                       warc_buf *out, size_t max, const url_allocator *mem) {
  z_stream z;
  memset(&z, 0, sizeof z);
  z.zalloc = zalloc_cb;
  z.zfree = zfree_cb;
  z.opaque = (voidpf)mem;
  if (inflateInit2(&z, wbits) != Z_OK) return -3;
  out->n = 0;
  int result = 0;
  z.next_in = (Bytef *)p;
  z.avail_in = (uInt)(n > 0x7fffffffu ? 0x7fffffffu : n);
  for (;;) {
    if (buf_room(out, 65536, mem)) {
      result = -3;
      break;
    }
    z.next_out = out->p + out->n;
    z.avail_out = (uInt)(out->cap - out->n);
    uInt before = z.avail_out;
    int zr = inflate(&z, Z_NO_FLUSH);
    out->n += before - z.avail_out;
    if (out->n > max) {
      result = -2;
      break;
    }
    if (zr == Z_STREAM_END) {
      /* Another gzip member may follow (concatenated gzip). */
      if (wbits > 16 && z.avail_in >= 2 && z.next_in[0] == 0x1f &&
          z.next_in[1] == 0x8b) {
        if (inflateReset(&z) != Z_OK) break;
        continue;
      }
      result = 1;
      break;
    }
    if (zr == Z_MEM_ERROR) {
      result = -3;
      break;
    }
    if (zr != Z_OK) break; /* data error, or cut short (Z_BUF_ERROR) */
  }
  inflateEnd(&z);
  return result;
}

/* brotli and zstd allocate through the caller's allocator too. */
static void *cb_alloc(void *opaque, size_t n) {
  const url_allocator *m = opaque;
  return m->alloc(n ? n : 1);
}
static void cb_free(void *opaque, void *p) {
  const url_allocator *m = opaque;
  if (p) m->release(p);
}

static int brotli_all(const unsigned char *p, size_t n, warc_buf *out,
                      size_t max, const url_allocator *mem) {
  BrotliDecoderState *st =
      BrotliDecoderCreateInstance(cb_alloc, cb_free, (void *)mem);
  if (!st) return -3;
  out->n = 0;
  size_t in_left = n;
  const uint8_t *in = p;
  int result = 0;
  for (;;) {
    if (buf_room(out, 65536, mem)) {
      result = -3;
      break;
    }
    size_t out_left = out->cap - out->n;
    uint8_t *o = out->p + out->n;
    BrotliDecoderResult br =
        BrotliDecoderDecompressStream(st, &in_left, &in, &out_left, &o, NULL);
    out->n = (size_t)(o - out->p);
    if (out->n > max) {
      result = -2;
      break;
    }
    if (br == BROTLI_DECODER_RESULT_SUCCESS) {
      result = 1;
      break;
    }
    if (br != BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) break;
  }
  BrotliDecoderDestroyInstance(st);
  return result;
}

static int zstd_all(const unsigned char *p, size_t n, warc_buf *out,
                    size_t max, const url_allocator *mem) {
  ZSTD_customMem cm = {cb_alloc, cb_free, (void *)mem};
  ZSTD_DCtx *d = ZSTD_createDCtx_advanced(cm);
  if (!d) return -3;
  /* RFC 9659: the zstd content coding's window is at most 8 MB. */
  ZSTD_DCtx_setParameter(d, ZSTD_d_windowLogMax, 23);
  out->n = 0;
  ZSTD_inBuffer in = {p, n, 0};
  int result = 0;
  for (;;) {
    if (buf_room(out, 65536, mem)) {
      result = -3;
      break;
    }
    ZSTD_outBuffer o = {out->p + out->n, out->cap - out->n, 0};
    size_t zr = ZSTD_decompressStream(d, &o, &in);
    out->n += o.pos;
    if (out->n > max) {
      result = -2;
      break;
    }
    if (ZSTD_isError(zr)) break;
    if (zr == 0 && in.pos == in.size) {
      result = 1;
      break;
    }
    if (o.pos == 0 && in.pos == in.size) break; /* cut short */
  }
  ZSTD_freeDCtx(d);
  return result;
}

static void note_add(char *note, size_t size, const char *text, const char *arg,
                     size_t argn) {
  size_t k = strlen(note);
  if (!size || k + 3 >= size) return;
  snprintf(note + k, size - k, "%s%s%.*s", k ? "; " : "", text, (int)argn,
           arg ? arg : "");
}

int warc_payload(const warc_http *h, const warc_limits *limits,
                 const url_allocator *mem, warc_buf *buf,
                 const unsigned char **out_p, size_t *out_n, char *note,
                 size_t note_size) {
  const unsigned char *cur = h->body;
  size_t cur_n = h->body_len;
  size_t max_block = limits && limits->max_block ? limits->max_block : 1000000000u;
  size_t ratio = limits && limits->max_ratio ? limits->max_ratio : 1000;
  int which = 0, rc;
  if (note_size) note[0] = 0;
  *out_p = cur;
  *out_n = cur_n;
  /* Transfer-Encoding: chunked (the last coding named). */
  warc_span te = h->transfer_encoding;
  if (te.p) {
    size_t k = te.n;
    while (k && te.p[k - 1] != ',') k--;
    warc_span last = warc_trim(te.p + k, te.n - k);
    if (warc_ieq(last.p, last.n, "chunked")) {
      int d = dechunk(cur, cur_n, &buf[which], max_block, mem, &rc);
      if (rc == WARC_NOMEM) return WARC_NOMEM;
      if (rc == WARC_TOOBIG) {
        note_add(note, note_size, "de-chunked payload over the limit: kept as stored", NULL, 0);
        return WARC_TOOBIG;
      }
      if (d != 0) {
        if (d < 0) note_add(note, note_size, "chunked body cut short", NULL, 0);
        cur = buf[which].p ? buf[which].p : (const unsigned char *)"";
        cur_n = buf[which].n;
        which = 1;
      }
    }
  }
  /* Content-Encoding, the last applied first. */
  warc_span ce = h->content_encoding;
  size_t end = ce.n;
  while (ce.p && end) {
    size_t st = end;
    while (st && ce.p[st - 1] != ',') st--;
    warc_span c = warc_trim(ce.p + st, end - st);
    end = st ? st - 1 : 0;
    if (!c.n || warc_ieq(c.p, c.n, "identity")) continue;
    if (!cur_n) break; /* nothing to decode (a revisit's empty body) */
    size_t max = cur_n > ((size_t)-1) / ratio ? max_block : cur_n * ratio;
    if (max < (1u << 20)) max = 1u << 20;
    if (max > max_block) max = max_block;
    warc_buf *o = &buf[which];
    int r;
    if (warc_ieq(c.p, c.n, "gzip") || warc_ieq(c.p, c.n, "x-gzip"))
      r = inflate_all(cur, cur_n, 16 + 15, o, max, mem);
    else if (warc_ieq(c.p, c.n, "deflate")) {
      r = inflate_all(cur, cur_n, 15, o, max, mem);
      if (r == 0) r = inflate_all(cur, cur_n, -15, o, max, mem);
    } else if (warc_ieq(c.p, c.n, "br"))
      r = brotli_all(cur, cur_n, o, max, mem);
    else if (warc_ieq(c.p, c.n, "zstd"))
      r = zstd_all(cur, cur_n, o, max, mem);
    else {
      note_add(note, note_size, "unknown content coding kept as stored: ", c.p, c.n);
      break;
    }
    if (r == -3) return WARC_NOMEM;
    if (r == -2) {
      note_add(note, note_size, "decoded payload over the limit (a decompression bomb?): kept as stored: ",
               c.p, c.n);
      *out_p = h->body;
      *out_n = h->body_len;
      return WARC_TOOBIG;
    }
    if (r == 0) {
      note_add(note, note_size, "content coding does not decode, kept as stored: ", c.p, c.n);
      break;
    }
    cur = o->p ? o->p : (const unsigned char *)"";
    cur_n = o->n;
    which ^= 1;
  }
  *out_p = cur;
  *out_n = cur_n;
  return WARC_OK;
}
