/*
** The WARC/ARC record reader (warc.h): records one at a time from the
** logical stream of stream.c, each record's header copied and split into
** fields, its block kept in the window until the next record.
**
**   SELECT warc_type, target_uri FROM warc_records('example.warc.gz');
**
** Leniency, each said in the record's error where something is wrong:
** a Content-Length that does not reach the next record (the next "WARC/"
** line is found, inside the block or after it), extra or missing CR LF
** between records, bare LF and CR CR LF line ends, folded header lines,
** "<...>" target URIs, ARC records without the newline after them and ARC
** lengths of -1 or not a number (the block runs to the next ARC header
** line), bytes that are no record (skipped to the next record).
*/
#include "span.h"
#include "stream.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct warc_reader {
  const url_allocator *mem;
  warc_limits lim;
  warc_stream s;
  warc_format file_format; /* of the first record (0: none yet) */
  int arc_version;         /* from the filedesc record: 1 or 2 */
  char *hdr;               /* the current header, normalized */
  size_t hcap;
  warc_field *f;
  size_t nf, cf;
  char err[700];
  char note[300];          /* for the next record: bytes skipped before it */
  int skip_noted;          /* the previous record already said so */
  const unsigned char *block;
  size_t block_len;
  char date[32];
};

#define DEFAULT_MAX_HEADER (1u << 20)
#define DEFAULT_MAX_BLOCK 1000000000u
#define SCAN_CHUNK (64 * 1024)

/* Adds "; text" (or "text") to the record's error. */
static void add_err(warc_reader *r, const char *fmt, ...) {
  size_t n = strlen(r->err);
  if (n + 3 >= sizeof r->err) return;
  if (n) {
    memcpy(r->err + n, "; ", 2);
    n += 2;
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->err + n, sizeof r->err - n, fmt, ap);
  va_end(ap);
}

static const unsigned char *W(warc_reader *r) {
  /* No window yet (an empty file): no pointer arithmetic on NULL. */
  return r->s.w ? r->s.w + r->s.wlo : (const unsigned char *)"";
}
static size_t avail(warc_reader *r) { return r->s.whi - r->s.wlo; }
static int64_t lpos(warc_reader *r) { return r->s.wbase + (int64_t)r->s.wlo; }

/* ---- opening ---- */

static int reader_new(warc_reader **out, const url_allocator *mem,
                      const warc_limits *lim) {
  warc_reader *r = mem->alloc(sizeof *r);
  *out = r;
  if (!r) return WARC_NOMEM;
  memset(r, 0, sizeof *r);
  r->mem = mem;
  r->s.mem = mem;
  r->s.fd = -1;
  if (lim) r->lim = *lim;
  if (!r->lim.max_header) r->lim.max_header = DEFAULT_MAX_HEADER;
  if (!r->lim.max_block) r->lim.max_block = DEFAULT_MAX_BLOCK;
  if (!r->lim.max_ratio) r->lim.max_ratio = 1000;
  r->arc_version = 1;
  return WARC_OK;
}

int warc_open_file(warc_reader **out, const char *path,
                   const url_allocator *mem, const warc_limits *limits) {
  int rc = reader_new(out, mem, limits);
  if (rc) return rc;
  return warc_stream_open_file(&(*out)->s, path);
}

int warc_open_mem(warc_reader **out, const void *data, size_t n,
                  const url_allocator *mem, const warc_limits *limits) {
  int rc = reader_new(out, mem, limits);
  if (rc) return rc;
  return warc_stream_open_mem(&(*out)->s, data, n);
}

void warc_close(warc_reader *r) {
  if (!r) return;
  warc_stream_close(&r->s);
  if (r->hdr) r->mem->release(r->hdr);
  if (r->f) r->mem->release(r->f);
  r->mem->release(r);
}

const char *warc_error_text(const warc_reader *r) {
  return r && r->s.ioerr[0] ? r->s.ioerr : NULL;
}

int warc_seek(warc_reader *r, int64_t offset) {
  r->block = NULL;
  r->block_len = 0;
  r->note[0] = 0;
  r->skip_noted = 0;
  return warc_stream_seek(&r->s, offset);
}

int warc_block(warc_reader *r, const unsigned char **p, size_t *n) {
  *p = r->block ? r->block : (const unsigned char *)"";
  *n = r->block_len;
  return WARC_OK;
}

