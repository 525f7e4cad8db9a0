/*
** Benchmark: ns/row of the extension's main functions over a table of URLs,
** in one process with an identity(x) function (the least a text function
** can do: return its argument, copied, as the extension's results are) and,
** when it was built, ada (the fastest public WHATWG parser, C++; the wrapper
** ../shared/bench/ada/adaext.cpp, built into build/bench/ only) on the same
** rows.
**
**   bench EXT_PATH [ADA_EXT_PATH [URIPARSER_EXT_PATH]]
**
** For each row of ROWS[] (add a function with one line there) and each data
** set it prints: median ns/row, the ratio to identity, the ratio to ada's
** equivalent (and ada's own line, with how many rows' results differ from
** ours), heap allocations per row through SQLite's allocator (a counting
** SQLITE_CONFIG_MALLOC wrapper: the core allocates only through it) and
** through libc malloc process-wide (glibc: ada allocates there), and how
** many rows gave a non-NULL result; a row with another of our functions to
** compare with (.vs) prints that one's line and the ratio of the two.  Then
** the time to open a Public Suffix List and its table's memory, the cost
** of a list crafted against a hash table (tests/psl_crafted.h), and the
** time to open a connection and load the extension; ns/byte on
** single 1 kB, 100 kB and
** 1 MB inputs of four shapes, ours against ada; then query-string scaling of
** the search-params functions; then the growth of every function's time
** from 64 kB to 1 MB of an adversarial argument.
**
** Environment:
**   BENCH_URLS=path[,path]  real URLs, one per line (a relative path is taken
**                     from the repository root), repeated/truncated to the
**                     row count; default $SHARED_DIR/data/{kasztp,userbait}.txt
**                     (SHARED_DIR: ../shared, which make exports)
**   BENCH_DATA=both|generated|real   which row sets (default both)
**   BENCH_ROWS=n      number of rows (default 1000000)
**   BENCH_ROUNDS=n    timed rounds per query (default 5); the median is shown
**   BENCH_ONLY=rows|psl|load|bytes|params|growth one section only
**   BENCH_FILTER=s    only ROWS[] whose label contains s (identity always)
**   BENCH_SAMPLE=n    also print the first n rows with url_href of each
**
** Instruction counts (repeatable, unlike wall-clock time on a shared
** machine): only timed_step() runs the timed rounds, so
**   BENCH_ROUNDS=1 BENCH_ROWS=50000 BENCH_FILTER=url_href BENCH_ONLY=rows \
**     valgrind --tool=callgrind --toggle-collect=timed_step bench build/url.so
** counts identity's and url_href's rounds (ada's too when given).
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
#include <unistd.h>

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

/* ------------------------------------------------------- what is measured */

/*
** One benchmark row: an expression over urls.u, summed as
** sum(length(expr)) so every result is computed and read.  Add a function
** with one line.
*/
typedef struct bench_row {
  const char *expr;  /* SQL expression over u */
  const char *ada;   /* ada's equivalent (adaext.cpp), if it has one */
  const char *from;  /* FROM clause; NULL: urls */
  const char *label; /* NULL: expr */
  const char *vs;    /* another of ours to compare with, in the same rounds
                        (over urls) */
  const char *vs_label; /* NULL: vs */
} bench_row;

#define BASE_URL "'https://example.com/a/b?c'"
#define REL_URL "'../img/logo.png?v=2'"

/* Ten routes, as a table of patterns a site's URLs are joined against
   would hold them. */
#define ROUTE1 "'https://*/:seg/*'"
#define ROUTE2 "'https://*.example.com/*'"
#define ROUTE3 "'{\"pathname\": \"/products/:id\"}'"
#define ROUTE4 "'{\"pathname\": \"/wiki/:title\"}'"
#define ROUTE5 "'http{s}?://*.google.com/*'"
#define ROUTE6 "'{\"hostname\": \"{*.}?github.com\", \"pathname\": \"/:owner/:repo/*\"}'"
#define ROUTE7 "'{\"pathname\": \"/*.html\"}'"
#define ROUTE8 "'{\"search\": \"*utm_source=*\"}'"
#define ROUTE9 "'https://*/:lang(en|de|fr|ja)/*'"
#define ROUTE10 "'{\"pathname\": \"/:year(\\\\d+)/:slug\"}'"
#define ROUTES                                                              \
  "(VALUES (" ROUTE1 "), (" ROUTE2 "), (" ROUTE3 "), (" ROUTE4 "), (" ROUTE5 \
  "), (" ROUTE6 "), (" ROUTE7 "), (" ROUTE8 "), (" ROUTE9 "), (" ROUTE10 "))"
#define TEST(route) "url_pattern_test(" route ", u)"
/* 10,000 domains, one a line: a constant (a deterministic function of no
   argument), as a literal list would be. */
#define TARGETS "bench_targets()"
#define ROUTES_EACH                                                          \
  TEST(ROUTE1) " + " TEST(ROUTE2) " + " TEST(ROUTE3) " + " TEST(ROUTE4)     \
  " + " TEST(ROUTE5) " + " TEST(ROUTE6) " + " TEST(ROUTE7) " + "            \
  TEST(ROUTE8) " + " TEST(ROUTE9) " + " TEST(ROUTE10)

/* A robots.txt of 50 rules (wildcards and `$` among them) in three groups,
   as a large site's would read, for url_robots_allowed (issue 33: at most
   1.5x url_href); and 1,000 distinct files (the same rules, each with its
   own comment line), one per row of a join (at most 2x url_href). */
#define ROBOTS_RULES                                                         \
  "Disallow: /admin/\nDisallow: /cart\nDisallow: /checkout/\n"              \
  "Disallow: /*?sessionid=\nDisallow: /*?sid=\nDisallow: /*&sid=\n"          \
  "Disallow: /*.pdf$\nDisallow: /*.doc$\nDisallow: /*.xls$\n"                \
  "Disallow: /search\nDisallow: /*/print/\nDisallow: /tmp/\n"                \
  "Disallow: /private/\nAllow: /private/public/\nDisallow: /user/*/edit\n"    \
  "Disallow: /*?utm_source=\nDisallow: /*?ref=\nDisallow: /api/\n"           \
  "Allow: /api/docs/\nDisallow: /login\nDisallow: /logout\n"                  \
  "Disallow: /*/feed/$\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n"
