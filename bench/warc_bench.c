/*
** warc_bench: what scanning a .warc.gz costs against inflating it, in one
** process.  `make bench` runs it after html_bench; alone:
**
**   build/bench/warc_bench build/url.so [build/bench/warc-bench.warc.gz]
**
** The input is made here, once, into build/bench/ (never committed): the
** per-record gzip files of ../shared/warc (pywb/iana.warc.gz,
** resiliparse/warcfile.warc.gz, webarchive-commons/IAH-urls-wget.warc.gz,
** cdxj-indexer/cc.warc.gz, warcio/example.warc.gz) concatenated, whole
** members of real records, until it is BENCH_WARC_MB (default 50) MB.  The
** file is read into memory first; every row below reads that memory.
**
** Times are CPU seconds of the measuring thread (a shared machine's load
** does not count; page-cache reads of the SQL rows do).  Rows, each the
** best of BENCH_ROUNDS (default 5) rounds (a round runs
** every in-process row once, in turn, so load from other processes falls
** on all rows alike), in MB/s of the
** compressed file and as a ratio to zlib's time:
**   zlib inflate     inflate() member after member (windowBits 31), output
**                    dropped: the floor a zlib-based reader cannot go below
**   isa-l igzip      isal_inflate, gzip framing, the same way
**   libdeflate       libdeflate_gzip_decompress_ex member by member
**   records+status   warc/'s reader: every record's header, and the HTTP
**                    status of each that has an HTTP message (the issue's
**                    aim: at most 1.15x zlib)
**   +payloads        the same with every payload de-chunked and decoded
**                    (aim: at most 1.5x zlib)
**   warcio.js        ArchiveIterator-like walk of warcio.js (Node, another
**                    process: tools/gen-warc-expected/warcio_walk.mjs),
**                    every record read fully; skipped without node or
**                    warcio.js (WARCIO_JS=dir of the npm package).  Python
**                    warcio is not installable here (no PyPI), so not it.
** Then through SQLite (the extension loaded): SELECT count(http_status)
** and sum(length(payload)) FROM warc_records(file) (the file read from
** disk, the page cache warm), and url_links over every HTML response
** (warc_records joined with url_links) in MB/s of HTML payload.
*/
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <zlib.h>

#include "mem_libc.h"
#include "warc.h"

static const char *const SOURCES[] = {
    "warc/pywb/iana.warc.gz",
    "warc/resiliparse/warcfile.warc.gz",
    "warc/webarchive-commons/IAH-urls-wget.warc.gz",
    "warc/cdxj-indexer/cc.warc.gz",
    "warc/warcio/example.warc.gz",
};

static unsigned char g_out[1 << 18]; /* inflate output, dropped */

/* CPU time of this thread, not wall-clock time: on a machine shared with
   other builds, waiting for a processor must not count. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static unsigned char *read_all(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 20, len = 0;
  unsigned char *p = malloc(cap);
  while (p) {
    if (len == cap) {
      unsigned char *q = realloc(p, cap * 2);
      if (!q) { free(p); p = NULL; break; }
      p = q;
      cap *= 2;
    }
    size_t got = fread(p + len, 1, cap - len, f);
    if (got == 0) break;
    len += got;
  }
  fclose(f);
  *n = len;
  return p;
}

/* Makes the input file unless it is there with at least the size asked. */
static int make_input(const char *out, size_t target) {
  struct stat st;
  if (stat(out, &st) == 0 && (size_t)st.st_size >= target) return 0;
  const char *shared = getenv("SHARED_DIR");
  if (!shared || !*shared) shared = "../shared";
  unsigned char *src[5];
  size_t srcn[5];
  for (int i = 0; i < 5; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", shared, SOURCES[i]);
    src[i] = read_all(path, &srcn[i]);
    if (!src[i]) {
      fprintf(stderr, "warc_bench: cannot read %s (SHARED_DIR)\n", path);
      for (int j = 0; j < i; j++) free(src[j]);
      return -1;
    }
  }
  FILE *f = fopen(out, "wb");
  if (!f) { perror(out); return -1; }
  size_t total = 0;
  int rc = 0;
  while (total < target && rc == 0)
    for (int i = 0; i < 5 && rc == 0; i++) {
      if (fwrite(src[i], 1, srcn[i], f) != srcn[i]) rc = -1;
      total += srcn[i];
    }
  if (fclose(f) != 0) rc = -1;
  for (int i = 0; i < 5; i++) free(src[i]);
  return rc;
}

