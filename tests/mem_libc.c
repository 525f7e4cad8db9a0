/*
** url_mem_libc: the core's allocator (core/url_mem.h) over libc, for
** programs that link core/ without SQLite: the C test runners, the fuzz
** target and bench/parse_count.
*/
#include <stdlib.h>

#include "mem_libc.h"

static void *mem_alloc(size_t n) { return malloc(n ? n : 1); }
static void *mem_realloc(void *p, size_t n) { return realloc(p, n ? n : 1); }

const url_allocator url_mem_libc = {
    .alloc = mem_alloc, .resize = mem_realloc, .release = free};
