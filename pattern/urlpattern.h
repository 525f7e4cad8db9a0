/*
** The URL Pattern Standard (https://urlpattern.spec.whatwg.org/): a URL
** pattern made from a constructor string or a URLPatternInit (each
** component's pattern string), compiled to one regular expression per
** component (regex/regex.h), and matched against a URL or a
** URLPatternInit.  Plain C11 over core/ (the URL parser and the setters'
** state overrides do the canonicalization); no SQLite.
**
**   url_pattern *p;
**   pat_input in = {.string = {"https://{*.}?example.com/books/:id", 35}};
**   url_pattern_create(&p, &in, NULL, 0, 0, &mem, err, sizeof err);
**   ... url_pattern_match(p, &input, base, 0, &m) ...
**   url_pattern_free(p);
*/
#ifndef URL_PATTERN_H
#define URL_PATTERN_H

#include <stddef.h>

#include "init.h"
#include "regex.h"
#include "url.h"

/*
** https://urlpattern.spec.whatwg.org/#url-pattern-create: the pattern of
** input with the base URL base[0..base_n) (base NULL: null) and the
** option ignoreCase.  Returns URL_OK with *out set, URL_FAILURE (the
** Standard's TypeError; a message in err[0..errn)) or URL_NOMEM.
*/
int url_pattern_create(url_pattern **out, const pat_input *input,
                       const char *base, size_t base_n, int ignore_case,
                       const url_allocator *mem, char *err, size_t errn);
void url_pattern_free(url_pattern *p);

/* A component's pattern string and regular expression source (the
   URLPattern getters; the regular expression is not exposed by the API,
   but is the Standard's), its group names, and has-regexp-groups. */
url_str url_pattern_string(const url_pattern *p, pat_component c);
url_str url_pattern_regexp(const url_pattern *p, pat_component c);
int url_pattern_group_count(const url_pattern *p, pat_component c);
url_str url_pattern_group_name(const url_pattern *p, pat_component c, int i);
int url_pattern_component_has_regexp_groups(const url_pattern *p,
                                            pat_component c);
/* https://urlpattern.spec.whatwg.org/#url-pattern-has-regexp-groups */
int url_pattern_has_regexp_groups(const url_pattern *p);
/* The pattern's ignoreCase option. */
int url_pattern_ignore_case(const url_pattern *p);

/* The bytes p holds, all told (for a cache bounded in bytes). */
size_t url_pattern_bytes(const url_pattern *p);

/* How many longs url_pattern_match needs for captures. */
size_t url_pattern_slots(const url_pattern *p);

/*
** The result of a match: each component's input string and the byte
** offsets of its groups in it (group i of component c: caps[c][2 + 2 * i]
** to caps[c][3 + 2 * i], -1 when the group did not participate).  Strings
** are slices of the input, of the parsed URL in `u`, or of `store`.
*/
typedef struct pat_match {
  url_str input[PAT_N];
  long *caps[PAT_N];
  /* storage the caller starts (url_init, url_buf_init) and frees */
  url u;     /* the parsed input URL */
  url base;  /* the parsed base URL */
  url_buf store; /* canonicalized components of a URLPatternInit input */
  long *slots;   /* url_pattern_slots(p) longs */
  /* set by url_pattern_match: the input was a URL, or a URLPatternInit
     that processes, so that URL_FAILURE means "no match" (0, not null) */
  int input_ok;
} pat_match;

/*
** https://urlpattern.spec.whatwg.org/#url-pattern-match given input and
** the base URL string base[0..base_n) (base NULL: not given).  max_steps
** bounds each regular expression's work (0: the default).  Returns URL_OK
** (a match, in *m), URL_FAILURE (null: no match, or an input that is not
** a URL), URL_NOMEM, URL_TOOBIG, URL_STEP_LIMIT, or URL_BASE_WITH_INIT (a
** base URL given with a URLPatternInit input: the Standard's TypeError).
*/
/* m->u and m->base must be freshly initialised for each call. */
int url_pattern_match(const url_pattern *p, const pat_input *input,
                      const char *base, size_t base_n, size_t max_steps,
                      pat_match *m);

/* https://urlpattern.spec.whatwg.org/#url-pattern-match given a parsed URL
   (the Standard's "input is a URL"); m->u, m->base and m->store unused. */
int url_pattern_match_url(const url_pattern *p, const url *u, size_t max_steps,
                          pat_match *m);

/* https://urlpattern.spec.whatwg.org/#dom-urlpattern-test given a parsed
   URL: url_pattern_match_url's status without its result (slots:
   url_pattern_slots(p) longs of scratch). */
int url_pattern_test_url(const url_pattern *p, const url *u, size_t max_steps,
                         long *slots);

#endif /* URL_PATTERN_H */
