/*
** A reference for parts/idna2008.c, for tests and tools/gen_idna2008_data.c:
** the same rule set computed the slow, literal way from libidn2 alone, with
** none of the core's shortcuts (no LDH fast path, no list of the ASCII that
** STD3 disallows, no comparison of whole-name runs):
**
**   1. a name with U+0000, or with a code point that libidn2 deletes under
**      IDN2_USE_STD3_ASCII_RULES (asked one code point at a time: alone it
**      gives "" with the flag and something else without), is refused with
**      IDN2_DISALLOWED;
**   2. otherwise idn2_lookup_u8(IDN2_NONTRANSITIONAL |
**      IDN2_USE_STD3_ASCII_RULES) decides;
**   3. an accepted name with an empty label (other than one trailing root
**      label) is refused with "EMPTY_LABEL".
**
** Uses plain malloc; tests only.
*/
#ifndef TESTS_IDNA2008_REF_H
#define TESTS_IDNA2008_REF_H

#include <stddef.h>

/*
** Looks up s[0..n) (valid UTF-8).  Returns NULL if the name is accepted,
** else the error name ("IDN2_...", "EMPTY_LABEL"); *ascii and *unicode (if
** not NULL) get malloc()ed NUL-terminated results, NULL when refused.
** Aborts on out of memory.
*/
const char *ref_idna2008(const char *s, size_t n, char **ascii,
                         char **unicode);

#endif /* TESTS_IDNA2008_REF_H */
