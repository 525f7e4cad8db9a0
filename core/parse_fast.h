/*
** The parser's fast path (parse_fast.c) for a URL already in the form the
** URL serializer writes: most stored URLs are.
*/
#ifndef URL_PARSE_FAST_H
#define URL_PARSE_FAST_H

#include "url.h"

/*
** If in[0..n) (any bytes) is
** an absolute URL with a special scheme other than file, "//", a domain or
** canonical IPv4 host, an optional port and a path, query and fragment
** that the basic URL parser keeps byte for byte, parses it into u (freshly
** initialised) exactly as url_parse() would, in one checking pass and one
** copy, and returns URL_OK (or URL_NOMEM).  The input may differ from its
** serialization only in the ASCII case of its scheme and host and a
** missing "/" path.  Otherwise returns URL_NOT_FAST with u untouched: run
** the full parser.  Never needs a base: such an input ignores it.
*/
int url_parse_fast(url *u, const char *in, size_t n);

#endif /* URL_PARSE_FAST_H */
