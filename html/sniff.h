/*
** The document's encoding (sniff.c): the HTML Standard's encoding sniffing
** algorithm (https://html.spec.whatwg.org/#encoding-sniffing-algorithm)
** without the optional heuristics, and the decode to UTF-8 that the
** tokenizer reads.
*/
#ifndef HTML_SNIFF_H
#define HTML_SNIFF_H

#include <stddef.h>

#include "encoding.h"

/*
** https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding
** over the first 1024 bytes of s[0..n): the encoding a <meta charset> or
** <meta http-equiv=content-type content="...charset=..."> declares (UTF-16
** read as UTF-8, x-user-defined as windows-1252), or URL_ENC_NONE.
*/
int html_prescan(const unsigned char *s, size_t n);

/*
** https://html.spec.whatwg.org/#algorithm-for-extracting-a-character-encoding-from-a-meta-element:
** the encoding that a content attribute's value names, or URL_ENC_NONE.
*/
int html_meta_charset(const char *s, size_t n);

/*
** The encoding sniffing algorithm: 1. the BOM (*bom_len its length);
** 2. `transport` (the Content-Type charset's encoding; URL_ENC_NONE if
** none); 3. the <meta> prescan; 4. windows-1252 (the Standard's "implementation-
** defined or user-specified default", as browsers in most locales: no
** frequency analysis, no locale, no parent document).  *tentative: the
** Standard's confidence is tentative (steps 3-4 decided), so that a later
** <meta> may still change it (html_encoding in links.h).
*/
int html_sniff(const unsigned char *s, size_t n, int transport, size_t *bom_len,
               int *tentative);

/*
** The document as the tokenizer reads it: s[0..n) decoded from `enc` after
** a BOM of bom_len bytes, as valid UTF-8.  For UTF-8 input that is already
** valid nothing is copied: *text points into s.  Otherwise the text is
** written to out.  Returns URL_OK or out's error.
*/
int html_decode(url_buf *out, int enc, const unsigned char *s, size_t n,
                size_t bom_len, const char **text, size_t *len);

/*
** Where the tags of a decoded document are in its bytes: the k-th '<' of
** html_decode's text (0-based) comes from the k-th '<' unit of s[0..n)
** after the BOM: a byte 0x3C in every decoder but UTF-16's (a code unit
** 0x003C) and ISO-2022-JP's (0x3C in its ASCII and Roman states).  The
** single-byte and CJK decoders never make '<' of anything else, nor swallow
** a 0x3C (an ASCII byte after a bad lead is read again), and UTF-8 repair
** leaves it alone, so the k-th of one is the k-th of the other.  The map
** scans forward from where the previous question left it (a question about
** an earlier '<' starts again), so tags asked for in document order cost
** one pass over s in all.
*/
typedef struct html_lt_map {
  const unsigned char *s;
  size_t n, at; /* at: the next byte to look at */
  int enc, state;
  size_t found; /* '<' units before at */
  size_t bom;
  size_t last_k, last; /* the previous answer (a tag with several links) */
} html_lt_map;
void html_lt_map_init(html_lt_map *m, int enc, const unsigned char *s,
                      size_t n, size_t bom_len);
/* The byte offset in s of the k-th '<' unit, or n when there are fewer. */
size_t html_lt_source(html_lt_map *m, size_t k);

#endif /* HTML_SNIFF_H */
