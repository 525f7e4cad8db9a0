/*
** The URL Pattern Standard's vocabulary, which every file of pattern/
** shares: the components (in the Standard's order), a URLPatternInit, a
** URLPatternInput, and the opaque URL pattern (urlpattern.h).
*/
#ifndef PAT_INIT_H
#define PAT_INIT_H

#include "url_record.h"

/* The components, in the Standard's order. */
typedef enum pat_component {
  PAT_PROTOCOL,
  PAT_USERNAME,
  PAT_PASSWORD,
  PAT_HOSTNAME,
  PAT_PORT,
  PAT_PATHNAME,
  PAT_SEARCH,
  PAT_HASH,
  PAT_N
} pat_component;

/* "protocol", ..., "hash". */
extern const char *const pat_component_names[PAT_N];

/*
** A URLPatternInit: each member a string (valid UTF-8), or absent (s
** NULL).  The strings belong to the caller.
*/
typedef struct pat_init {
  url_str c[PAT_N];
  url_str base_url;
} pat_init;

/* A URLPatternInput: a string (is_init 0) or a URLPatternInit. */
typedef struct pat_input {
  int is_init;
  url_str string;
  pat_init init;
} pat_input;

typedef struct url_pattern url_pattern;

/*
** The special schemes: one notion, core's (url_scheme_type_of).  The list
** is what "protocol component matches a special scheme" runs the protocol
** on; pat_special_default_port answers for a given string: its default
** port, -1 for none (file), -2 when it is not special.
*/
extern const char *const pat_special_schemes[6];
int pat_special_default_port(const char *s, size_t n);
static inline int pat_is_special_scheme(const char *s, size_t n) {
  return pat_special_default_port(s, n) != -2;
}

#endif /* PAT_INIT_H */
