/*
** Safe Browsing lookup expressions: the host-suffix / path-prefix strings
** a client looks up for a URL (Safe Browsing v4 "URLs and Hashing",
** "Suffix/prefix expressions"), so that a table of crawled links can be
** joined against a blocklist of such expressions.
**
** For a URL in the 'google' canonical form (keys/canonicalize.h):
**   hosts: the exact host, then up to four suffixes formed from its last
**          five labels by removing the leading label each time, never the
**          top-level label alone; only the exact host for an IP address;
**   paths: the exact path with the query (when there is a non-empty one),
**          the exact path, then up to four prefixes: "/" and the path's
**          directories in order ("/1/", "/1/2/", ...), each with a trailing
**          slash.
** Duplicates are left out, so there are at most 5 x 6 expressions, each a
** host followed by a path.  Every host and path is a slice of the URL's
** href; a URL without a (non-empty) host has none.
*/
#ifndef URL_LOOKUP_H
#define URL_LOOKUP_H

#include <stddef.h>

#include "url.h"

#define URL_LOOKUP_HOSTS 5
#define URL_LOOKUP_PATHS 6

typedef struct url_lookup {
  url_str hosts[URL_LOOKUP_HOSTS];
  url_str paths[URL_LOOKUP_PATHS];
  size_t n_hosts, n_paths;
} url_lookup;

/* The hosts and paths of c (a 'google' canonical URL), in lookup order. */
void url_lookup_of(const url *c, url_lookup *l);

#endif /* URL_LOOKUP_H */
