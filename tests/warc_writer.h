/*
** A small WARC writer for the tests (tests/warc_test.c, the fuzz test's
** seeds): records appended to a growing buffer, plain, as one gzip member
** each (zlib) or one zstd frame each, with the offset and length CDX
** would give each record, and knobs for the broken files real crawlers
** leave (a wrong Content-Length, no CR LF CR LF after a record, bare LF
** lines).  Test-only: it aborts on out-of-memory.
*/
#ifndef TESTS_WARC_WRITER_H
#define TESTS_WARC_WRITER_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

typedef struct ww_buf {
  unsigned char *p;
  size_t n, cap;
} ww_buf;

static inline void ww_put(ww_buf *b, const void *p, size_t n) {
  if (b->cap - b->n < n) {
    size_t c = b->cap ? b->cap : 4096;
    while (c - b->n < n) c *= 2;
    b->p = realloc(b->p, c);
    if (!b->p) abort();
    b->cap = c;
  }
  if (n) memcpy(b->p + b->n, p, n);
  b->n += n;
}
static inline void ww_puts(ww_buf *b, const char *s) { ww_put(b, s, strlen(s)); }
static inline void ww_free(ww_buf *b) {
  free(b->p);
  memset(b, 0, sizeof *b);
}

enum ww_comp { WW_PLAIN, WW_GZIP, WW_ZSTD };

/* Bytes p[0..n) as one gzip member (or zlib-wrapped / raw deflate with
   wbits 15 / -15). */
static inline void ww_deflate(ww_buf *out, const void *p, size_t n, int wbits) {
  z_stream z;
  memset(&z, 0, sizeof z);
  if (deflateInit2(&z, 6, Z_DEFLATED, wbits, 8, Z_DEFAULT_STRATEGY) != Z_OK) abort();
  size_t bound = deflateBound(&z, (uLong)n) + 32;
  unsigned char *t = malloc(bound);
  if (!t) abort();
  z.next_in = (Bytef *)p;
  z.avail_in = (uInt)n;
  z.next_out = t;
  z.avail_out = (uInt)bound;
  if (deflate(&z, Z_FINISH) != Z_STREAM_END) abort();
  ww_put(out, t, bound - z.avail_out);
  deflateEnd(&z);
  free(t);
}

static inline void ww_zstd(ww_buf *out, const void *p, size_t n) {
  size_t bound = ZSTD_compressBound(n);
  unsigned char *t = malloc(bound ? bound : 1);
  if (!t) abort();
  size_t k = ZSTD_compress(t, bound, p, n, 3);
  if (ZSTD_isError(k)) abort();
  ww_put(out, t, k);
  free(t);
}

typedef struct ww_file {
  ww_buf out;
  enum ww_comp comp;
  /* Where each record went, as CDX counts. */
  int64_t offset[256], length[256];
  int n;
} ww_file;

/*
** Appends a record: the version line, the fields ("Name: value\r\n"
** lines, given whole in `fields`), Content-Length (declared: the block's
** length when -1), the block, then `tail` (NULL: CR LF CR LF).  line_end
** replaces "\r\n" in the header when not NULL ("\n", "\r\r\n").
*/
static inline void ww_record(ww_file *f, const char *version, const char *fields,
                             const void *block, size_t block_n,
                             long long declared, const char *tail,
                             const char *line_end) {
  ww_buf rec = {0};
  char line[128];
  const char *le = line_end ? line_end : "\r\n";
  ww_puts(&rec, "WARC/");
  ww_puts(&rec, version);
  ww_puts(&rec, le);
  for (const char *s = fields; *s;) {
    const char *e = strstr(s, "\r\n");
    size_t k = e ? (size_t)(e - s) : strlen(s);
    ww_put(&rec, s, k);
    ww_puts(&rec, le);
    s += k + (e ? 2 : 0);
  }
  snprintf(line, sizeof line, "Content-Length: %lld",
           declared >= 0 ? declared : (long long)block_n);
  ww_puts(&rec, line);
  ww_puts(&rec, le);
  ww_puts(&rec, le);
  ww_put(&rec, block, block_n);
  size_t body_end = rec.n;
  ww_puts(&rec, tail ? tail : "\r\n\r\n");
  int64_t at = (int64_t)f->out.n;
  if (f->comp == WW_GZIP) ww_deflate(&f->out, rec.p, rec.n, 16 + 15);
  else if (f->comp == WW_ZSTD) ww_zstd(&f->out, rec.p, rec.n);
  else ww_put(&f->out, rec.p, rec.n);
  if (f->n < 256) {
    f->offset[f->n] = at;
    f->length[f->n] = f->comp == WW_PLAIN ? (int64_t)body_end
                                          : (int64_t)f->out.n - at;
    f->n++;
  }
  ww_free(&rec);
}

#endif /* TESTS_WARC_WRITER_H */