#define ROBOTS50                                                             \
  "'# robots.txt\nUser-agent: *\n" ROBOTS_RULES "Crawl-delay: 1\n\n"        \
  "User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\n"                   \
  "User-agent: Googlebot\n" ROBOTS_RULES                                     \
  "Disallow: /*.json$\nDisallow: /static/*.map$\n\n"                         \
  "Sitemap: https://example.com/sitemap.xml\n'"
#define ROBOTS1000                                                           \
  "DROP TABLE IF EXISTS robots; CREATE TABLE robots(k INTEGER PRIMARY KEY, " \
  "body TEXT); INSERT INTO robots WITH RECURSIVE n(k) AS (SELECT 0 UNION "   \
  "ALL SELECT k + 1 FROM n WHERE k < 999) SELECT k, " ROBOTS50              \
  " || '# file ' || k FROM n"

static const bench_row ROWS[] = {
    {"identity(u)"}, /* the baseline of "x ident": keep first */
    {"u", .label = "u (no function call)"},
    {"url_href(u)", "ada_href(u)"},
    {"url_hostname(u)", "ada_hostname(u)"},
    {"url_origin(u)"},
    {"url_resolve(u, " BASE_URL ")", "ada_resolve(" BASE_URL ", u)",
     .label = "url_resolve(u, const base)"},
    {"url_resolve(" REL_URL ", u)", "ada_resolve(u, " REL_URL ")",
     .label = "url_resolve(const rel, u): per-row base"},
    /* The URL parser with an encoding against the UTF-8 call (issue 25:
       at most 1.2x): only a special URL's non-ASCII query differs. */
    {"url_resolve(u, " BASE_URL ", 'shift_jis')",
     .label = "url_resolve(u, const base, 'shift_jis')",
     .vs = "url_resolve(u, " BASE_URL ")"},
    {"url_href(u, NULL, 'windows-1252')", .vs = "url_href(u)"},
    {"url_valid(u)"},
    {"c.href", .from = "urls, url_components(urls.u) AS c",
     .label = "url_components(u) join: href"},
    {"url_idna2008_error(u)"},
    {"url_tld(u)"},
    /* The public suffix functions against url_hostname (issue 20: at most
       1.3x): the same parse, plus the rule table's walk. */
    {"url_registrable_domain(u)", .vs = "url_hostname(u)"},
    {"url_registrable_domain(u, 'icann')", .vs = "url_hostname(u)"},
    {"url_public_suffix(u)", .vs = "url_hostname(u)"},
    {"url_public_suffix(u, 'icann')", .vs = "url_hostname(u)"},
    {"url_subdomain(u)", .vs = "url_hostname(u)"},
    {"url_subdomain(u, 'icann')", .vs = "url_hostname(u)"},
    {"url_canonical(u, 'whatwg')"},
    {"url_canonical(u, 'google')"},
    {"url_canonical(u, 'semantic_precise')"},
    {"url_canonical(u)", .label = "url_canonical(u) ('semantic')"},
    {"url_canonical(u, 'aggressive')"},
    {"url_surt(u)"},
    /* URLPattern.test against url_href (issue 21: at most 2x): the same
       parse, plus matching each component; then common route shapes */
    {"url_pattern_test('https://*/:seg/*', u)",
     .label = "url_pattern_test(const pattern, u)", .vs = "url_href(u)"},
    {TEST(ROUTE2), .label = "url_pattern_test(*.example.com route, u)",
     .vs = "url_href(u)"},
    {TEST(ROUTE3), .label = "url_pattern_test(/products/:id route, u)",
     .vs = "url_href(u)"},
    /* A join against a table of ten patterns (per URL: ten tests, the
       pattern changing every row) against the same ten patterns written
       as constants. */
    {"url_pattern_test(r.column1, u)", .from = "urls CROSS JOIN " ROUTES " AS r",
     .label = "url_pattern_test(r.p, u) join, 10 routes", .vs = ROUTES_EACH,
     .vs_label = "the 10 as constants, summed"},
    /* Referrers against url_hostname (issue 35: at most 2x): the parse, the
       host's suffixes in the lists' hash table, a keyword's decoding */
    {"r.medium", .from = "urls, url_referrer(urls.u) AS r",
     .label = "url_referrer(u) (medium column)", .vs = "url_hostname(u)"},
    {"url_referrer_medium(u)", .vs = "url_hostname(u)"},
    {"url_referrer_source(u)", .vs = "url_hostname(u)"},
    {"url_channel(u)", .vs = "url_hostname(u)"},
    {"t.channel", .from = "urls, url_traffic_source(urls.u) AS t",
     .label = "url_traffic_source(u) (channel column)", .vs = "url_hostname(u)"},
    /* robots.txt (issue 33) */
    {"url_robots_allowed(" ROBOTS50 ", 'bot', u)",
     .label = "url_robots_allowed(const 50-rule robots, 'bot', u)",
     .vs = "url_href(u)"},
    {"url_robots_allowed(r.body, 'bot', u)",
     .from = "urls JOIN robots AS r ON r.k = urls.rowid % 1000",
     .label = "url_robots_allowed(r.body, 'bot', u) join, 1000 files",
     .vs = "url_href(u)"},
    /* the join alone: what SQLite spends on the row before the call */
    {"url_href(u)", .from = "urls JOIN robots AS r ON r.k = urls.rowid % 1000",
     .label = "url_href(u) over the same join, 1000 files",
     .vs = "url_href(u)"},
    /* RFC 3986 (issue 31): against uriparser doing the same (aim: at most
       0.5x it; uri_valid at most 1.6x identity) */
    {"uri_valid(u)", .vs = "uriparser_valid(u)"},
    {"uri_resolve('x/../y?q', u)", .vs = "uriparser_resolve(u, 'x/../y?q')"},
    {"uri_normalize(u)", .vs = "uriparser_normalize(u)"},
    /* issue 39: the IRI-to-URI mapping costs nothing on a URI (one scan
       for non-ASCII); uri_set parses its result back; one encoder table */
    {"uri_equivalent(u, u)", .vs = "uri_normalize(u)"},
    {"uri_set(u, 'port', NULL)", .vs = "uri_normalize(u)"},
    {"url_encode(u)"},
    {"uri_encode(u, 'rfc3986-path')", .vs = "url_encode(u)"},
    /* Chromium's display policy against url_hostname (issue 32: at most
       1.3x): the same parse, a scan for "xn--", the checks on IDN labels;
       then with 10,000 top domains or targets (bench_targets, read once per
       statement, their skeletons hashed). */
    {"url_display_host(u)", .vs = "url_hostname(u)"},
    {"url_display_host(u, " TARGETS ")",
     .label = "url_display_host(u, 10,000 top domains)",
     .vs = "url_display_host(u)"},
    {"d.reason", .from = "urls, url_deceptions(urls.u) AS d",
     .label = "url_deceptions(u) join: reason", .vs = "url_hostname(u)"},
    {"d.reason", .from = "urls, url_deceptions(urls.u, " TARGETS ") AS d",
     .label = "url_deceptions(u, 10,000 targets) join",
     .vs = "url_hostname(u)"},
};

