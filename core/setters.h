/*
** The URL API's setters (URL Standard §6.1, the URL class): assigning `href`,
** `protocol`, `username`, `password`, `host`, `hostname`, `port`,
** `pathname`, `search` or `hash` on a URL object.
*/
#ifndef URL_SETTERS_H
#define URL_SETTERS_H

#include "url.h"

/*
** u[which] = value[0..n) (valid UTF-8).  Returns URL_OK (also when the
** Standard makes the assignment a no-op), URL_FAILURE when the href setter
** is given an invalid URL (the API throws), or an error code.
*/
int url_set(url *u, url_component which, const char *value, size_t n);

#endif /* URL_SETTERS_H */
