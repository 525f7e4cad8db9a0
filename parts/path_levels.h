/*
** Parts of a parsed URL's path for analytics: the URL hierarchy (the URL
** cut after each level of its path, as ClickHouse's URLHierarchy) and the
** file extension of the last path segment.
**
** Both work on the path as the URL parser serialized it: a list of
** segments ("/a/b/c") with dot segments already resolved, or an opaque path
** ("mailto:x", "data:,x"), which has neither levels nor a file name.
*/
#ifndef URL_PATH_LEVELS_H
#define URL_PATH_LEVELS_H

#include <stddef.h>

#include "url.h"
#include "url_buf.h"

/*
** The URL hierarchy: prefixes of the href, from the URL without its path
** down through each path segment, never with the query or fragment:
**   "https://a.com/b/c?q#f" -> (0, "https://a.com/"), (1, "https://a.com/b/"),
**                              (2, "https://a.com/b/c")
** depth is the number of path segments a level includes.  A path ending in
** "/" has no extra level for its empty last segment ("https://a.com/b/" ->
** depth 0 and 1); empty segments elsewhere are levels ("/b//c" has four).
** A URL with an empty path ("foo://h") has one level, itself; a URL with an
** opaque path has none.  Everything before the path (credentials, port) is
** kept as in the href.
**
**   url_path_levels it;
**   url_path_levels_start(&it, u);
**   while (url_path_levels_next(&it, &prefix, &depth)) ...
*/
typedef struct url_path_levels {
  const char *href;
  size_t end;   /* where the next level ends in href */
  size_t stop;  /* where the path ends */
  size_t depth; /* the next level's depth */
  int more;     /* 1 while a level remains */
} url_path_levels;

void url_path_levels_start(url_path_levels *it, const url *u);
/* The next level as a slice of the href: returns 1, or 0 when none. */
int url_path_levels_next(url_path_levels *it, url_str *prefix, size_t *depth);

/*
** The extension of the last path segment: what follows its last dot,
** percent-decoded (invalid UTF-8 then replaced with U+FFFD), ASCII
** lowercased, without the dot: "/a/b.tar.gz" -> "gz", "/R%C3%A9SUM%C3%A9.PDF"
** -> "pdf", "/a/b%2Etxt" -> "txt".  Written to out (emptied first).  URL_OK,
** URL_FAILURE when there is none (an opaque path, an empty last segment as
** in "/a/", no dot, a dot only first as in "/.htaccess" or last as in
** "/name."), or out's error.
*/
int url_path_file_extension(const url *u, url_buf *out);

#endif /* URL_PATH_LEVELS_H */