/* Whether bench/uriparserext.so is loaded (its rows' .vs need it). */
static int have_uriparser;
#define N_ROWS ((int)(sizeof ROWS / sizeof ROWS[0]))

/* Single long inputs: prefix, then unit repeated up to the size, then
   suffix. */
typedef struct shape {
  const char *name, *prefix, *unit, *suffix;
} shape;

static const shape SHAPES[] = {
    {"long path", "https://example.com/", "segment/", ""},
    {"many host labels", "https://", "label-7.", "example.com/"},
    {"long query", "https://example.com/search?", "key=value&", ""},
    {"many percent-escapes", "https://example.com/", "%C3%A9%20", ""},
};
static const size_t SIZES[] = {1024, 100 * 1024, 1024 * 1024};

/* ------------------------------------------------- counting allocators */

/* Calls of SQLite's xMalloc / xRealloc (what the extension uses). */
static sqlite3_mem_methods mem_orig;
static unsigned long long n_sqlite_allocs;

static void *count_malloc(int n) {
  n_sqlite_allocs++;
  return mem_orig.xMalloc(n);
}
static void *count_realloc(void *p, int n) {
  n_sqlite_allocs++;
  return mem_orig.xRealloc(p, n);
}

static int count_sqlite_allocs(void) {
  if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &mem_orig) != SQLITE_OK)
    return 0;
  sqlite3_mem_methods m = mem_orig;
  m.xMalloc = count_malloc;
  m.xRealloc = count_realloc;
  return sqlite3_config(SQLITE_CONFIG_MALLOC, &m) == SQLITE_OK;
}

/*
** Every malloc/calloc/realloc of the process (SQLite's default allocator is
** libc's, so these include SQLite's; ada allocates here through operator
** new).  glibc only: its __libc_* entry points let this program interpose
** the allocator without dlsym.
*/
static unsigned long long n_libc_allocs;
#ifdef __GLIBC__
#define HAVE_LIBC_COUNT 1
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
void *malloc(size_t n) {
  n_libc_allocs++;
  return __libc_malloc(n);
}
void *calloc(size_t k, size_t n) {
  n_libc_allocs++;
  return __libc_calloc(k, n);
}
void *realloc(void *p, size_t n) {
  n_libc_allocs++;
  return __libc_realloc(p, n);
}
#else
#define HAVE_LIBC_COUNT 0
#endif

/* ------------------------------------------------------------ SQLite */

/* bench_targets(): 10,000 domains, one a line (url_deceptions' targets,
   url_display_host's top domains); the text is the function's user data. */
static void bench_targets(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  sqlite3_result_text(ctx, sqlite3_user_data(ctx), -1, SQLITE_STATIC);
}

static char *make_targets(void) {
  static const char *const tlds[] = {"com", "net", "co.uk", "de"};
  size_t cap = 10000 * 32, n = 0;
  char *s = malloc(cap);
  if (!s) return NULL;
  for (int i = 1; i <= 10000; i++)
    n += (size_t)snprintf(s + n, cap - n, "%sbrand%d-shop.%s", i > 1 ? "\n" : "",
                          i, tlds[i % 4]);
  return s;
}

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

static double median(double *t, int n) {
  qsort(t, (size_t)n, sizeof t[0], cmp_double);
  return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
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

static const char *env_str(const char *name, const char *def) {
  const char *v = getenv(name);
  return v && *v ? v : def;
}

static int file_exists(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f) fclose(f);
  return f != NULL;
}

/* Reads the non-empty lines of the comma-separated files into *lines. */
typedef struct lines {
  char **s;
  size_t *n;
  size_t count, cap;
} lines;

static void read_lines(lines *l, const char *files) {
  char *list = strdup(files);
  if (!list) die(NULL, "out of memory");
  for (char *save = NULL, *path = strtok_r(list, ",", &save); path;
       path = strtok_r(NULL, ",", &save)) {
    FILE *f = fopen(path, "rb");
    if (!f) {
      perror(path);
      exit(1);
    }
    char *line = NULL;
    size_t lcap = 0;
    ssize_t k;
    while ((k = getline(&line, &lcap, f)) >= 0) {
      while (k > 0 && (line[k - 1] == '\n' || line[k - 1] == '\r')) k--;
      if (k == 0) continue;
      if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 1024;
        l->s = realloc(l->s, l->cap * sizeof *l->s);
        l->n = realloc(l->n, l->cap * sizeof *l->n);
        if (!l->s || !l->n) die(NULL, "out of memory");
      }
      l->s[l->count] = malloc((size_t)k);
      if (!l->s[l->count]) die(NULL, "out of memory");
      memcpy(l->s[l->count], line, (size_t)k);
      l->n[l->count++] = (size_t)k;
    }
    free(line);
    fclose(f);
  }
  free(list);
  if (!l->count) {
    fprintf(stderr, "bench: %s has no URLs\n", files);
    exit(1);
  }
}

