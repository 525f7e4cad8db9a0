/*
** SURT keys ("Sort-friendly URI Reordering Transform"): the keys of every
** CDX index of web archives, as the Internet Archive's `surt` library
** writes them, and urlcanon's SSURT.
**
**   url_surt   http://www.archive.org/goo/?b&a  ->  org,archive)/goo?a&b
**     The library's default canonicalization (its Google canonicalizer, then
**     its IA canonicalizer: no fragment, no userinfo, "www" stripped, path
**     and query lowercased, session ids stripped, one trailing slash
**     stripped, query sorted by (name, value)), host labels reversed and
**     joined with ',', ')' before the path, no scheme.  Options (the
**     library's names and defaults, see url_surt_option) change both
**     halves.  Records of CDX files that are no URL pass: "" gives "-",
**     "filedesc..." is returned as it is, "dns:x" keeps its form.
**
**   url_ssurt  http://user:pass@foo.example.org:81/path?query#frag
**              ->  org,example,foo,//81:http@user:pass:/path?query#frag
**     urlcanon's SSURT (ssurt.rst): host reversed with a trailing ','
**     (IP addresses as they are), "//", port and ':', scheme, "@userinfo",
**     ':', then the rest of the URL.  No canonicalization beyond the WHATWG
**     parser's.
**
** The input is parsed by the WHATWG parser (through keys/canonicalize.c); one that
** it rejects has no key.
*/
#ifndef URL_SURT_H
#define URL_SURT_H

#include <stddef.h>
#include <stdint.h>

#include "canonicalize.h"
#include "url.h"
#include "url_buf.h"

struct url_psl_list;

/* Options of url_surt: the surt library's keyword arguments. */
enum {
  /* surt() / handyurl.geturl_bytes() */
  URL_SURT_SURT = 1u << 0,            /* SURT form of the host (true) */
  URL_SURT_WITH_SCHEME = 1u << 1,     /* "http://(" prefix (false) */
  URL_SURT_TRAILING_COMMA = 1u << 2,  /* "org,archive,)" (false) */
  URL_SURT_REVERSE_IPADDR = 1u << 3,  /* reverse IPv4 too (true) */
  URL_SURT_PUBLIC_SUFFIX = 1u << 4,   /* host -> registrable domain (false) */
  /* IAURLCanonicalizer */
  URL_SURT_HOST_LOWERCASE = 1u << 5,  /* (true; hosts are always lowercase) */
  URL_SURT_HOST_MASSAGE = 1u << 6,    /* strip ^www[0-9]*\. (true) */
  URL_SURT_AUTH_STRIP_USER = 1u << 7, /* (true; userinfo is never kept) */
  URL_SURT_AUTH_STRIP_PASS = 1u << 8, /* (true; idem) */
  URL_SURT_PORT_STRIP_DEFAULT = 1u << 9, /* (true; the parser already does) */
  URL_SURT_PATH_STRIP_EMPTY = 1u << 10,  /* path "/" -> none (false) */
  URL_SURT_PATH_LOWERCASE = 1u << 11,    /* (true) */
  URL_SURT_PATH_STRIP_SESSION_ID = 1u << 12, /* (true) */
  URL_SURT_PATH_STRIP_TRAILING_SLASH_UNLESS_EMPTY = 1u << 13, /* (true) */
  URL_SURT_QUERY_LOWERCASE = 1u << 14,       /* (true) */
  URL_SURT_QUERY_STRIP_SESSION_ID = 1u << 15, /* (true) */
  URL_SURT_QUERY_STRIP_EMPTY = 1u << 16,      /* "?" alone goes (true) */
  URL_SURT_QUERY_ALPHA_REORDER = 1u << 17,    /* (true) */
  URL_SURT_HASH_STRIP = 1u << 18, /* (true; the fragment always goes) */
  /* Not the library's: urlcanon's Heritrix-style layout (ssurt.json
     "surt"): "http://(org,example,foo,:81)/", the trailing comma before the
     port, IP addresses never reversed and without the trailing comma.  With
     it, with_scheme and trailing_comma default to true (Heritrix's form,
     urlcanon's defaults); naming them false gives urlcanon's other forms. */
  URL_SURT_HERITRIX = 1u << 19 /* (false) */
};

/* Canonicalizer: the library's own (default), or a url_canonical profile. */
#define URL_SURT_CANON_IA (-1)

typedef struct url_surt_opts {
  uint32_t flags;
  int canonicalizer; /* URL_SURT_CANON_IA or a url_canon_profile */
} url_surt_opts;

/* The library's defaults. */
void url_surt_opts_default(url_surt_opts *o);

/*
** The options by name, as the library names them (lowercase; "heritrix"
** for the last): the flag of name[0..n), or 0 when there is none; the k-th
** name, NULL past the last (for messages).  Setting options: start from
** url_surt_opts_default, set or clear the flags named, then
** url_surt_opts_complete with the flags named: "heritrix" turns on
** with_scheme and trailing_comma unless they were named.  (ext/keys.c
** reads them from url_surt's JSON argument.)
*/
uint32_t url_surt_option(const char *name, size_t n);
const char *url_surt_option_name(size_t k);
void url_surt_opts_complete(url_surt_opts *o, uint32_t given);

/*
** The SURT key of in[0..n) (any bytes, as url_canon_parts takes them),
** appended to out.  psl is the list for the public_suffix option (may be
** NULL when it is off).  Returns URL_OK, URL_FAILURE (not a URL),
** URL_NOMEM or URL_TOOBIG.
*/
int url_surt(url_buf *out, const char *in, size_t n, const url_surt_opts *o,
             const struct url_psl_list *psl);

/* The canonicalizer steps url_surt runs for o on in (keys/canonicalize.h). */
uint32_t url_surt_steps(const url_surt_opts *o, const char *in, size_t n);

/* urlcanon's SSURT of a parsed URL, appended to out; returns out's error. */
int url_ssurt(url_buf *out, const url *u);

/*
** Host labels reversed and joined with ',' ("x.y.z" -> "z,y,x"), then ','
** if trailing_comma.  With swap_commas a ',' inside a label becomes '.'
** (urlcanon's reverse_host; the surt library leaves it).
*/
void url_surt_reverse_host(url_buf *out, const char *h, size_t n,
                           int trailing_comma, int swap_commas);

#endif /* URL_SURT_H */
