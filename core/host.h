/*
** The URL Standard's host parser and serializer (§3.5, §3.6).
*/
#ifndef URL_HOST_H
#define URL_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"

typedef enum url_host_type {
  URL_HOST_NONE = 0, /* the URL has no host (null) */
  URL_HOST_DOMAIN,
  URL_HOST_IPV4,
  URL_HOST_IPV6,
  URL_HOST_OPAQUE,
  URL_HOST_EMPTY
} url_host_type;

/*
** Host parsing (§3.5 "host parser") of in[0..n), valid UTF-8 (the caller has
** already replaced invalid UTF-8 by U+FFFD).  is_opaque selects the
** not-special path ("isNotSpecial").  On success the host serializer's output
** is appended to `out` and *type says what kind of host it is; on failure
** `out` keeps its original length.  Returns URL_OK, URL_FAILURE, or out's
** error.  No allocation unless the input is non-ASCII or percent-encoded.
*/
int url_host_parse(const char *in, size_t n, int is_opaque, url_buf *out,
                   url_host_type *type);

/*
** The host parser recording its validation errors into errs (if non-NULL),
** with positions: byte offsets in in[] plus `at`.
*/
struct url_errors;
int url_host_parse_errors(const char *in, size_t n, int is_opaque,
                          url_buf *out, url_host_type *type,
                          struct url_errors *errs, size_t at);

/* https://url.spec.whatwg.org/#forbidden-host-code-point (ASCII byte c) */
int url_is_forbidden_host(unsigned char c);

/* https://url.spec.whatwg.org/#ends-in-a-number-checker on ASCII s[0..n) */
int url_ends_in_a_number(const char *s, size_t n);

/* https://url.spec.whatwg.org/#valid-ipv4-address-string: s[0..n) is four
   decimal numbers 0-255 without leading zeros, joined by "." (what the
   IPv4 serializer writes). */
int url_is_valid_ipv4_string(const char *s, size_t n);

/*
** An IPv6 address s[0..n) (no brackets) as its eight pieces, by the
** Standard's IPv6 parser: 1, or 0 when it is not one.  And the pieces
** serialized (the IPv6 serializer, without brackets: lower-case hex, no
** leading zeros, the first longest run of two or more zero pieces written
** "::", which is RFC 5952 §4's text).
*/
int url_ipv6_pieces(const char *s, size_t n, uint16_t a[8]);
void url_ipv6_write(const uint16_t a[8], url_buf *out);

/* Name of a host type as url_components reports it ('domain', ...), or NULL. */
const char *url_host_type_name(url_host_type t);

#endif /* URL_HOST_H */