/* ---- ARC header lines ---- */

/* Is line[0..n) an ARC URL-record line?  Sets the field starts (from the
   right, so a URL with spaces stays whole). */
typedef struct arc_line {
  warc_span tok[10]; /* v1: URL IP date mime length; v2: 10 fields */
  int ntok;
} arc_line;

static int all_digits(const char *p, size_t n) {
  if (!n) return 0;
  for (size_t i = 0; i < n; i++)
    if (p[i] < '0' || p[i] > '9') return 0;
  return 1;
}

static int arc_split(const char *line, size_t n, int version, arc_line *a) {
  while (n && (line[n - 1] == '\r' || line[n - 1] == ' ')) n--;
  int want = version == 2 ? 10 : 5;
  size_t end = n;
  int k = want - 1;
  /* The last want-1 fields, separated by single spaces, from the right. */
  while (k > 0) {
    size_t st = end;
    while (st && line[st - 1] != ' ') st--;
    if (!st || st == end) return 0;
    a->tok[k].p = line + st;
    a->tok[k].n = end - st;
    end = st - 1;
    k--;
  }
  if (!end) return 0;
  a->tok[0].p = line;
  a->tok[0].n = end;
  a->ntok = want;
  /* The date: 12 to 18 digits; the URL has no control bytes. */
  warc_span d = a->tok[2];
  if (d.n < 8 || d.n > 18 || !all_digits(d.p, d.n)) return 0;
  for (size_t i = 0; i < a->tok[0].n; i++)
    if ((unsigned char)line[i] < 0x20) return 0;
  if (!memchr(a->tok[0].p, ':', a->tok[0].n)) return 0;
  return 1;
}

static int is_arc_line(warc_reader *r, const char *line, size_t n) {
  arc_line a;
  return arc_split(line, n, r->arc_version, &a) ||
         arc_split(line, n, r->arc_version == 2 ? 1 : 2, &a);
}

/* ---- finding record starts ---- */

/* Does a record start at p[0..n) (n: what is in the window)?  1 yes, 0 no,
   -1 cannot tell yet (need the whole line). */
static int record_start_at(warc_reader *r, const unsigned char *p, size_t n,
                           int at_eof) {
  if (n >= 6 && !memcmp(p, "WARC/", 5) && p[5] >= '0' && p[5] <= '9') return 1;
  if (n < 6 && !at_eof && !memcmp(p, "WARC/", n < 5 ? n : 5)) return -1;
  if (r->file_format == WARC_FORMAT_WARC) return 0;
  const unsigned char *nl = memchr(p, '\n', n > 8192 ? 8192 : n);
  if (!nl) return n >= 8192 || at_eof ? is_arc_line(r, (const char *)p, n) : -1;
  return is_arc_line(r, (const char *)p, (size_t)(nl - p));
}

/* From the cursor, skips to the next line where a record starts (memory
   stays bounded: the bytes passed are dropped).  Returns the bytes
   skipped. */
static int skip_to_record(warc_reader *r, int64_t *skipped) {
  warc_stream *s = &r->s;
  int64_t from = lpos(r);
  for (;;) {
    int rc = warc_stream_fill(s, SCAN_CHUNK);
    if (rc) return rc;
    const unsigned char *p = W(r);
    size_t n = avail(r), i = 0;
    int pending = 0;
    while (i < n) {
      const unsigned char *nl = memchr(p + i, '\n', n - i);
      if (!nl) break;
      size_t at = (size_t)(nl - p) + 1;
      int k = record_start_at(r, p + at, n - at, s->leof);
      if (k == 1) {
        s->wlo += at;
        *skipped = lpos(r) - from;
        return WARC_OK;
      }
      if (k < 0) {
        pending = 1;
        i = at - 1;
        break;
      }
      i = at;
    }
    if (s->leof && !pending) {
      s->wlo = s->whi;
      *skipped = lpos(r) - from;
      return WARC_OK;
    }
    /* Keep the last (partial) line, drop the rest. */
    size_t keep = pending ? n - i : 0;
    if (!pending) {
      const unsigned char *q = p + n;
      while (q > p && q[-1] != '\n') q--;
      keep = (size_t)(p + n - q) + (q > p ? 1 : 0);
      if (keep > n) keep = n;
    }
    if (keep >= (size_t)SCAN_CHUNK * 4) keep = 1; /* a line without end */
    s->wlo += n - keep;
    warc_stream_compact(s);
    if (s->leof && avail(r) == keep && pending) {
      /* Nothing more will come: the partial line is no record. */
      s->wlo = s->whi;
      *skipped = lpos(r) - from;
      return WARC_OK;
    }
    rc = warc_stream_fill(s, avail(r) + SCAN_CHUNK);
    if (rc) return rc;
  }
}

