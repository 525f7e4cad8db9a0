/*
** The core's allocator, handed in by the caller.  core/ never includes
** SQLite and holds no global state, so whoever starts a buffer (url_buf,
** url, url_errors, url_search_params) or opens a public suffix list names
** the allocator it grows with; functions without such an object take one as
** a parameter.  The extension passes url_mem_sqlite (ext/mem.c, over
** sqlite3_malloc64 / sqlite3_realloc64 / sqlite3_free), so that SQLite's
** heap limits, SQLITE_CONFIG_MALLOC and its out-of-memory testing see every
** byte; the C test programs, the fuzz target and the bench driver pass
** url_mem_libc (tests/mem_libc.c).  One indirect call per allocation, never
** per byte: the common path allocates nothing.
**
** alloc, resize and release are malloc, realloc and free (not so named, so
** that a debugging allocator's malloc/realloc/free macros leave the calls
** alone), except that a size of 0 may return NULL (callers never ask for 0
** bytes).
*/
#ifndef URL_MEM_H
#define URL_MEM_H

#include <stddef.h>

typedef struct url_allocator {
  void *(*alloc)(size_t n);
  void *(*resize)(void *p, size_t n);
  void (*release)(void *p);
} url_allocator;

#endif /* URL_MEM_H */
