/*
** warc/: a streaming reader of web archive files (ISO 28500 WARC 0.18,
** 1.0, 1.1 and the Internet Archive's ARC v1/v2), plain, gzip (a member
** per record, a whole file as one member, members that split a record) or
** zstd (a frame per record, with or without a dictionary in a first
** skippable frame 0x184D2A5D, per the IIPC warc-zstd proposal), and the
** HTTP messages inside records.  The format and compression are read from
** the bytes, never from a file name.  No SQLite include; no globals.
**
** What SQL sees of it (ext/warc_records.c):
**
**   SELECT record_offset, warc_type, target_uri, http_status
**     FROM warc_records('crawl.warc.gz');
**   SELECT payload FROM warc_records(readfile('crawl.warc.gz'), 1234);
**
** Memory is one record at a time: a record's header and, when asked for,
** its block, each bounded by the limits the caller gives (a record over a
** limit, or a decompression bomb, is a record with an error, not an
** allocation).  The reader never holds the whole file.
**
** Use:
**
**   warc_reader *r;
**   if (warc_open_file(&r, path, &mem, &limits) != WARC_OK) ...
**   warc_record rec;
**   while (warc_next(r, &rec) == WARC_OK) {
**     ... rec.fields, rec.target_uri, rec.error ...
**     const unsigned char *b; size_t n;
**     if (warc_block(r, &b, &n) == WARC_OK) {     block read on demand
**       warc_http h;
**       warc_http_parse(&h, b, n, rec.warc_type ...);
**     }
**   }
**   warc_close(r);
**
** All spans point into the reader's buffers and stay valid until the next
** warc_next, warc_seek or warc_close.
*/
#ifndef WARC_H
#define WARC_H

#include <stddef.h>
#include <stdint.h>

#include "url_mem.h"

/* Return codes. */
enum warc_status {
  WARC_OK = 0,     /* a record (or the asked-for data) is there */
  WARC_DONE = 1,   /* no more records */
  WARC_NOMEM = 2,  /* allocation failed: the reader is unusable */
  WARC_IOERR = 3,  /* the file could not be opened or read (warc_error_text) */
  WARC_TOOBIG = 4  /* over a limit: the record says so in its error */
};

typedef enum warc_format { WARC_FORMAT_WARC = 1, WARC_FORMAT_ARC = 2 } warc_format;

typedef enum warc_compression {
  WARC_PLAIN = 0,
  WARC_GZIP = 1,
  WARC_ZSTD = 2
} warc_compression;

/* Bytes in a buffer of the reader (not NUL-terminated). */
typedef struct warc_span {
  const char *p;
  size_t n;
} warc_span;

/* A header field, name and value as written (value trimmed of the
   surrounding whitespace, folded lines joined by one space). */
typedef struct warc_field {
  warc_span name, value;
} warc_field;

/* Bounds.  0 in any member means the default. */
typedef struct warc_limits {
  size_t max_header; /* a record's WARC/ARC header: default 1 MB */
  size_t max_block;  /* a record's block (and a decoded payload): default
                        1,000,000,000, SQLite's largest length */
  size_t max_ratio;  /* a content coding's output over its input before it
                        counts as a bomb: default 1000 (and at least 1 MB) */
} warc_limits;

/*
** One record, as warc_next finds it.  Offsets are what CDX writes: for a
** gzip file the start and compressed length of the member(s) holding the
** record; for zstd the frames'; for a plain file the record's first byte
** and its length without the closing CR LF CR LF.
*/
typedef struct warc_record {
  int64_t offset;
  int64_t length;           /* -1: not known (a record inside a gzip
                               member that holds the whole file) */
  warc_format format;
  warc_compression compression;
  warc_span version;        /* "1.0", "1.1", "0.18"; ARC: "1" or "2" */
  const warc_field *fields; /* every header field, in order, repeats kept;
                               for ARC the URL-record line's fields by the
                               names of the filedesc's field list */
  size_t n_fields;
  /* The fields SQL names, found once (p == NULL when absent): */
  warc_span warc_type;  /* ARC: "warcinfo" for the filedesc, else "response" */
  warc_span target_uri; /* "<" ">" removed */
  warc_span date;       /* ARC: written as YYYY-MM-DDThh:mm:ssZ */
  warc_span record_id, content_type, payload_digest, block_digest;
  warc_span truncated, refers_to, refers_to_target_uri, refers_to_date;
  warc_span profile, segment_number;
  int64_t content_length; /* as declared (-1: none or unreadable) */
  int has_http;           /* the block is an HTTP message by its type:
                             response/request/revisit with an http
                             Content-Type or an http(s) target, or ARC */
  const char *error;      /* NULL, or what is wrong with the record and
                             where (reader-owned text) */
} warc_record;