/* ---------------------------------------------------------- inflaters */

static long long run_zlib(const unsigned char *in, size_t n) {
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit2(&z, 31) != Z_OK) return -1;
  long long out = 0;
  z.next_in = (unsigned char *)in;
  z.avail_in = (uInt)n;
  while (z.avail_in > 0) {
    z.next_out = g_out;
    z.avail_out = sizeof g_out;
    int rc = inflate(&z, Z_NO_FLUSH);
    out += (long long)(sizeof g_out - z.avail_out);
    if (rc == Z_STREAM_END) {
      if (inflateReset(&z) != Z_OK) break;
    } else if (rc != Z_OK) {
      out = -1;
      break;
    }
  }
  inflateEnd(&z);
  return out;
}

static long long run_isal(const unsigned char *in, size_t n) {
  struct inflate_state *s = malloc(sizeof *s);
  if (!s) return -1;
  isal_inflate_init(s);
  s->crc_flag = ISAL_GZIP;
  s->next_in = (uint8_t *)in;
  s->avail_in = (uint32_t)n;
  long long out = 0;
  while (s->avail_in > 0) {
    s->next_out = g_out;
    s->avail_out = sizeof g_out;
    int rc = isal_inflate(s);
    out += (long long)(sizeof g_out - s->avail_out);
    if (rc != ISAL_DECOMP_OK) { out = -1; break; }
    if (s->block_state == ISAL_BLOCK_FINISH) {
      uint8_t *next = s->next_in;
      uint32_t left = s->avail_in;
      isal_inflate_reset(s);
      s->crc_flag = ISAL_GZIP;
      s->next_in = next;
      s->avail_in = left;
    }
  }
  free(s);
  return out;
}

static long long run_libdeflate(const unsigned char *in, size_t n) {
  struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
  if (!d) return -1;
  size_t cap = 1 << 24;
  unsigned char *buf = malloc(cap);
  long long out = 0;
  size_t pos = 0;
  while (buf && pos < n) {
    size_t used = 0, got = 0;
    enum libdeflate_result rc = libdeflate_gzip_decompress_ex(
        d, in + pos, n - pos, buf, cap, &used, &got);
    if (rc == LIBDEFLATE_INSUFFICIENT_SPACE) {
      unsigned char *q = realloc(buf, cap * 2);
      if (!q) break;
      buf = q;
      cap *= 2;
      continue;
    }
    if (rc != LIBDEFLATE_SUCCESS) { out = -1; break; }
    out += (long long)got;
    pos += used;
  }
  free(buf);
  libdeflate_free_decompressor(d);
  return out;
}

/* ------------------------------------------------------------- reader */

typedef struct scan_count {
  long long records, statuses, payload_bytes;
} scan_count;

static long long run_reader(const unsigned char *in, size_t n, int payloads,
                            scan_count *c) {
  warc_reader *r;
  memset(c, 0, sizeof *c);
  if (warc_open_mem(&r, in, n, &url_mem_libc, NULL) != WARC_OK) return -1;
  warc_record rec;
  warc_buf buf = {0};
  int rc;
  while ((rc = warc_next(r, &rec)) == WARC_OK) {
    c->records++;
    if (!rec.has_http) continue;
    const unsigned char *b;
    size_t bn;
    if (warc_block(r, &b, &bn) != WARC_OK) continue;
    warc_http h;
    memset(&h, 0, sizeof h);
    int is_req = rec.warc_type.n == 7 && memcmp(rec.warc_type.p, "request", 7) == 0;
    if (warc_http_parse(&h, b, bn, is_req, &url_mem_libc) == WARC_OK) {
      if (h.status >= 0) c->statuses++;
      if (payloads) {
        const unsigned char *pp;
        size_t pn;
        char note[128];
        buf.n = 0;
        if (warc_payload(&h, NULL, &url_mem_libc, &buf, &pp, &pn, note,
                         sizeof note) == WARC_OK)
          c->payload_bytes += (long long)pn;
      }
    }
    warc_http_free(&h, &url_mem_libc);
  }
  warc_buf_free(&buf, &url_mem_libc);
  warc_close(r);
  return rc == WARC_DONE ? c->records : -1;
}

