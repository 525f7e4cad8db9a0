/*
** The URL Standard's basic URL parser as its state machine (§4.4, url.c),
** with the state overrides the setters use, the serializer (§4.5,
** serializer.c) and origin (§4.6 / HTML "origin").  The parser appends
** every component in href order into the record (url_record.h), so a
** typical parse writes each output byte once and allocates nothing beyond
** the caller's storage.  Parse input through parse.h, which tries the fast
** path first.
*/
#ifndef URL_URL_H
#define URL_URL_H

#include <stddef.h>
#include <stdint.h>

#include "url_record.h"

/* The state machine alone (url.c), without that fast path: for callers
   that tried it already, and the tests comparing the two. */
int url_parse_full(url *u, const char *in, size_t n, const url *base);

/*
** The basic URL parser with an encoding (url.bs: "encoding", default
** UTF-8): a special URL's query, but not ws: or wss:, is percent-encoded
** after encoding in enc's output encoding (core/encoding.h; a code point
** it cannot encode becomes "%26%23N%3B").  Nothing else depends on it.
*/
int url_parse_full_enc(url *u, const char *in, size_t n, const url *base,
                       int enc);

/*
** The encoding u's query is percent-encoded in when a parse with encoding
** enc wrote it (the query state: "If encoding is not UTF-8 and url is not
** special or url's scheme is "ws" or "wss", then set encoding to UTF-8"):
** enc, or URL_ENC_UTF_8.  The one rule for the parser and for whatever
** decodes or re-encodes that query in enc (the search-parameter functions).
*/
int url_query_encoding(const url *u, int enc);

/*
** url_parse() recording the validation errors of §1.1 into errs (see
** url_errors.h), in the order the Standard's steps reach them.  Each has
** the byte offset in in[0..n) where its step found the problem:
**   - the state machine's steps: the code point c they look at (n or the
**     offset past the last code point the parser kept, for EOF), except
**     port-out-of-range and file-invalid-Windows-drive-letter-host, which
**     judge a buffer: its first code point;
**   - the clean-up steps: the first stripped leading (else trailing) C0
**     control or space; the first tab or newline;
**   - the host parser's "contains" steps and the opaque-host parser: the
**     first code point that makes them true; IPv6-unclosed: the "[";
**   - the IPv6 parser: its pointer's code point; IPv6-piece-leading-zero:
**     the piece's first digit;
**   - the IPv4 parser: IPv4-empty-part the last ".", the part errors the
**     part's first code point, when the host is written as the ASCII it
**     parses as (no percent-decoding or IDNA mapping changed it);
**   - domain-to-ASCII: the first code point that is, or that
**     percent-decodes or UTS #46 maps to, a forbidden domain code point
**     (the reason the host parser then fails; an escape: its "%"),
**     URL_NO_POS when there is none (a name only the strict rules refuse);
**   - URL_NO_POS for IPv4-too-few-parts, IPv4-too-many-parts, and the IPv4
**     errors otherwise.
** If the parse fails, the last error (the one after which the Standard
** returns failure) has `failure` set.  Returns as url_parse(), or
** URL_NOMEM if the list could not grow.
*/
struct url_errors;
int url_parse_errors(url *u, const char *in, size_t n, const url *base,
                     struct url_errors *errs);

/*
** https://url.spec.whatwg.org/#valid-url-string: URL_OK if in[0..n) (valid
** UTF-8) is an absolute-URL-with-fragment string, or, with a base (NULL for
** none), a relative-URL-with-fragment string; URL_FAILURE if not; or
** URL_NOMEM.  The Standard's writing rules, checked as a grammar (§4.3,
** §3.4); the parser's validation errors are a separate notion.  Checking a
** domain (IDNA) may allocate with mem.
*/
int url_valid_string(const char *in, size_t n, const url *base,
                     const url_allocator *mem);

/*
** State overrides for the URL API setters (§6.1): which state the basic URL
** parser starts in when it modifies an existing URL.
*/
typedef enum url_override {
  URL_OVERRIDE_NONE = 0,
  URL_OVERRIDE_HOST,
  URL_OVERRIDE_HOSTNAME,
  URL_OVERRIDE_PORT,
  URL_OVERRIDE_PATH_START,
  URL_OVERRIDE_QUERY,
  URL_OVERRIDE_FRAGMENT,
  /* Not a setter's: the URL Pattern Standard's "canonicalize an opaque
     pathname" runs the opaque path state as an override (the path ends
     at "?" or "#"; s->query_start / fragment_start then mark where). */
  URL_OVERRIDE_OPAQUE_PATH
} url_override;

/*
** The basic URL parser with a state override: parses in[0..n) as the
** component `ovr` of the URL ctx, writing that component (as the parser
** would) into the fresh scratch URL s, whose offsets then locate it: host in
** [host_start, host_end) with host_type, port in s->port (-2: unchanged,
** -1: null), path from 0 with path_segments, query/fragment bytes from 0.
** Tabs and newlines are removed; nothing is stripped.  Returns URL_OK,
** URL_FAILURE (the setter is then a no-op, except for a host already set
** when the port fails), or an error.
*/
int url_parse_override(url *s, const url *ctx, const char *in, size_t n,
                       url_override ovr);

/*
** Removes all ASCII tab or newline from in[0..*n): *in and *n are redirected
** into `clean` only when there are any.  Returns URL_OK or clean's error.
*/
int url_remove_tab_newline(const char **in, size_t *n, url_buf *clean);

/* The scheme type of a lowercase scheme, and its default port (-1: none). */
url_scheme_type url_scheme_type_of(const char *scheme, size_t n);
int url_default_port(url_scheme_type t);

/*
** Appends the serialization of u's origin to out: "scheme://host[:port]"
** for a tuple origin, "null" for an opaque one (including blob: URLs whose
** path is not an http(s)/file URL).  Returns out's error state.
*/
int url_origin(const url *u, url_buf *out);

/* The URL serializer (serializer.c): writes the record of p into the
   fresh URL u.  Returns u's error state. */
int url_build(url *u, const url_parts *p);

#endif /* URL_URL_H */
