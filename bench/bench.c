/*
** Benchmark: ns/row of the extension's main functions over a table of URLs,
** against an in-process identity(x) function that does the least a text
** function can (return its argument, copied, as the extension's results are).
**
**   bench EXT_PATH
**
** Environment:
**   BENCH_URLS=path   read URLs from a file (one per line) instead of
**                     generating them; repeated/truncated to the row count
**   BENCH_ROWS=n      number of rows (default 1000000)
**   BENCH_ROUNDS=n    timed rounds per function (default 5); the median is
**                     reported
**   BENCH_SAMPLE=n    also print the first n rows with url_href of each
**
** Generated URLs come from a fixed-seed PRNG, so every run measures the same
** data: mostly http(s) URLs on ~200 realistic hosts (some IDN, some IPv4,
** some uppercase), 0-5 path segments with occasional percent-escapes and
** "..", utm_ queries, some fragments, ports and credentials.
*/
#include <sqlite3.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------- PRNG */

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static uint64_t rng(void) { /* splitmix64 */
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
static unsigned pick(unsigned n) { return (unsigned)(rng() % n); }
static int chance(unsigned percent) { return pick(100) < percent; }
#define PICK(arr) (arr[pick(sizeof arr / sizeof arr[0])])

/* ----------------------------------------------------------- URL data */

static const char *const HOSTS[] = {
    "google.com", "www.google.com", "mail.google.com", "docs.google.com",
    "maps.google.com", "youtube.com", "www.youtube.com", "m.youtube.com",
    "facebook.com", "www.facebook.com", "m.facebook.com", "twitter.com",
    "x.com", "t.co", "instagram.com", "www.instagram.com", "linkedin.com",
    "www.linkedin.com", "wikipedia.org", "en.wikipedia.org",
    "de.wikipedia.org", "fr.wikipedia.org", "ja.wikipedia.org",
    "en.m.wikipedia.org", "amazon.com", "www.amazon.com", "amazon.co.uk",
    "www.amazon.de", "images-na.ssl-images-amazon.com", "ebay.com",
    "www.ebay.com", "reddit.com", "www.reddit.com", "old.reddit.com",
    "i.redd.it", "github.com", "gist.github.com", "raw.githubusercontent.com",
    "api.github.com", "stackoverflow.com", "superuser.com",
    "serverfault.com", "news.ycombinator.com", "medium.com",
    "blog.medium.com", "nytimes.com", "www.nytimes.com", "cooking.nytimes.com",
    "bbc.co.uk", "www.bbc.co.uk", "bbc.com", "www.bbc.com", "cnn.com",
    "edition.cnn.com", "theguardian.com", "www.theguardian.com",
    "washingtonpost.com", "www.washingtonpost.com", "reuters.com",
    "www.reuters.com", "bloomberg.com", "www.bloomberg.com", "forbes.com",
    "www.forbes.com", "apple.com", "www.apple.com", "support.apple.com",
    "developer.apple.com", "microsoft.com", "www.microsoft.com",
    "learn.microsoft.com", "login.microsoftonline.com", "office.com",
    "outlook.live.com", "bing.com", "www.bing.com", "yahoo.com",
    "www.yahoo.com", "news.yahoo.com", "finance.yahoo.com", "yahoo.co.jp",
    "duckduckgo.com", "baidu.com", "www.baidu.com", "qq.com", "www.qq.com",
    "weibo.com", "taobao.com", "item.taobao.com", "jd.com", "item.jd.com",
    "vk.com", "yandex.ru", "ya.ru", "mail.ru", "netflix.com",
    "www.netflix.com", "spotify.com", "open.spotify.com", "twitch.tv",
    "www.twitch.tv", "tiktok.com", "www.tiktok.com", "pinterest.com",
    "www.pinterest.com", "tumblr.com", "wordpress.com", "example.wordpress.com",
    "blogspot.com", "someblog.blogspot.com", "shopify.com", "mystore.myshopify.com",
    "paypal.com", "www.paypal.com", "stripe.com", "dashboard.stripe.com",
    "cloudflare.com", "www.cloudflare.com", "cdnjs.cloudflare.com",
    "fonts.googleapis.com", "fonts.gstatic.com", "ajax.googleapis.com",
    "cdn.jsdelivr.net", "unpkg.com", "s3.amazonaws.com",
    "my-bucket.s3.us-east-1.amazonaws.com", "d1234abcd.cloudfront.net",
    "storage.googleapis.com", "imgur.com", "i.imgur.com", "dropbox.com",
    "www.dropbox.com", "drive.google.com", "zoom.us", "us02web.zoom.us",
    "slack.com", "app.slack.com", "discord.com", "discord.gg", "notion.so",
    "www.notion.so", "figma.com", "www.figma.com", "adobe.com",
    "www.adobe.com", "booking.com", "www.booking.com", "airbnb.com",
    "www.airbnb.com", "tripadvisor.com", "www.tripadvisor.com", "imdb.com",
    "www.imdb.com", "espn.com", "www.espn.com", "weather.com",
    "www.weather.com", "craigslist.org", "sfbay.craigslist.org", "etsy.com",
    "www.etsy.com", "walmart.com", "www.walmart.com", "target.com",
    "www.target.com", "bestbuy.com", "www.bestbuy.com", "ikea.com",
    "www.ikea.com", "spiegel.de", "www.spiegel.de", "heise.de",
    "www.heise.de", "lemonde.fr", "www.lemonde.fr", "elpais.com",
    "corriere.it", "nos.nl", "gov.uk", "www.gov.uk", "europa.eu",
    "ec.europa.eu", "irs.gov", "www.nasa.gov", "mit.edu", "web.mit.edu",
    "stanford.edu", "www.stanford.edu", "ox.ac.uk", "www.ox.ac.uk",
    "arxiv.org", "export.arxiv.org", "doi.org", "scholar.google.com",
    "archive.org", "web.archive.org", "localhost",
    /* IDN */
    "münchen.de", "www.münchen.de", "bücher.example", "例え.jp",
    "日本語.jp", "пример.рф", "президент.рф", "中国互联网络信息中心.中国",
    "ελληνικά.gr", "café.fr", "straße.de", "xn--mnchen-3ya.de",
    /* IPv4 */
    "192.168.1.1", "10.0.0.5", "127.0.0.1", "203.0.113.7", "172.16.254.3",
    "8.8.8.8",
};

static const char *const WORDS[] = {
    "index.html", "about", "products", "news", "2024", "2025", "article",
    "blog", "post", "category", "tags", "user", "profile", "search", "api",
    "v1", "v2", "images", "img", "static", "assets", "css", "js", "app.js",
    "style.css", "logo.png", "photo.jpg", "download", "files", "docs",
    "help", "en-us", "de", "ja", "watch", "video", "item", "p", "dp",
    "B07XJ8C8F5", "wiki", "Main_Page", "URL", "questions", "12345678",
    "how-to-parse-a-url", "login", "account", "settings", "cart",
    "checkout", "page", "feed", "rss.xml", "sitemap.xml", "robots.txt",
    "index.php", "view", "show", "s", "r", "comments", "abc123", "u",
    "shop", "sale", "women", "men", "kids", "home",
};

static const char *const ESCAPED[] = {
    "caf%C3%A9", "hello%20world", "M%C3%BCnchen", "a%2Fb", "100%25",
    "%E4%BE%8B", "file%20name.pdf", "%7Euser", "space here", "ümlaut",
    "日本",
};

static const char *const UTM_SOURCE[] = {"google", "newsletter", "twitter",
                                         "facebook", "bing", "linkedin"};
static const char *const UTM_MEDIUM[] = {"cpc", "email", "social", "organic",
                                         "referral", "display"};
static const char *const UTM_CAMPAIGN[] = {"spring_sale", "launch-2025",
                                           "blackfriday", "brand", "retarget",
                                           "weekly_digest"};
static const char *const FRAGS[] = {"top", "section-2", "comments",
                                    "main-content", "!/home", "L10-L20",
                                    "page=3", "x"};

/* Appends printf output to buf at *n (bounded). */
static void add(char *buf, size_t cap, size_t *n, const char *fmt, ...) {
  if (*n >= cap) return;
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(buf + *n, cap - *n, fmt, ap);
  va_end(ap);
  if (k > 0) *n = *n + (size_t)k < cap ? *n + (size_t)k : cap - 1;
}

/* Writes one realistic URL into buf; returns its length. */
static size_t gen_url(char *buf, size_t cap) {
  size_t n = 0;
  unsigned r = pick(100);
  const char *scheme = r < 68 ? "https" : r < 96 ? "http" : r < 97 ? "HTTPS"
                       : r < 98 ? "ftp" : r < 99 ? "wss" : "ws";
  add(buf, cap, &n, "%s://", scheme);
  if (chance(1)) add(buf, cap, &n, "%s@", chance(50) ? "user:secret" : "admin");
  const char *host = PICK(HOSTS);
  if (chance(3)) { /* uppercase host, as typed or pasted */
    for (const char *p = host; *p && n + 1 < cap; p++)
      buf[n++] = (*p >= 'a' && *p <= 'z') ? (char)(*p - 32) : *p;
    buf[n] = 0;
  } else {
    add(buf, cap, &n, "%s", host);
  }
  if (chance(3)) {
    static const char *const PORTS[] = {"8080", "443", "80", "3000", "8443"};
    add(buf, cap, &n, ":%s", PICK(PORTS));
  }
  unsigned segs = pick(6);
  for (unsigned i = 0; i < segs; i++) {
    unsigned k = pick(100);
    if (k < 4) add(buf, cap, &n, "/%s", PICK(ESCAPED));
    else if (k < 6) add(buf, cap, &n, "/..");
    else if (k < 7) add(buf, cap, &n, "/.");
    else add(buf, cap, &n, "/%s", PICK(WORDS));
  }
  if (segs == 0 || chance(15)) add(buf, cap, &n, "/");
  unsigned q = pick(100);
  if (q < 20) {
    add(buf, cap, &n, "?utm_source=%s&utm_medium=%s&utm_campaign=%s",
        PICK(UTM_SOURCE), PICK(UTM_MEDIUM), PICK(UTM_CAMPAIGN));
  } else if (q < 30) {
    add(buf, cap, &n, "?id=%u", (unsigned)pick(10000000));
  } else if (q < 36) {
    add(buf, cap, &n, "?q=%s+%s&hl=en", PICK(WORDS), PICK(WORDS));
  } else if (q < 40) {
    add(buf, cap, &n, "?ref=%s&page=%u", PICK(UTM_SOURCE), 1 + pick(20));
  }
  if (chance(8)) add(buf, cap, &n, "#%s", PICK(FRAGS));
  return n;
}

/* ------------------------------------------------------------ SQLite */

static void identity(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const unsigned char *s = sqlite3_value_text(argv[0]);
  if (!s) {
    sqlite3_result_null(ctx);
    return;
  }
  sqlite3_result_text(ctx, (const char *)s, sqlite3_value_bytes(argv[0]),
                      SQLITE_TRANSIENT);
}

static void die(sqlite3 *db, const char *what) {
  fprintf(stderr, "bench: %s: %s\n", what, db ? sqlite3_errmsg(db) : "");
  exit(1);
}

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static long env_long(const char *name, long def) {
  const char *v = getenv(name);
  if (!v || !*v) return def;
  char *end;
  long x = strtol(v, &end, 10);
  if (*end || x <= 0) {
    fprintf(stderr, "bench: %s must be a positive integer\n", name);
    exit(1);
  }
  return x;
}

/* Fills urls(u) with `rows` rows; returns the total bytes. */
static long long fill(sqlite3 *db, long rows, const char *file) {
  sqlite3_stmt *ins;
  if (sqlite3_exec(db, "CREATE TABLE urls(u TEXT); BEGIN", 0, 0, 0))
    die(db, "create");
  if (sqlite3_prepare_v2(db, "INSERT INTO urls VALUES(?)", -1, &ins, 0))
    die(db, "prepare insert");
  long long bytes = 0;
  char buf[2048];

  char **lines = NULL;
  size_t *lens = NULL, nlines = 0;
  if (file) {
    FILE *f = fopen(file, "rb");
    if (!f) {
      perror(file);
      exit(1);
    }
    size_t cap = 0;
    char *line = NULL;
    size_t lcap = 0;
    ssize_t k;
    while ((k = getline(&line, &lcap, f)) >= 0) {
      while (k > 0 && (line[k - 1] == '\n' || line[k - 1] == '\r')) k--;
      if (k == 0) continue;
      if (nlines == cap) {
        cap = cap ? cap * 2 : 1024;
        lines = realloc(lines, cap * sizeof *lines);
        lens = realloc(lens, cap * sizeof *lens);
        if (!lines || !lens) die(NULL, "out of memory");
      }
      lines[nlines] = malloc((size_t)k);
      if (!lines[nlines]) die(NULL, "out of memory");
      memcpy(lines[nlines], line, (size_t)k);
      lens[nlines++] = (size_t)k;
    }
    free(line);
    fclose(f);
    if (!nlines) {
      fprintf(stderr, "bench: %s has no URLs\n", file);
      exit(1);
    }
  }

  for (long i = 0; i < rows; i++) {
    const char *s;
    size_t n;
    if (file) {
      s = lines[(size_t)i % nlines];
      n = lens[(size_t)i % nlines];
    } else {
      n = gen_url(buf, sizeof buf);
      s = buf;
    }
    bytes += (long long)n;
    sqlite3_bind_text(ins, 1, s, (int)n, SQLITE_STATIC);
    if (sqlite3_step(ins) != SQLITE_DONE) die(db, "insert");
    sqlite3_reset(ins);
  }
  sqlite3_finalize(ins);
  if (sqlite3_exec(db, "COMMIT", 0, 0, 0)) die(db, "commit");
  for (size_t i = 0; i < nlines; i++) free(lines[i]);
  free(lines);
  free(lens);
  if (file)
    printf("data: %s (%zu URLs, repeated/truncated to %ld rows)\n", file,
           nlines, rows);
  else
    printf("data: %ld generated URLs (fixed seed)\n", rows);
  return bytes;
}

/* Runs sql (one row, one integer column) `rounds` times; returns the median
   ns, or a negative number if it cannot run.  *result gets the value. */
static double time_query(sqlite3 *db, const char *sql, int rounds,
                         long long *result) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db, sql, -1, &st, 0) != SQLITE_OK) {
    fprintf(stderr, "bench: %s: %s\n", sql, sqlite3_errmsg(db));
    return -1;
  }
  double t[64];
  if (rounds > 64) rounds = 64;
  for (int r = 0; r < rounds; r++) {
    double t0 = now_ns();
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
      fprintf(stderr, "bench: %s: %s\n", sql, sqlite3_errmsg(db));
      sqlite3_finalize(st);
      return -1;
    }
    *result = sqlite3_column_int64(st, 0);
    sqlite3_reset(st);
    t[r] = now_ns() - t0;
  }
  sqlite3_finalize(st);
  qsort(t, (size_t)rounds, sizeof t[0], cmp_double);
  return rounds % 2 ? t[rounds / 2] : (t[rounds / 2 - 1] + t[rounds / 2]) / 2;
}

