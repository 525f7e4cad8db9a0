/*
** The URL record's getters (url_record.h): the URL API's attribute values, each a
** slice of the href the parser or the serializer wrote, by name
** (url_get) or all at once (url_get_parts).  Nothing here allocates.
*/
#include <string.h>

#include "url_record.h"
#include "utf8.h"


static url_str slice(const url *u, uint32_t from, uint32_t to) {
  url_str r = {u->href.ptr + from, to - from};
  if (!r.n) r.s = "";
  return r;
}

static uint32_t pos(const url *u) { return (uint32_t)u->href.len; }

static uint32_t query_end(const url *u) {
  return u->fragment_start != URL_NONE ? u->fragment_start : pos(u);
}

url_str url_href(const url *u) { return slice(u, 0, pos(u)); }
url_str url_protocol(const url *u) { return slice(u, 0, u->scheme_end + 1); }
url_str url_scheme(const url *u) { return slice(u, 0, u->scheme_end); }
url_str url_username(const url *u) {
  return slice(u, u->username_start, u->username_end);
}
url_str url_password(const url *u) {
  return slice(u, u->password_start, u->password_end);
}
url_str url_host(const url *u) { return slice(u, u->host_start, u->authority_end); }
url_str url_hostname(const url *u) { return slice(u, u->host_start, u->host_end); }
url_str url_port(const url *u) {
  if (u->port < 0) return slice(u, 0, 0);
  return slice(u, u->host_end + 1, u->authority_end);
}
url_str url_pathname(const url *u) { return slice(u, u->path_start, url_path_end(u)); }

url_str url_search(const url *u) {
  if (u->query_start == URL_NONE || query_end(u) - u->query_start < 2)
    return slice(u, 0, 0);
  return slice(u, u->query_start, query_end(u));
}

url_str url_hash(const url *u) {
  if (u->fragment_start == URL_NONE || pos(u) - u->fragment_start < 2)
    return slice(u, 0, 0);
  return slice(u, u->fragment_start, pos(u));
}

url_str url_query(const url *u) {
  if (u->query_start == URL_NONE) return (url_str){NULL, 0};
  return slice(u, u->query_start + 1, query_end(u));
}

url_str url_fragment(const url *u) {
  if (u->fragment_start == URL_NONE) return (url_str){NULL, 0};
  return slice(u, u->fragment_start + 1, pos(u));
}

url_str url_href_no_fragment(const url *u) {
  return slice(u, 0, u->fragment_start != URL_NONE ? u->fragment_start : pos(u));
}

/* ------------------------------------------------ getters by component */

const char *const url_component_names[URL_C_COUNT] = {
    "href", "protocol", "username", "password", "host",
    "hostname", "port", "pathname", "search", "hash"};

const char *url_component_name(url_component c) {
  return (unsigned)c < URL_C_COUNT ? url_component_names[c] : NULL;
}

int url_component_lookup(const char *name, size_t n) {
  return url_names_index(url_component_names, URL_C_COUNT, name, n);
}

url_str url_get(const url *u, url_component which) {
  static url_str (*const GET[URL_C_COUNT])(const url *) = {
      url_href,     url_protocol, url_username, url_password, url_host,
      url_hostname, url_port,     url_pathname, url_search,   url_hash};
  return GET[(unsigned)which < URL_C_COUNT ? which : URL_C_HREF](u);
}

/* ------------------------------------------------------- all components */

void url_get_parts(const url *u, url_parts *p) {
  p->scheme = url_scheme(u);
  p->scheme_type = u->scheme_type;
  p->username = url_username(u);
  p->password = url_password(u);
  p->host = url_hostname(u);
  if (u->host_type == URL_HOST_NONE) p->host.s = NULL;
  p->host_type = u->host_type;
  p->port = u->port;
  p->path = url_pathname(u);
  p->path_segments = u->path_segments;
  p->opaque_path = u->opaque_path;
  p->query = url_query(u);
  p->fragment = url_fragment(u);
}
