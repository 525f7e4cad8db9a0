/*
** Parsing a URL (parse.c): the one place that chooses between the fast
** path for input already in serialized form (parse_fast.h) and the
** Standard's state machine (url.h), and repairs input as it comes.
*/
#ifndef URL_PARSE_H
#define URL_PARSE_H

#include "encoding.h"
#include "parse_fast.h"
#include "url.h"

/*
** The basic URL parser: parses in[0..n) (valid UTF-8) against `base` (NULL
** for none) into u, which must be freshly initialised.  Returns URL_OK,
** URL_FAILURE, or URL_NOMEM / URL_TOOBIG.  Defined in parse.c: the fast
** path for canonical input (url_parse_fast), then url_parse_full.
*/
int url_parse(url *u, const char *in, size_t n, const url *base);

/*
** The basic URL parser with an encoding (url_parse_full_enc: only a
** special URL's query depends on it).  The fast path serves every
** encoding: it takes only input whose query is ASCII without C0 controls
** (so without ISO-2022-JP's ESC, SO and SI), and each output encoding's
** encoder writes such a code point as its own byte (ISO-2022-JP staying
** in its ASCII state, with nothing to write at the end), so the query is
** the same bytes in every encoding, as the fast path copies it.
*/
int url_parse_enc(url *u, const char *in, size_t n, const url *base, int enc);

/*
** Input as it comes (a database value: any bytes), and the text the state
** machine read when the fast path could not take it: the bytes with
** invalid UTF-8 replaced by U+FFFD, as the Standard's UTF-8 decode does.
*/
typedef struct url_input {
  const char *s; /* the text the state machine read; NULL if it did not */
  size_t n;
  int started;   /* fix is in use */
  url_buf fix;   /* holds the repaired text when repair changed anything */
  char st[256];
} url_input;

/*
** What a caller changes in its input before the state machine (canonical
** keys' profiles: "http://" in front of "example.com/", ...): no_fast says
** that the fast path must not take the bytes as they are; fix (NULL: none)
** may rewrite the repaired text *in, *n (into storage of its own, behind
** ctx) or refuse it (URL_FAILURE), returning a status.
*/
typedef struct url_input_fix {
  int no_fast;
  int (*fix)(void *ctx, const char **in, size_t *n);
  void *ctx;
} url_input_fix;

/* url_parse_input's slow path (parse.c): repair, fix, state machine. */
int url_parse_repaired(url *u, const char *in, size_t n, const url *base,
                       url_input *t, const url_input_fix *fix, int enc);

/*
** url_parse_enc() of any bytes in[0..n), the one entry point for unrepaired
** input: the fast path on the bytes as they are (it takes only ASCII),
** else the state machine on them repaired (and fixed, if `fix` is given:
** may be NULL).  t keeps the text the state machine read, which a caller
** may use further (as a host, say) until url_input_free(t), which it must
** call whatever the result.  Inline: the common case is one call of the
** fast path.
*/
static inline int url_parse_input_enc(url *u, const char *in, size_t n,
                                      const url *base, url_input *t,
                                      const url_input_fix *fix, int enc) {
  t->s = NULL;
  t->n = 0;
  t->started = 0;
  if (!fix || !fix->no_fast) {
    int rc = url_parse_fast(u, in, n);
    if (rc != URL_NOT_FAST) return rc;
  }
  return url_parse_repaired(u, in, n, base, t, fix, enc);
}

/* url_parse_input_enc with UTF-8 (every caller but the encoding's). */
static inline int url_parse_input(url *u, const char *in, size_t n,
                                  const url *base, url_input *t,
                                  const url_input_fix *fix) {
  return url_parse_input_enc(u, in, n, base, t, fix, URL_ENC_UTF_8);
}

/* Makes an unused t freeable; frees what a parse left in t. */
static inline void url_input_init(url_input *t) {
  t->s = NULL;
  t->started = 0;
}
static inline void url_input_free(url_input *t) {
  if (t->started) url_buf_free(&t->fix);
}

#endif /* URL_PARSE_H */
