/*
** fuzz/warc_fuzz.c's oracles (a plain file and the same bytes as one gzip
** member give the same records; a seek to a record's offset reads it
** again) over the committed seeds (fuzz/warc_corpus/) and pseudo-random
** archives made of WARC's and ARC's own pieces: version lines, fields and
** their misspellings, Content-Length right, wrong or missing, line ends
** (CR LF, LF, CR CR LF), HTTP status and request lines, chunked bodies,
** content codings, bytes that are no record.  An oracle failure abort()s.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fuzz_run.h"

static const char *const VERSIONS[] = {"WARC/1.0", "WARC/1.1", "WARC/0.18", "WARC/", "WARC/9"};
static const char *const FIELDS[] = {
    "WARC-Type: response", "WARC-Type: request", "WARC-Type: revisit",
    "WARC-Type: resource", "WARC-Type: odd", "warc-type:response",
    "WARC-Target-URI: http://a.example/x", "WARC-Target-URI: <http://b/>",
    "WARC-Target-URI: http://a b/c", "Content-Type: application/http; msgtype=response",
    "Content-Type: application/http;msgtype=request", "Content-Type: text/plain",
    "WARC-Payload-Digest: sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5",
    "WARC-Payload-Digest: sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    "WARC-Concurrent-To: <urn:x>", " folded", "no colon here", ": empty name",
    "WARC-Segment-Number: 1", "WARC-Date: 2024-01-01T00:00:00Z"};
static const char *const ENDS[] = {"\r\n", "\n", "\r\r\n"};
static const char *const HTTP[] = {
    "HTTP/1.1 200 OK", "HTTP/1.0 302 ", "HTTPX/1.1 200 OK", "GET / HTTP/1.1",
    "POST /f HTTP/1.0", "HTTP/1.1 2000", "<html>"};
static const char *const HDRS[] = {
    "Content-Type: text/html; charset=utf-8", "Transfer-Encoding: chunked",
    "Content-Encoding: gzip", "Content-Encoding: br", "Content-Encoding: zstd",
    "Content-Encoding: deflate", "Content-Encoding: gzip, br", "Content-Encoding: x-gzip",
    "X-Crawler-Content-Encoding: gzip", " continued", "nocolon", "Content-Length: 3"};
static const char *const BODIES[] = {
    "abc", "3\r\nabc\r\n0\r\n\r\n", "3;x=1\r\nabc\r\n000\r\nT: 1\r\n\r\n", "A\r\n0123",
    "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x4b\x4c\x4a\x06\x00\xc2\x41\x24\x35\x03\x00\x00\x00",
    "\x28\xb5\x2f\xfd", "\x78\x9c\x4b\x4c\x4a\x06\x00\x02\x4d\x01\x27", "", "\0\0\0"};
static const char *const ARC[] = {
    "filedesc://f.arc 0.0.0.0 20080430204825 text/plain 10\n1 0 x\nURL\n",
    "http://a/1 1.2.3.4 20080430204826 text/html 3\nabc",
    "http://a/2 1.2.3.4 20080430204826 text/html -1\nxy\n",
    "http://a b/3 1.2.3.4 200804302048 text/html 2\nhi\n"};

static uint64_t st = 0x5DEECE66DULL;
static size_t pick(size_t n) { return (size_t)(fuzz_xorshift(&st) % n); }
#define PICK(a) a[pick(sizeof a / sizeof a[0])]

static char buf[65536];
static size_t at;
static void add(const char *s, size_t n) {
  if (at + n > sizeof buf) return;
  memcpy(buf + at, s, n);
  at += n;
}
static void adds(const char *s) { add(s, strlen(s)); }

static void body(char *out, size_t *n) {
  /* An HTTP message, or raw bytes. */
  size_t k = 0;
  const char *le = PICK(ENDS);
  const char *first = PICK(HTTP);
  int parts = (int)pick(4);
  k += (size_t)snprintf(out + k, 2048 - k, "%s%s", first, le);
  for (int i = 0; i < parts; i++) k += (size_t)snprintf(out + k, 2048 - k, "%s%s", PICK(HDRS), le);
  k += (size_t)snprintf(out + k, 2048 - k, "%s", pick(4) ? le : "");
  const char *b = PICK(BODIES);
  size_t bn = strlen(b); /* the gzip, zlib and NUL bodies hold NULs: */
  if (b == BODIES[4]) bn = 23;
  else if (b == BODIES[6]) bn = 11;
  else if (b == BODIES[8]) bn = 3;
  memcpy(out + k, b, bn);
  k += bn;
  *n = k;
}

int main(void) {
  int seeds = fuzz_run_seeds("fuzz/warc_corpus", 1 << 20);
  check_named(seeds > 0, "warc_fuzz: seeds read");
  int n = 4000;
  for (int t = 0; t < n; t++) {
    at = 0;
    int arc = pick(6) == 0;
    int records = 1 + (int)pick(5);
    for (int r = 0; r < records; r++) {
      if (arc) {
        adds(PICK(ARC));
        continue;
      }
      const char *le = PICK(ENDS);
      adds(PICK(VERSIONS));
      adds(le);
      int fields = (int)pick(6);
      for (int i = 0; i < fields; i++) {
        adds(PICK(FIELDS));
        adds(le);
      }
      char blk[2048];
      size_t bn;
      body(blk, &bn);
      char cl[64];
      long long declared = (long long)bn;
      size_t how = pick(8);
      if (how == 0) declared += (long long)pick(20);
      if (how == 1) declared -= (long long)pick(bn + 1);
      if (how != 2) {
        snprintf(cl, sizeof cl, "Content-Length: %lld%s", declared, le);
        adds(cl);
      }
      adds(le);
      add(blk, bn);
      static const char *const TAILS[] = {"\r\n\r\n", "\r\n", "", "\n\n\r\n\r\n", "junk\r\n"};
      adds(PICK(TAILS));
      if (pick(12) == 0) add("\0\0", 2); /* NUL padding */
    }
    if (pick(10) == 0 && at > 4) at -= pick(at / 2); /* cut short */
    LLVMFuzzerTestOneInput((const uint8_t *)buf, at);
    check(1);
  }
  printf("warc_fuzz: %d seeds, %d generated files\n", seeds, n);
  return check_summary();
}
