/*
** url_mem_sqlite: the allocator ext/ hands to every core buffer, list and
** call (core/url_mem.h), over SQLite's, so that every byte the extension
** allocates is seen by sqlite3_soft_heap_limit64, sqlite3_hard_heap_limit64,
** SQLITE_CONFIG_MALLOC and out-of-memory tests.  A const table: no state.
*/
#include "ext.h"
SQLITE_EXTENSION_INIT3

static void *mem_alloc(size_t n) { return sqlite3_malloc64(n ? n : 1); }
static void *mem_realloc(void *p, size_t n) {
  return sqlite3_realloc64(p, n ? n : 1);
}
static void mem_free(void *p) { sqlite3_free(p); }

const url_allocator url_mem_sqlite = {
    .alloc = mem_alloc, .resize = mem_realloc, .release = mem_free};
