/*
** libFuzzer target: warc/ (the record reader, HTTP inside records, content
** codings, digests).
**
** An input is an archive file's bytes (plain, or gzip/zstd when it starts
** so).  Every record is read with its block, HTTP message, payload and
** digest.  Oracles, for a plain input:
**   - the same bytes as one gzip member (a whole file in one member, as
**     some writers leave it) give the same records: count, types, target
**     URIs, blocks;
**   - a seek to a WARC record's offset reads that record again.
** A difference prints the case and abort()s.  tests/warc_fuzz_test.c runs
** the same oracles over the seeds and pseudo-random inputs in make test;
** make fuzz runs them under libFuzzer.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "mem_libc.h"
#include "warc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXR 64

typedef struct fz_rec {
  int64_t offset;
  int format;
  uint32_t type_crc, uri_crc, block_crc;
  size_t block_n;
  int has_error;
} fz_rec;

static uint32_t crc_of(const void *p, size_t n) {
  return (uint32_t)crc32(0, p ? p : (const void *)"", (uInt)n);
}

/* Reads everything (at most MAXR records kept); returns the count, or -1
   when the reader failed (out of memory). */
static int read_all(const uint8_t *data, size_t size, fz_rec *out, int *comp,
                    int64_t seek_to, int max) {
  warc_reader *r;
  warc_limits lim = {.max_block = 1u << 22, .max_header = 1u << 16};
  int rc = warc_open_mem(&r, data, size, &url_mem_libc, &lim);
  if (rc) {
    warc_close(r);
    return -1;
  }
  if (seek_to >= 0 && warc_seek(r, seek_to) != WARC_OK) {
    warc_close(r);
    return -1;
  }
  warc_record rec;
  warc_http h;
  memset(&h, 0, sizeof h);
  h.status = -1;
  warc_buf b[2];
  memset(b, 0, sizeof b);
  int n = 0;
  while ((rc = warc_next(r, &rec)) == WARC_OK && n < max) {
    const unsigned char *bl;
    size_t bn;
    warc_block(r, &bl, &bn);
    if (comp) *comp = rec.compression;
    fz_rec *f = &out[n++];
    f->offset = rec.offset;
    f->format = rec.format;
    f->type_crc = crc_of(rec.warc_type.p, rec.warc_type.n);
    f->uri_crc = crc_of(rec.target_uri.p, rec.target_uri.n);
    f->block_crc = crc_of(bl, bn);
    f->block_n = bn;
    f->has_error = rec.error != NULL;
    /* Every field's bytes are readable. */
    for (size_t i = 0; i < rec.n_fields; i++) {
      (void)crc_of(rec.fields[i].name.p, rec.fields[i].name.n);
      (void)crc_of(rec.fields[i].value.p, rec.fields[i].value.n);
    }
    warc_http_reset(&h, &url_mem_libc);
    if (rec.has_http &&
        warc_http_parse(&h, bl, bn, 0, &url_mem_libc) == WARC_OK) {
      const unsigned char *pp;
      size_t pn;
      char note[200];
      warc_limits pl = {.max_block = 1u << 22, .max_ratio = 100};
      if (warc_payload(&h, &pl, &url_mem_libc, b, &pp, &pn, note, sizeof note) ==
          WARC_OK)
        (void)crc_of(pp, pn);
      if (rec.payload_digest.p)
        (void)warc_digest_check(rec.payload_digest.p, rec.payload_digest.n,
                                h.body, h.body_len);
    }
  }
  warc_http_free(&h, &url_mem_libc);
  warc_buf_free(&b[0], &url_mem_libc);
  warc_buf_free(&b[1], &url_mem_libc);
  warc_close(r);
  if (rc == WARC_NOMEM || rc == WARC_IOERR) return -1;
  return n;
}

static void fail(const char *what, const uint8_t *data, size_t size, int i) {
  fprintf(stderr, "warc_fuzz: oracle: %s (record %d, %zu input bytes)\n", what,
          i, size);
  fwrite(data, 1, size < 2000 ? size : 2000, stderr);
  fputc('\n', stderr);
  abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static fz_rec a[MAXR], b[MAXR], one[1];
  int comp = WARC_PLAIN;
  int n = read_all(data, size, a, &comp, -1, MAXR);
  if (n < 0 || comp != WARC_PLAIN || n >= MAXR) return 0;
  /* The same bytes as one gzip member. */
  uLongf cap = compressBound((uLong)size) + 64;
  unsigned char *gz = malloc(cap);
  if (!gz) return 0;
  z_stream z;
  memset(&z, 0, sizeof z);
  if (deflateInit2(&z, 1, Z_DEFLATED, 16 + 15, 8, Z_DEFAULT_STRATEGY) == Z_OK) {
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)size;
    z.next_out = gz;
    z.avail_out = (uInt)cap;
    if (deflate(&z, Z_FINISH) == Z_STREAM_END) {
      int m = read_all(gz, cap - z.avail_out, b, NULL, -1, MAXR);
      if (m >= 0) {
        if (m != n) fail("one gzip member: another record count", data, size, m);
        for (int i = 0; i < n; i++)
          if (a[i].type_crc != b[i].type_crc || a[i].uri_crc != b[i].uri_crc ||
              a[i].block_crc != b[i].block_crc || a[i].format != b[i].format)
            fail("one gzip member: another record", data, size, i);
      }
    }
    deflateEnd(&z);
  }
  free(gz);
  /* A seek to each WARC record of a WARC file reads it again. */
  if (n && a[0].format == WARC_FORMAT_WARC) {
    for (int i = 0; i < n; i++) {
      if (a[i].format != WARC_FORMAT_WARC || a[i].has_error) continue;
      if (i && a[i - 1].has_error) continue;
      if (read_all(data, size, one, NULL, a[i].offset, 1) != 1) continue;
      if (one[0].type_crc != a[i].type_crc || one[0].uri_crc != a[i].uri_crc ||
          one[0].block_crc != a[i].block_crc)
        fail("a seek to the record's offset read another record", data, size, i);
    }
  }
  return 0;
}
