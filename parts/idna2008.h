/*
** IDNA2008 lookup over libidn2: would a DNS registry (or a strict resolver)
** accept this name?  The browser's rules are UTS #46 as the URL Standard
** uses it (core/idna.h); these are the registry's.
**
** The rule set, in libidn2's terms: idn2_lookup_u8() with
** IDN2_NONTRANSITIONAL | IDN2_USE_STD3_ASCII_RULES, i.e. RFC 5891 lookup
** (IDNA2008 code point categories, CONTEXTJ/CONTEXTO, Bidi, hyphen and NFC
** rules, A-labels decoded and checked, and round-tripped) after UTS #46
** non-transitional preprocessing (mapping: case folding, width, NFC), with
** the DNS length limits (labels of at most 63 octets, names of at most 253).
** Two corrections, because libidn2 does not do what those flags promise:
**
**  - STD3 ASCII rules: libidn2 silently *deletes* a code point that the
**    rules disallow ("a_b.com" becomes "ab.com", "a\u00A0b" becomes "ab").
**    Here such a code point refuses the name with IDN2_DISALLOWED: any
**    ASCII other than letters, digits, '-' and '.' (U+0000 included, which
**    libidn2 could not even see), and any non-ASCII code point libidn2's
**    UTS #46 table marks disallowed_STD3_valid or disallowed_STD3_mapped
**    (U+00A0, U+FF3F, U+2260...), found by comparing libidn2's answers with
**    and without IDN2_USE_STD3_ASCII_RULES.
**  - Empty labels: libidn2 accepts "a..b", ".a" and "".  DNS has no empty
**    label but the root, so these are refused with URL_IDNA2008_EMPTY_LABEL
**    (named "EMPTY_LABEL"); one trailing dot (the root) is kept as is.
**
** Input is UTF-8 by length (U+0000 is data, and disallowed).  Results are
** copied into the caller's url_buf; what libidn2 allocates is freed with
** idn2_free() before returning.  No mutable static state.
*/
#ifndef URL_IDNA2008_H
#define URL_IDNA2008_H

#include <stddef.h>

#include "url_buf.h"

/* Our one error code beyond libidn2's idn2_rc values (all of which are 0
   or negative numbers above -1000). */
#define URL_IDNA2008_EMPTY_LABEL (-1000)

/*
** IDNA2008 lookup of the domain in[0..n) (valid UTF-8): appends the ASCII
** name (A-labels, lowercase) to `out`.  Returns URL_OK; URL_FAILURE when the
** name is refused, with the reason in *why (an idn2_rc, or
** URL_IDNA2008_EMPTY_LABEL); or URL_NOMEM / URL_TOOBIG.  On any return
** other than URL_OK, `out` keeps its original length.  *why is IDN2_OK (0)
** unless the result is URL_FAILURE.  An all-ASCII name of letters, digits,
** hyphens and dots without "xn--" labels is decided without libidn2 and
** without allocation.
*/
int url_idna2008_to_ascii(const char *in, size_t n, url_buf *out, int *why);

/*
** The same lookup, and then the ASCII name with its A-labels decoded
** (idn2_to_unicode_8z8z): appends UTF-8 to `out`.  Same returns; refused
** exactly when url_idna2008_to_ascii refuses.
*/
int url_idna2008_to_unicode(const char *in, size_t n, url_buf *out, int *why);

/*
** The name of a reason: "IDN2_DISALLOWED", "IDN2_BIDI", ... as
** idn2_strerror_name() gives it, "EMPTY_LABEL" for URL_IDNA2008_EMPTY_LABEL;
** NULL for IDN2_OK.  A static string.
*/
const char *url_idna2008_error_name(int why);

/* The run-time libidn2 version ("2.3.3"). */
const char *url_idna2008_version(void);

#endif /* URL_IDNA2008_H */
