/*
** The components' names and the special schemes (init.h).
*/
#include "init.h"
#include "url.h"

const char *const pat_component_names[PAT_N] = {
    "protocol", "username", "password", "hostname",
    "port",     "pathname", "search",   "hash"};

const char *const pat_special_schemes[6] = {"ftp", "file", "http",
                                            "https", "ws", "wss"};

int pat_special_default_port(const char *s, size_t n) {
  url_scheme_type t = url_scheme_type_of(s, n);
  if (t == URL_SCHEME_OTHER) return -2;
  return url_default_port(t);
}
