/*
** Session ids in paths and query strings: the two rule sets that web
** archives strip before they key a URL.
**
**   urlcanon (iipc/urlcanon, the "aggressive" profile; Java semantics, which
**   its test data follows): a query part that is a whole session-id
**   parameter goes, wherever it is; ASP.NET "(...)" session segments go from
**   a path that ends in ".aspx", and so does a trailing ";jsessionid=...".
**
**   The Wayback Machine's canonicalizer (internetarchive/surt,
**   IAURLCanonicalizer / URLRegexTransformer): five query patterns and two
**   path patterns, each applied once, each removing its last occurrence.
**
** All matching is ASCII case-insensitive, as both define it.  Functions
** that edit do so in place and return the new length.
*/
#ifndef URL_SESSION_IDS_H
#define URL_SESSION_IDS_H

#include <stddef.h>

/*
** urlcanon: 1 if the query part s[0..n) (one '&'-separated part) is one of
**   jsessionid=[0-9a-z$]{10,}   sessionid=[0-9a-z]{16,}
**   phpsessid=[0-9a-z]{16,}     sid=[0-9a-z]{16,}
**   aspsessionid[a-z]{8}=[0-9a-z]{16,}
*/
int url_sid_part(const char *s, size_t n);

/* urlcanon: 1 if parts a, b are "cfid=[0-9]+" and "cftoken=[0-9a-z-]+". */
int url_sid_cfid_pair(const char *a, size_t an, const char *b, size_t bn);

/*
** urlcanon: removes from the path p[0..n) a final ";jsessionid="
** [0-9a-z]{32}, then the ASP.NET session segments "(" [0-9a-z]{24} ")/"
** and "(" ([a-z] "(" [0-9a-z]{24} ")")+ ")/" that follow a '/', if the
** path ends in ".aspx" (urlcanon removes the ";jsessionid" last; first, the
** result is the same after one pass as after two).
*/
size_t url_sid_strip_path(char *p, size_t n);

/*
** The Wayback canonicalizer's query rules, in order, each once, on the
** query q[0..n) (without '?'): the last "jsessionid=", "phpsessid=" or
** "sid=" followed by 32 alphanumerics, "aspsessionid" + 8 letters + "="
** followed by 24 letters, or "cfid=...&cftoken=...", that ends the query or
** is followed by '&', is removed with everything after it up to and
** including that '&' (what precedes it is kept as is: "a&sid=..." -> "a&").
*/
size_t url_sid_strip_query_ia(char *q, size_t n);

/* Whether one of those rules could apply to q[0..n): some '=' preceded by
   "nid", "sid", "fid", or "id" and 8 bytes (every key ends so).  0: none
   can. */
int url_sid_query_ia_maybe(const char *q, size_t n);

/*
** The Wayback canonicalizer's path rules: the last '/'-preceded segment
** "(" ([a-z] "(" [0-9a-z]{24} ")")+ ")/", then the last "(" [0-9a-z]{24}
** ")/", each only when what follows it contains ".aspx" after at least one
** byte and before any '?'.
*/
size_t url_sid_strip_path_ia(char *p, size_t n);

#endif /* URL_SESSION_IDS_H */
