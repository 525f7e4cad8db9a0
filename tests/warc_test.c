/*
** tests/warc_test.c: the warc/ layer.  Every archive file of ../shared/warc
** read from its path and from memory (the same records), each record read
** again after a seek to its offset, the plain files' offsets against the
** CDX and record lists that come with them, and what each broken file
** gives; then round trips through tests/warc_writer.h (plain, gzip, zstd)
** and crafted broken files, limits and decompression bombs.
**
**   build/tests/warc_test            (from the repository root)
**   build/tests/warc_test FILE...    prints each record of FILE
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "mem_libc.h"
#include "shared_data.h"
#include "warc.h"
#include "warc_writer.h"

static const url_allocator *M = &url_mem_libc;

static int span_is(warc_span s, const char *lit) {
  return s.p && s.n == strlen(lit) && !memcmp(s.p, lit, s.n);
}

/* One record as the test compares it. */
typedef struct rec_sum {
  int64_t offset, length;
  int format, has_http, status;
  char type[32], uri[256], error[300], note[300];
  size_t block_n, payload_n;
  uint32_t block_crc, payload_crc;
  int digest_ok;
} rec_sum;

static uint32_t crc(const unsigned char *p, size_t n) {
  return (uint32_t)crc32(0, p, (uInt)n);
}

static void copy_span(char *dst, size_t size, warc_span s) {
  size_t k = s.p ? (s.n < size - 1 ? s.n : size - 1) : 0;
  if (k) memcpy(dst, s.p, k);
  dst[k] = 0;
}

/* Reads every record of r (at most max) into out; returns the count, or
   -1 on a reader error. */
static int read_all(warc_reader *r, rec_sum *out, int max, int one) {
  warc_record rec;
  warc_http h;
  memset(&h, 0, sizeof h);
  warc_buf b[2];
  memset(b, 0, sizeof b);
  int n = 0, rc;
  while ((rc = warc_next(r, &rec)) == WARC_OK) {
    if (n < max) {
      rec_sum *s = &out[n];
      memset(s, 0, sizeof *s);
      s->offset = rec.offset;
      s->length = rec.length;
      s->format = rec.format;
      s->has_http = rec.has_http;
      copy_span(s->type, sizeof s->type, rec.warc_type);
      copy_span(s->uri, sizeof s->uri, rec.target_uri);
      if (rec.error) snprintf(s->error, sizeof s->error, "%s", rec.error);
      const unsigned char *bl;
      size_t bn;
      warc_block(r, &bl, &bn);
      s->block_n = bn;
      s->block_crc = crc(bl, bn);
      s->status = -1;
      s->digest_ok = -1;
      if (rec.has_http) {
        warc_http_reset(&h, M);
        if (warc_http_parse(&h, bl, bn, span_is(rec.warc_type, "request"), M))
          return -1;
        s->status = h.status;
        const unsigned char *pp;
        size_t pn;
        if (warc_payload(&h, NULL, M, b, &pp, &pn, s->note, sizeof s->note) ==
            WARC_NOMEM)
          return -1;
        s->payload_n = pn;
        s->payload_crc = crc(pp, pn);
        if (rec.payload_digest.p)
          s->digest_ok = warc_digest_check(rec.payload_digest.p,
                                           rec.payload_digest.n, h.body, h.body_len);
      }
    }
    n++;
    if (one) break;
  }
  warc_http_free(&h, M);
  warc_buf_free(&b[0], M);
  warc_buf_free(&b[1], M);
  return rc == WARC_OK || rc == WARC_DONE ? n : -1;
}

static unsigned char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long k = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *p = malloc(k > 0 ? (size_t)k : 1);
  if (p && k > 0 && fread(p, 1, (size_t)k, f) != (size_t)k) {
    free(p);
    p = NULL;
  }
  fclose(f);
  *n = k > 0 ? (size_t)k : 0;
  return p;
}

static int same_rec(const rec_sum *a, const rec_sum *b) {
  return a->offset == b->offset && a->length == b->length &&
         a->format == b->format && a->status == b->status &&
         !strcmp(a->type, b->type) && !strcmp(a->uri, b->uri) &&
         !strcmp(a->error, b->error) && a->block_n == b->block_n &&
         a->block_crc == b->block_crc && a->payload_crc == b->payload_crc;
}