/* ---- header parsing ---- */

/* Finds the end of a header block starting at the cursor: the offset
   past the empty line, or 0 when not within max.  Fills as needed. */
static int find_header_end(warc_reader *r, size_t max, size_t *end) {
  size_t scan = 0;
  *end = 0;
  for (;;) {
    const unsigned char *p = W(r);
    size_t n = avail(r);
    while (scan < n) {
      const unsigned char *nl = memchr(p + scan, '\n', n - scan);
      if (!nl) {
        scan = n;
        break;
      }
      size_t e = (size_t)(nl - p);
      size_t ls = e;
      while (ls && p[ls - 1] == '\r') ls--;
      /* An empty line: the previous is a line end too. */
      if (ls == 0 || p[ls - 1] == '\n') {
        *end = e + 1;
        return WARC_OK;
      }
      scan = e + 1;
    }
    if (n >= max || r->s.leof) return WARC_OK;
    int rc = warc_stream_fill(&r->s, n + SCAN_CHUNK < max ? n + SCAN_CHUNK : max);
    if (rc) return rc;
    if (avail(r) == n) return WARC_OK;
  }
}

static int grow_fields(warc_reader *r) {
  if (r->nf < r->cf) return WARC_OK;
  size_t c = r->cf ? r->cf * 2 : 32;
  warc_field *f = r->mem->resize(r->f, c * sizeof *f);
  if (!f) return WARC_NOMEM;
  r->f = f;
  r->cf = c;
  return WARC_OK;
}

static int hdr_room(warc_reader *r, size_t n) {
  if (r->hcap >= n) return WARC_OK;
  size_t c = r->hcap ? r->hcap : 4096;
  while (c < n) c *= 2;
  char *h = r->mem->resize(r->hdr, c);
  if (!h) return WARC_NOMEM;
  r->hdr = h;
  r->hcap = c;
  return WARC_OK;
}

/* Splits header bytes (copied into r->hdr, folded lines joined in place)
   into fields.  The first line is skipped (the version line). */
static int parse_fields(warc_reader *r, const unsigned char *src, size_t n,
                        warc_span *first) {
  int rc = hdr_room(r, n + 1);
  if (rc) return rc;
  char *h = r->hdr;
  memcpy(h, src, n);
  h[n] = 0;
  r->nf = 0;
  size_t i = 0, line = 0;
  while (i < n) {
    char *nl = memchr(h + i, '\n', n - i);
    size_t e = nl ? (size_t)(nl - h) : n;
    size_t le = e;
    while (le > i && h[le - 1] == '\r') le--;
    if (line == 0) {
      first->p = h + i;
      first->n = le - i;
    } else if (le > i) {
      if ((h[i] == ' ' || h[i] == '\t') && r->nf) {
        /* obs-fold: the previous value goes on (the bytes between are
           made one space; they sit right after it in the copy). */
        warc_field *f = &r->f[r->nf - 1];
        warc_span more = warc_trim(h + i, le - i);
        if (more.n) {
          char *dst = (char *)f->value.p + f->value.n;
          *dst++ = ' ';
          memmove(dst, more.p, more.n);
          f->value.n += 1 + more.n;
        }
      } else {
        char *colon = memchr(h + i, ':', le - i);
        if (colon) {
          if ((rc = grow_fields(r))) return rc;
          warc_field *f = &r->f[r->nf++];
          f->name = warc_trim(h + i, (size_t)(colon - (h + i)));
          f->value = warc_trim(colon + 1, (size_t)(h + le - colon - 1));
        }
      }
    }
    line++;
    i = e + 1;
  }
  return WARC_OK;
}

