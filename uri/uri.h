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

/* The length of the parsed string: where its last component ends. */
static inline size_t uri_length(const uri_parts *p) {
  size_t end = 0;
  for (int c = 0; c < URI_COMPONENT_COUNT; c++)
    if ((p->present >> c) & 1 && p->c[c].off + p->c[c].len > end)
      end = p->c[c].off + p->c[c].len;
  return end;
}

/*
** Matches s[0..n) against `rule`, filling *p (components, or the error
** position).  Returns 1 when it matches, 0 when not.  Any bytes are
** accepted as input: bytes that are not valid UTF-8 never match (an IRI
** rule decodes non-ASCII strictly; a URI rule takes ASCII only).
** Without the IRI rules non-ASCII never matches.
*/
int uri_parse(const char *s, size_t n, uri_rule rule, uri_parts *p);

/* RFC 3987 §2.2: ucschar (allowed in every IRI component but the scheme,
   the port and an IP literal) and iprivate (allowed in the query). */
int uri_is_ucschar(uint32_t c);
int uri_is_iprivate(uint32_t c);

/* Whether the IPv6address rule (§3.2.2) matches s[0..n) (no brackets). */
int uri_is_ipv6(const char *s, size_t n);
/* Whether the IPv4address rule matches s[0..n). */
int uri_is_ipv4(const char *s, size_t n);

/*
** The port of p over s as a number: 1 and *v when the port is present,
** not empty and fits an int64_t (RFC 3986 sets no range: "080" is 80);
** else 0.
*/
static inline int uri_port_value(const char *s, const uri_parts *p,
                                 int64_t *v) {
  size_t n = p->c[URI_PORT].len;
  if (!uri_has(p, URI_PORT) || n == 0) return 0;
  const char *d = s + p->c[URI_PORT].off;
  uint64_t x = 0;
  for (size_t i = 0; i < n; i++) {
    x = x * 10 + (uint64_t)(d[i] - '0');
    if (x > (uint64_t)INT64_MAX) return 0;
  }
  *v = (int64_t)x;
  return 1;
}

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
  URI_NORM_SCHEME  /* and §6.2.3 for http, https, ws, wss, ftp, file;
                      IPv6 literals in RFC 5952's text, every scheme */
} uri_norm_level;

/*
** Appends to out the normalized form of s (p): §6.2.2.1 scheme and host
** lowercased (not inside escapes), hex digits of escapes upper-cased;
** §6.2.2.2 escapes of unreserved characters decoded in every component;
** §6.2.2.3 dot-segments removed (not from a relative-path reference:
** what its dot-segments mean depends on the base); with URI_NORM_SCHEME,
** §6.2.3 for the schemes named above: an empty or default port dropped
** (leading zeros of another dropped), an empty path with an authority
** written "/"; and for every scheme an IPv6 literal written as RFC 5952
** says (§4, and §5's mixed notation for IPv4-mapped and -translated
** addresses).  Idempotent.
*/
void uri_normalize(url_buf *out, const char *s, const uri_parts *p,
                   uri_norm_level level);

/*
** The form uri_equivalent compares at `level` (§6.2.1's ladder above
** simple string comparison): an IRI mapped to a URI first (RFC 3987
** §5.3.2.3: §3.1's percent-encoding; at the scheme level, for the schemes
** §6.2.3 knows, a non-ASCII reg-name by UTS #46 ToASCII, as §5.3.3
** allows), then normalized.  Scratch space from out's allocator.
*/
void uri_comparable(url_buf *out, const char *s, const uri_parts *p,
                    uri_norm_level level);

/* ------------------------------------------------- changing parts (set.c) */

/* The components of a reference being changed: each one's text (which
   the caller keeps alive) and which are present. */
typedef struct uri_edit {
  const char *s[URI_COMPONENT_COUNT];
  size_t n[URI_COMPONENT_COUNT];
  unsigned present;
} uri_edit;

/* The components of the parse p of s. */
void uri_edit_init(uri_edit *e, const char *s, const uri_parts *p);
/* Component c set to v[0..n) as it is, or removed when v is NULL (with
   its delimiter; the host: the whole authority; the path: made empty). */
void uri_edit_set(uri_edit *e, uri_component c, const char *v, size_t n);
/* Appends their §5.3 recomposition to out.  Returns 1 when it parses back
   (IRI-reference) into exactly these components; 0 when a component holds
   what its rule does not allow there (out then holds it anyway: the
   caller truncates) or out failed. */
int uri_edit_write(const uri_edit *e, url_buf *out);

/* ------------------------------------ percent-encoding as sets (encode.c) */