#define MAXREC 400
static rec_sum recs[MAXREC], again[MAXREC], one[1];

/* ---- every file of ../shared/warc ---- */

typedef struct file_stat {
  char rel[512];
  int records, errors;
  char first_error[300];
} file_stat;
static file_stat stats[128];
static int n_stats, total_records;

static void read_file(const char *dir, const char *rel) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  warc_reader *r;
  int rc = warc_open_file(&r, path, M, NULL);
  check_named(rc == WARC_OK, path);
  if (rc) {
    warc_close(r);
    return;
  }
  int n = read_all(r, recs, MAXREC, 0);
  warc_close(r);
  char what[1200];
  snprintf(what, sizeof what, "%s: read to the end", rel);
  check_named(n > 0 && n <= MAXREC, what);
  if (n <= 0) return;
  file_stat *st = &stats[n_stats < 127 ? n_stats++ : 127];
  snprintf(st->rel, sizeof st->rel, "%s", rel);
  st->records = n;
  st->errors = 0;
  st->first_error[0] = 0;
  total_records += n;
  for (int i = 0; i < n; i++) {
    if (recs[i].error[0]) {
      if (!st->errors) snprintf(st->first_error, sizeof st->first_error, "%s", recs[i].error);
      st->errors++;
    }
    snprintf(what, sizeof what, "%s: record %d has a format", rel, i);
    check_named(recs[i].format == WARC_FORMAT_WARC || recs[i].format == WARC_FORMAT_ARC, what);
  }
  /* From memory: the same records. */
  size_t len;
  unsigned char *data = slurp(path, &len);
  if (!data) {
    check_named(0, path);
    return;
  }
  rc = warc_open_mem(&r, data, len, M, NULL);
  int n2 = rc ? -1 : read_all(r, again, MAXREC, 0);
  warc_close(r);
  snprintf(what, sizeof what, "%s: from memory, the same %d records", rel, n);
  int same = n2 == n;
  for (int i = 0; same && i < n; i++) same = same_rec(&recs[i], &again[i]);
  check_named(same, what);
  /* A seek to each record's offset reads that record (where offsets are
     distinct: not inside a gzip member holding the whole file). */
  int seeks_ok = 1;
  for (int i = 0; i < n; i++) {
    if (recs[i].length < 0 || (i && recs[i].offset == recs[i - 1].offset) ||
        (i + 1 < n && recs[i + 1].offset == recs[i].offset))
      continue;
    if (recs[i].type[0] == 0) continue; /* a row for bytes that are none */
    if (strstr(recs[i].error, "skipped")) continue;
    rc = warc_open_mem(&r, data, len, M, NULL);
    if (!rc) rc = warc_seek(r, recs[i].offset);
    int k = rc ? -1 : read_all(r, one, 1, 1);
    warc_close(r);
    if (k != 1 || one[0].offset != recs[i].offset || strcmp(one[0].uri, recs[i].uri) ||
        one[0].block_crc != recs[i].block_crc || strcmp(one[0].type, recs[i].type)) {
      if (seeks_ok) printf("  seek %s record %d at %lld: got %d records, %s %s\n", rel, i,
                           (long long)recs[i].offset, k, one[0].type, one[0].uri);
      seeks_ok = 0;
    }
  }
  snprintf(what, sizeof what, "%s: a seek to each offset reads that record", rel);
  check_named(seeks_ok, what);
  free(data);
}

static int is_archive(const char *name) {
  const char *skip[] = {".md", ".py", ".txt", ".cdx"};
  size_t n = strlen(name);
  for (size_t i = 0; i < sizeof skip / sizeof *skip; i++) {
    size_t k = strlen(skip[i]);
    if (n >= k && !strcmp(name + n - k, skip[i])) return 0;
  }
  return name[0] != '.';
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every archive under dir/sub, sorted. */
static void walk(const char *dir, const char *sub) {
  char path[1024];
  snprintf(path, sizeof path, "%s%s%s", dir, *sub ? "/" : "", sub);
  DIR *d = opendir(path);
  if (!d) return;
  char *names[256];
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) && n < 256) {
    if (e->d_name[0] == '.') continue;
    names[n++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof *names, cmp_str);
  for (int i = 0; i < n; i++) {
    char rel[512], full[1200];
    snprintf(rel, sizeof rel, "%s%s%s", sub, *sub ? "/" : "", names[i]);
    snprintf(full, sizeof full, "%s/%s", dir, rel);
    struct stat stt;
    if (stat(full, &stt) == 0 && S_ISDIR(stt.st_mode)) walk(dir, rel);
    else if (is_archive(names[i])) read_file(dir, rel);
    free(names[i]);
  }
}

