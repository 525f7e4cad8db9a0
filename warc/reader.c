/*
** The WARC/ARC record reader (warc.h).  Skeleton: the API compiles; the
** reading itself lands in the next commits of branch warc-a.
*/
#include "warc.h"

#include <string.h>

struct warc_reader {
  const url_allocator *mem;
  const char *ioerr;
};

int warc_open_file(warc_reader **out, const char *path,
                   const url_allocator *mem, const warc_limits *limits) {
  (void)path; (void)limits;
  *out = mem->alloc(sizeof **out);
  if (!*out) return WARC_NOMEM;
  memset(*out, 0, sizeof **out);
  (*out)->mem = mem;
  (*out)->ioerr = "not implemented yet";
  return WARC_IOERR;
}

int warc_open_mem(warc_reader **out, const void *data, size_t n,
                  const url_allocator *mem, const warc_limits *limits) {
  (void)data; (void)n;
  return warc_open_file(out, "", mem, limits);
}

void warc_close(warc_reader *r) {
  if (r) r->mem->release(r);
}

const char *warc_error_text(const warc_reader *r) { return r->ioerr; }

int warc_next(warc_reader *r, warc_record *rec) {
  (void)r;
  memset(rec, 0, sizeof *rec);
  return WARC_DONE;
}

int warc_seek(warc_reader *r, int64_t offset) {
  (void)r; (void)offset;
  return WARC_IOERR;
}

int warc_block(warc_reader *r, const unsigned char **p, size_t *n) {
  (void)r;
  *p = NULL;
  *n = 0;
  return WARC_IOERR;
}
