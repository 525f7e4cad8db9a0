/*
** warc/'s byte stream (stream.h): the compression read from the first
** bytes (1f 8b gzip; 28 b5 2f fd or a 0x184D2A5D dictionary frame zstd;
** anything else plain), members and frames decoded one after the other
** into one logical stream, the start of each remembered.  gzip members
** that split a record, or one member for the whole file, read through (as
** jwarc does); a member cut short is an error with its offset (unlike
** warcio, which stops quietly).
*/
#define ZSTD_STATIC_LINKING_ONLY
#include "stream.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <isa-l/igzip_lib.h>
#include <zstd.h>
#include <zstd_errors.h>

#define RAW_CHUNK (256 * 1024)
#define OUT_CHUNK (256 * 1024)
#define ZSTD_DICT_FRAME 0x184D2A5Du
#define ZSTD_DICT_MAX (8u << 20) /* the proposal's decoder minimum */

static uint32_t le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

/* ---- raw bytes ---- */

/* Makes at least `want` raw bytes readable (fewer at the end of the
   source); *p, *n what is there. */
static int raw_get(warc_stream *s, size_t want, const unsigned char **p,
                   size_t *n) {
  if (s->mdata || s->fd < 0) {
    *p = s->mdata ? s->mdata + s->ilo : (const unsigned char *)"";
    *n = s->ihi - s->ilo;
    return WARC_OK;
  }
  if (s->ihi - s->ilo < want && !s->raw_eof) {
    if (s->ilo) {
      memmove(s->ibuf, s->ibuf + s->ilo, s->ihi - s->ilo);
      s->ihi -= s->ilo;
      s->ilo = 0;
    }
    while (s->ihi < want && s->ihi < RAW_CHUNK) {
      ssize_t k = read(s->fd, s->ibuf + s->ihi, RAW_CHUNK - s->ihi);
      if (k < 0) {
        if (errno == EINTR) continue;
        snprintf(s->ioerr, sizeof s->ioerr, "read error at offset %lld: %s",
                 (long long)(s->raw_pos + (int64_t)s->ihi), strerror(errno));
        return WARC_IOERR;
      }
      if (k == 0) {
        s->raw_eof = 1;
        break;
      }
      s->ihi += (size_t)k;
    }
  }
  *p = s->ibuf + s->ilo;
  *n = s->ihi - s->ilo;
  return WARC_OK;
}

static void raw_consume(warc_stream *s, size_t k) {
  s->ilo += k;
  s->raw_pos += (int64_t)k;
}

static int raw_at_end(warc_stream *s) {
  const unsigned char *p;
  size_t n;
  if (raw_get(s, 1, &p, &n) != WARC_OK) return 0;
  return n == 0;
}

/* ---- allocation for zstd through the caller's allocator ---- */

static void *zs_alloc(void *opaque, size_t n) {
  const url_allocator *m = opaque;
  return m->alloc(n ? n : 1);
}
static void zs_free(void *opaque, void *p) {
  const url_allocator *m = opaque;
  if (p) m->release(p);
}

/* ---- the window ---- */

/* Room for at least `room` more logical bytes after whi. */
static int win_room(warc_stream *s, size_t room) {
  if (s->wcap - s->whi >= room) return WARC_OK;
  size_t cap = s->wcap ? s->wcap : OUT_CHUNK;
  while (cap - s->whi < room) {
    if (cap > ((size_t)-1) / 2) return WARC_NOMEM;
    cap *= 2;
  }
  unsigned char *p = s->mem->resize(s->win, cap);
  if (!p) return WARC_NOMEM;
  s->win = p;
  s->w = p;
  s->wcap = cap;
  return WARC_OK;
}

static int add_bound(warc_stream *s, int64_t l, int64_t raw) {
  if (s->nbd && s->bd[s->nbd - 1].l == l) {
    /* An empty member: the later start is where the next bytes are. */
    s->bd[s->nbd - 1].raw = raw;
    return WARC_OK;
  }
  if (s->nbd == s->cbd) {
    size_t c = s->cbd ? s->cbd * 2 : 16;
    warc_bound *b = s->mem->resize(s->bd, c * sizeof *b);
    if (!b) return WARC_NOMEM;
    s->bd = b;
    s->cbd = c;
  }
  s->bd[s->nbd].l = l;
  s->bd[s->nbd].raw = raw;
  s->nbd++;
  return WARC_OK;
}