static warc_span field(warc_reader *r, const char *name) {
  for (size_t i = 0; i < r->nf; i++)
    if (warc_ieq(r->f[i].name.p, r->f[i].name.n, name)) return r->f[i].value;
  warc_span none = {NULL, 0};
  return none;
}

static int64_t parse_len(warc_span v) {
  if (!v.p || !all_digits(v.p, v.n) || v.n > 15) return -1;
  int64_t x = 0;
  for (size_t i = 0; i < v.n; i++) x = x * 10 + (v.p[i] - '0');
  return x;
}

/* ---- the block and what follows it ---- */

/* Where the next record starts after a block that ends at `end` (offset
   from the cursor): 1 if at `end` (after CR/LF) a record starts or the
   stream ends, 0 if not. */
static int next_ok(warc_reader *r, size_t end) {
  size_t k = end;
  for (;;) {
    if (warc_stream_fill(&r->s, k + 16) != WARC_OK) return 1;
    const unsigned char *p = W(r);
    size_t n = avail(r);
    while (k < n && (p[k] == '\r' || p[k] == '\n')) k++;
    if (k == n) {
      if (r->s.leof) return 1;
      if (k > end + 4096) return 0;
      continue;
    }
    if (k + 8192 > n && !r->s.leof) {
      if (warc_stream_fill(&r->s, k + 8192) != WARC_OK) return 1;
      p = W(r);
      n = avail(r);
    }
    return record_start_at(r, p + k, n - k, 1) == 1;
  }
}

/* A record start inside the block p[from..to): the offset of the line, or
   0. */
static size_t start_inside(warc_reader *r, size_t from, size_t to) {
  const unsigned char *p = W(r);
  size_t i = from;
  while (i < to) {
    const unsigned char *nl = memchr(p + i, '\n', to - i);
    if (!nl) return 0;
    size_t at = (size_t)(nl - p) + 1;
    if (at < to && record_start_at(r, p + at, avail(r) - at, 1) == 1) return at;
    i = at;
  }
  return 0;
}

/* Reads the block of `declared` bytes (-1: unknown, up to the next record)
   after a header of `hl` bytes; sets r->block and leaves the cursor at the
   block's end.  Returns the block end (offset from the record start). */
static int read_block(warc_reader *r, size_t hl, int64_t declared,
                      int is_arc, size_t *block_end) {
  warc_stream *s = &r->s;
  int rc;
  size_t end;
  if (declared >= 0 && (uint64_t)declared > r->lim.max_block) {
    add_err(r, "block of %lld bytes is over the limit of %lld bytes",
            (long long)declared, (long long)r->lim.max_block);
    /* Skip it without keeping it. */
    int64_t left = declared;
    s->wlo += hl;
    while (left > 0) {
      warc_stream_compact(s);
      if ((rc = warc_stream_fill(s, SCAN_CHUNK))) return rc;
      size_t n = avail(r);
      if (!n) break;
      size_t k = (int64_t)n < left ? n : (size_t)left;
      s->wlo += k;
      left -= (int64_t)k;
    }
    r->block = NULL;
    r->block_len = 0;
    *block_end = 0; /* cursor already past */
    return WARC_TOOBIG;
  }
  if (declared < 0) {
    /* To the next record start. */
    size_t i = hl;
    for (;;) {
      if ((rc = warc_stream_fill(s, i + SCAN_CHUNK))) return rc;
      size_t at = start_inside(r, i ? i - 1 : 0, avail(r));
      if (at) {
        end = at;
        break;
      }
      if (s->leof) {
        end = avail(r);
        break;
      }
      if (avail(r) - hl > r->lim.max_block) {
        end = hl + r->lim.max_block;
        add_err(r, "block over the limit of %lld bytes",
                (long long)r->lim.max_block);
        break;
      }
      i = avail(r) > 8200 ? avail(r) - 8200 : hl;
    }
    /* The line end before the next record is not the block's. */
    size_t e = end;
    if (is_arc) {
      if (e > hl && W(r)[e - 1] == '\n') e--;
    } else {
      int k = 0;
      while (e > hl && k < 4 && (W(r)[e - 1] == '\n' || W(r)[e - 1] == '\r'))
        e--, k++;
    }
    r->block = W(r) + hl;
    r->block_len = e - hl;
    *block_end = e;
    return WARC_OK;
  }
  size_t want = hl + (size_t)declared;
  if ((rc = warc_stream_fill(s, want))) return rc;
  if (avail(r) < want) {
    end = avail(r);
    add_err(r, "block cut short: %lld of %lld bytes",
            (long long)(end - hl), (long long)declared);
    r->block = W(r) + hl;
    r->block_len = end - hl;
    *block_end = end;
    return WARC_OK;
  }
  end = want;
  if (!next_ok(r, end)) {
    /* The Content-Length is wrong: a record starts inside the block, or
       after bytes that are none. */
    size_t at = start_inside(r, hl, end);
    if (at) {
      add_err(r, "length %lld is wrong: the next record starts at offset %lld",
              (long long)declared,
              (long long)warc_stream_raw_start(s, lpos(r) + (int64_t)at));
      size_t e = at;
      int k = 0;
      if (is_arc) {
        if (e > hl && W(r)[e - 1] == '\n') e--;
      } else {
        while (e > hl && k < 4 && (W(r)[e - 1] == '\n' || W(r)[e - 1] == '\r'))
          e--, k++;
      }
      end = e;
    } else {
      /* Bytes after the block: how many before the next record. */
      int rc2 = warc_stream_fill(s, end + SCAN_CHUNK);
      if (rc2) return rc2;
      size_t next = start_inside(r, end, avail(r));
      if (next)
        add_err(r, "length %lld is wrong: %lld bytes after the block before "
                "the next record at offset %lld", (long long)declared,
                (long long)(next - end),
                (long long)warc_stream_raw_start(s, lpos(r) + (int64_t)next));
      else
        add_err(r, "length %lld is wrong: no record follows the block",
                (long long)declared);
      r->skip_noted = 1;
    }
  }
  r->block = W(r) + hl;
  r->block_len = end - hl;
  *block_end = end;
  return WARC_OK;
}

