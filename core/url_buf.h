/*
** url_buf: a growable byte buffer that starts in caller-provided (usually
** stack) storage, so the common path of a parse allocates nothing.
**
** Errors are sticky: once an append fails (out of memory, or the result
** would exceed `max` bytes) every later append is a no-op and `err` says
** why.  Callers append freely and check `err` once at the end.
*/
#ifndef URL_BUF_H
#define URL_BUF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "status.h"
#include "url_mem.h"


typedef struct url_buf {
  char *ptr;    /* contents (not NUL-terminated) */
  size_t len;   /* bytes used */
  size_t cap;   /* bytes available at ptr */
  char *stack;  /* caller storage; never freed */
  size_t max;   /* hard limit on len */
  const url_allocator *mem; /* where heap storage comes from */
  int err;      /* URL_OK, URL_NOMEM or URL_TOOBIG; sticky */
} url_buf;

/* Starts an empty buffer over `stack` (may be NULL with cap 0) that grows
   with `mem`.  Inline: every call of the extension starts a few. */
static inline void url_buf_init(url_buf *b, const url_allocator *mem,
                                char *stack, size_t cap, size_t max) {
  b->ptr = stack;
  b->mem = mem;
  b->stack = stack;
  b->len = 0;
  b->cap = stack ? (cap < max ? cap : max) : 0; /* max holds for stack too */
  b->max = max;
  b->err = URL_OK;
}

/* url_buf_init with the allocator of `like`: scratch space for work on
   `like`, which a function's caller started. */
static inline void url_buf_init_like(url_buf *b, const url_buf *like,
                                     char *stack, size_t cap, size_t max) {
  url_buf_init(b, like->mem, stack, cap, max);
}

/* Releases heap storage, if any.  The buffer may be re-initialised. */
static inline void url_buf_free(url_buf *b) {
  if (b->ptr != b->stack) b->mem->release(b->ptr);
  b->ptr = b->stack;
  b->cap = 0;
  b->len = 0;
}
/* Ensures room for `extra` more bytes; returns 0 on success. */
int url_buf_grow(url_buf *b, size_t extra);

static inline int url_buf_reserve(url_buf *b, size_t extra) {
  if (b->err) return b->err;
  if (b->cap - b->len >= extra) return 0;
  return url_buf_grow(b, extra);
}

static inline void url_buf_putc(url_buf *b, char c) {
  if (b->len < b->cap && !b->err) {
    b->ptr[b->len++] = c;
  } else if (url_buf_reserve(b, 1) == 0) {
    b->ptr[b->len++] = c;
  }
}

static inline void url_buf_append(url_buf *b, const char *s, size_t n) {
  if (n == 0 || url_buf_reserve(b, n) != 0) return;
  memcpy(b->ptr + b->len, s, n);
  b->len += n;
}

static inline void url_buf_puts(url_buf *b, const char *s) {
  url_buf_append(b, s, strlen(s));
}

/* Appends code point `cp` (a Unicode scalar value) as UTF-8. */
void url_buf_put_utf8(url_buf *b, uint32_t cp);

/* Shrinks the contents to `len` bytes (len <= b->len). */
static inline void url_buf_truncate(url_buf *b, size_t len) {
  if (len < b->len) b->len = len;
}

#endif /* URL_BUF_H */