static void free_lines(lines *l) {
  for (size_t i = 0; i < l->count; i++) free(l->s[i]);
  free(l->s);
  free(l->n);
}

/* (Re)creates urls(u) with `rows` rows, generated or from `files`; returns
   the total bytes. */
static long long fill(sqlite3 *db, long rows, const char *files) {
  sqlite3_stmt *ins;
  if (sqlite3_exec(db, "DROP TABLE IF EXISTS urls; CREATE TABLE urls(u TEXT);"
                       " BEGIN", 0, 0, 0))
    die(db, "create");
  if (sqlite3_prepare_v2(db, "INSERT INTO urls VALUES(?)", -1, &ins, 0))
    die(db, "prepare insert");
  lines l = {0};
  if (files) read_lines(&l, files);
  long long bytes = 0;
  char buf[2048];
  for (long i = 0; i < rows; i++) {
    const char *s;
    size_t n;
    if (files) {
      s = l.s[(size_t)i % l.count];
      n = l.n[(size_t)i % l.count];
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
  /* robots(k, body): the 1,000 robots.txt files of the robots join row */
  if (sqlite3_exec(db, ROBOTS1000, 0, 0, 0)) die(db, "robots table");
  if (files)
    printf("data: %s (%zu URLs, repeated/truncated to %ld rows)\n", files,
           l.count, rows);
  else
    printf("data: %ld generated URLs (fixed seed)\n", rows);
  free_lines(&l);
  return bytes;
}

/* The timed work, apart so callgrind can count it alone (see the top). */
__attribute__((noinline)) static int timed_step(sqlite3_stmt *st) {
  return sqlite3_step(st);
}

#define MAX_ROUNDS 64

/*
** Times the statements st[0..k) (each one row, one integer column, run
** `reps` times per round) in interleaved rounds, so that a slow spell of a
** shared machine hits all of them alike.  ns[i] gets the median ns per run
** of st[i], result[i] its last value (-1 for NULL).  Returns 0 on error.
*/
static int time_stmts(sqlite3 *db, sqlite3_stmt **st, int k, int rounds,
                      long reps, double *ns, long long *result) {
  double t[4][MAX_ROUNDS];
  if (rounds > MAX_ROUNDS) rounds = MAX_ROUNDS;
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < k; i++) {
      double t0 = now_ns();
      for (long j = 0; j < reps; j++) {
        if (timed_step(st[i]) != SQLITE_ROW) {
          fprintf(stderr, "bench: %s: %s\n", sqlite3_sql(st[i]),
                  sqlite3_errmsg(db));
          sqlite3_reset(st[i]);
          return 0;
        }
        result[i] = sqlite3_column_type(st[i], 0) == SQLITE_NULL
                        ? -1
                        : sqlite3_column_int64(st[i], 0);
        sqlite3_reset(st[i]);
      }
      t[i][r] = (now_ns() - t0) / (double)reps;
    }
  }
  for (int i = 0; i < k; i++) ns[i] = median(t[i], rounds);
  return 1;
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &st, 0) != SQLITE_OK) {
    fprintf(stderr, "bench: %s: %s\n", sql, sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return NULL;
  }
  return st;
}

/* Runs sql once (one integer result, or -1); *sq / *lc get the allocations
   of the run through SQLite's allocator and libc's. */
static long long count_query(sqlite3 *db, const char *sql,
                             unsigned long long *sq, unsigned long long *lc) {
  long long v = -1;
  sqlite3_stmt *st = prepare(db, sql);
  if (!st) return -1;
  unsigned long long s0 = n_sqlite_allocs, l0 = n_libc_allocs;
  if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_int64(st, 0);
  *sq = n_sqlite_allocs - s0;
  *lc = n_libc_allocs - l0;
  sqlite3_finalize(st);
  return v;
}

/* One measured expression. */
typedef struct measure {
  double ns;          /* per row; < 0: cannot run */
  long long nonnull;  /* rows with a non-NULL result */
  double sq, lc;      /* allocations per row: SQLite's allocator, libc */
} measure;

/*
** Non-NULL results and allocations per row of expr, counted on count(expr):
** in the timed sum(length(expr)), length() makes SQLite itself reallocate
** each result that is not NUL-terminated (none of identity's, ada's or ours
** is) to terminate it, which is the query's cost, not the function's.
*/
static void count_expr(sqlite3 *db, const char *expr, const char *from,
                       long rows, measure *m) {
  char sql[2048];
  unsigned long long sq, lc;
  snprintf(sql, sizeof sql, "SELECT count(%s) FROM %s", expr, from);
  m->nonnull = count_query(db, sql, &sq, &lc);
  m->sq = (double)sq / (double)rows;
  m->lc = (double)lc / (double)rows;
}

static void print_measure(const char *label, const measure *m, double ident,
                          double ada, int have_ada) {
  char ratio[16] = "", lc[16] = "-";
  if (ada > 0) snprintf(ratio, sizeof ratio, "%.2fx", m->ns / ada);
  else if (have_ada) snprintf(ratio, sizeof ratio, "-");
  if (HAVE_LIBC_COUNT) snprintf(lc, sizeof lc, "%.3f", m->lc);
  printf("%-42s %8.1f %7.2fx %7s %9.3f %9s %9lld\n", label, m->ns,
         ident > 0 ? m->ns / ident : 0, ratio, m->sq, lc, m->nonnull);
}

