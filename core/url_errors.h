/*
** Validation errors (URL Standard §1.1 "Writing", the table of error types):
** their names and descriptions, and the list a parse records them into.
**
** A parser that is given a url_errors list appends one url_validation_error
** per "validation error" its steps reach, in order, including repeats; a
** parser given NULL records nothing and tests nothing extra beyond a NULL
** check on its cold paths (url_parse() is url_parse_errors() with NULL).
**
** Positions are byte offsets into the input the caller passed (before the
** parser's clean-up steps strip or remove anything): where the step found
** the problem (see url_parse_errors() in url.h), or URL_NO_POS.
*/
#ifndef URL_ERRORS_H
#define URL_ERRORS_H

#include <stddef.h>
#include <stdint.h>

#include "url_mem.h"

/*
** X(ID, name, description, fails): every error type of the Standard's table,
** in its order.  `fails` is the table's Failure column: 1 if the parser
** always returns failure right after recording it, 0 if it never does, 2 if
** it depends (domain-to-ASCII, IPv4-out-of-range-part).
*/
#define URL_ERROR_TYPES(X)                                                     \
  X(DOMAIN_TO_ASCII, "domain-to-ASCII",                                        \
    "Unicode ToASCII with CheckHyphens, UseSTD3ASCIIRules and "               \
    "VerifyDnsLength records an error for the host.", 2)                       \
  X(DOMAIN_PERCENT_ENCODED, "domain-percent-encoded",                          \
    "The host, to be processed as a domain, contains a percent-encoded "       \
    "byte.", 0)                                                                \
  X(HOST_INVALID_CODE_POINT, "host-invalid-code-point",                        \
    "An opaque host contains a forbidden host code point.", 1)                 \
  X(IPV4_EMPTY_PART, "IPv4-empty-part",                                        \
    "An IPv4 address ends with a \".\".", 0)                                   \
  X(IPV4_TOO_FEW_PARTS, "IPv4-too-few-parts",                                  \
    "An IPv4 address has fewer than 4 parts.", 0)                              \
  X(IPV4_TOO_MANY_PARTS, "IPv4-too-many-parts",                                \
    "An IPv4 address has more than 4 parts.", 1)                               \
  X(IPV4_NON_NUMERIC_PART, "IPv4-non-numeric-part",                            \
    "An IPv4 address part is not numeric.", 1)                                 \
  X(IPV4_NON_DECIMAL_PART, "IPv4-non-decimal-part",                            \
    "An IPv4 address part is written in hexadecimal or octal.", 0)             \
  X(IPV4_OUT_OF_RANGE_PART, "IPv4-out-of-range-part",                          \
    "An IPv4 address part exceeds 255.", 2)                                    \
  X(IPV6_UNCLOSED, "IPv6-unclosed",                                            \
    "An IPv6 address is missing the closing \"]\".", 1)                        \
  X(IPV6_INVALID_COMPRESSION, "IPv6-invalid-compression",                      \
    "An IPv6 address begins with improper compression.", 1)                   \
  X(IPV6_TOO_MANY_PIECES, "IPv6-too-many-pieces",                              \
    "An IPv6 address contains more than 8 pieces.", 1)                         \
  X(IPV6_MULTIPLE_COMPRESSION, "IPv6-multiple-compression",                    \
    "An IPv6 address is compressed in more than one spot.", 1)                 \
  X(IPV6_INVALID_CODE_POINT, "IPv6-invalid-code-point",                        \
    "An IPv6 address contains a code point that is neither an ASCII hex "      \
    "digit nor \":\", or it unexpectedly ends.", 1)                            \
  X(IPV6_TOO_FEW_PIECES, "IPv6-too-few-pieces",                                \
    "An uncompressed IPv6 address contains fewer than 8 pieces.", 1)           \
  X(IPV6_PIECE_LEADING_ZERO, "IPv6-piece-leading-zero",                        \
    "An IPv6 address piece has a leading 0.", 0)                               \
  X(IPV4_IN_IPV6_TOO_MANY_PIECES, "IPv4-in-IPv6-too-many-pieces",              \
    "An IPv6 address with IPv4 syntax has more than 6 pieces.", 1)             \
  X(IPV4_IN_IPV6_INVALID_CODE_POINT, "IPv4-in-IPv6-invalid-code-point",        \
    "An IPv4 part of an IPv6 address is empty, has a non-digit or a "          \
    "leading 0, or there are too many parts.", 1)                              \
  X(IPV4_IN_IPV6_OUT_OF_RANGE_PART, "IPv4-in-IPv6-out-of-range-part",          \
    "An IPv4 part of an IPv6 address exceeds 255.", 1)                         \
  X(IPV4_IN_IPV6_TOO_FEW_PARTS, "IPv4-in-IPv6-too-few-parts",                  \
    "The IPv4 address in an IPv6 address has too few parts.", 1)              \
  X(INVALID_URL_UNIT, "invalid-URL-unit",                                      \
    "A code point is not a URL unit (a URL code point or a "                   \
    "percent-encoded byte).", 0)                                               \
  X(SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS,                                  \
    "special-scheme-missing-following-solidus",                                \
    "The special scheme is not followed by exactly \"//\".", 0)                \
  X(MISSING_SCHEME_NON_RELATIVE_URL, "missing-scheme-non-relative-URL",        \
    "The input has no scheme and no base URL it can be resolved against.", 1) \
  X(INVALID_REVERSE_SOLIDUS, "invalid-reverse-solidus",                        \
    "The URL has a special scheme and uses \"\\\" instead of \"/\".", 0)       \
  X(INVALID_CREDENTIALS, "invalid-credentials",                                \
    "The input includes credentials.", 0)                                      \
  X(HOST_MISSING, "host-missing",                                              \
    "The input has a special scheme but no host.", 1)                          \
  X(PORT_OUT_OF_RANGE, "port-out-of-range",                                    \
    "The port is greater than 65535.", 1)                                      \
  X(PORT_INVALID, "port-invalid",                                              \
    "The port contains a code point that is not an ASCII digit.", 1)           \
  X(FILE_INVALID_WINDOWS_DRIVE_LETTER, "file-invalid-Windows-drive-letter",    \
    "A relative URL starts with a Windows drive letter and the base URL is "   \
    "a file URL.", 0)                                                          \
  X(FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST,                                    \
    "file-invalid-Windows-drive-letter-host",                                  \
    "A file URL's host is a Windows drive letter.", 0)