/* ---- records ---- */

static void set_spans(warc_reader *r, warc_record *rec) {
  rec->warc_type = field(r, "WARC-Type");
  rec->target_uri = field(r, "WARC-Target-URI");
  if (rec->target_uri.n >= 2 && rec->target_uri.p[0] == '<' &&
      rec->target_uri.p[rec->target_uri.n - 1] == '>') {
    rec->target_uri.p++;
    rec->target_uri.n -= 2;
  }
  rec->date = field(r, "WARC-Date");
  rec->record_id = field(r, "WARC-Record-ID");
  rec->content_type = field(r, "Content-Type");
  rec->payload_digest = field(r, "WARC-Payload-Digest");
  rec->block_digest = field(r, "WARC-Block-Digest");
  rec->truncated = field(r, "WARC-Truncated");
  rec->refers_to = field(r, "WARC-Refers-To");
  rec->refers_to_target_uri = field(r, "WARC-Refers-To-Target-URI");
  rec->refers_to_date = field(r, "WARC-Refers-To-Date");
  rec->profile = field(r, "WARC-Profile");
  rec->segment_number = field(r, "WARC-Segment-Number");
  warc_span t = rec->warc_type, ct = rec->content_type, u = rec->target_uri;
  int httpish = warc_ieq(t.p, t.n, "response") || warc_ieq(t.p, t.n, "request") ||
                warc_ieq(t.p, t.n, "revisit");
  if (httpish) {
    if (ct.p)
      rec->has_http = warc_iprefix(ct.p, ct.n, "application/http") ||
                      warc_iprefix(ct.p, ct.n, "message/http");
    else
      rec->has_http = warc_iprefix(u.p, u.n, "http:") || warc_iprefix(u.p, u.n, "https:");
  }
}