/* -------------------------------------------------------------- timing */

static int g_rounds = 5;


/* Each round runs every in-process row once, in turn, so that load from
   other processes on a shared machine falls on all of them alike; each row
   keeps its best round. */
enum { R_ZLIB, R_ISAL, R_LIBDEFLATE, R_STATUS, R_PAYLOAD, N_ROWS };

static void measure(const unsigned char *in, size_t n, double best[N_ROWS],
                    long long out[N_ROWS], scan_count *cs, scan_count *cp) {
  for (int i = 0; i < N_ROWS; i++) best[i] = 1e30, out[i] = 0;
  for (int round = 0; round < g_rounds; round++)
    for (int i = 0; i < N_ROWS; i++) {
      double t = now();
      switch (i) {
      case R_ZLIB: out[i] = run_zlib(in, n); break;
      case R_ISAL: out[i] = run_isal(in, n); break;
      case R_LIBDEFLATE: out[i] = run_libdeflate(in, n); break;
      case R_STATUS: out[i] = run_reader(in, n, 0, cs); break;
      default: out[i] = run_reader(in, n, 1, cp); break;
      }
      t = now() - t;
      if (t < best[i]) best[i] = t;
    }
}

static void row(const char *label, double t, double base, size_t n, const char *extra) {
  printf("  %-16s %8.1f MB/s  %6.3f CPU s  %5.2fx zlib  %s\n", label,
         (double)n / 1e6 / t, t, t / base, extra);
}

/* warcio.js over the same file, in Node: seconds, or < 0 if it cannot run. */
static double run_warcio_js(const char *file, char *what, size_t what_n) {
  char cmd[8192];
  snprintf(cmd, sizeof cmd,
           "node tools/gen-warc-expected/warcio_walk.mjs '%s' 2>/dev/null", file);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  double secs = -1;
  long long recs = 0;
  if (fscanf(p, "%lf %lld", &secs, &recs) != 2) secs = -1;
  pclose(p);
  snprintf(what, what_n, "%lld records, best of 3, Node", recs);
  return secs;
}

static sqlite3_int64 sql_int(sqlite3 *db, const char *sql, const char *file, double *secs) {
  sqlite3_stmt *st;
  sqlite3_int64 v = -1;
  double best = 1e30;
  for (int i = 0; i < g_rounds; i++) {
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
      fprintf(stderr, "  (%s)\n", sqlite3_errmsg(db));
      return -1;
    }
    sqlite3_bind_text(st, 1, file, -1, SQLITE_STATIC);
    double t = now();
    if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_int64(st, 0);
    t = now() - t;
    if (sqlite3_finalize(st) != SQLITE_OK) {
      fprintf(stderr, "  (%s)\n", sqlite3_errmsg(db));
      return -1;
    }
    if (t < best) best = t;
  }
  *secs = best;
  return v;
}

