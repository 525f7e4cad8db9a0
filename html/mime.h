/*
** The charset of a Content-Type (mime.c): the MIME Sniffing Standard's
** "parse a MIME type" (https://mimesniff.spec.whatwg.org/#parse-a-mime-type)
** as far as its charset parameter, Fetch's "collect an HTTP quoted string",
** and the transport layer's encoding that HTML's encoding sniffing takes.
** Input is read as a header's bytes (a UTF-8 text's bytes: every byte
** 0x80-0xFF is an HTTP quoted-string token code point, as Fetch's
** isomorphic decode reads them).
*/
#ifndef HTML_MIME_H
#define HTML_MIME_H

#include <stddef.h>

#include "url_buf.h"

/*
** https://fetch.spec.whatwg.org/#collect-an-http-quoted-string with
** extract-value true: s[*pos] is '"'; the value (quotes dropped, each
** backslash escape read as the byte it escapes) is appended to out and *pos
** moves past the closing quote, or to n when there is none.  Returns
** out->err.
*/
int html_http_quoted_string(const char *s, size_t n, size_t *pos,
                            url_buf *out);

/*
** parameters["charset"] of the MIME type parse a MIME type gives for
** s[0..n), appended to out (the first charset parameter with a valid name
** and value wins; `charset=` with an empty unquoted value is skipped; a
** quoted "" is the empty string).  Returns URL_OK, URL_FAILURE when s is no
** MIME type or has no charset parameter, or out->err.
*/
int html_mime_charset(const char *s, size_t n, url_buf *out);

/*
** The transport layer's character encoding for the encoding sniffing
** algorithm (https://html.spec.whatwg.org/#encoding-sniffing-algorithm,
** step 2): "get an encoding" of the label s[0..n), a quoted string (the
** form a Content-Type charset may take, `"UTF-8"`) unquoted first.  An
** unknown label is no transport encoding: the Standard uses it only "if
** the user agent supports" it.  Sets *enc (URL_ENC_NONE for none);
** returns URL_OK or URL_NOMEM.
*/
int html_transport_encoding(const url_allocator *mem, const char *s, size_t n,
                            int *enc);

#endif /* HTML_MIME_H */
