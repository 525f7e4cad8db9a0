/*
** Canonical keys for deduplicating URLs: urlcanon's named profiles (the
** canonicalizer of the Heritrix and Brozzler crawlers, iipc/urlcanon) on top
** of the WHATWG parser, and the engine they share with the Wayback
** Machine's canonicalizer (keys/surt.c).
**
**   whatwg            the URL Standard's serialization (url_href)
**   google            Safe Browsing's canonicalization (urlcanon's "google")
**   semantic_precise  URLs that load the same thing get one key
**   semantic          semantic_precise without the fragment
**   aggressive        semantic, then http/https, www, case, session ids...
**
** Each profile is a set of steps (URL_CS_*).  The input is parsed once by
** the WHATWG parser (after "http://" is put in front of an input without a
** scheme, for every profile but whatwg; a relative reference, an input
** that starts with '/', '\\', '.', '?' or '#', has no key); the steps
** then rewrite the parsed record's components, one pass per component
** family, into a new record (url_build).  Where urlcanon's lenient parser
** and the WHATWG parser disagree, the WHATWG parser wins: an input it
** rejects has no key.
**
** The result is idempotent: canonicalizing a key again with the same profile
** gives the same key (fuzz/url_fuzz.c checks it).  Where urlcanon's own steps
** would not be (a canonical form that the WHATWG parser reads differently),
** the step is completed the way the parser would complete it; README.md
** lists each such place.
**
** Nothing is allocated for inputs of up to a few kB: the scratch buffers
** start on the stack.
*/
#ifndef URL_CANONICALIZE_H
#define URL_CANONICALIZE_H

#include <stddef.h>
#include <stdint.h>

#include "url.h"

typedef enum url_canon_profile {
  URL_CANON_WHATWG = 0,
  URL_CANON_GOOGLE,
  URL_CANON_SEMANTIC_PRECISE,
  URL_CANON_SEMANTIC,
  URL_CANON_AGGRESSIVE,
  URL_CANON_PROFILES /* how many */
} url_canon_profile;

/* The profile named name[0..n) (ASCII case-insensitive), or -1. */
int url_canon_profile_lookup(const char *name, size_t n);
const char *url_canon_profile_name(url_canon_profile p);
/* The names, in url_canon_profile order. */
extern const char *const url_canon_profile_names[URL_CANON_PROFILES];
/* "'whatwg', 'google', 'semantic_precise', 'semantic', 'aggressive'" */
extern const char url_canon_profile_list[];

/* The steps.  Each is applied to the component it names; see canonicalize.c. */
enum {
  URL_CS_DEFAULT_HTTP = 1u << 0,     /* no scheme: parse "http://" + input
                                        (a relative reference: no key) */
  URL_CS_ONE_PROTOCOL = 1u << 1,     /* "http://https://x" -> "https://x" */
  URL_CS_USERINFO_RECODE = 1u << 2,  /* decode repeatedly, escape (SB set) */
  URL_CS_USERINFO_DROP = 1u << 3,
  URL_CS_HOST_RECODE = 1u << 4,      /* opaque hosts: decode, escape */
  URL_CS_HOST_FIX_DOTS = 1u << 5,    /* no leading/trailing dots, no ".." */
  URL_CS_HOST_STRIP_WWW = 1u << 6,   /* ^www[0-9]*\. (every one) */
  URL_CS_HOST_LOWER = 1u << 7,       /* opaque hosts too */
  URL_CS_HTTPS_TO_HTTP = 1u << 8,
  URL_CS_PATH_RECODE = 1u << 9,      /* decode repeatedly, dots, escape */
  URL_CS_PATH_SEMANTIC = 1u << 10,   /* a decoded '\' separates (special) */
  URL_CS_PATH_COLLAPSE_SPECIAL = 1u << 11, /* "//" -> "/", special schemes */
  URL_CS_PATH_COLLAPSE_HOST = 1u << 12,    /* the same, any URL with a host */
  URL_CS_PATH_EMPTY_SLASH = 1u << 13, /* with a host, "" -> "/" */
  URL_CS_PATH_LOWER = 1u << 14,
  URL_CS_PATH_SESSION = 1u << 15,    /* urlcanon's path session ids */
  URL_CS_PATH_SESSION_IA = 1u << 16, /* the Wayback's path session ids */
  URL_CS_PATH_TRAILING_SLASHES = 1u << 17, /* strip them all, keep "/" */
  URL_CS_PATH_TRAILING_SLASH = 1u << 18,   /* strip one, keep "/" */
  URL_CS_QUERY_RECODE = 1u << 19,    /* decode repeatedly, escape (SB set) */
  URL_CS_QUERY_RECODE_TOKENS = 1u << 20, /* per name and value, '&' '=' too */
  URL_CS_QUERY_SORT = 1u << 21,      /* sort the '&' parts as bytes */
  URL_CS_QUERY_SORT_PAIRS = 1u << 22, /* sort by (name, value) */
  URL_CS_QUERY_AGGRESSIVE = 1u << 23, /* after the sort: lowercase, strip
                                          session ids, drop empty parts,
                                          sort again */
  URL_CS_QUERY_LOWER = 1u << 24,
  URL_CS_QUERY_SESSION_IA = 1u << 25, /* the Wayback's query session ids */
  URL_CS_QUERY_DROP_EMPTY = 1u << 26, /* an empty query: no '?' */
  URL_CS_FRAGMENT_RECODE = 1u << 27,  /* decode repeatedly, escape (SB) */
  URL_CS_FRAGMENT_DROP = 1u << 28,
  URL_CS_HOST_STRIP_WWW_ONCE = 1u << 29, /* the surt library: one "www." */
  URL_CS_PATH_QMARK = 1u << 30, /* a decoded '?' in a path stays escaped */
  /* For tests: always rewrite the components, never keep the parsed URL
     when the steps would change nothing in it (the fast path). */
  URL_CS_NO_FAST_PATH = 1u << 31
};

/* The steps of a profile. */
uint32_t url_canon_profile_steps(url_canon_profile p);

/*
** Canonicalizes in[0..n) (any bytes: a database value as it comes) with the
** given steps into out, a freshly initialised URL (whose href.max bounds
** the result).  Returns URL_OK, URL_FAILURE (the input is not a URL),
** URL_NOMEM or URL_TOOBIG.  With steps 0 this is the basic URL parser.
** The result is a URL record: its getters give the canonical components.
*/
int url_canon_run(url *out, const char *in, size_t n, uint32_t steps);

/*
** The same, handing the canonical key to use(ctx, parts, key, buf) instead
** of serializing it: parts are its components (slices that live until use
** returns; path_segments may be UINT32_MAX, not counted), and key is the
** whole serialization when it is a slice of the parsed input (the usual
** case: nothing to change but maybe a fragment to drop), else {NULL, 0};
** then buf is the scratch buffer key starts, which use may take over or
** write past (url_result_part), else NULL.  use's status is returned.  Every
** scratch buffer grows with mem, up to max bytes.  The input is parsed by
** url_parse_input (url.h): the fast path on the bytes as they are, else the
** state machine on them repaired.
*/
typedef int (*url_canon_use)(void *ctx, const url_parts *p, url_str key,
                             url_buf *buf);
int url_canon_parts(const char *in, size_t n, uint32_t steps,
                    const url_allocator *mem, size_t max, url_canon_use use,
                    void *ctx);

/* url_canon_run with a profile's steps. */
int url_canonicalize(url *out, const char *in, size_t n, url_canon_profile p);

#endif /* URL_CANONICALIZE_H */