typedef enum url_error_type {
#define URL_ERROR_ENUM_(id, name, desc, fails) URL_ERR_##id,
  URL_ERROR_TYPES(URL_ERROR_ENUM_)
#undef URL_ERROR_ENUM_
  URL_ERR_COUNT
} url_error_type;

/* An error without a position: its step judges a value, not a code point. */
#define URL_NO_POS ((size_t)-1)

typedef struct url_validation_error {
  size_t pos;            /* byte offset in the input, or URL_NO_POS */
  unsigned char type;    /* url_error_type */
  unsigned char failure; /* 1: the parse returned failure after this error */
} url_validation_error;

/*
** A growable list that starts in its own storage.  Do not copy a url_errors
** (v may point into it); pass pointers.
*/
typedef struct url_errors {
  url_validation_error *v;
  size_t n, cap;
  int err; /* URL_NOMEM once an append failed (sticky; later ones dropped) */
  const url_allocator *mem; /* where a list past `stack` grows */
  url_validation_error stack[8];
} url_errors;

void url_errors_init(url_errors *e, const url_allocator *mem);
void url_errors_free(url_errors *e);

/* Appends an error (the parsers' cold path: only when recording). */
void url_errors_add(url_errors *e, url_error_type type, size_t pos);

/* The Standard's name of an error type ("invalid-URL-unit"), and a sentence. */
const char *url_error_name(url_error_type t);
const char *url_error_description(url_error_type t);

/* The table's Failure column: 1 always, 0 never, 2 it depends. */
int url_error_fails(url_error_type t);

#if defined(__GNUC__) || defined(__clang__)
#define URL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define URL_UNLIKELY(x) (x)
#endif

/* Records an error if e is non-NULL: a record site of a parser. */
static inline void url_record(url_errors *e, url_error_type type, size_t pos) {
  if (URL_UNLIKELY(e != NULL)) url_errors_add(e, type, pos);
}

/* pos shifted by `at` (an offset of a substring), unless either is unknown. */
static inline size_t url_pos_at(size_t at, size_t pos) {
  return at == URL_NO_POS || pos == URL_NO_POS ? URL_NO_POS : at + pos;
}

/*
** https://url.spec.whatwg.org/#url-code-points: the code point at s[*i]
** (valid UTF-8) is a URL code point; *i moves past it.
*/
int url_next_is_url_code_point(const unsigned char *s, size_t n, size_t *i);

/*
** The parser's URL-unit checks on the code points of s[from..to) (valid
** UTF-8), the text s[0..n) being the rest of the input for the "%" rule:
** invalid-URL-unit for each code point that is neither a URL code point nor
** "%", and for each "%" not followed by two ASCII hex digits.  Positions are
** byte offsets in s plus `at`.
*/
void url_record_units(url_errors *e, const char *s, size_t from, size_t to,
                      size_t n, size_t at);

#endif /* URL_ERRORS_H */
