/*
** The basic URL parser's entry points (url.h), the one place that decides
** between the fast path for input already in serialized form
** (parse_fast.c) and the Standard's state machine (url.c), and repairs
** input as it comes (any bytes) for the latter (url_parse_input, inline in
** url.h, then url_parse_repaired here).  Above both, so that the fast path
** can build on url.c's types and scheme helpers while url.c knows nothing
** of it.
*/
#include "parse.h"
#include "url.h"
#include "utf8.h"

int url_parse(url *u, const char *in, size_t n, const url *base) {
  /* Most URLs are already canonical: one checking pass and one copy. */
  int rc = url_parse_fast(u, in, n);
  if (rc != URL_NOT_FAST) return rc;
  return url_parse_full(u, in, n, base);
}

int url_parse_enc(url *u, const char *in, size_t n, const url *base, int enc) {
  /* The fast path gives the same URL in every encoding (parse.h). */
  int rc = url_parse_fast(u, in, n);
  if (rc != URL_NOT_FAST) return rc;
  return url_parse_full_enc(u, in, n, base, enc);
}

int url_parse_repaired(url *u, const char *in, size_t n, const url *base,
                       url_input *t, const url_input_fix *fix, int enc) {
  /* The Standard's UTF-8 decode: invalid sequences become U+FFFD. */
  url_buf_init_like(&t->fix, &u->href, t->st, sizeof t->st, u->href.max);
  t->started = 1;
  int rc = url_utf8_sanitize(in, n, &t->fix, &t->s, &t->n);
  if (rc == URL_OK && fix && fix->fix) rc = fix->fix(fix->ctx, &t->s, &t->n);
  if (rc != URL_OK) return rc;
  return url_parse_full_enc(u, t->s, t->n, base, enc);
}