static void set_lerr(warc_stream *s, const char *fmt, long long a,
                     const char *b) {
  if (!s->lerr[0]) snprintf(s->lerr, sizeof s->lerr, fmt, a, b);
  s->leof = 1;
}

/* ---- decoders: one step each, adding logical bytes at whi ---- */

static int step_plain(warc_stream *s) {
  const unsigned char *p;
  size_t n;
  int rc = raw_get(s, RAW_CHUNK, &p, &n);
  if (rc) return rc;
  if (!n) {
    s->leof = 1;
    return WARC_OK;
  }
  if ((rc = win_room(s, n))) return rc;
  memcpy(s->win + s->whi, p, n);
  s->whi += n;
  raw_consume(s, n);
  return WARC_OK;
}

static const char *isal_error(int r) {
  switch (r) {
    case ISAL_INVALID_BLOCK: return "invalid deflate block";
    case ISAL_INVALID_SYMBOL: return "invalid deflate symbol";
    case ISAL_INVALID_LOOKBACK: return "invalid distance too far back";
    case ISAL_INVALID_WRAPPER: return "invalid gzip header";
    case ISAL_UNSUPPORTED_METHOD: return "unsupported compression method";
    case ISAL_INCORRECT_CHECKSUM: return "incorrect CRC";
    default: return "corrupt data";
  }
}

/* gzip by ISA-L's igzip, one member after another: on 45 MB of
   pywb/iana.warc.gz members, zlib inflated in 1.1-1.9 s, igzip in 0.6-0.9 s,
   libdeflate in 0.6-0.7 s (whole members only: no streaming, so not
   used); the reader with igzip, headers and HTTP parsed, took 0.5-0.7x
   zlib's inflate alone. */
static int step_gzip(warc_stream *s) {
  struct inflate_state *z = s->z;
  const unsigned char *p;
  size_t n;
  int rc = raw_get(s, RAW_CHUNK, &p, &n);
  if (rc) return rc;
  if (!s->in_member) {
    if (!n) {
      s->leof = 1;
      return WARC_OK;
    }
    if (n < 2 && !s->raw_eof) return WARC_OK;
    if (n < 2 || p[0] != 0x1f || p[1] != 0x8b) {
      /* Zero padding after the last member is common; anything else is
         said. */
      size_t i = 0;
      while (i < n && p[i] == 0) i++;
      if (i == n && s->raw_eof) {
        raw_consume(s, n);
        s->leof = 1;
        return WARC_OK;
      }
      set_lerr(s, "bytes at offset %lld are not a gzip member%s",
               (long long)s->raw_pos, "");
      return WARC_OK;
    }
    isal_inflate_reset(z);
    z->crc_flag = ISAL_GZIP;
    s->in_member = 1;
    s->member_start = s->raw_pos;
    if ((rc = add_bound(s, s->wbase + (int64_t)s->whi, s->raw_pos))) return rc;
  }
  if ((rc = win_room(s, OUT_CHUNK))) return rc;
  uint32_t in0 = (uint32_t)(n > 0x40000000u ? 0x40000000u : n);
  uint32_t out0 = (uint32_t)(s->wcap - s->whi > 0x40000000u ? 0x40000000u
                                                            : s->wcap - s->whi);
  z->next_in = (uint8_t *)p;
  z->avail_in = in0;
  z->next_out = s->win + s->whi;
  z->avail_out = out0;
  int zr = isal_inflate(z);
  raw_consume(s, in0 - z->avail_in);
  s->whi += out0 - z->avail_out;
  if (zr < 0) {
    set_lerr(s, "gzip member at offset %lld does not inflate: %s",
             (long long)s->member_start, isal_error(zr));
  } else if (z->block_state == ISAL_BLOCK_FINISH) {
    s->in_member = 0;
  } else if (in0 == z->avail_in && out0 == z->avail_out && raw_at_end(s)) {
    set_lerr(s, "gzip member at offset %lld cut short at the end of the file%s",
             (long long)s->member_start, "");
  } else if (z->avail_in == 0 && raw_at_end(s) && out0 == z->avail_out) {
    set_lerr(s, "gzip member at offset %lld cut short at the end of the file%s",
             (long long)s->member_start, "");
  }
  return WARC_OK;
}