/*
** The named percent-encode sets of url_encode and uri_encode, one table for
** both (docs/conventions.md, rule 5): what each encodes; every other byte
** is kept.  The URL Standard's sets encode non-ASCII and their bitmap,
** '%' only in component and form; RFC 3986's keep what their rule allows
** unescaped, and encode everything else, '%' and non-ASCII included.
*/
typedef enum uri_set {
  URI_SET_C0_CONTROL,    /* URL Standard: C0 controls, > U+007E */
  URI_SET_FRAGMENT,      /* and space " < > ` */
  URI_SET_QUERY,         /* C0 and space " # < > */
  URI_SET_SPECIAL_QUERY, /* query and ' */
  URI_SET_PATH,          /* query and ? ^ ` { } */
  URI_SET_USERINFO,      /* path and / : ; = @ [ \ ] | */
  URI_SET_COMPONENT,     /* userinfo and $ % & + , (= encodeURIComponent) */
  URI_SET_FORM,          /* component and ! ' ( ) ~, space as '+' */
  URI_SET_UNRESERVED,    /* RFC 3986: keeps ALPHA DIGIT - . _ ~ */
  URI_SET_PCHAR,         /* keeps pchar: unreserved sub-delims : @ */
  URI_SET_REG_NAME,      /* keeps unreserved sub-delims */
  URI_SET_RFC_USERINFO,  /* keeps unreserved sub-delims : */
  URI_SET_RFC_PATH,      /* keeps pchar / */
  URI_SET_RFC_QUERY,     /* keeps pchar / ? */
  URI_SET_RFC_FRAGMENT,  /* keeps pchar / ? */
  URI_SET_URI,           /* encodeURI: keeps component's and ; , / ? : @ & = + $ # */
  URI_SET_COUNT
} uri_set;
/* Their names (an entry "a|b": two names of one set), in uri_set order. */
extern const char *const uri_set_names[URI_SET_COUNT];

/*
** Appends s[0..n) to out with every byte of `set` percent-encoded
** (upper-case hex), after encoding it in enc (core/encoding.h, an output
** encoding: s is then valid UTF-8; URL_ENC_UTF_8 takes any bytes, a
** BLOB's octets as they are): the URL Standard's "percent-encode after
** encoding", a code point enc lacks written "%26%23N%3B".
*/
void uri_encode(url_buf *out, int enc, const char *s, size_t n, uri_set set);
/* Whether `set` encodes the byte c. */
int uri_set_encodes(uri_set set, unsigned char c);

/* Appends s[0..n) to out with every byte `set` does not keep
   percent-encoded, but for a '%' that starts an escape (kept as it is). */
void uri_escape_keep(url_buf *out, const char *s, size_t n, uri_set set);

typedef enum uri_decode_mode {
  URI_DECODE_ALL,        /* every %HH */
  URI_DECODE_UNRESERVED, /* §6.2.2.2: only unreserved characters' escapes
                            (the others' hex upper-cased, §6.2.2.1) */
  URI_DECODE_LEGACY,     /* every %HH, and %uXXXX as a UTF-16 code unit */
  URI_DECODE_COUNT
} uri_decode_mode;
extern const char *const uri_decode_names[URI_DECODE_COUNT];

/* Appends s[0..n) percent-decoded to out: bytes, not necessarily UTF-8
   (the caller repairs); a '%' not starting an escape is kept. */
void uri_decode(url_buf *out, const char *s, size_t n, uri_decode_mode mode);

/* ------------------------------------------------------- IRIs (iri.c) */

/*
** RFC 3987 §3.1: appends to out the URI of the IRI s (p, parsed with an
** IRI rule): every non-ASCII character's UTF-8 percent-encoded; with
** idna, a reg-name host holding non-ASCII converted by UTS #46 ToASCII
** instead (core/idna.h; percent-encoded when ToASCII fails).
*/
void uri_from_iri(url_buf *out, const char *s, const uri_parts *p, int idna);

/*
** RFC 3987 §3.2: appends to out the IRI of the URI s (p): escapes of
** unreserved ASCII and of UTF-8 sequences of ucschar (iprivate in the
** query) decoded; everything else (reserved and disallowed ASCII, '%',
** invalid UTF-8, the bidi formatting characters of §4.1) left encoded.
** With idna (uri_from_iri's option, the other way), each "xn--" label of
** a reg-name host becomes its UTS #46 ToUnicode (core/idna.h) when that
** succeeds and gives characters an ireg-name allows.
*/
void uri_to_iri(url_buf *out, const char *s, const uri_parts *p, int idna);

/*
** A URL Standard serialization s[0..n) (an href: ASCII) made a valid RFC
** 3986 URI: in each component, every byte the component's ABNF does not
** allow (a '"', '{', '|', a space in a fragment, a '%' not starting an
** escape, ...) percent-encoded.  The URL Standard's own component
** boundaries are kept (its serializer escapes every delimiter inside a
** component).
*/
void uri_from_href(url_buf *out, const char *s, size_t n);

#endif /* URI_URI_H */
