/*
** What the files of pattern/ share: tokens (§2.1.1), parts and options
** (§2.1.2-2.1.3), the encoding callbacks (§3.1), URLPatternInit
** processing (§3.2) and the constructor string parser (§1.5).
*/
#ifndef PAT_INTERNAL_H
#define PAT_INTERNAL_H

#include "regex.h"
#include "utf8.h"
#include "id_tables.h"
#include "init.h"

/* ------------------------------------------------------------ tokens */

/* https://urlpattern.spec.whatwg.org/#token-type */
typedef enum pat_token_type {
  TOK_OPEN, TOK_CLOSE, TOK_REGEXP, TOK_NAME, TOK_CHAR, TOK_ESCAPED_CHAR,
  TOK_OTHER_MODIFIER, TOK_ASTERISK, TOK_END, TOK_INVALID_CHAR
} pat_token_type;

/* A token: its type, the byte offset of its first code point (index) and
   its value, a slice of the input. */
typedef struct pat_token {
  pat_token_type type;
  size_t index;
  size_t voff, vlen;
} pat_token;

/*
** https://urlpattern.spec.whatwg.org/#tokenize in[0..n) (valid UTF-8)
** into `tokens` (pat_token[]), "lenient" or "strict".  Returns URL_OK,
** URL_FAILURE (strict: a message in err) or URL_NOMEM.
*/
int pat_tokenize(const char *in, size_t n, int lenient, url_buf *tokens,
                 char *err, size_t errn);

/* ------------------------------------------------------- parts, options */

typedef enum { PART_FIXED, PART_REGEXP, PART_SEGMENT, PART_FULL } pat_part_type;
typedef enum { MOD_NONE, MOD_OPTIONAL, MOD_ZERO_OR_MORE, MOD_ONE_OR_MORE } pat_modifier;

/* A slice of a pat_parts store, by offset (the store moves as it grows). */
typedef struct pat_ref {
  size_t off, len;
} pat_ref;

typedef struct pat_part {
  pat_part_type type;
  pat_modifier modifier;
  pat_ref value, name, prefix, suffix;
} pat_part;

/* A part list: parts[] and the store their strings are in. */
typedef struct pat_parts {
  url_buf parts; /* pat_part[] */
  url_buf store;
} pat_parts;

/* https://urlpattern.spec.whatwg.org/#options-header: delimiter and prefix
   code points (0: the empty string), ignore case. */
typedef struct pat_options {
  char delimiter, prefix;
  int ignore_case;
} pat_options;

/*
** An encoding callback: in[0..n) validated and encoded, appended to out.
** Returns URL_OK, URL_FAILURE (the Standard's TypeError) or an error.
*/
typedef int (*pat_encoder)(const char *in, size_t n, url_buf *out);

void pat_parts_init(pat_parts *pp, const url_allocator *mem);
void pat_parts_free(pat_parts *pp);

/* https://urlpattern.spec.whatwg.org/#parse-a-pattern-string */
int pat_parse_pattern(const char *in, size_t n, const pat_options *o,
                      pat_encoder enc, pat_parts *out, char *err,
                      size_t errn);

/*
** https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list:
** the source into re, the names into names (pat_ref[] into pp's store).
** A wildcard repeated without prefix or suffix is written as the one
** quantifier that matches and captures the same (`([^/]*)` for the
** Standard's `((?:[^/]+?)*)`, `(.*)` for `((?:.*)*)`), issue 34.
*/
void pat_generate_regexp(const pat_parts *pp, const pat_options *o,
                         url_buf *re, url_buf *names);

/* https://urlpattern.spec.whatwg.org/#generate-a-pattern-string */
void pat_generate_pattern(const pat_parts *pp, const pat_options *o,
                          url_buf *out);

/* https://urlpattern.spec.whatwg.org/#escape-a-pattern-string */
void pat_escape_pattern(url_buf *out, const char *s, size_t n);

/* ------------------------------------------------ canonicalization */

/* https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks */
int pat_canon_protocol(const char *in, size_t n, url_buf *out);
int pat_canon_username(const char *in, size_t n, url_buf *out);
int pat_canon_password(const char *in, size_t n, url_buf *out);
int pat_canon_hostname(const char *in, size_t n, url_buf *out);
int pat_canon_ipv6_hostname(const char *in, size_t n, url_buf *out);
int pat_canon_port(const char *in, size_t n, url_buf *out); /* no protocol */
int pat_canon_port_for(const char *in, size_t n, const char *protocol,
                       size_t pn, url_buf *out);
int pat_canon_pathname(const char *in, size_t n, url_buf *out);
int pat_canon_opaque_pathname(const char *in, size_t n, url_buf *out);
int pat_canon_search(const char *in, size_t n, url_buf *out);
int pat_canon_hash(const char *in, size_t n, url_buf *out);

/*
** https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit with type
** "pattern" (is_url 0) or "url", and the given defaults all null: the
** result's members as offsets into `store` (pat_ref with off SIZE_MAX:
** absent).  A null base_url in init means none.  Returns URL_OK,
** URL_FAILURE (TypeError; message in err) or an error.
*/
#define PAT_ABSENT ((size_t)-1)
int pat_process_init(const pat_init *init, int is_url, url_buf *store,
                     pat_ref out[PAT_N], char *err, size_t errn);

/* https://urlpattern.spec.whatwg.org/#parse-a-constructor-string: the
   init's members are slices of in (or static strings). */
int pat_parse_constructor_string(const char *in, size_t n, pat_init *init,
                                 const url_allocator *mem, char *err,
                                 size_t errn);

/*
** https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag
** for the protocol pattern string s[0..n): *matches.  Returns URL_OK,
** URL_FAILURE (the protocol does not compile; message in err) or an error.
*/
int pat_protocol_matches_special(const char *s, size_t n,
                                 const url_allocator *mem, int *matches,
                                 char *err, size_t errn);

/*
** https://urlpattern.spec.whatwg.org/#url-pattern-create from its step
** "Let processedInit be ...": a URLPatternInit (its baseURL set from the
** base argument already) compiled into *out (urlpattern.c).
*/
int pat_create_from_init(url_pattern **out, const pat_init *init,
                         int ignore_case, const url_allocator *mem, char *err,
                         size_t errn);

/* s, or the empty string where s is null (s.s NULL). */
static inline url_str pat_or_empty(url_str s) {
  if (!s.s) s = (url_str){"", 0};
  return s;
}

/* How much of s[0..n) an error message quotes: at most 100 bytes, whole
   UTF-8 characters. */
static inline int pat_quote_len(const char *s, size_t n) {
  return (int)url_utf8_valid_prefix((const unsigned char *)s, n > 100 ? 100 : n);
}

#endif /* PAT_INTERNAL_H */
