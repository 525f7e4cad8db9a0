/*
** RFC 3986 (URI) and RFC 3987 (IRI) generic syntax, beside the URL
** Standard: the strict parser and what is built on it.  Plain C11 over
** core/ (percent-encoding, UTF-8, buffers); nothing of the WHATWG parser.
**
** The parser (uri.c) matches one rule of RFC 3986 Appendix A (or RFC 3987
** §2.2) in one pass, allocating nothing: the result is a uri_parts, the
** offset and length of each component as written and whether it is
** present (RFC 3986 §5.3 tells an absent component from an empty one:
** "http://h?" has an empty query, "http://h" none).
*/
#ifndef URI_URI_H
#define URI_URI_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"

/* The ABNF rules a string can be matched against. */
typedef enum uri_rule {
  URI_RULE_URI,           /* RFC 3986 §3: URI */
  URI_RULE_URI_REFERENCE, /* §4.1: URI-reference */
  URI_RULE_ABSOLUTE_URI,  /* §4.3: absolute-URI (no fragment) */
  URI_RULE_RELATIVE_REF,  /* §4.2: relative-ref */
  URI_RULE_IRI,           /* RFC 3987 §2.2: IRI */
  URI_RULE_IRI_REFERENCE, /* RFC 3987 §2.2: IRI-reference */
  URI_RULE_COUNT
} uri_rule;

/* The rules' names as the RFCs write them ("URI", "URI-reference", ...),
   in uri_rule order. */
extern const char *const uri_rule_names[URI_RULE_COUNT];

/* The components, in the order they are written (§3). */
typedef enum uri_component {
  URI_SCHEME,
  URI_USERINFO,
  URI_HOST,
  URI_PORT,
  URI_PATH,
  URI_QUERY,
  URI_FRAGMENT,
  URI_COMPONENT_COUNT
} uri_component;

/* "scheme", "userinfo", "host", "port", "path", "query", "fragment". */
extern const char *const uri_component_names[URI_COMPONENT_COUNT];

/* What the host is (§3.2.2); URI_HOST_NONE without an authority. */
typedef enum uri_host_type {
  URI_HOST_NONE,
  URI_HOST_REG_NAME,  /* reg-name (ireg-name) */
  URI_HOST_IPV4,      /* IPv4address */
  URI_HOST_IPV6,      /* IP-literal holding an IPv6address */
  URI_HOST_IPVFUTURE  /* IP-literal holding an IPvFuture */
} uri_host_type;

/* "reg-name", "ipv4", "ipv6", "ipvfuture" (NULL for URI_HOST_NONE). */
extern const char *const uri_host_type_names[5];

/* One component: s[off .. off+len) of the parsed string, without its
   delimiter (no ':' after the scheme, no '@', '?', '#'); the host keeps
   an IP-literal's brackets. */
typedef struct uri_span {
  size_t off, len;
} uri_span;

typedef struct uri_parts {
  uri_span c[URI_COMPONENT_COUNT];
  unsigned present;        /* bit 1 << uri_component when present */
  unsigned char host_type; /* uri_host_type */
  unsigned char rule;      /* the rule matched */
  unsigned char iri;       /* 1: matched as an IRI (non-ASCII allowed) */
  /* When the parse fails: the byte offset where the rule stops matching,
     the component being read there, and whether it is the end of input
     (else the character at err_off is the one not allowed). */
  unsigned char err_component; /* uri_component */
  unsigned char err_at_end;
  size_t err_off;
} uri_parts;

static inline int uri_has(const uri_parts *p, uri_component c) {
  return (p->present >> c) & 1;
}
/* The authority is present exactly when the host is (§3.2: a present
   authority always has a host, possibly empty). */
static inline int uri_has_authority(const uri_parts *p) {
  return uri_has(p, URI_HOST);
}

/*
** Matches s[0..n) against `rule`, filling *p (components, or the error
** position).  Returns 1 when it matches, 0 when not.  Any bytes are
** accepted as input: bytes that are not valid UTF-8 never match (an IRI
** rule decodes non-ASCII strictly; a URI rule takes ASCII only).
** Without the IRI rules non-ASCII never matches.
*/
int uri_parse(const char *s, size_t n, uri_rule rule, uri_parts *p);

/* The rule's index for its name (exact, case-sensitive as the RFCs
   write them), or -1. */
int uri_rule_lookup(const char *name, size_t n);

/* Whether the IPv6address rule (§3.2.2) matches s[0..n) (no brackets). */
int uri_is_ipv6(const char *s, size_t n);
/* Whether the IPv4address rule matches s[0..n). */
int uri_is_ipv4(const char *s, size_t n);

/*
** §5.3 Component Recomposition: appends to out the reference whose
** components are those of p over s (absent ones left out, as the
** algorithm does).  Recomposing a parse gives back its input.
*/
void uri_recompose(url_buf *out, const char *s, const uri_parts *p);

/* ------------------------------------------------ resolution (resolve.c) */

/* A component's bytes: s + p->c[c].off. */
static inline const char *uri_at(const char *s, const uri_parts *p,
                                 uri_component c) {
  return s + p->c[c].off;
}

/*
** §5.2.4 remove_dot_segments over p[0..n) in place (the output never
** overtakes the input); returns the new length.
*/
size_t uri_remove_dot_segments(char *p, size_t n);

/*
** §5.2.2 (strict: a reference with a scheme is taken as it is), §5.2.3
** merge, §5.2.4 and §5.3: appends to out the target of the reference r
** (rp) against the base b (bp, which has a scheme; its fragment is
** ignored, §5.1).  Where the algorithm yields a path starting "//" without
** an authority (it would be read back as one), the path is written with a
** leading "/." (uri_fix_path).
*/
void uri_resolve(url_buf *out, const char *b, const uri_parts *bp,
                 const char *r, const uri_parts *rp);

/*
** The path written at out->ptr[start..out->len) made to read back as a
** path (§4.2, §3.3): with no authority, "//x" becomes "/.//x"; with no
** scheme and no authority either, a first segment holding ':' gets "./"
** in front.
*/
void uri_fix_path(url_buf *out, size_t start, int has_scheme,
                  int has_authority);

/*
** Appends to out the shortest reference that uri_resolve turns back into
** the target t (tp, which has a scheme) against the base b (bp): a
** fragment, a query, a relative path (with "../" and "./" as needed), an
** absolute path, a network path, or the target itself when nothing
** shorter resolves back to it.  Scratch space comes from out's allocator.
*/
void uri_relative(url_buf *out, const char *t, const uri_parts *tp,
                  const char *b, const uri_parts *bp);

/* --------------------------------------------- normalization (normalize.c) */

typedef enum uri_norm_level {
  URI_NORM_SYNTAX, /* §6.2.2: case, percent-encoding, dot-segments */
  URI_NORM_SCHEME  /* and §6.2.3 for http, https, ws, wss, ftp, file */
} uri_norm_level;

/*
** Appends to out the normalized form of s (p): §6.2.2.1 scheme and host
** lowercased (not inside escapes), hex digits of escapes upper-cased;
** §6.2.2.2 escapes of unreserved characters decoded in every component;
** §6.2.2.3 dot-segments removed (not from a relative-path reference:
** what its dot-segments mean depends on the base); with URI_NORM_SCHEME,
** §6.2.3 for the schemes named above: an empty or default port dropped
** (leading zeros of another dropped), an empty path with an authority
** written "/".  Idempotent.
*/
void uri_normalize(url_buf *out, const char *s, const uri_parts *p,
                   uri_norm_level level);

#endif /* URI_URI_H */
