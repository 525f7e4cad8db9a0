/*
** The core's allocator (core/url_mem.h) over SQLite's, so that every byte
** the extension allocates is seen by sqlite3_soft_heap_limit64,
** sqlite3_hard_heap_limit64, SQLITE_CONFIG_MALLOC and out-of-memory tests.
*/
#include "ext.h"
#include "url_mem.h"
SQLITE_EXTENSION_INIT3

void *url_mem_alloc(size_t n) { return sqlite3_malloc64(n ? n : 1); }
void *url_mem_realloc(void *p, size_t n) {
  return sqlite3_realloc64(p, n ? n : 1);
}
void url_mem_free(void *p) { sqlite3_free(p); }
