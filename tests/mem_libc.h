/*
** url_mem_libc (tests/mem_libc.c): the allocator that programs linking
** core/ without SQLite hand to it.
*/
#ifndef URL_MEM_LIBC_H
#define URL_MEM_LIBC_H

#include "url_mem.h"

extern const url_allocator url_mem_libc;

#endif /* URL_MEM_LIBC_H */
