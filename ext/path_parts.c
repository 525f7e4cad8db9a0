/*
** url_file_extension(input): the extension of the URL's last path segment,
** percent-decoded, ASCII-lowercased, without the dot.
**
**   SELECT url_file_extension('https://a.com/dl/archive.TAR.GZ?v=2');  -- 'gz'
**   SELECT url_file_extension('https://a.com/report%2Epdf');           -- 'pdf'
**   SELECT url_file_extension('https://a.com/docs/');                  -- NULL
**   SELECT url_file_extension('https://a.com/.htaccess');              -- NULL
**
** NULL when the input is NULL or not a valid URL, when the URL has an
** opaque path (mailto:, data:) or an empty last segment ("/docs/"), and when
** the last segment has no dot, or only a leading one (a hidden file name)
** or a trailing one ("name.").  Dot segments are resolved by the parser
** first ("/a.js/.." has none); the query and fragment never count.  Bytes
** that are not UTF-8 after decoding become U+FFFD; letters other than
** ASCII keep their case.
**
** Performance: the input is parsed into stack storage; only the extension
** is decoded, into stack storage too.
*/
#include "ext.h"
#include "path_levels.h"

static void url_fn_file_extension(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse(&c, argv, 0, -1);
  if (rc == URL_OK) rc = url_path_file_extension(&c.u, &c.out);
  url_call_result(&c, rc);
}

/* ------------------------------------------------------ registration */

static const url_func funcs[] = {
    {"url_file_extension", 1, URL_PURE, 0, url_fn_file_extension},
};

const url_family url_path_parts_family = {funcs, URL_COUNT(funcs), NULL, 0};
