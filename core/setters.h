/*
** The URL API's setters (URL Standard §6.1, the URL class): assigning `href`,
** `protocol`, `username`, `password`, `host`, `hostname`, `port`,
** `pathname`, `search` or `hash` on a URL object.
*/
#ifndef URL_SETTERS_H
#define URL_SETTERS_H

#include "url.h"

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
const char *url_component_name(url_component c);
int url_component_lookup(const char *name, size_t n);

/* The URL API getter of the same name: u[which]. */
url_str url_get(const url *u, url_component which);

/*
** u[which] = value[0..n) (valid UTF-8).  Returns URL_OK (also when the
** Standard makes the assignment a no-op), URL_FAILURE when the href setter
** is given an invalid URL (the API throws), or an error code.
*/
int url_set(url *u, url_component which, const char *value, size_t n);

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

#endif /* URL_SETTERS_H */
