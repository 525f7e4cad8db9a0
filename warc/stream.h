/*
** warc/'s byte stream (stream.c): a file or a memory buffer, plain, gzip
** or zstd, read as one logical (uncompressed) stream into a window that
** holds the current record, with the compressed offset of every gzip
** member / zstd frame start kept so that a record's logical bytes map back
** to what CDX calls its offset and length.  Internal to warc/.
*/
#ifndef WARC_STREAM_H
#define WARC_STREAM_H

#include "warc.h"

typedef struct warc_stream warc_stream;

/* A member/frame start: logical position l is compressed offset raw. */
typedef struct warc_bound {
  int64_t l, raw;
} warc_bound;

struct warc_stream {
  const url_allocator *mem;
  warc_compression comp;
  /* The compressed (raw) source: a file descriptor or memory. */
  int fd;
  const unsigned char *mdata;
  size_t msize;
  unsigned char *ibuf; /* file input buffer */
  size_t ilo, ihi;     /* unread raw bytes ibuf[ilo..ihi) (or mdata) */
  int64_t raw_pos;     /* raw offset of the next unread raw byte */
  int raw_eof;
  /* The decoder. */
  void *z;        /* struct inflate_state * (ISA-L igzip) */
  void *zd;       /* ZSTD_DCtx * */
  int in_member;  /* inside a gzip member / zstd frame */
  int64_t member_start;
  /* The logical window: w[0..whi) is logical [wbase, wbase+whi). */
  unsigned char *win;
  size_t wcap;
  const unsigned char *w;
  size_t wlo, whi;
  int64_t wbase;
  int leof;          /* no more logical bytes */
  char lerr[200];    /* why the logical stream ended early ("" if not) */
  int lerr_taken;    /* lerr was reported in a record */
  /* Member/frame starts at or after the current record's start. */
  warc_bound *bd;
  size_t nbd, cbd;
  char ioerr[200];
};

int warc_stream_open_file(warc_stream *s, const char *path);
int warc_stream_open_mem(warc_stream *s, const void *data, size_t n);
void warc_stream_close(warc_stream *s);
/* Makes at least `want` bytes available from wlo (fewer at the end):
   WARC_OK (check whi - wlo), WARC_NOMEM, WARC_IOERR. */
int warc_stream_fill(warc_stream *s, size_t want);
/* Drops the bytes before wlo (and the bounds before the one holding
   wlo's position). */
void warc_stream_compact(warc_stream *s);
int warc_stream_seek(warc_stream *s, int64_t raw_offset);
/* The compressed offset of the member holding logical position l, and of
   the first member start at or after logical position e (the end of the
   source when none). */
int64_t warc_stream_raw_start(const warc_stream *s, int64_t l);
int64_t warc_stream_raw_end(warc_stream *s, int64_t e);

#endif /* WARC_STREAM_H */
