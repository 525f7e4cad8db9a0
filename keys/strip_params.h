/*
** Removing query parameters by name: url_strip_params(input, pattern...).
**
** A pattern is a parameter name, or a glob in which '*' matches any run of
** bytes ("utm_*"); names are compared after application/x-www-form-urlencoded
** decoding, as URLSearchParams sees them, and case-sensitively.  The pattern
** "@tracking" stands for the list of well-known tracking parameters below
** (url_tracking_params; README.md gives its sources).  The parameters that
** stay keep their order and their bytes; a query left with no parameter
** goes, '?' included.
*/
#ifndef URL_STRIP_PARAMS_H
#define URL_STRIP_PARAMS_H

#include <stddef.h>

#include "url.h"

/* name[0..n) matches the glob p[0..pn) ('*': any run of bytes). */
int url_param_glob(const char *p, size_t pn, const char *name, size_t n);

/* name[0..n) is a well-known tracking parameter. */
int url_param_is_tracking(const char *name, size_t n);

/* The tracking list, sorted (entries ending in '*' are prefixes). */
/* Arrays of chars, not pointers: no relocation when the extension loads. */
#define URL_TRACKING_PARAM_MAX 20
extern const char url_tracking_params[][URL_TRACKING_PARAM_MAX];
extern const size_t url_tracking_params_count;

/* Decides whether a (decoded) parameter name goes. */
typedef int (*url_param_pred)(void *ctx, const char *name, size_t n);

/*
** Writes into out (freshly initialised) the URL u without the query
** parameters whose decoded name satisfies pred.  When nothing goes, out is
** u's href unchanged.  Returns URL_OK, URL_NOMEM or URL_TOOBIG.
*/
int url_strip_params(url *out, const url *u, url_param_pred pred, void *ctx);

#endif /* URL_STRIP_PARAMS_H */
