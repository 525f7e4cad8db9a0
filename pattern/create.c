/*
** https://urlpattern.spec.whatwg.org/#url-pattern-create, its first steps:
** a constructor string parsed into a URLPatternInit (constructor.c), the
** base URL argument put in it, then compiled (urlpattern.c).  Above both,
** as the constructor string parser itself compiles the protocol
** component.
*/
#include <stdio.h>

#include "internal.h"
#include "urlpattern.h"

int url_pattern_create(url_pattern **out, const pat_input *input,
                       const char *base, size_t base_n, int ignore_case,
                       const url_allocator *mem, char *err, size_t errn) {
  *out = NULL;
  if (errn) err[0] = 0;
  pat_init init;
  if (!input->is_init) {
    /* If input is a scalar value string: parse a constructor string */
    const char *s = input->string.s ? input->string.s : "";
    int rc = pat_parse_constructor_string(s, input->string.n, &init, mem, err, errn);
    if (rc != URL_OK) return rc;
    if (!base && !init.c[PAT_PROTOCOL].s) {
      snprintf(err, errn, "a relative constructor string needs a base URL");
      return URL_FAILURE;
    }
  } else {
    /* Otherwise (a URLPatternInit): a base URL is a TypeError */
    if (base) {
      snprintf(err, errn, "a base URL goes with a constructor string, not with components");
      return URL_FAILURE;
    }
    init = input->init;
  }
  if (base) init.base_url = (url_str){base, base_n};
  return pat_create_from_init(out, &init, ignore_case, mem, err, errn);
}