static const file_stat *stat_of(const char *rel) {
  for (int i = 0; i < n_stats; i++)
    if (!strcmp(stats[i].rel, rel)) return &stats[i];
  return NULL;
}

static void expect_count(const char *rel, int records) {
  const file_stat *s = stat_of(rel);
  char what[512];
  snprintf(what, sizeof what, "%s: %d records (got %d)", rel, records, s ? s->records : -1);
  check_named(s && s->records == records, what);
}

static void expect_error(const char *rel, const char *part) {
  const file_stat *s = stat_of(rel);
  char what[700];
  snprintf(what, sizeof what, "%s: an error with \"%s\" (got \"%s\")", rel, part,
           s ? s->first_error : "no file");
  check_named(s && strstr(s->first_error, part), what);
}

static void expect_clean(const char *rel) {
  const file_stat *s = stat_of(rel);
  char what[700];
  snprintf(what, sizeof what, "%s: no record error (got \"%s\")", rel,
           s ? s->first_error : "no file");
  check_named(s && s->errors == 0, what);
}

/* Reads rel's records again into recs. */
static int reread(const char *dir, const char *rel) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  warc_reader *r;
  if (warc_open_file(&r, path, M, NULL)) {
    warc_close(r);
    return -1;
  }
  int n = read_all(r, recs, MAXREC, 0);
  warc_close(r);
  return n;
}