/*
** Runs ROWS[] over the current urls table: each row's expression, ada's
** equivalent and identity (for its "x ident") in interleaved rounds.
*/
static void bench_rows(sqlite3 *db, long rows, int rounds, int have_ada,
                       const char *filter) {
  printf("%-42s %8s %8s %7s %9s %9s %9s\n", "function", "ns/row", "x ident",
         "x ada", "sq-alloc", "malloc", "non-null");
  printf("%-42s %8s %8s %7s %9s %9s %9s\n", "", "", "", "", "per row",
         "per row", "");
  for (int i = 0; i < N_ROWS; i++) {
    const bench_row *r = &ROWS[i];
    const char *label = r->label ? r->label : r->expr;
    const char *from = r->from ? r->from : "urls";
    if (i > 0 && filter && !strstr(label, filter)) continue;
    /* the row to compare with: uriparser's only when it is loaded */
    const char *rvs = r->vs && (have_uriparser || strncmp(r->vs, "uriparser_", 10))
                          ? r->vs : NULL;
    /* st: this row, identity, ada's equivalent or the row to compare with */
    const char *other = rvs ? rvs : have_ada ? r->ada : NULL;
    const char *exprs[3] = {r->expr, ROWS[0].expr, other};
    sqlite3_stmt *st[3] = {NULL, NULL, NULL};
    int k = 0, ok = 1;
    for (; k < 3 && exprs[k] && ok; k++) {
      char sql[2048];
      snprintf(sql, sizeof sql, "SELECT sum(length(%s)) FROM %s", exprs[k],
               k == 0 || (k == 2 && !rvs) ? from : "urls");
      ok = (st[k] = prepare(db, sql)) != NULL;
    }
    double ns[3];
    long long sum[3];
    /* identity's own row needs no second identity */
    int n = i == 0 ? 1 : k;
    if (ok) ok = time_stmts(db, st, n, rounds, 1, ns, sum);
    for (int j = 0; j < 3; j++) sqlite3_finalize(st[j]);
    if (!ok) {
      printf("%-42s %8s\n", label, "n/a");
      continue;
    }
    measure m = {ns[0] / (double)rows, -1, 0, 0};
    measure ada = {n > 2 ? ns[2] / (double)rows : -1, -1, 0, 0};
    double ident = (i == 0 ? ns[0] : ns[1]) / (double)rows;
    count_expr(db, r->expr, from, rows, &m);
    if (rvs) {
      print_measure(label, &m, ident, -1, have_ada);
      const char *vs = r->vs_label ? r->vs_label : rvs;
      printf("  %-40s %8.1f %7.2fx  -> %.2fx %s\n", vs, ada.ns, ada.ns / ident,
             m.ns / ada.ns, vs);
      continue;
    }
    print_measure(label, &m, ident, ada.ns, r->ada && have_ada);
    if (ada.ns < 0) continue;
    /* ada's line, with how many rows' results differ from ours. */
    char sql[2048], lab[64];
    unsigned long long sq, lc;
    count_expr(db, r->ada, from, rows, &ada);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s WHERE %s IS NOT %s",
             from, r->expr, r->ada);
    long long differ = count_query(db, sql, &sq, &lc);
    snprintf(lab, sizeof lab, "  ada (%lld rows differ)", differ);
    print_measure(lab, &ada, ident, -1, 0);
  }
}

/* url_href against ada_href on single long inputs of each shape, in
   interleaved rounds of ~4 MB of input each. */
static void bench_bytes(sqlite3 *db, int rounds, int have_ada) {
  printf("\n%-22s %9s %12s %12s %7s\n", "single input: url_href", "bytes",
         "ns/byte", "ada ns/byte", "x ada");
  size_t max = SIZES[sizeof SIZES / sizeof SIZES[0] - 1];
  char *in = malloc(max + 64);
  sqlite3_stmt *st[2] = {prepare(db, "SELECT length(url_href(?1))"),
                         have_ada ? prepare(db, "SELECT length(ada_href(?1))")
                                  : NULL};
  if (!in || !st[0]) die(db, "bench_bytes");
  int k = st[1] ? 2 : 1;
  for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++) {
    const shape *sh = &SHAPES[s];
    for (size_t z = 0; z < sizeof SIZES / sizeof SIZES[0]; z++) {
      size_t n = 0, pn = strlen(sh->prefix), un = strlen(sh->unit),
             sn = strlen(sh->suffix);
      memcpy(in, sh->prefix, pn);
      n = pn;
      while (n + un + sn <= SIZES[z]) memcpy(in + n, sh->unit, un), n += un;
      memcpy(in + n, sh->suffix, sn);
      n += sn;
      for (int i = 0; i < k; i++)
        sqlite3_bind_text(st[i], 1, in, (int)n, SQLITE_STATIC);
      long reps = (long)((4u << 20) / n);
      double ns[2];
      long long len[2] = {0, 0};
      if (!time_stmts(db, st, k, rounds, reps > 0 ? reps : 1, ns, len))
        die(db, "bench_bytes");
      char a[16] = "-", x[16] = "-";
      if (k == 2) {
        snprintf(a, sizeof a, "%.3f", ns[1] / (double)n);
        snprintf(x, sizeof x, "%.2fx", ns[0] / ns[1]);
      }
      printf("%-22s %9zu %12.3f %12s %7s%s\n", z ? "" : sh->name, n,
             ns[0] / (double)n, a, x,
             k == 2 && len[0] != len[1] ? "  (results differ)" : "");
    }
  }
  for (int i = 0; i < 2; i++) sqlite3_finalize(st[i]);
  free(in);
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
      double t = -1;
      snprintf(sql, sizeof sql, "SELECT %s FROM qs", EXPRS[i]);
      sqlite3_stmt *st = prepare(db, sql);
      if (!st || !time_stmts(db, &st, 1, rounds, 1, &t, &result)) t = -1;
      sqlite3_finalize(st);
      printf("%-58s %8ld %10.1f\n", EXPRS[i], n, t / (double)n);
    }
    if (sqlite3_exec(db, "DROP TABLE qs", 0, 0, 0) != SQLITE_OK) die(db, "drop");
  }
}

/* ------------------------------------------------------------ growth */