static int read_warc(warc_reader *r, warc_record *rec, size_t *block_end) {
  size_t hl;
  int rc = find_header_end(r, r->lim.max_header, &hl);
  if (rc) return rc;
  if (!hl) {
    if (avail(r) >= r->lim.max_header)
      add_err(r, "header longer than %lld bytes", (long long)r->lim.max_header);
    else
      add_err(r, "header cut short at the end of the file");
    hl = avail(r) < r->lim.max_header ? avail(r) : r->lim.max_header;
    warc_span first;
    if ((rc = parse_fields(r, W(r), hl, &first))) return rc;
    rec->version.p = first.p + 5;
    rec->version.n = first.n > 5 ? first.n - 5 : 0;
    rec->fields = r->f;
    rec->n_fields = r->nf;
    set_spans(r, rec);
    rec->has_http = 0;
    *block_end = hl;
    return WARC_OK;
  }
  warc_span first;
  if ((rc = parse_fields(r, W(r), hl, &first))) return rc;
  warc_span v = warc_trim(first.p + 5, first.n - 5);
  rec->version = v;
  rec->fields = r->f;
  rec->n_fields = r->nf;
  set_spans(r, rec);
  warc_span cl = field(r, "Content-Length");
  int64_t declared = parse_len(cl);
  rec->content_length = declared;
  if (declared < 0)
    add_err(r, cl.p ? "Content-Length is not a number: the block runs to the next record"
                    : "no Content-Length: the block runs to the next record");
  rc = read_block(r, hl, declared, 0, block_end);
  if (rc == WARC_TOOBIG) rc = WARC_OK;
  return rc;
}

static const char *arc_v1_names[5] = {"URL", "IP-address", "Archive-date",
                                      "Content-type", "Archive-length"};
static const char *arc_v2_names[10] = {
    "URL", "IP-address", "Archive-date", "Content-type", "Result-code",
    "Checksum", "Location", "Offset", "Filename", "Archive-length"};

static int read_arc(warc_reader *r, warc_record *rec, size_t *block_end) {
  int rc;
  const unsigned char *p = W(r);
  size_t n = avail(r);
  const unsigned char *nl = memchr(p, '\n', n);
  size_t ll = nl ? (size_t)(nl - p) : n; /* record_start_at saw the line */
  size_t hl = nl ? ll + 1 : n;
  arc_line a;
  int version = r->arc_version;
  if (!arc_split((const char *)p, ll, version, &a)) {
    version = version == 2 ? 1 : 2;
    arc_split((const char *)p, ll, version, &a);
  }
  if ((rc = hdr_room(r, ll + 1))) return rc;
  memcpy(r->hdr, p, ll);
  r->nf = 0;
  const char **names = version == 2 ? arc_v2_names : arc_v1_names;
  for (int i = 0; i < a.ntok; i++) {
    if ((rc = grow_fields(r))) return rc;
    r->f[r->nf].name.p = names[i];
    r->f[r->nf].name.n = strlen(names[i]);
    r->f[r->nf].value.p = r->hdr + (a.tok[i].p - (const char *)p);
    r->f[r->nf].value.n = a.tok[i].n;
    r->nf++;
  }
  rec->fields = r->f;
  rec->n_fields = r->nf;
  warc_span url = r->f[0].value;
  int filedesc = warc_iprefix(url.p, url.n, "filedesc:");
  static const char warcinfo[] = "warcinfo", response[] = "response";
  rec->warc_type.p = filedesc ? warcinfo : response;
  rec->warc_type.n = filedesc ? 8 : 8;
  rec->target_uri = url;
  rec->content_type = r->f[3].value;
  rec->has_http = !filedesc && (warc_iprefix(url.p, url.n, "http:") ||
                                warc_iprefix(url.p, url.n, "https:"));
  warc_span d = r->f[2].value;
  char digits[15];
  memset(digits, '0', 14);
  memcpy(digits, d.p, d.n < 14 ? d.n : 14);
  snprintf(r->date, sizeof r->date, "%.4s-%.2s-%.2sT%.2s:%.2s:%.2sZ", digits,
           digits + 4, digits + 6, digits + 8, digits + 10, digits + 12);
  rec->date.p = r->date;
  rec->date.n = strlen(r->date);
  warc_span lv = r->f[r->nf - 1].value;
  int64_t declared = parse_len(lv);
  rec->content_length = declared;
  if (declared < 0)
    add_err(r, warc_ieq(lv.p, lv.n, "-1") ? "ARC length -1: the block runs to the next record"
                                     : "ARC length is not a number: the block runs to the next record");
  /* A declared length is checked as WARC's is (a record start right
     after the block, a newline or none); -1 runs to the next record. */
  rc = read_block(r, hl, declared, 1, block_end);
  if (rc == WARC_TOOBIG) rc = WARC_OK;
  if (rc) return rc;
  if (filedesc) {
    /* The version is the first number of the block's first line. */
    const unsigned char *b = r->block;
    size_t bn = r->block_len, i = 0;
    while (i < bn && b[i] == ' ') i++;
    if (i < bn && (b[i] == '1' || b[i] == '2')) {
      r->arc_version = b[i] - '0';
      rec->version.p = b[i] == '1' ? "1" : "2";
      rec->version.n = 1;
    }
  }
  if (!rec->version.p) {
    rec->version.p = r->arc_version == 2 ? "2" : "1";
    rec->version.n = 1;
  }
  return WARC_OK;
}