static void shared_files(void) {
  char dir[1024];
  shared_path(dir, sizeof dir, "warc");
  DIR *d = opendir(dir);
  if (!d) {
    printf("skipped: %s is absent (the shared WARC files; make SHARED_DIR=DIR)\n", dir);
    return;
  }
  closedir(d);
  printf("data: %s\n", dir);
  walk(dir, "");

  /* Counts the files' SOURCES.md states, and the synthetic record list. */
  expect_count("pywb/iana.warc.gz", 343);
  expect_count("pywb/dupes.warc.gz", 25);
  expect_count("resiliparse/warcfile.warc", 50);
  expect_count("resiliparse/warcfile.warc.gz", 50);
  expect_count("webarchive-commons/IAH-urls-wget.warc", 36);
  expect_count("webarchive-commons/IAH-urls-wget.warc.gz", 36);
  expect_count("resiliparse/block-sized-records.warc", 3);
  expect_count("resiliparse/block-sized-records.warc.gz", 3);
  const char *edge[] = {"synthetic/edge-cases.warc", "synthetic/edge-cases.warc.gz",
                        "synthetic/edge-cases-split-member.warc.gz",
                        "synthetic/edge-cases.warc.zst", "synthetic/edge-cases-dict.warc.zst"};
  for (int i = 0; i < 5; i++) {
    expect_count(edge[i], 30);
    expect_clean(edge[i]);
  }
  /* The plain file's offsets are those of edge-cases.records.txt (which
     counts the closing CR LF CR LF in the length: CDX does not). */
  FILE *f = fopen(strcat(strcpy((char[1100]){0}, dir), "/synthetic/edge-cases.records.txt"), "r");
  int n = reread(dir, "synthetic/edge-cases.warc");
  if (f && n == 30) {
    long long idx, off, len;
    char name[200];
    int ok = 1, rows = 0;
    while (fscanf(f, "%lld %lld %lld %199s", &idx, &off, &len, name) == 4) {
      rows++;
      if (idx < 0 || idx >= 30 || recs[idx].offset != off ||
          recs[idx].length > len - 4 || recs[idx].length < len - 12) {
        printf("  edge-cases record %lld (%s): offset %lld length %lld, list %lld %lld\n",
               idx, name, (long long)recs[idx].offset, (long long)recs[idx].length, off, len);
        ok = 0;
      }
    }
    check_named(ok && rows == 30, "edge-cases.warc: offsets of edge-cases.records.txt");
    /* What the synthetic records are made to show. */
    check_named(recs[2].payload_n == 650 && !recs[2].note[0], "edge-cases: chunked + gzip decoded");
    check_named(!recs[3].note[0] && recs[3].payload_n > 0, "edge-cases: br decoded");
    check_named(!recs[4].note[0], "edge-cases: zstd decoded");
    check_named(!recs[5].note[0] && recs[5].payload_n == 650, "edge-cases: deflate (zlib) decoded");
    check_named(!recs[6].note[0], "edge-cases: deflate (raw) decoded");
    check_named(strstr(recs[7].note, "does not decode") != NULL, "edge-cases: gzip that is not gzip kept, said");
    check_named(!recs[8].note[0], "edge-cases: x-gzip decoded");
    check_named(!recs[9].note[0] && recs[9].payload_n == 650, "edge-cases: gzip, br decoded");
    check_named(recs[11].status == -1 && recs[11].payload_n == recs[11].block_n,
                "edge-cases: HTTP/0.9, the block is the payload");
    check_named(recs[12].status == 200, "edge-cases: LF-only headers, fold, no reason");
    check_named(!strcmp(recs[13].uri, "http://example.com/angle"), "edge-cases: <> removed");
    check_named(!strcmp(recs[14].uri, "http://example.com/with space?q=a b"), "edge-cases: space kept");
    check_named(!strcmp(recs[29].type, "x-custom"), "edge-cases: unknown type as written");
    check_named(strstr(recs[24].note, "does not decode") != NULL, "edge-cases: cut gzip body said");
    int digests = 1;
    for (int i = 0; i < 30; i++)
      if (recs[i].digest_ok == 0 && strcmp(recs[i].type, "revisit") &&
          !strstr(recs[i].uri, "segmented"))
        digests = 0, printf("  edge-cases record %d: payload digest does not match\n", i);
    check_named(digests, "edge-cases: every payload digest matches payload_raw");
  } else {
    check_named(0, "edge-cases.records.txt and edge-cases.warc read");
  }
  if (f) fclose(f);
  /* hello-world.warc's CDX: offset and length of its response. */
  n = reread(dir, "warc-specifications/hello-world.warc");
  int found = 0;
  for (int i = 0; i < n; i++)
    if (recs[i].offset == 1260 && recs[i].length == 1085) found = 1;
  check_named(found, "hello-world.warc: the CDX's offset 1260 and length 1085");

  /* Each broken file's behaviour. */
  expect_error("warcio/example-trunc.warc", "length 973 is wrong: 6 bytes after the block");
  expect_error("warcio.js/example-bad-length.warc", "length 974 is wrong");
  expect_error("pywb/example.warc", "length 320 is wrong: 7 bytes after the block");
  expect_error("warcio/bad.arc", "ARC length -1");
  expect_error("resiliparse/clipped.warc.gz", "cut short");
  expect_error("webarchive-commons/double-single-inflate-error.gz", "does not inflate");
  expect_error("warcio/example-space-in-url.arc", "block cut short");
  expect_count("warcio/example-bad-non-chunked.warc.gz", 6);
  expect_count("warcio/example-bad.warc.gz.bad", 6);
  expect_count("warcio/example-wrong-chunks.warc.gz", 2);
  expect_clean("warcio/example-wrong-chunks.warc.gz");
  expect_count("webarchive-commons/IAH-20080430204825-00000-blackbook-truncated.arc", 9);
  expect_clean("webarchive-commons/IAH-20080430204825-00000-blackbook-truncated.arc");
  expect_clean("pywb/example-extra.warc");
  expect_clean("warc-specifications/dedup-samples/20141124-heritrix-server-not-modified.warc.gz");
  n = reread(dir, "pywb/missing-status-text.warc");
  check_named(n == 1 && recs[0].status == 302, "missing-status-text.warc: \\r\\r\\n lines, 302");
  n = reread(dir, "pywb/example-extra.warc");
  found = 0;
  for (int i = 0; i < n; i++) found |= recs[i].status == 200 && strstr(recs[i].uri, "example");
  check_named(found, "example-extra.warc: HTTPX/1.1 200 read as a status line");
  n = reread(dir, "warcio/example-wget-bad-target-uri.warc.gz");
  found = 0;
  for (int i = 0; i < n; i++) found |= recs[i].uri[0] && recs[i].uri[0] != '<';
  check_named(found, "wget 1.19 <target>: brackets removed");

  int with_errors = 0;
  for (int i = 0; i < n_stats; i++) with_errors += stats[i].errors > 0;
  printf("shared: %d files, %d records; %d files with a record error:\n", n_stats,
         total_records, with_errors);
  for (int i = 0; i < n_stats; i++)
    if (stats[i].errors)
      printf("  %s: %d of %d records: %s\n", stats[i].rel, stats[i].errors,
             stats[i].records, stats[i].first_error);
}

