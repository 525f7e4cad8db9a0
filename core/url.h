/*
** The URL Standard's basic URL parser (§4.4), serializer (§4.5) and origin
** (§4.6 / HTML "origin"), with the URL API's getters (§6.1).
**
** A parsed URL is its serialization (href) in one buffer plus offsets of
** each component, as ada's url_aggregator does: getters are slices, and the
** parser appends every component in href order, so a typical parse writes
** each output byte once and allocates nothing beyond the caller's storage.
**
**   href:  https://user:pass@example.com:8080/a/b?q=1#frag
**               |  |    |    |          |    |    |   |
**   scheme_end -'  |    |    |          |    |    |   `- fragment_start ('#')
**   username_start-'    |    |          |    |    `----- query_start ('?')
**   password_start -----'    |          |    `---------- path_start
**   host_start --------------'          `--------------- host_end
*/
#ifndef URL_URL_H
#define URL_URL_H

#include <stddef.h>
#include <stdint.h>

#include "host.h"
#include "url_buf.h"

#define URL_NONE UINT32_MAX /* an absent (null) query or fragment */

typedef enum url_scheme_type {
  URL_SCHEME_OTHER = 0, /* not special */
  URL_SCHEME_HTTP,
  URL_SCHEME_HTTPS,
  URL_SCHEME_WS,
  URL_SCHEME_WSS,
  URL_SCHEME_FTP,
  URL_SCHEME_FILE
} url_scheme_type;

typedef struct url {
  url_buf href;
  uint32_t scheme_end;      /* href[0..scheme_end) is the scheme; ':' follows */
  uint32_t username_start;  /* username is [username_start, username_end) */
  uint32_t username_end;
  uint32_t password_start;  /* password is [password_start, password_end) */
  uint32_t password_end;
  uint32_t host_start;      /* host is [host_start, host_end) */
  uint32_t host_end;
  uint32_t authority_end;   /* after ":port"; where the path part begins */
  uint32_t path_start;      /* pathname; after a "/." prefix if any */
  uint32_t query_start;     /* index of '?', or URL_NONE */
  uint32_t fragment_start;  /* index of '#', or URL_NONE */
  int32_t port;             /* -1: null */
  uint32_t path_segments;   /* number of path segments (list paths) */
  url_host_type host_type;  /* URL_HOST_NONE: host is null */
  url_scheme_type scheme_type;
  unsigned char opaque_path; /* the path is an opaque path */
} url;

/* A slice of a URL's href (or a static string). */
typedef struct url_str {
  const char *s;
  size_t n;
} url_str;

/*
** Starts an empty URL over caller storage `stack` (cap bytes) that grows
** with `mem`, with a hard size limit `max`.  Release with url_free().
** Inline: every call of the extension starts one or two.
*/
static inline void url_init(url *u, const url_allocator *mem, char *stack,
                            size_t cap, size_t max) {
  *u = (url){.query_start = URL_NONE, .fragment_start = URL_NONE, .port = -1};
  if (max > URL_NONE - 1) max = URL_NONE - 1; /* offsets are 32-bit */
  url_buf_init(&u->href, mem, stack, cap, max);
}
static inline void url_free(url *u) { url_buf_free(&u->href); }

/*
** The basic URL parser: parses in[0..n) (valid UTF-8) against `base` (NULL
** for none) into u, which must be freshly initialised.  Returns URL_OK,
** URL_FAILURE, or URL_NOMEM / URL_TOOBIG.  Defined in parse.c: the fast
** path for canonical input (url_parse_fast), then url_parse_full.
*/
int url_parse(url *u, const char *in, size_t n, const url *base);

/*
** The parser's fast path (parse_fast.c), for a URL already in the form the
** URL serializer writes (most stored URLs are): if in[0..n) (any bytes) is
** an absolute URL with a special scheme other than file, "//", a domain or
** canonical IPv4 host, an optional port and a path, query and fragment
** that the basic URL parser keeps byte for byte, parses it into u (freshly
** initialised) exactly as url_parse() would, in one checking pass and one
** copy, and returns URL_OK (or URL_NOMEM).  The input may differ from its
** serialization only in the ASCII case of its scheme and host and a
** missing "/" path.  Otherwise returns URL_NOT_FAST with u untouched: run
** the full parser.  Never needs a base: such an input ignores it.
*/
int url_parse_fast(url *u, const char *in, size_t n);

/*
** Input as it comes (a database value: any bytes), and the text the state
** machine read when the fast path could not take it: the bytes with
** invalid UTF-8 replaced by U+FFFD, as the Standard's UTF-8 decode does.
*/
typedef struct url_input {
  const char *s; /* the text the state machine read; NULL if it did not */
  size_t n;
  int started;   /* fix is in use */
  url_buf fix;   /* holds the repaired text when repair changed anything */
  char st[256];
} url_input;