static int step_zstd(warc_stream *s) {
  ZSTD_DCtx *d = s->zd;
  const unsigned char *p;
  size_t n;
  int rc;
  if (!s->in_member) {
    if ((rc = raw_get(s, 8, &p, &n))) return rc;
    if (!n) {
      s->leof = 1;
      return WARC_OK;
    }
    if (n < 8) {
      set_lerr(s, "zstd frame at offset %lld cut short%s", (long long)s->raw_pos, "");
      return WARC_OK;
    }
    uint32_t magic = le32(p);
    if ((magic & 0xFFFFFFF0u) == 0x184D2A50u) {
      /* A skippable frame (the dictionary was read at open). */
      uint64_t left = 8 + (uint64_t)le32(p + 4);
      while (left) {
        if ((rc = raw_get(s, 1, &p, &n))) return rc;
        if (!n) {
          set_lerr(s, "skippable zstd frame cut short at offset %lld%s",
                   (long long)s->raw_pos, "");
          return WARC_OK;
        }
        size_t k = n < left ? n : (size_t)left;
        raw_consume(s, k);
        left -= k;
      }
      return WARC_OK;
    }
    if (magic != ZSTD_MAGICNUMBER) {
      set_lerr(s, "bytes at offset %lld are not a zstd frame%s", (long long)s->raw_pos, "");
      return WARC_OK;
    }
    ZSTD_DCtx_reset(d, ZSTD_reset_session_only);
    s->in_member = 1;
    s->member_start = s->raw_pos;
    if ((rc = add_bound(s, s->wbase + (int64_t)s->whi, s->raw_pos))) return rc;
  }
  if ((rc = raw_get(s, RAW_CHUNK, &p, &n))) return rc;
  if ((rc = win_room(s, OUT_CHUNK))) return rc;
  ZSTD_inBuffer in = {p, n, 0};
  ZSTD_outBuffer out = {s->win + s->whi, s->wcap - s->whi, 0};
  size_t zr = ZSTD_decompressStream(d, &out, &in);
  raw_consume(s, in.pos);
  s->whi += out.pos;
  if (ZSTD_isError(zr)) {
    if (ZSTD_getErrorCode(zr) == ZSTD_error_memory_allocation) return WARC_NOMEM;
    set_lerr(s, "zstd frame at offset %lld does not decode: %s",
             (long long)s->member_start, ZSTD_getErrorName(zr));
  } else if (zr == 0) {
    s->in_member = 0;
  } else if (!in.pos && !out.pos && raw_at_end(s)) {
    set_lerr(s, "zstd frame at offset %lld cut short at the end of the file%s",
             (long long)s->member_start, "");
  }
  return WARC_OK;
}

int warc_stream_fill(warc_stream *s, size_t want) {
  if (s->comp == WARC_PLAIN && s->mdata) return WARC_OK; /* all there */
  while (s->whi - s->wlo < want && !s->leof) {
    int rc = s->comp == WARC_GZIP   ? step_gzip(s)
             : s->comp == WARC_ZSTD ? step_zstd(s)
                                    : step_plain(s);
    if (rc) return rc;
  }
  if (s->leof && s->comp != WARC_PLAIN) {
    int rc = add_bound(s, s->wbase + (int64_t)s->whi, s->raw_pos);
    if (rc) return rc;
  }
  return WARC_OK;
}

