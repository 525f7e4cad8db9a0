/*
** Parts of a parsed host for analytics: its top-level domain, the subdomain
** before its registrable domain, the host without a leading "www.", and the
** chain of parent domains from the host down to its registrable domain
** (what ClickHouse's topLevelDomain / domainWithoutWWW and netquack's
** extract_subdomain give, but exact).
**
** Every function takes a host as the URL parser serialized it: h[0..n) of
** type t, a URL's url_hostname() and host_type or url_host_parse()'s
** output.  So a domain is lowercase ASCII (IDNs in their xn-- form) and may
** end in a dot; IPv4 and IPv6 hosts are serialized addresses; an opaque
** host (of a non-special URL: "foo://Host/") is not a domain at all.  The
** text is never split as typed: "http://0x7F.1/" has an IPv4 host, not the
** TLD "1".  Results are slices of h; nothing is allocated, except by the
** public suffix lookups for extremely long hosts (url_psl_host_parts_in).
*/
#ifndef URL_HOST_LABELS_H
#define URL_HOST_LABELS_H

#include <stddef.h>

#include "host.h"
#include "psl.h"
#include "url.h"

/*
** The last label of a domain, one trailing dot ignored:
** "www.example.co.uk." -> "uk", "xn--mnchen-3ya.xn--kgbechtv" ->
** "xn--kgbechtv".  URL_OK, or URL_FAILURE (null) for a host that is not a
** domain (IPv4, IPv6, opaque, empty, none).
*/
int url_host_tld(const char *h, size_t n, url_host_type t, url_str *out);

/*
** The host with one leading "www." label removed, when it is a domain and
** something other than a trailing dot follows ("www.example.com" ->
** "example.com", "www.www.a.com" -> "www.a.com"; "www." and "wwwx.com"
** stay).  Other hosts are returned as they are.  URL_OK, or URL_FAILURE when
** there is no host.
*/
int url_host_without_www(const char *h, size_t n, url_host_type t,
                         url_str *out);

/*
** The labels before the registrable domain (under section sec), without
** the dot that ends them: "a.b.example.co.uk" -> "a.b", "example.co.uk" ->
** "" (an empty slice, not null).  URL_OK; URL_FAILURE when the host has no
** registrable domain (not a domain, or a public suffix itself); URL_NOMEM.
*/
int url_host_subdomain(const url_psl_list *l, url_psl_section sec,
                       const char *h, size_t n, url_host_type t,
                       url_str *out);

/*
** The host hierarchy: the host, then each parent domain, down to its
** registrable domain, each with its depth, the number of labels it has
** before the registrable domain:
**   "x.y.example.co.uk" -> (2, "x.y.example.co.uk"), (1, "y.example.co.uk"),
**                          (0, "example.co.uk")
** A host without a registrable domain (an IP address, an opaque host, a
** public suffix such as "github.io") is one level, itself, at depth 0; an
** empty host or none has no levels.
**
**   url_host_levels it;
**   rc = url_host_levels_start(&it, l, sec, h, n, t);  // URL_OK or URL_NOMEM
**   while (url_host_levels_next(&it, &level, &depth)) ...
*/
typedef struct url_host_levels {
  const char *h;
  size_t n;
  size_t pos;   /* where the next level starts in h */
  size_t last;  /* where the last level (the registrable domain) starts */
  size_t depth; /* the next level's depth */
  int more;     /* 1 while a level remains */
} url_host_levels;

int url_host_levels_start(url_host_levels *it, const url_psl_list *l,
                          url_psl_section sec, const char *h, size_t n,
                          url_host_type t);
/* The next level as a slice of h: returns 1, or 0 when there is none. */
int url_host_levels_next(url_host_levels *it, url_str *level, size_t *depth);

#endif /* URL_HOST_LABELS_H */
