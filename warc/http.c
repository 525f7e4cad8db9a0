/*
** HTTP messages inside WARC records (warc.h).  Skeleton.
*/
#include "warc.h"

#include <string.h>

int warc_http_parse(warc_http *h, const unsigned char *block, size_t n,
                    int is_request, const url_allocator *mem) {
  (void)is_request; (void)mem;
  h->status = -1;
  h->body = block;
  h->body_len = n;
  return WARC_OK;
}

void warc_http_free(warc_http *h, const url_allocator *mem) {
  if (h->headers) mem->release(h->headers);
  h->headers = NULL;
  h->n_headers = h->cap_headers = 0;
}

void warc_buf_free(warc_buf *b, const url_allocator *mem) {
  if (b->p) mem->release(b->p);
  memset(b, 0, sizeof *b);
}

int warc_payload(const warc_http *h, const warc_limits *limits,
                 const url_allocator *mem, warc_buf *buf,
                 const unsigned char **out_p, size_t *out_n,
                 char *note, size_t note_size) {
  (void)limits; (void)mem; (void)buf;
  *out_p = h->body;
  *out_n = h->body_len;
  if (note_size) note[0] = 0;
  return WARC_OK;
}

int warc_digest_check(const char *digest, size_t digest_len,
                      const unsigned char *data, size_t n) {
  (void)digest; (void)digest_len; (void)data; (void)n;
  return -1;
}
