/*
** The core's allocator (core/url_mem.h) over libc, for programs that link
** core/ without SQLite: the C test runners and the fuzz target.
*/
#include <stdlib.h>

#include "url_mem.h"

void *url_mem_alloc(size_t n) { return malloc(n ? n : 1); }
void *url_mem_realloc(void *p, size_t n) { return realloc(p, n ? n : 1); }
void url_mem_free(void *p) { free(p); }
