/*
** The URL record (URL Standard §4.1): a parsed URL as its serialization
** (href) in one buffer plus the offsets of each component, as ada's
** url_aggregator does, and its getters (§6.1, url_record.c): the URL API's
** attribute values, each a slice of href.
**
**   href:  https://user:pass@example.com:8080/a/b?q=1#frag
**               |  |    |    |          |    |    |   |
**   scheme_end -'  |    |    |          |    |    |   `- fragment_start ('#')
**   username_start-'    |    |          |    |    `----- query_start ('?')
**   password_start -----'    |          |    `---------- path_start
**   host_start --------------'          `--------------- host_end
**
** The parser (url.h, parse.h) and the serializer write records; everything
** above reads them through these getters.
*/
#ifndef URL_URL_RECORD_H
#define URL_URL_RECORD_H

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

/* The setter's name ("href", ...), and the inverse (-1 if unknown;
   url_names_index: ASCII case-insensitive). */
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

#endif /* URL_URL_RECORD_H */
