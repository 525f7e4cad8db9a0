/*
** Character references' lookups (§13.2.5.72-80): the longest named
** reference at a point of the input, and the numeric reference's checks.
*/
#ifndef HTML_CHARREF_H
#define HTML_CHARREF_H

#include <stddef.h>
#include <stdint.h>

#include "entities.h"

/*
** The named character reference state's "maximum number of characters
** possible, where the consumed characters are one of the identifiers in the
** named character references table": the longest name that s[0..n)
** begins with.  Returns its entry, or NULL if none matches.
*/
const html_entity *html_entity_longest(const unsigned char *s, size_t n);

/* The numeric character reference end state's replacement of `code`
   (0 -> U+FFFD, out of range -> U+FFFD, surrogate -> U+FFFD, C1 controls
   0x80..0x9F by the Standard's table; others unchanged). */
uint32_t html_numeric_ref(uint32_t code);

#endif /* HTML_CHARREF_H */
