/*
** The basic URL parser's entry point, url_parse() (url.h): the fast path
** for input already in serialized form (canonical.c), else the Standard's
** state machine (url.c).  The choice is made here, above both, so that the
** fast path can build on url.c's types and scheme helpers while url.c knows
** nothing of it.
*/
#include "parse_fast.h"
#include "url.h"

int url_parse(url *u, const char *in, size_t n, const url *base) {
  /* Most URLs are already canonical: one checking pass and one copy. */
  int rc = url_parse_fast(u, in, n);
  if (rc != URL_NOT_FAST) return rc;
  return url_parse_full(u, in, n, base);
}