void warc_stream_compact(warc_stream *s) {
  if (s->comp == WARC_PLAIN && s->mdata) return;
  /* Keep the last bound at or before the cursor, and those after it. */
  int64_t at = s->wbase + (int64_t)s->wlo;
  size_t keep = 0;
  while (keep + 1 < s->nbd && s->bd[keep + 1].l <= at) keep++;
  if (keep) {
    memmove(s->bd, s->bd + keep, (s->nbd - keep) * sizeof *s->bd);
    s->nbd -= keep;
  }
  if (s->wlo) {
    memmove(s->win, s->win + s->wlo, s->whi - s->wlo);
    s->whi -= s->wlo;
    s->wbase += (int64_t)s->wlo;
    s->wlo = 0;
  }
}

int64_t warc_stream_raw_start(const warc_stream *s, int64_t l) {
  if (s->comp == WARC_PLAIN) return l;
  int64_t raw = s->nbd ? s->bd[0].raw : 0;
  for (size_t i = 0; i < s->nbd && s->bd[i].l <= l; i++) raw = s->bd[i].raw;
  return raw;
}

int64_t warc_stream_raw_end(warc_stream *s, int64_t e) {
  if (s->comp == WARC_PLAIN) return e;
  size_t limit = s->whi - s->wlo + (1u << 20);
  for (;;) {
    for (size_t i = 0; i < s->nbd; i++)
      if (s->bd[i].l >= e) return s->bd[i].raw;
    if (s->leof) return s->raw_pos;
    /* The member holding e has not ended yet: decode on, a little (a
       whole file in one member has no record lengths: -1). */
    size_t have = s->whi - s->wlo;
    if (have >= limit) return -1;
    if (warc_stream_fill(s, have + 1) != WARC_OK) return -1;
  }
}

/* ---- open, seek, close ---- */

static int load_zstd_dict(warc_stream *s) {
  const unsigned char *p;
  size_t n;
  int rc = raw_get(s, 8, &p, &n);
  if (rc) return rc;
  if (n < 8 || le32(p) != ZSTD_DICT_FRAME) return WARC_OK;
  uint32_t size = le32(p + 4);
  if (size > ZSTD_DICT_MAX) {
    snprintf(s->lerr, sizeof s->lerr,
             "zstd dictionary frame of %u bytes is over the 8 MB limit", size);
    s->leof = 1;
    return WARC_OK;
  }
  raw_consume(s, 8);
  unsigned char *dict = s->mem->alloc(size ? size : 1);
  if (!dict) return WARC_NOMEM;
  size_t got = 0;
  while (got < size) {
    if ((rc = raw_get(s, size - got < RAW_CHUNK ? size - got : RAW_CHUNK, &p, &n))) {
      s->mem->release(dict);
      return rc;
    }
    if (!n) break;
    size_t k = n < size - got ? n : size - got;
    memcpy(dict + got, p, k);
    got += k;
    raw_consume(s, k);
  }
  if (got < size) {
    s->mem->release(dict);
    snprintf(s->lerr, sizeof s->lerr, "zstd dictionary frame cut short");
    s->leof = 1;
    return WARC_OK;
  }
  size_t zr;
  if (size >= 4 && le32(dict) == ZSTD_MAGICNUMBER) {
    unsigned long long full = ZSTD_getFrameContentSize(dict, size);
    if (full == ZSTD_CONTENTSIZE_UNKNOWN || full == ZSTD_CONTENTSIZE_ERROR ||
        full > ZSTD_DICT_MAX) {
      s->mem->release(dict);
      snprintf(s->lerr, sizeof s->lerr,
               "zstd dictionary frame: compressed dictionary without a usable size");
      s->leof = 1;
      return WARC_OK;
    }
    unsigned char *plain = s->mem->alloc(full ? (size_t)full : 1);
    if (!plain) {
      s->mem->release(dict);
      return WARC_NOMEM;
    }
    size_t k = ZSTD_decompress(plain, (size_t)full, dict, size);
    s->mem->release(dict);
    if (ZSTD_isError(k)) {
      s->mem->release(plain);
      snprintf(s->lerr, sizeof s->lerr, "zstd dictionary does not decode: %s",
               ZSTD_getErrorName(k));
      s->leof = 1;
      return WARC_OK;
    }
    zr = ZSTD_DCtx_loadDictionary(s->zd, plain, k);
    s->mem->release(plain);
  } else {
    zr = ZSTD_DCtx_loadDictionary(s->zd, dict, size);
    s->mem->release(dict);
  }
  if (ZSTD_isError(zr)) {
    if (ZSTD_getErrorCode(zr) == ZSTD_error_memory_allocation) return WARC_NOMEM;
    snprintf(s->lerr, sizeof s->lerr, "zstd dictionary unusable: %s",
             ZSTD_getErrorName(zr));
    s->leof = 1;
  }
  return WARC_OK;
}

