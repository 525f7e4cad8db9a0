/*
** Safe Browsing lookup expressions (see lookup.h).
*/
#include "lookup.h"

#include <string.h>

static void add_path(url_lookup *l, const char *s, size_t n) {
  for (size_t i = 0; i < l->n_paths; i++)
    if (l->paths[i].n == n && !memcmp(l->paths[i].s, s, n)) return;
  if (l->n_paths < URL_LOOKUP_PATHS) l->paths[l->n_paths++] = (url_str){s, n};
}

static void add_host(url_lookup *l, const char *s, size_t n) {
  if (l->n_hosts < URL_LOOKUP_HOSTS) l->hosts[l->n_hosts++] = (url_str){s, n};
}

void url_lookup_of(const url *c, url_lookup *l) {
  l->n_hosts = l->n_paths = 0;
  url_str host = url_hostname(c);
  if (c->host_type == URL_HOST_NONE || host.n == 0) return;
  /* Hosts: exact, then the suffixes of 5, 4, 3, 2 labels shorter than it. */
  add_host(l, host.s, host.n);
  if (c->host_type != URL_HOST_IPV4 && c->host_type != URL_HOST_IPV6) {
    size_t dots[5], k = 0; /* the last five dots, right to left */
    for (size_t i = host.n; i-- > 0 && k < 5;)
      if (host.s[i] == '.') dots[k++] = i;
    /* After dots[j] come j + 1 labels: fewer than the host has. */
    for (size_t j = k; j-- > 1;)
      add_host(l, host.s + dots[j] + 1, host.n - dots[j] - 1);
  }
  /* Paths. */
  url_str path = url_pathname(c), query = url_query(c);
  /* (From the query back: an empty path is "", not a slice of the href.) */
  if (query.s && query.n)
    add_path(l, query.s - 1 - path.n, path.n + 1 + query.n);
  add_path(l, path.s, path.n);
  size_t prefixes = 0;
  for (size_t i = 0; i < path.n && prefixes < 4; i++) {
    if (path.s[i] != '/') continue;
    add_path(l, path.s, i + 1);
    prefixes++;
  }
}