/*
** BENCH_ONLY=growth: each function on an adversarial argument of 1 kB,
** 64 kB and 1 MB (the argument `a`, made by SQL from its size ?1: R(u)
** is u repeated to about ?1 bytes), timed without the making; prints the
** time of each and the growth factor t(1 MB) / t(64 kB) / 16: about 1 is
** linear, n log n a little more, 16 quadratic.  An error (a bound) is an
** answer too: its time counts and "err" is shown.  Times above 1 can be the
** memory hierarchy (1 MB arguments leave the L2 cache); `make growth-count`
** counts the same cases' instructions, which only the work changes.
*/
#include "growth_cases.h"

static void bench_growth(sqlite3 *db, int rounds) {
  static const long SZ[3] = {1024, 64 * 1024, 1024 * 1024};
  printf("\ngrowth: ms at 1 kB, 64 kB, 1 MB; factor t(1MB)/t(64kB)/16 (1: linear)\n");
  if (sqlite3_exec(db, "CREATE TEMP TABLE growth(n INTEGER, a)", 0, 0, 0) != SQLITE_OK)
    die(db, "growth table");
  for (size_t c = 0; c < sizeof GROWTH / sizeof GROWTH[0]; c++) {
    const growth_case *g = &GROWTH[c];
    char sql[2048];
    double ms[3];
    int err[3];
    sqlite3_exec(db, "DELETE FROM growth", 0, 0, 0);
    snprintf(sql, sizeof sql, "INSERT INTO growth VALUES (?1, %s)", g->arg);
    sqlite3_stmt *ins = prepare(db, sql);
    snprintf(sql, sizeof sql, "SELECT typeof(%s) FROM growth WHERE n = ?1", g->expr);
    sqlite3_stmt *q = prepare(db, sql);
    if (!ins || !q) {
      sqlite3_finalize(ins);
      sqlite3_finalize(q);
      continue;
    }
    for (int i = 0; i < 3; i++) {
      sqlite3_bind_int64(ins, 1, SZ[i]);
      sqlite3_step(ins);
      sqlite3_reset(ins);
    }
    for (int i = 0; i < 3; i++) {
      double best = -1;
      for (int r = 0; r < rounds; r++) {
        sqlite3_bind_int64(q, 1, SZ[i]);
        double t0 = now_ns();
        err[i] = sqlite3_step(q) != SQLITE_ROW;
        double t = now_ns() - t0;
        sqlite3_reset(q);
        if (best < 0 || t < best) best = t;
      }
      ms[i] = best / 1e6;
    }
    printf("  %-32s %8.3f %8.3f %9.3f%s  growth %5.2f\n", g->label, ms[0], ms[1],
           ms[2], err[2] ? " (err)" : "", ms[1] > 0 ? ms[2] / ms[1] / 16 : 0);
    sqlite3_finalize(ins);
    sqlite3_finalize(q);
  }
}

static void print_sample(sqlite3 *db, long sample) {
  sqlite3_stmt *st;
  char sql[128];
  snprintf(sql, sizeof sql,
           "SELECT u, url_href(u) FROM urls WHERE rowid <= %ld", sample);
  if (sqlite3_prepare_v2(db, sql, -1, &st, 0) != SQLITE_OK) die(db, "sample");
  while (sqlite3_step(st) == SQLITE_ROW) {
    const unsigned char *h = sqlite3_column_text(st, 1);
    printf("  %s\n    -> %s\n", sqlite3_column_text(st, 0),
           h ? (const char *)h : "(failure)");
  }
  sqlite3_finalize(st);
  printf("\n");
}

/*
** Opening a Public Suffix List: url_psl_load of the system's files, the
** first time (read, rules read, rule table built; ms of one load) and
** again (the process's list of that file is shared: median of `rounds`),
** and the table's memory, as url_psl_info() reports it.  The DAFSA
** (Debian's default) is loaded last, so the list in use is the default
** again; if a section before used the default list, its first load finds
** it built already.
*/
static void bench_psl_open(sqlite3 *db, int rounds) {
  static const char *const FILES[] = {
      "/usr/share/publicsuffix/public_suffix_list.dat",
      "/usr/share/publicsuffix/public_suffix_list.dafsa"};
  printf("\n%-50s %9s %9s %12s %8s\n", "public suffix list open", "first ms",
         "again ms", "table bytes", "lookup");
  for (int i = 0; i < 2; i++) {
    if (!file_exists(FILES[i])) continue;
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT url_psl_load('%s') IS NOT NULL", FILES[i]);
    sqlite3_stmt *st = prepare(db, sql);
    if (!st) continue;
    double first, again;
    long long ok;
    int timed = time_stmts(db, &st, 1, 1, 1, &first, &ok) &&
                time_stmts(db, &st, 1, rounds, 1, &again, &ok);
    sqlite3_finalize(st);
    sqlite3_stmt *info = prepare(db,
        "SELECT url_psl_info() ->> '$.table_bytes', url_psl_info() ->> '$.lookup'");
    if (timed && info && sqlite3_step(info) == SQLITE_ROW)
      printf("%-50s %9.2f %9.3f %12lld %8s\n", FILES[i], first / 1e6,
             again / 1e6, sqlite3_column_int64(info, 0),
             sqlite3_column_text(info, 1));
    sqlite3_finalize(info);
  }
}

/*
** Opening connections (issue 28): the time per connection to open an
** in-memory database, enable extension loading and load the extension, as
** Python's sqlite3.connect(':memory:'), enable_load_extension(True),
** load_extension('build/url') do; 200 connections kept open (as an
** application's pool), then closed; median of `rounds`, next to opening
** alone.  The public suffix list is built on first use, once per process,
** so neither figure includes it.
*/
static void bench_open_load(const char *ext, int rounds) {
  enum { CONNS = 200 };
  static sqlite3 *dbs[CONNS];
  double t[2][MAX_ROUNDS];
  if (rounds > MAX_ROUNDS) rounds = MAX_ROUNDS;
  for (int r = 0; r < rounds; r++) {
    for (int load = 0; load < 2; load++) {
      double t0 = now_ns();
      for (int i = 0; i < CONNS; i++) {
        if (sqlite3_open(":memory:", &dbs[i]) != SQLITE_OK) die(dbs[i], "open");
        if (load) {
          sqlite3_enable_load_extension(dbs[i], 1);
          char *err = NULL;
          if (sqlite3_load_extension(dbs[i], ext, NULL, &err) != SQLITE_OK)
            die(dbs[i], err ? err : "load");
        }
      }
      t[load][r] = (now_ns() - t0) / CONNS;
      for (int i = 0; i < CONNS; i++) sqlite3_close(dbs[i]);
    }
  }
  double open_ns = median(t[0], rounds), load_ns = median(t[1], rounds);
  printf("\n%-50s %9s %12s\n", "connections (200 kept open)", "ms/conn",
         "open only");
  printf("%-50s %9.3f %12.3f\n", "open + enable_load_extension + load",
         load_ns / 1e6, open_ns / 1e6);
}