/*
** What a caller changes in its input before the state machine (canonical
** keys' profiles: "http://" in front of "example.com/", ...): no_fast says
** that the fast path must not take the bytes as they are; fix (NULL: none)
** may rewrite the repaired text *in, *n (into storage of its own, behind
** ctx) or refuse it (URL_FAILURE), returning a status.
*/
typedef struct url_input_fix {
  int no_fast;
  int (*fix)(void *ctx, const char **in, size_t *n);
  void *ctx;
} url_input_fix;

/* url_parse_input's slow path (parse.c): repair, fix, state machine. */
int url_parse_repaired(url *u, const char *in, size_t n, const url *base,
                       url_input *t, const url_input_fix *fix);

/*
** url_parse() of any bytes in[0..n), the one entry point for unrepaired
** input: the fast path on the bytes as they are (it takes only ASCII),
** else the state machine on them repaired (and fixed, if `fix` is given:
** may be NULL).  t keeps the text the state machine read, which a caller
** may use further (as a host, say) until url_input_free(t), which it must
** call whatever the result.  Inline: the common case is one call of the
** fast path.
*/
static inline int url_parse_input(url *u, const char *in, size_t n,
                                  const url *base, url_input *t,
                                  const url_input_fix *fix) {
  t->s = NULL;
  t->n = 0;
  t->started = 0;
  if (!fix || !fix->no_fast) {
    int rc = url_parse_fast(u, in, n);
    if (rc != URL_NOT_FAST) return rc;
  }
  return url_parse_repaired(u, in, n, base, t, fix);
}

/* Makes an unused t freeable; frees what a parse left in t. */
static inline void url_input_init(url_input *t) {
  t->s = NULL;
  t->started = 0;
}
static inline void url_input_free(url_input *t) {
  if (t->started) url_buf_free(&t->fix);
}

/* The state machine alone (url.c), without that fast path: for callers
   that tried it already, and the tests comparing the two. */
int url_parse_full(url *u, const char *in, size_t n, const url *base);

/*
** url_parse() recording the validation errors of §1.1 into errs (see
** url_errors.h), in the order the Standard's steps reach them.  Each has
** the byte offset in in[0..n) where its step found the problem:
**   - the state machine's steps: the code point c they look at (n or the
**     offset past the last code point the parser kept, for EOF), except
**     port-out-of-range and file-invalid-Windows-drive-letter-host, which
**     judge a buffer: its first code point;
**   - the clean-up steps: the first stripped leading (else trailing) C0
**     control or space; the first tab or newline;
**   - the host parser's "contains" steps and the opaque-host parser: the
**     first code point that makes them true; IPv6-unclosed: the "[";
**   - the IPv6 parser: its pointer's code point; IPv6-piece-leading-zero:
**     the piece's first digit;
**   - the IPv4 parser: IPv4-empty-part the last ".", the part errors the
**     part's first code point, when the host is written as the ASCII it
**     parses as (no percent-decoding or IDNA mapping changed it);
**   - domain-to-ASCII: the first code point that is, or that
**     percent-decodes or UTS #46 maps to, a forbidden domain code point
**     (the reason the host parser then fails; an escape: its "%"),
**     URL_NO_POS when there is none (a name only the strict rules refuse);
**   - URL_NO_POS for IPv4-too-few-parts, IPv4-too-many-parts, and the IPv4
**     errors otherwise.
** If the parse fails, the last error (the one after which the Standard
** returns failure) has `failure` set.  Returns as url_parse(), or
** URL_NOMEM if the list could not grow.
*/
struct url_errors;
int url_parse_errors(url *u, const char *in, size_t n, const url *base,
                     struct url_errors *errs);

/*
** https://url.spec.whatwg.org/#valid-url-string: URL_OK if in[0..n) (valid
** UTF-8) is an absolute-URL-with-fragment string, or, with a base (NULL for
** none), a relative-URL-with-fragment string; URL_FAILURE if not; or
** URL_NOMEM.  The Standard's writing rules, checked as a grammar (§4.3,
** §3.4); the parser's validation errors are a separate notion.  Checking a
** domain (IDNA) may allocate with mem.
*/
int url_valid_string(const char *in, size_t n, const url *base,
                     const url_allocator *mem);

/*
** State overrides for the URL API setters (§6.1): which state the basic URL
** parser starts in when it modifies an existing URL.
*/
typedef enum url_override {
  URL_OVERRIDE_NONE = 0,
  URL_OVERRIDE_HOST,
  URL_OVERRIDE_HOSTNAME,
  URL_OVERRIDE_PORT,
  URL_OVERRIDE_PATH_START,
  URL_OVERRIDE_QUERY,
  URL_OVERRIDE_FRAGMENT,
  /* Not a setter's: the URL Pattern Standard's "canonicalize an opaque
     pathname" runs the opaque path state as an override (the path ends
     at "?" or "#"; s->query_start / fragment_start then mark where). */
  URL_OVERRIDE_OPAQUE_PATH
} url_override;