typedef struct warc_reader warc_reader;

/* Opens a reader over a file (read in chunks) or over bytes in memory
   (not copied: they must outlive the reader).  limits may be NULL. */
int warc_open_file(warc_reader **out, const char *path,
                   const url_allocator *mem, const warc_limits *limits);
int warc_open_mem(warc_reader **out, const void *data, size_t n,
                  const url_allocator *mem, const warc_limits *limits);
void warc_close(warc_reader *r);

/* The bytes a memory reader reads have moved to `data` (a copy of the
   same n bytes): every pointer into them follows. */
void warc_rebase_mem(warc_reader *r, const void *data);

/* Text of the last WARC_IOERR (open or read), or NULL. */
const char *warc_error_text(const warc_reader *r);

/* The next record into *rec: WARC_OK, WARC_DONE, WARC_NOMEM, WARC_IOERR.
   A record that is broken is still WARC_OK with rec->error set. */
int warc_next(warc_reader *r, warc_record *rec);

/* Positions the reader at a byte offset of the file (a record's
   record_offset); the next warc_next reads the record there.  For a
   gzip/zstd file the offset must be a member/frame start. */
int warc_seek(warc_reader *r, int64_t offset);

/* The current record's block (for ARC: the bytes after the URL line),
   read on demand, at most limits.max_block bytes (WARC_TOOBIG past it:
   the record's error says so).  Without a call, warc_next skips the
   block without keeping it. */
int warc_block(warc_reader *r, const unsigned char **p, size_t *n);

/* ------------------------------------------------------------------ */
/* HTTP inside a record's block.                                        */

typedef struct warc_http {
  int status;           /* response status code, -1 if none (HTTP/0.9,
                           a request, or unreadable) */
  warc_span method;     /* a request's method, p == NULL otherwise */
  warc_span version;    /* "HTTP/1.1" as written */
  warc_span reason;
  warc_field *headers;  /* in order, repeats kept, bytes as written */
  size_t n_headers;
  size_t cap_headers;
  const unsigned char *body; /* payload_raw: the message body as stored */
  size_t body_len;
  /* Found once: */
  warc_span content_type;      /* Content-Type value (or X-Crawler-...) */
  warc_span content_encoding;  /* Content-Encoding (not X-Crawler-...: a
                                  renamed one means the body is stored
                                  decoded) */
  warc_span transfer_encoding;
  char *fold; /* folded header values joined (allocated only when a
                 header is folded) */
} warc_http;

/* Parses block[0..n) as an HTTP message (status line or request line,
   lenient headers).  No status line: status -1 and the whole block is the
   body.  Grows h->headers with mem (h zeroed first by the caller; free
   with warc_http_free). */
int warc_http_parse(warc_http *h, const unsigned char *block, size_t n,
                    int is_request, const url_allocator *mem);
/* Reuses h for another block: keeps its header array. */
void warc_http_reset(warc_http *h, const url_allocator *mem);
void warc_http_free(warc_http *h, const url_allocator *mem);

/* A growable output buffer for decoding. */
typedef struct warc_buf {
  unsigned char *p;
  size_t n, cap;
} warc_buf;
void warc_buf_free(warc_buf *b, const url_allocator *mem);

/*
** The payload: h->body de-chunked (when it says chunked and is chunked)
** and decoded by its Content-Encoding (gzip, x-gzip, deflate zlib or raw,
** br, zstd, stacked).  buf is two buffers (buf[0], buf[1]) the caller keeps
** across records and frees with warc_buf_free; *out_p points either into
** h->body or into one of them.
** A step that fails keeps the bytes as they were before it and writes what
** failed into note (NUL-terminated, may be cut), note[0] == 0 otherwise.
** WARC_TOOBIG when the output passes limits (a bomb): note says so and the
** payload is the bytes as stored.
*/
int warc_payload(const warc_http *h, const warc_limits *limits,
                 const url_allocator *mem, warc_buf *buf,
                 const unsigned char **out_p, size_t *out_n,
                 char *note, size_t note_size);

/* ------------------------------------------------------------------ */
/* Digests.                                                             */

/* Does `digest` ("sha1:BASE32", "SHA-1:hex", "sha256:…", "md5:…", labels
   ASCII case-insensitive, base32 or hex) hash data?  1 yes, 0 no, -1 the
   label or the encoding is unknown. */
int warc_digest_check(const char *digest, size_t digest_len,
                      const unsigned char *data, size_t n);

#endif /* WARC_H */
