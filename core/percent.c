/*
** Percent-encoding and -decoding (§1.3).
*/
#include "percent.h"

static const char HEX[] = "0123456789ABCDEF";

void url_pct_encode(url_buf *out, const char *s, size_t n,
                    const url_pct_set *set, int space_as_plus) {
  size_t run = 0; /* start of the pending run of bytes copied verbatim */
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (!url_pct_in(set, c) && !(space_as_plus && c == ' ')) continue;
    url_buf_append(out, s + run, i - run);
    run = i + 1;
    if (space_as_plus && c == ' ') {
      url_buf_putc(out, '+');
    } else {
      char e[3] = {'%', HEX[c >> 4], HEX[c & 15]};
      url_buf_append(out, e, 3);
    }
  }
  url_buf_append(out, s + run, n - run);
}

void url_pct_decode(url_buf *out, const char *s, size_t n, int plus_as_space) {
  size_t run = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '+' && plus_as_space) {
      url_buf_append(out, s + run, i - run);
      url_buf_putc(out, ' ');
      run = i + 1;
    } else if (c == '%' && i + 2 < n && url_is_hex((unsigned char)s[i + 1]) &&
               url_is_hex((unsigned char)s[i + 2])) {
      url_buf_append(out, s + run, i - run);
      url_buf_putc(out, (char)(url_hex_val((unsigned char)s[i + 1]) * 16 +
                               url_hex_val((unsigned char)s[i + 2])));
      i += 2;
      run = i + 1;
    }
  }
  url_buf_append(out, s + run, n - run);
}
