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

#endif /* PAT_INIT_H */