int warc_next(warc_reader *r, warc_record *rec) {
  warc_stream *s = &r->s;
  int rc;
  memset(rec, 0, sizeof *rec);
  rec->content_length = -1;
  r->err[0] = 0;
  r->block = NULL;
  r->block_len = 0;
  warc_stream_compact(s);
  /* CR, LF (and the NUL padding some writers leave) between records. */
  for (;;) {
    if ((rc = warc_stream_fill(s, 1))) return rc;
    if (!avail(r)) break;
    const unsigned char *p = W(r);
    size_t n = avail(r), i = 0;
    while (i < n && (p[i] == '\r' || p[i] == '\n' || p[i] == 0 || p[i] == ' ' ||
                     p[i] == '\t'))
      i++;
    s->wlo += i;
    if (i < n) break;
    warc_stream_compact(s);
  }
  int64_t skipped_at = -1;
  if (avail(r)) {
    if ((rc = warc_stream_fill(s, 8192))) return rc;
    int k = record_start_at(r, W(r), avail(r), 1);
    if (k != 1) {
      int64_t at = lpos(r), skipped = 0;
      int64_t raw_at = warc_stream_raw_start(s, at);
      skipped_at = raw_at;
      if ((rc = skip_to_record(r, &skipped))) return rc;
      if (!r->skip_noted)
        add_err(r, "%lld bytes that are no record skipped at offset %lld",
                (long long)skipped, (long long)raw_at);
    }
  }
  r->skip_noted = 0;
  int64_t start = lpos(r);
  rec->offset = warc_stream_raw_start(s, start);
  if (!avail(r)) {
    /* The end; a stream that ended early, or skipped bytes, still give a
       row that says so. */
    if (s->lerr[0] && !s->lerr_taken) {
      add_err(r, "%s", s->lerr);
      s->lerr_taken = 1;
    }
    if (!r->err[0]) return WARC_DONE;
    /* The row is where the bytes that are no record began. */
    if (skipped_at >= 0) rec->offset = skipped_at;
    rec->length = -1;
    rec->format = r->file_format ? r->file_format : WARC_FORMAT_WARC;
    rec->compression = s->comp;
    rec->error = r->err;
    return WARC_OK;
  }
  int is_warc = !memcmp(W(r), "WARC/", 5);
  rec->format = is_warc ? WARC_FORMAT_WARC : WARC_FORMAT_ARC;
  if (!r->file_format) r->file_format = rec->format;
  rec->compression = s->comp;
  size_t block_end = 0;
  rc = is_warc ? read_warc(r, rec, &block_end) : read_arc(r, rec, &block_end);
  if (rc) return rc;
  int64_t e = lpos(r) + (int64_t)block_end;
  size_t boff = r->block ? (size_t)(r->block - W(r)) : 0;
  if (s->comp == WARC_PLAIN) {
    rec->length = e - start;
  } else {
    /* May decode on (the window may move; the cursor stays). */
    int64_t raw_end = warc_stream_raw_end(s, e);
    rec->length = raw_end < 0 ? -1 : raw_end - rec->offset;
  }
  if (r->block) r->block = W(r) + boff;
  s->wlo += block_end;
  if (s->lerr[0] && !s->lerr_taken && s->leof) {
    /* The stream ended early: said by the record it cut, if nothing but
       line ends follows it. */
    const unsigned char *p = W(r);
    size_t n = avail(r), i = 0;
    while (i < n && (p[i] == '\r' || p[i] == '\n' || p[i] == 0)) i++;
    if (i == n) {
      add_err(r, "%s", s->lerr);
      s->lerr_taken = 1;
    }
  }
  rec->error = r->err[0] ? r->err : NULL;
  return WARC_OK;
}