/*
** A list crafted against the rule table issue 28 replaced
** (tests/psl_crafted.h: 40,000 top-level rules whose old hash falls in one
** eighth of the old table) against as many honest random rules: the time
** of url_psl_load, and of url_registrable_domain over 20,000 hosts, and
** their ratios (1.0: a crafted list costs what any list of its size does).
*/
#include "../tests/psl_crafted.h"

static int load(sqlite3 *db, const char *path, const char *entry);
static int load_ext(sqlite3 *db, const char *path) { return load(db, path, NULL); }

static void bench_psl_crafted(const char *ext, int rounds) {
  sqlite3 *db[2] = {NULL, NULL};
  sqlite3_stmt *load[2] = {NULL, NULL}, *look[2] = {NULL, NULL};
  char path[2][64];
  double load_ns[2], look_ns[2];
  long long res[2];
  int ok = 1;
  for (int c = 0; c < 2 && ok; c++) {
    snprintf(path[c], sizeof path[c], "/tmp/sqlite-url-bench-%s-%d.dat",
             c ? "crafted" : "honest", (int)getpid());
    char *text = psl_crafted_text(40000, c);
    FILE *f = text ? fopen(path[c], "wb") : NULL;
    ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0) ok = 0;
    free(text);
    if (!ok || sqlite3_open(":memory:", &db[c]) != SQLITE_OK ||
        sqlite3_enable_load_extension(db[c], 1) != SQLITE_OK ||
        !load_ext(db[c], ext) ||
        sqlite3_exec(db[c],
                     "CREATE TABLE hosts(h TEXT);"
                     "WITH RECURSIVE i(n) AS (SELECT 0 UNION ALL SELECT n + 1 "
                     "FROM i WHERE n < 19999) INSERT INTO hosts SELECT "
                     "'www.host' || n || '.' || rtrim(substr("
                     "'comorgnetde uk io jp fr ', n % 8 * 3 + 1, 3)) FROM i",
                     0, 0, 0) != SQLITE_OK) {
      ok = 0;
      break;
    }
    char sql[160];
    snprintf(sql, sizeof sql, "SELECT url_psl_load('%s') IS NOT NULL", path[c]);
    load[c] = prepare(db[c], sql);
    look[c] = prepare(db[c], "SELECT count(url_registrable_domain(h)) FROM hosts");
    ok = load[c] && look[c];
  }
  /* One load each: a second load of the same file would find the list
     the process holds (shared) and build nothing. */
  ok = ok && time_stmts(db[0], load, 2, 1, 1, load_ns, res);
  ok = ok && time_stmts(db[0], look, 2, rounds, 1, look_ns, res);
  if (ok) {
    printf("\n%-50s %9s %12s %8s\n", "crafted list (40,000 rules)", "load ms",
           "ns/lookup", "");
    printf("%-50s %9.2f %12.1f\n", "honest random labels", load_ns[0] / 1e6,
           look_ns[0] / 20000);
    printf("%-50s %9.2f %12.1f\n", "labels crafted against the old hash",
           load_ns[1] / 1e6, look_ns[1] / 20000);
    printf("%-50s %8.2fx %11.2fx\n", "crafted / honest", load_ns[1] / load_ns[0],
           look_ns[1] / look_ns[0]);
  } else {
    printf("\ncrafted list: not measured\n");
  }
  for (int c = 0; c < 2; c++) {
    sqlite3_finalize(load[c]);
    sqlite3_finalize(look[c]);
    sqlite3_close(db[c]);
    unlink(path[c]);
  }
}

/* The real URL files: BENCH_URLS, else the shared lists of $SHARED_DIR
   (../shared; tests/shared_data.h), whose absence stops the bench naming
   the file.  buf holds the list made. */
static const char *real_urls(char *buf, size_t n) {
  const char *v = env_str("BENCH_URLS", NULL);
  if (v) return v;
  const char *d = env_str("SHARED_DIR", "../shared");
  snprintf(buf, n, "%s/data/kasztp.txt,%s/data/userbait.txt", d, d);
  return buf;
}

static int load(sqlite3 *db, const char *path, const char *entry) {
  char *err = NULL;
  if (sqlite3_load_extension(db, path, entry, &err) == SQLITE_OK) return 1;
  fprintf(stderr, "bench: loading %s: %s\n", path, err ? err : "?");
  sqlite3_free(err);
  return 0;
}

/*
** The load section (issue 39 item 4): a process's first connection,
** opened and given an extension, as a program that starts, opens a
** database and loads the extension pays it: the dynamic loader maps the
** library and its dependencies and applies their relocations, then the
** init registers the functions.  Each measurement is a fresh process
** (`bench --load-once EXT ENTRY`: the time from before sqlite3_open to
** after the load, in ns, on stdout); median of LOAD_RUNS processes each,
** the extension and an empty one linked to the same libraries
** (bench/empty_ext.c) taking turns.  Their difference is the extension's
** own share.
*/
#define LOAD_RUNS 41

/* The process's CPU time in ns: on a busy machine the wall time of a
   millisecond's work is mostly waiting for a processor. */