static int stream_start(warc_stream *s) {
  const unsigned char *p;
  size_t n;
  int rc = raw_get(s, 4, &p, &n);
  if (rc) return rc;
  if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b) {
    s->comp = WARC_GZIP;
    struct inflate_state *z = s->mem->alloc(sizeof *z);
    if (!z) return WARC_NOMEM;
    isal_inflate_init(z);
    s->z = z;
  } else if (n >= 4 && (le32(p) == ZSTD_MAGICNUMBER || le32(p) == ZSTD_DICT_FRAME)) {
    s->comp = WARC_ZSTD;
    ZSTD_customMem cm = {zs_alloc, zs_free, (void *)s->mem};
    s->zd = ZSTD_createDCtx_advanced(cm);
    if (!s->zd) return WARC_NOMEM;
    if ((rc = load_zstd_dict(s))) return rc;
  } else {
    s->comp = WARC_PLAIN;
    if (s->mdata) {
      s->w = s->mdata;
      s->whi = s->msize;
      s->leof = 1;
    }
  }
  return WARC_OK;
}

int warc_stream_open_mem(warc_stream *s, const void *data, size_t n) {
  s->fd = -1;
  s->mdata = n ? data : (const unsigned char *)"";
  s->msize = n;
  s->ilo = 0;
  s->ihi = n;
  s->raw_eof = 1;
  return stream_start(s);
}

int warc_stream_open_file(warc_stream *s, const char *path) {
  s->fd = open(path, O_RDONLY | O_CLOEXEC);
  if (s->fd < 0) {
    snprintf(s->ioerr, sizeof s->ioerr, "cannot open %s: %s", path,
             strerror(errno));
    return WARC_IOERR;
  }
  s->ibuf = s->mem->alloc(RAW_CHUNK);
  if (!s->ibuf) return WARC_NOMEM;
  return stream_start(s);
}

void warc_stream_close(warc_stream *s) {
  if (s->fd >= 0) close(s->fd);
  s->fd = -1;
  if (s->z) s->mem->release(s->z);
  if (s->zd) ZSTD_freeDCtx(s->zd);
  if (s->ibuf) s->mem->release(s->ibuf);
  if (s->win) s->mem->release(s->win);
  if (s->bd) s->mem->release(s->bd);
  s->z = s->zd = NULL;
  s->ibuf = s->win = NULL;
  s->bd = NULL;
}

int warc_stream_seek(warc_stream *s, int64_t off) {
  if (off < 0) off = 0;
  s->lerr[0] = 0;
  s->lerr_taken = 0;
  s->nbd = 0;
  s->in_member = 0;
  if (s->comp == WARC_PLAIN && s->mdata) {
    s->wlo = (size_t)(off > (int64_t)s->msize ? (int64_t)s->msize : off);
    return WARC_OK;
  }
  s->wlo = s->whi = 0;
  s->wbase = off;
  s->leof = 0;
  if (s->mdata) {
    size_t o = (size_t)(off > (int64_t)s->msize ? (int64_t)s->msize : off);
    s->ilo = o;
    s->raw_pos = (int64_t)o;
  } else {
    if (lseek(s->fd, (off_t)off, SEEK_SET) < 0) {
      snprintf(s->ioerr, sizeof s->ioerr, "cannot seek to %lld: %s",
               (long long)off, strerror(errno));
      return WARC_IOERR;
    }
    s->ilo = s->ihi = 0;
    s->raw_eof = 0;
    s->raw_pos = off;
  }
  return WARC_OK;
}