/*
** The basic URL parser with a state override: parses in[0..n) as the
** component `ovr` of the URL ctx, writing that component (as the parser
** would) into the fresh scratch URL s, whose offsets then locate it: host in
** [host_start, host_end) with host_type, port in s->port (-2: unchanged,
** -1: null), path from 0 with path_segments, query/fragment bytes from 0.
** Tabs and newlines are removed; nothing is stripped.  Returns URL_OK,
** URL_FAILURE (the setter is then a no-op, except for a host already set
** when the port fails), or an error.
*/
int url_parse_override(url *s, const url *ctx, const char *in, size_t n,
                       url_override ovr);

/*
** Removes all ASCII tab or newline from in[0..*n): *in and *n are redirected
** into `clean` only when there are any.  Returns URL_OK or clean's error.
*/
int url_remove_tab_newline(const char **in, size_t *n, url_buf *clean);

/* The scheme type of a lowercase scheme, and its default port (-1: none). */
url_scheme_type url_scheme_type_of(const char *scheme, size_t n);
int url_default_port(url_scheme_type t);

/* Getters (url_record.c): exactly the URL API's attribute values, as
   slices of href. */
url_str url_href(const url *u);
url_str url_protocol(const url *u); /* scheme + ':' */
url_str url_username(const url *u);
url_str url_password(const url *u);
url_str url_host(const url *u);     /* host[:port] */
url_str url_hostname(const url *u);
url_str url_port(const url *u);
url_str url_pathname(const url *u);
url_str url_search(const url *u);   /* "" or "?query" */
url_str url_hash(const url *u);     /* "" or "#fragment" */

/* The URL API's attributes by name ("href", ...), for url_get. */
typedef enum url_component {
  URL_C_HREF,
  URL_C_PROTOCOL,
  URL_C_USERNAME,
  URL_C_PASSWORD,
  URL_C_HOST,
  URL_C_HOSTNAME,
  URL_C_PORT,
  URL_C_PATHNAME,
  URL_C_SEARCH,
  URL_C_HASH,
  URL_C_COUNT
} url_component;

/* The setter's name ("href", ...), and the inverse (-1 if unknown). */
extern const char *const url_component_names[URL_C_COUNT];
const char *url_component_name(url_component c);
int url_component_lookup(const char *name, size_t n);

/* The URL API getter of the same name: u[which]. */
url_str url_get(const url *u, url_component which);

/* Where the path ends in href: at the query's '?', else at the fragment's
   '#', else at the end. */
static inline uint32_t url_path_end(const url *u) {
  return u->query_start != URL_NONE      ? u->query_start
         : u->fragment_start != URL_NONE ? u->fragment_start
                                         : (uint32_t)u->href.len;
}

/* Scheme without ':'; query and fragment without their delimiters.  `s` is
   NULL when the query / fragment is null (the getters return "" then). */
url_str url_scheme(const url *u);
url_str url_query(const url *u);
url_str url_fragment(const url *u);

/* href without the fragment ("exclude fragment" serialization). */
url_str url_href_no_fragment(const url *u);

static inline int url_is_special(const url *u) {
  return u->scheme_type != URL_SCHEME_OTHER;
}

/* https://url.spec.whatwg.org/#include-credentials */
static inline int url_has_credentials(const url *u) {
  return u->username_end > u->username_start ||
         u->password_end > u->password_start;
}

/*
** Appends the serialization of u's origin to out: "scheme://host[:port]"
** for a tuple origin, "null" for an opaque one (including blob: URLs whose
** path is not an http(s)/file URL).  Returns out's error state.
*/
int url_origin(const url *u, url_buf *out);

/*
** A URL as its components (slices; NULL `s` for a null host, query or
** fragment), and the URL serializer that writes them into a fresh URL.
*/
typedef struct url_parts {
  url_str scheme;
  url_scheme_type scheme_type;
  url_str username, password;
  url_str host; /* s NULL: null host */
  url_host_type host_type;
  int32_t port; /* -1: null */
  url_str path; /* serialized path: opaque, or "/seg/seg" */
  uint32_t path_segments;
  int opaque_path;
  url_str query, fragment;
} url_parts;

void url_get_parts(const url *u, url_parts *p);
/* Serializes p into u (freshly initialised); returns u's error state. */
int url_build(url *u, const url_parts *p);

#endif /* URL_URL_H */