/*
** Query-string size scaling: url_search_params, url_search_params_sort and
** url_search_param_delete over queries of 1,000 to 100,000 pairs.  Linear
** time shows as a flat ns/pair column (sort is O(n log n): near flat).
*/
static void bench_search_params(sqlite3 *db, int rounds) {
  static const char *const EXPRS[] = {
      "(SELECT count(*) FROM url_search_params(q))",
      "length(url_search_params_sort('https://a/?' || q))",
      "length(url_search_param_delete('https://a/?' || q, 'k3'))",
  };
  printf("\n%-58s %8s %10s\n", "query string of N pairs", "N", "ns/pair");
  for (long n = 1000; n <= 100000; n *= 10) {
    char sql[512];
    snprintf(sql, sizeof sql,
             "CREATE TEMP TABLE qs AS WITH RECURSIVE c(i) AS (SELECT 0 UNION "
             "ALL SELECT i + 1 FROM c WHERE i < %ld) SELECT group_concat('k' || "
             "(i %% 7) || '=' || i, '&') AS q FROM c",
             n - 1);
    if (sqlite3_exec(db, sql, 0, 0, 0) != SQLITE_OK) die(db, "query table");
    for (size_t i = 0; i < sizeof EXPRS / sizeof EXPRS[0]; i++) {
      long long result = 0;
      snprintf(sql, sizeof sql, "SELECT %s FROM qs", EXPRS[i]);
      double t = time_query(db, sql, rounds, &result);
      printf("%-58s %8ld %10.1f\n", EXPRS[i], n, t / (double)n);
    }
    if (sqlite3_exec(db, "DROP TABLE qs", 0, 0, 0) != SQLITE_OK) die(db, "drop");
  }
}

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : "build/url.so";
  long rows = env_long("BENCH_ROWS", 1000000);
  int rounds = (int)env_long("BENCH_ROUNDS", 5);
  const char *file = getenv("BENCH_URLS");
  if (file && !*file) file = NULL;

  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) die(db, "open");
  sqlite3_enable_load_extension(db, 1);
  char *err = NULL;
  if (sqlite3_load_extension(db, ext, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "bench: loading %s: %s\n", ext, err ? err : "?");
    sqlite3_free(err);
    return 1;
  }
  if (sqlite3_create_function_v2(db, "identity", 1,
                                 SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                 identity, NULL, NULL, NULL) != SQLITE_OK)
    die(db, "create identity");

  long long bytes = fill(db, rows, file);
  printf("rows: %ld, %.1f bytes/URL on average; %d rounds, median shown "
         "(SQLite %s)\n\n",
         rows, (double)bytes / (double)rows, rounds, sqlite3_libversion());

  long sample = getenv("BENCH_SAMPLE") ? env_long("BENCH_SAMPLE", 0) : 0;
  if (sample) {
    sqlite3_stmt *st;
    char sql[128];
    snprintf(sql, sizeof sql,
             "SELECT u, url_href(u) FROM urls WHERE rowid <= %ld", sample);
    if (sqlite3_prepare_v2(db, sql, -1, &st, 0) != SQLITE_OK)
      die(db, "sample");
    while (sqlite3_step(st) == SQLITE_ROW) {
      const unsigned char *h = sqlite3_column_text(st, 1);
      printf("  %s\n    -> %s\n", sqlite3_column_text(st, 0),
             h ? (const char *)h : "(failure)");
    }
    sqlite3_finalize(st);
    printf("\n");
  }

  static const char *const EXPRS[] = {
      "identity(u)",     "u",     "url_href(u)",  "url_hostname(u)",
      "url_origin(u)",   "url_resolve('https://example.com/a/b?c', u)",
      "url_valid(u)",
  };
  enum { NEXPR = sizeof EXPRS / sizeof EXPRS[0] };

  /* sum(length(X)) needs every result (count(X) would too, for NULLs);
     url_valid's 0/1 has length 1 but the call still runs per row.  The
     non-null count shows how many rows the function accepted. */
  printf("%-46s %10s %9s %8s %10s\n", "function", "ns/row", "vs ident",
         "+ns/row", "non-null");
  double base = -1;
  for (int i = 0; i < NEXPR; i++) {
    char sql[256], sql2[256];
    snprintf(sql, sizeof sql, "SELECT sum(length(%s)) FROM urls", EXPRS[i]);
    snprintf(sql2, sizeof sql2, "SELECT count(%s) FROM urls", EXPRS[i]);
    long long sum = 0, nonnull = 0;
    double ns = time_query(db, sql, rounds, &sum);
    if (ns < 0) {
      printf("%-46s %10s\n", EXPRS[i], "n/a");
      continue;
    }
    if (time_query(db, sql2, 1, &nonnull) < 0) nonnull = -1;
    double per = ns / (double)rows;
    if (i == 0) base = per;
    if (i == 1) { /* the scan alone, for reference */
      printf("%-46s %10.1f %8.2fx %8s %10s\n", "u (no function call)", per,
             base > 0 ? per / base : 0, "", "");
      continue;
    }
    printf("%-46s %10.1f %8.2fx %8.1f %10lld\n", EXPRS[i], per,
           base > 0 ? per / base : 0, base > 0 ? per - base : 0, nonnull);
  }
  bench_search_params(db, rounds);
  sqlite3_close(db);
  return 0;
}