/* ---- round trips and crafted files ---- */

static const char *http_resp =
    "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>hello</p>";

static void write_three(ww_file *f) {
  ww_record(f, "1.1", "WARC-Type: warcinfo\r\nContent-Type: application/warc-fields",
            "software: t\r\n", 13, -1, NULL, NULL);
  ww_record(f, "1.1",
            "WARC-Type: response\r\nWARC-Target-URI: http://a.example/x\r\n"
            "Content-Type: application/http; msgtype=response",
            http_resp, strlen(http_resp), -1, NULL, NULL);
  ww_record(f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: <dns:a.example>\r\n"
                      "WARC-Concurrent-To: <urn:a>\r\nWARC-Concurrent-To: <urn:b>",
            "1.2.3.4", 7, -1, NULL, NULL);
}

static void round_trips(void) {
  for (int comp = 0; comp < 3; comp++) {
    ww_file f = {.comp = (enum ww_comp)comp};
    write_three(&f);
    warc_reader *r;
    int rc = warc_open_mem(&r, f.out.p, f.out.n, M, NULL);
    int n = rc ? -1 : read_all(r, recs, MAXREC, 0);
    warc_close(r);
    char what[200];
    snprintf(what, sizeof what, "round trip (compression %d): 3 records", comp);
    check_named(n == 3, what);
    int ok = n == 3;
    for (int i = 0; ok && i < 3; i++)
      ok = recs[i].offset == f.offset[i] && recs[i].length == f.length[i] && !recs[i].error[0];
    snprintf(what, sizeof what, "round trip (compression %d): offsets and lengths as written", comp);
    check_named(ok, what);
    check_named(n == 3 && recs[1].status == 200 && recs[1].payload_n == 12 &&
                    !strcmp(recs[2].uri, "dns:a.example") && recs[2].block_n == 7,
                "round trip: status, payload, <> removed");
    ww_free(&f.out);
  }
  /* Repeated fields kept, in order. */
  ww_file f = {0};
  write_three(&f);
  warc_reader *r;
  warc_record rec;
  warc_open_mem(&r, f.out.p, f.out.n, M, NULL);
  int k = 0;
  while (warc_next(r, &rec) == WARC_OK && k < 2) k++;
  int conc = 0;
  for (size_t i = 0; i < rec.n_fields; i++)
    conc += span_is(rec.fields[i].name, "WARC-Concurrent-To");
  check_named(conc == 2 && span_is(rec.version, "1.0"), "repeated WARC-Concurrent-To kept");
  warc_close(r);
  ww_free(&f.out);
}

/* Reads buf, returning the records in recs. */
static int read_buf(const void *p, size_t n, const warc_limits *lim) {
  warc_reader *r;
  int rc = warc_open_mem(&r, p, n, M, lim);
  int k = rc ? -1 : read_all(r, recs, MAXREC, 0);
  warc_close(r);
  return k;
}

static int digest_is(const char *d, const char *data) {
  return warc_digest_check(d, strlen(d), (const unsigned char *)data, strlen(data));
}