static double cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int load_once(const char *ext, const char *entry) {
  double t0 = now_ns(), c0 = cpu_ns();
  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return 1;
  sqlite3_enable_load_extension(db, 1);
  if (!load(db, ext, *entry ? entry : NULL)) return 1;
  double c1 = cpu_ns(), t1 = now_ns();
  printf("%.0f %.0f\n", t1 - t0, c1 - c0);
  sqlite3_close(db);
  return 0;
}

/* One fresh process's open+load of ext (entry "" = the default): wall
   and CPU ns into ns[2]; 0 when it failed. */
static int spawn_load(const char *self, const char *ext, const char *entry,
                      double ns[2]) {
  char cmd[8400];
  snprintf(cmd, sizeof cmd, "'%s' --load-once '%s' '%s'", self, ext, entry);
  FILE *p = popen(cmd, "r");
  if (!p) return 0;
  int ok = fscanf(p, "%lf %lf", &ns[0], &ns[1]) == 2;
  return pclose(p) == 0 && ok;
}

static void bench_load(const char *self, const char *ext) {
  char empty[4096];
  const char *slash = strrchr(self, '/');
  snprintf(empty, sizeof empty, "%.*s/empty_ext.so",
           slash ? (int)(slash - self) : 1, slash ? self : ".");
  if (!file_exists(empty)) {
    printf("\nload: no %s (make -C bench): no load section\n", empty);
    return;
  }
  double t[2][2][LOAD_RUNS]; /* [empty, this][wall, cpu][run] */
  for (int r = 0; r < LOAD_RUNS; r++) {
    for (int k = 0; k < 2; k++) {
      double ns[2];
      if (!spawn_load(self, k ? ext : empty, k ? "" : "sqlite3_emptyext_init", ns)) {
        printf("\nload: a process failed to load %s\n", k ? ext : empty);
        return;
      }
      t[k][0][r] = ns[0];
      t[k][1][r] = ns[1];
    }
  }
  double m[2][2];
  for (int k = 0; k < 2; k++)
    for (int w = 0; w < 2; w++) m[k][w] = median(t[k][w], LOAD_RUNS);
  printf("\n%-50s %9s %9s\n", "first connection of a process (median of 41)",
         "ms wall", "ms CPU");
  printf("%-50s %9.3f %9.3f\n", "open + load an empty extension, same libraries",
         m[0][0] / 1e6, m[0][1] / 1e6);
  printf("%-50s %9.3f %9.3f\n", "open + load this extension", m[1][0] / 1e6,
         m[1][1] / 1e6);
  printf("%-50s %9.3f %9.3f\n", "the extension's own share",
         (m[1][0] - m[0][0]) / 1e6, (m[1][1] - m[0][1]) / 1e6);
}

int main(int argc, char **argv) {
  if (argc == 4 && !strcmp(argv[1], "--load-once")) return load_once(argv[2], argv[3]);
  const char *ext = argc > 1 ? argv[1] : "build/url.so";
  const char *ada_ext = argc > 2 && *argv[2] ? argv[2] : NULL;
  long rows = env_long("BENCH_ROWS", 1000000);
  int rounds = (int)env_long("BENCH_ROUNDS", 5);
  const char *data = env_str("BENCH_DATA", "both");
  const char *only = env_str("BENCH_ONLY", NULL);
  const char *filter = env_str("BENCH_FILTER", NULL);
  if (strcmp(data, "both") && strcmp(data, "generated") && strcmp(data, "real")) {
    fprintf(stderr, "bench: BENCH_DATA must be both, generated or real\n");
    return 1;
  }
  if (!count_sqlite_allocs()) die(NULL, "SQLITE_CONFIG_MALLOC");

  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) die(db, "open");
  sqlite3_enable_load_extension(db, 1);
  if (!load(db, ext, NULL)) return 1;
  int have_ada = ada_ext && load(db, ada_ext, "sqlite3_adaext_init");
  const char *uriparser_ext = argc > 3 && *argv[3] ? argv[3] : NULL;
  have_uriparser = uriparser_ext && load(db, uriparser_ext, "sqlite3_uriparserext_init");
  if (!have_ada)
    printf("ada: not built (needs ../shared/bench/ada and a C++ compiler); "
           "no comparison\n");
  if (sqlite3_create_function_v2(db, "identity", 1,
                                 SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                 identity, NULL, NULL, NULL) != SQLITE_OK)
    die(db, "create identity");
  char *targets = make_targets();
  if (!targets || sqlite3_create_function_v2(db, "bench_targets", 0,
                                             SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                             targets, bench_targets, NULL, NULL,
                                             free) != SQLITE_OK)
    die(db, "create bench_targets");
  printf("SQLite %s; %d rounds, median shown; allocations counted through "
         "SQLite's allocator (sq-alloc) and libc's malloc (process-wide)\n",
         sqlite3_libversion(), rounds);

  if (!only || !strcmp(only, "rows")) {
    for (int set = 0; set < 2; set++) {
      if (set == 0 && !strcmp(data, "real")) continue;
      if (set == 1 && !strcmp(data, "generated")) continue;
      printf("\n");
      char urls[8400];
      long long bytes = fill(db, rows, set ? real_urls(urls, sizeof urls) : NULL);
      printf("rows: %ld, %.1f bytes/URL on average\n\n", rows,
             (double)bytes / (double)rows);
      long sample = getenv("BENCH_SAMPLE") ? env_long("BENCH_SAMPLE", 0) : 0;
      if (sample) print_sample(db, sample);
      bench_rows(db, rows, rounds, have_ada, filter);
    }
  }
  if (!only || !strcmp(only, "psl")) {
    bench_psl_open(db, rounds);
    bench_psl_crafted(ext, rounds);
    bench_open_load(ext, rounds);
  }
  if (!only || !strcmp(only, "load")) bench_load(argv[0], ext);
  if (!only || !strcmp(only, "bytes")) bench_bytes(db, rounds, have_ada);
  if (!only || !strcmp(only, "params")) bench_search_params(db, rounds);
  if (!only || !strcmp(only, "growth")) bench_growth(db, rounds);
  sqlite3_close(db);
  return 0;
}