static void url_links_rate(const char *ext, const char *file, double tz, size_t n) {
  sqlite3 *db;
  char *err = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return;
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, ext, NULL, &err) != SQLITE_OK) {
    printf("  url_links: cannot load %s: %s\n", ext, err ? err : "?");
    sqlite3_free(err);
    sqlite3_close(db);
    return;
  }
  double t_status = 0, t_payload = 0, t_read = 0, t_links = 0;
  char extra[128];
  sqlite3_int64 k = sql_int(db, "SELECT count(http_status) FROM warc_records(?1)", file, &t_status);
  snprintf(extra, sizeof extra, "%lld statuses (the file read from disk)", (long long)k);
  if (k >= 0) row("SQL status", t_status, tz, n, extra);
  k = sql_int(db, "SELECT sum(length(payload)) FROM warc_records(?1)", file, &t_payload);
  snprintf(extra, sizeof extra, "%.1f MB of payloads", (double)k / 1e6);
  if (k >= 0) row("SQL payload", t_payload, tz, n, extra);
  sqlite3_int64 html = sql_int(db,
      "SELECT sum(length(payload)) FROM warc_records(?1) WHERE mime = 'text/html'",
      file, &t_read);
  sqlite3_int64 links = sql_int(db,
      "SELECT count(l.url) FROM warc_records(?1) AS r, "
      "url_links(r.payload, r.target_uri, r.charset) AS l WHERE r.mime = 'text/html'",
      file, &t_links);
  if (html > 0 && links >= 0 && t_links > t_read)
    printf("  url_links        %8.1f MB/s of HTML (%.1f MB of HTML, %lld links; "
           "%.3f s with links - %.3f s reading the same payloads)\n",
           (double)html / 1e6 / (t_links - t_read), (double)html / 1e6,
           (long long)links, t_links, t_read);
  else
    printf("  url_links: not measured (warc_records gave no HTML)\n");
  sqlite3_close(db);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: warc_bench EXT_PATH [FILE.warc.gz]\n");
    return 2;
  }
  const char *file = argc > 2 ? argv[2] : "build/bench/warc-bench.warc.gz";
  const char *e = getenv("BENCH_ROUNDS");
  if (e && atoi(e) > 0) g_rounds = atoi(e);
  size_t mb = 50;
  e = getenv("BENCH_WARC_MB");
  if (e && atoi(e) > 0) mb = (size_t)atoi(e);
  if (make_input(file, mb * 1000000) != 0) return 1;
  size_t n;
  unsigned char *in = read_all(file, &n);
  if (!in) { perror(file); return 1; }

  printf("warc_bench: %s, %.1f MB compressed, best of %d\n", file, (double)n / 1e6, g_rounds);
  double best[N_ROWS];
  long long out[N_ROWS] = {0};
  scan_count cs, cp;
  measure(in, n, best, out, &cs, &cp);
  double tz = best[R_ZLIB];
  char extra[256];
  snprintf(extra, sizeof extra, "%.1f MB out", (double)out[R_ZLIB] / 1e6);
  row("zlib inflate", tz, tz, n, extra);
  snprintf(extra, sizeof extra, "%.1f MB out%s", (double)out[R_ISAL] / 1e6,
           out[R_ISAL] == out[R_ZLIB] ? "" : " (DIFFERS)");
  row("isa-l igzip", best[R_ISAL], tz, n, extra);
  snprintf(extra, sizeof extra, "%.1f MB out%s", (double)out[R_LIBDEFLATE] / 1e6,
           out[R_LIBDEFLATE] == out[R_ZLIB] ? "" : " (DIFFERS)");
  row("libdeflate", best[R_LIBDEFLATE], tz, n, extra);
  snprintf(extra, sizeof extra, "%lld records, %lld statuses%s", cs.records,
           cs.statuses, out[R_STATUS] < 0 ? " (reader error)" : "");
  row("records+status", best[R_STATUS], tz, n, extra);
  snprintf(extra, sizeof extra, "%.1f MB of payloads%s", (double)cp.payload_bytes / 1e6,
           out[R_PAYLOAD] < 0 ? " (reader error)" : "");
  row("+payloads", best[R_PAYLOAD], tz, n, extra);

  double tw = run_warcio_js(file, extra, sizeof extra);
  if (tw > 0)
    row("warcio.js", tw, tz, n, extra);
  else
    printf("  warcio.js: skipped (no node, or no warcio.js: WARCIO_JS=dir)\n");

  url_links_rate(argv[1], file, tz, n);
  free(in);
  return 0;
}
