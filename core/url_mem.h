/*
** The core's allocator.  core/ allocates only through these three functions
** and never includes SQLite, so they are bound at link time: the extension
** defines them over sqlite3_malloc64 / sqlite3_realloc64 / sqlite3_free
** (ext/mem.c), so that SQLite's heap limits, SQLITE_CONFIG_MALLOC and its
** out-of-memory testing see every byte; the C test programs and the fuzz
** target define them over libc (tests/mem_libc.c).  No global state, no
** indirection per call.
**
** Semantics are those of malloc/realloc/free, except that a size of 0 may
** return NULL (callers never ask for 0 bytes).
*/
#ifndef URL_MEM_H
#define URL_MEM_H

#include <stddef.h>

void *url_mem_alloc(size_t n);
void *url_mem_realloc(void *p, size_t n);
void url_mem_free(void *p);

#endif /* URL_MEM_H */
