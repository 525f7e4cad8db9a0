/*
** Host parts for analytics: TLD, subdomain, without www, hierarchy (see
** host_labels.h).
*/
#include "host_labels.h"

#include <string.h>

int url_host_tld(const char *h, size_t n, url_host_type t, url_str *out) {
  *out = (url_str){NULL, 0};
  if (t != URL_HOST_DOMAIN || n == 0) return URL_FAILURE;
  size_t end = h[n - 1] == '.' ? n - 1 : n; /* the Standard's trailing dot */
  size_t start = end;
  while (start > 0 && h[start - 1] != '.') start--;
  *out = (url_str){h + start, end - start};
  return URL_OK;
}

int url_host_without_www(const char *h, size_t n, url_host_type t,
                         url_str *out) {
  *out = (url_str){NULL, 0};
  if (t == URL_HOST_NONE) return URL_FAILURE;
  *out = (url_str){h, n};
  /* What follows "www." must be more than nothing or a lone trailing dot. */
  if (t == URL_HOST_DOMAIN && n > 4 && memcmp(h, "www.", 4) == 0 &&
      !(n == 5 && h[4] == '.'))
    *out = (url_str){h + 4, n - 4};
  return URL_OK;
}

int url_host_subdomain(const url_psl_list *l, url_psl_section sec,
                       const char *h, size_t n, url_host_type t,
                       url_str *out) {
  *out = (url_str){NULL, 0};
  url_str reg;
  int rc = url_psl_host_parts_in(l, sec, h, n, t, NULL, &reg);
  if (rc != URL_OK) return rc;
  if (!reg.s) return URL_FAILURE;
  size_t off = (size_t)(reg.s - h);
  /* h[off - 1] is the dot between the subdomain and the registrable domain. */
  *out = (url_str){h, off ? off - 1 : 0};
  return URL_OK;
}

int url_host_levels_start(url_host_levels *it, const url_psl_list *l,
                          url_psl_section sec, const char *h, size_t n,
                          url_host_type t) {
  *it = (url_host_levels){h, n, 0, 0, 0, 0};
  if (t == URL_HOST_NONE || t == URL_HOST_EMPTY || n == 0) return URL_OK;
  it->more = 1;
  url_str reg;
  int rc = url_psl_host_parts_in(l, sec, h, n, t, NULL, &reg);
  if (rc != URL_OK || !reg.s) return rc; /* one level: the host itself */
  it->last = (size_t)(reg.s - h);
  /* Each level down drops one label, that is one dot before the last. */
  for (size_t i = 0; i < it->last; i++) it->depth += h[i] == '.';
  return URL_OK;
}

int url_host_levels_next(url_host_levels *it, url_str *level, size_t *depth) {
  if (!it->more) return 0;
  *level = (url_str){it->h + it->pos, it->n - it->pos};
  *depth = it->depth;
  if (it->pos >= it->last) {
    it->more = 0;
  } else {
    const char *dot = memchr(it->h + it->pos, '.', it->last - it->pos);
    it->pos = (size_t)(dot - it->h) + 1;
    it->depth--;
  }
  return 1;
}
