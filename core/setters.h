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
extern const char *const url_component_names[URL_C_COUNT];
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

#endif /* URL_SETTERS_H */