static void crafted(void) {
  /* A Content-Length too long: the next record starts inside the block. */
  ww_file f = {0};
  ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/1", "abc", 3, 40,
            NULL, NULL);
  ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/2", "defgh", 5, -1,
            NULL, NULL);
  int n = read_buf(f.out.p, f.out.n, NULL);
  check_named(n == 2 && strstr(recs[0].error, "length 40 is wrong: the next record starts") &&
                  !strcmp(recs[1].uri, "http://a/2") && recs[1].block_n == 5,
              "Content-Length too long: the next record found inside");
  ww_free(&f.out);
  /* Too short. */
  ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/1", "abcdef", 6, 2,
            NULL, NULL);
  ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/2", "x", 1, -1, NULL,
            NULL);
  n = read_buf(f.out.p, f.out.n, NULL);
  check_named(n == 2 && strstr(recs[0].error, "length 2 is wrong: 8 bytes after the block") &&
                  !strcmp(recs[1].uri, "http://a/2") && !recs[1].error[0],
              "Content-Length too short: said, the next record read");
  ww_free(&f.out);
  /* No CR LF CR LF between records; bare LF and CR CR LF header lines. */
  ww_record(&f, "1.1", "WARC-Type: resource\r\nWARC-Target-URI: http://a/1", "ab", 2, -1, "",
            "\n");
  ww_record(&f, "1.1", "WARC-Type: resource\r\nWARC-Target-URI: http://a/2", "cd", 2, -1,
            "\r\n\r\n\r\n\r\n", "\r\r\n");
  ww_record(&f, "1.1", "WARC-Type: resource\r\nWARC-Target-URI: http://a/3", "ef", 2, -1, "\n",
            NULL);
  n = read_buf(f.out.p, f.out.n, NULL);
  check_named(n == 3 && !recs[0].error[0] && !recs[1].error[0] && !recs[2].error[0] &&
                  !strcmp(recs[1].uri, "http://a/2") && recs[2].block_n == 2,
              "missing and extra CR LF, LF and CR CR LF lines: read, no error");
  ww_free(&f.out);
  /* Junk between records. */
  ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/1", "ab", 2, -1,
            "\r\n\r\ngarbage here\r\nmore\r\n", NULL);
  ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/2", "cd", 2, -1, NULL,
            NULL);
  n = read_buf(f.out.p, f.out.n, NULL);
  check_named(n == 2 && strstr(recs[0].error, "length 2 is wrong") &&
                  !strcmp(recs[1].uri, "http://a/2"),
              "bytes between records: said, skipped");
  ww_free(&f.out);
  /* A gzip file cut inside a member: the record says so. */
  f.comp = WW_GZIP;
  char big[3000];
  uint32_t seed = 12345;
  for (size_t i = 0; i < sizeof big; i++) {
    seed = seed * 1103515245u + 12345u;
    big[i] = (char)(seed >> 16);
  }
  ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/1", "ab", 2, -1, NULL,
            NULL);
  ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/2", big, sizeof big,
            -1, NULL, NULL);
  n = read_buf(f.out.p, f.out.n - 100, NULL);
  check_named(n == 2 && !recs[0].error[0] && strstr(recs[1].error, "cut short"),
              "gzip cut inside a member: an error, not a shorter answer");
  ww_free(&f.out);
  /* A block over the limit: said, skipped, the next record read. */
  f.comp = WW_PLAIN;
  ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/1", big, sizeof big,
            -1, NULL, NULL);
  ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/2", "cd", 2, -1, NULL,
            NULL);
  warc_limits lim = {.max_block = 1000};
  n = read_buf(f.out.p, f.out.n, &lim);
  check_named(n == 2 && strstr(recs[0].error, "over the limit") && recs[0].block_n == 0 &&
                  !strcmp(recs[1].uri, "http://a/2"),
              "block over max_block: said, the next record read");
  ww_free(&f.out);
  /* A decompression bomb in a content coding: kept as stored, said. */
  size_t zn = 20u << 20;
  unsigned char *zeros = calloc(1, zn);
  ww_buf gz = {0}, block = {0};
  ww_deflate(&gz, zeros, zn, 16 + 15);
  free(zeros);
  ww_puts(&block, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n");
  ww_put(&block, gz.p, gz.n);
  ww_record(&f, "1.0",
            "WARC-Type: response\r\nWARC-Target-URI: http://a/bomb\r\n"
            "Content-Type: application/http; msgtype=response",
            block.p, block.n, -1, NULL, NULL);
  n = read_buf(f.out.p, f.out.n, NULL);
  check_named(n == 1 && strstr(recs[0].note, "bomb") && recs[0].payload_n == gz.n,
              "a gzip bomb (20 MB of zeros): stopped at the limit, kept as stored");
  ww_free(&gz);
  ww_free(&block);
  ww_free(&f.out);
  /* Common Crawl stores bodies decoded and renames their headers: an
     X-Crawler-Content-Encoding is not decoded again. */
  const char *cc = "HTTP/1.1 200 OK\r\nX-Crawler-Content-Encoding: gzip\r\n"
                   "X-Crawler-Transfer-Encoding: chunked\r\n\r\nplain";
  ww_record(&f, "1.0",
            "WARC-Type: response\r\nWARC-Target-URI: http://a/cc\r\n"
            "Content-Type: application/http; msgtype=response",
            cc, strlen(cc), -1, NULL, NULL);
  n = read_buf(f.out.p, f.out.n, NULL);
  check_named(n == 1 && recs[0].payload_n == 5 && !recs[0].note[0],
              "X-Crawler-Content-Encoding: the body as stored, no note");
  ww_free(&f.out);
  /* ARC: no newline between records, a length of -1. */
  const char *arc =
      "filedesc://x.arc 0.0.0.0 20080430204825 text/plain 76\n"
      "1 0 InternetArchive\nURL IP-address Archive-date Content-type Archive-length\n"
      "http://a/1 1.2.3.4 20080430204826 text/plain 3\nabc"
      "http://a/2 1.2.3.4 20080430204827 text/plain -1\nxyz\n\n"
      "http://a b/3 1.2.3.4 20080430204828 text/plain 2\nhi\n";
  n = read_buf(arc, strlen(arc), NULL);
  check_named(n == 4 && recs[0].format == WARC_FORMAT_ARC && !strcmp(recs[0].type, "warcinfo") &&
                  recs[1].block_n == 3 && !recs[1].error[0] && strstr(recs[2].error, "-1") &&
                  recs[2].block_n == 4 && !strcmp(recs[3].uri, "http://a b/3"),
              "ARC: no newline between records, length -1, a space in the URL");
  /* ARC v2: ten fields per URL record, named as the filedesc lists them. */
  const char *arc2 =
      "filedesc://y.arc 0.0.0.0 20080430204825 text/plain 200 - - 0 y.arc 123\n"
      "2 0 InternetArchive\nURL IP-address Archive-date Content-type Result-code "
      "Checksum Location Offset Filename Archive-length\n\n"
      "http://a/1 1.2.3.4 20080430204826 text/html 200 ABC - 0 y.arc 46\n"
      "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\nhi\n";
  warc_reader *r2;
  warc_record rec;
  int ok2 = warc_open_mem(&r2, arc2, strlen(arc2), M, NULL) == WARC_OK;
  int k2 = 0;
  while (ok2 && warc_next(r2, &rec) == WARC_OK) {
    if (k2 == 0) ok2 = span_is(rec.version, "2") && !rec.error;
    if (k2 == 1)
      ok2 = rec.n_fields == 10 && span_is(rec.fields[4].name, "Result-code") &&
            span_is(rec.fields[4].value, "200") && span_is(rec.target_uri, "http://a/1") &&
            span_is(rec.date, "2008-04-30T20:48:26Z") && rec.has_http && !rec.error;
    k2++;
  }
  warc_close(r2);
  check_named(ok2 && k2 == 2, "ARC v2: version 2, ten fields, the HTTP response");
  /* Empty and nonsense input. */
  check_named(read_buf("", 0, NULL) == 0, "an empty file: no records");
  char tmp[] = "/tmp/warc_test_XXXXXX";
  int fd = mkstemp(tmp);
  if (fd >= 0) {
    close(fd);
    warc_reader *re;
    warc_record rr;
    int rc0 = warc_open_file(&re, tmp, M, NULL);
    check_named(rc0 == WARC_OK && warc_next(re, &rr) == WARC_DONE,
                "an empty file on disk: no records");
    warc_close(re);
    unlink(tmp);
  }
  n = read_buf("hello world\n", 12, NULL);
  check_named(n == 1 && strstr(recs[0].error, "no record"), "no archive: one row saying so");
  /* Digests in every form. */
  check_named(digest_is("sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5", "abc") == 1, "sha1 base32");
  check_named(digest_is("sha1:vgmt4nsha2awvor6evyxqugcnsonbwe5", "abc") == 1, "sha1 base32, lower case");
  check_named(digest_is("SHA-1:a9993e364706816aba3e25717850c26c9cd0d89d", "abc") == 1, "SHA-1 hex");
  check_named(digest_is("sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                        "abc") == 1, "sha256 hex");
  check_named(digest_is("md5:900150983cd24fb0d6963f7d28e17f72", "abc") == 1, "md5 hex");
  check_named(digest_is("sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE4", "abc") == 0,
              "sha1 that does not match");
  check_named(digest_is("sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE", "abc") == -1,
              "sha1 of the wrong length: unknown");
  check_named(digest_is("crc:1234", "abc") == -1, "unknown label");
}

static double secs(clock_t c) { return (double)(clock() - c) / CLOCKS_PER_SEC; }

/* A record of 100 MB (plain and as one gzip member) and 100,000 small
   records (plain and a member each): read whole, memory one record. */
static void growth(void) {
  size_t big = 100u << 20;
  char *block = malloc(big);
  if (!block) abort();
  memset(block, 'x', big);
  for (int comp = 0; comp < 2; comp++) {
    ww_file f = {.comp = comp ? WW_GZIP : WW_PLAIN};
    ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/big", block, big,
              -1, NULL, NULL);
    ww_record(&f, "1.0", "WARC-Type: resource\r\nWARC-Target-URI: http://a/after", "z", 1, -1,
              NULL, NULL);
    clock_t c = clock();
    int n = read_buf(f.out.p, f.out.n, NULL);
    double t = secs(c);
    char what[200];
    snprintf(what, sizeof what, "a 100 MB record (%s): read whole, then the next",
             comp ? "gzip" : "plain");
    check_named(n == 2 && recs[0].block_n == big && recs[0].length == f.length[0] &&
                    !recs[0].error[0] && !strcmp(recs[1].uri, "http://a/after"),
                what);
    printf("growth: a 100 MB record, %s (%zu bytes): %.2f s\n", comp ? "gzip" : "plain",
           f.out.n, t);
    ww_free(&f.out);
  }
  free(block);
  for (int comp = 0; comp < 2; comp++) {
    ww_file f = {.comp = comp ? WW_GZIP : WW_PLAIN};
    for (int i = 0; i < 100000; i++)
      ww_record(&f, "1.1", "WARC-Type: resource\r\nWARC-Target-URI: http://a/x", "abc", 3, -1,
                NULL, NULL);
    clock_t c = clock();
    warc_reader *r;
    warc_record rec;
    int n = 0, rc = warc_open_mem(&r, f.out.p, f.out.n, M, NULL), ok = 1;
    int64_t last = -1;
    while (!rc && warc_next(r, &rec) == WARC_OK) {
      if (rec.offset <= last || rec.error) ok = 0;
      last = rec.offset;
      n++;
    }
    warc_close(r);
    double t = secs(c);
    char what[200];
    snprintf(what, sizeof what, "100,000 small records (%s): each read, offsets growing",
             comp ? "gzip" : "plain");
    check_named(n == 100000 && ok && last == f.offset[255] + (int64_t)(n - 256) * (f.offset[1] - f.offset[0]),
                what);
    printf("growth: 100,000 records, %s (%zu bytes): %.2f s\n", comp ? "gzip" : "plain",
           f.out.n, t);
    ww_free(&f.out);
  }
}

static void dump(const char *path) {
  warc_reader *r;
  if (warc_open_file(&r, path, M, NULL)) {
    printf("%s: %s\n", path, warc_error_text(r));
    warc_close(r);
    return;
  }
  int n = read_all(r, recs, MAXREC, 0);
  warc_close(r);
  for (int i = 0; i < n && i < MAXREC; i++)
    printf("%d\t%lld\t%lld\t%s\t%s\t%d\t%zu\t%d\t%s%s%s\n", i, (long long)recs[i].offset,
           (long long)recs[i].length, recs[i].type, recs[i].uri, recs[i].status,
           recs[i].payload_n, recs[i].digest_ok, recs[i].error, recs[i].note[0] ? " / " : "",
           recs[i].note);
}

int main(int argc, char **argv) {
  if (argc > 1) {
    for (int i = 1; i < argc; i++) dump(argv[i]);
    return 0;
  }
  shared_files();
  round_trips();
  crafted();
  growth();
  return check_summary();
}
