/*
** Brands with words (combo.h): combo-squatting and a brand in a subdomain.
*/
#include "combo.h"

#include <string.h>

#include "idna.h"
#include "status.h"

/* kSkeletonsOfPopularKeywordsForCSQ, Chromium's list of keywords (their
   skeletons: "adrnin" is admin), components/lookalikes/core/
   lookalike_url_util.cc at chromium/chromium f24a8e13 (BSD-3-Clause,
   "manually curated using Chrome metrics"). */
static const char *const chromium_keywords[] = {
    "account", "activate", "adrnin",  "coin",    "crypto",
    "login",   "logout",   "password", "secure", "security",
    "signin",  "signout",  "wallet"};

const dec_keywords dec_chromium_keywords = {
    chromium_keywords, sizeof chromium_keywords / sizeof *chromium_keywords};

/* kBrandNamesForCSQ, Chromium's hard-coded brands (the same file; its
   entry {"uderny", "udemy"} has its two names swapped: udemy here). */
static const char *const chromium_brands[] = {
    "adobe",     "airbnb",     "alibaba",       "aliexpress",   "amazon",
    "baidu",     "bestbuy",    "blogspot",      "costco",       "craigslist",
    "dropbox",   "expedia",    "facebook",      "fedex",        "flickr",
    "github",    "glassdoor",  "gofundme",      "google",       "homedepot",
    "icloud",    "indeed",     "instagram",     "intuit",       "microsoft",
    "nbcnews",   "netflix",    "norton",        "nytimes",      "office365",
    "paypal",    "pinterest",  "playstation",   "quora",        "reddit",
    "reuters",   "samsung",    "spotify",       "stackexchange", "stackoverflow",
    "trello",    "twitch",     "twitter",       "udemy",        "wikipedia",
    "wordpress", "xfinity",    "yahoo",         "youtube",      "zillow"};

const dec_keywords dec_chromium_brands = {
    chromium_brands, sizeof chromium_brands / sizeof *chromium_brands};

/* kMinBrandNameLengthForComboSquatting: a brand has more characters. */
#define MIN_BRAND 5

/* The first occurrence of w[0..wn) in s[0..n), or -1. */
static long find(const char *s, size_t n, const char *w, size_t wn) {
  for (size_t i = 0; wn && i + wn <= n; i++)
    if (s[i] == w[0] && !memcmp(s + i, w, wn)) return (long)i;
  return -1;
}

static int holds(const char *a, size_t an, const char *b, size_t bn) {
  return find(a, an, b, bn) >= 0;
}

/* The host's registrable domain (ASCII) and the skeleton of its name
   before the registry, in sk; 0 when it has none. */
static int name_skeleton(const dec_targets *t, const char *h, size_t n,
                         url_str *reg, size_t *ae2ld, url_buf *sk, int *rc) {
  char su[256];
  url_buf uni;
  if (!dec_etld1(dec_targets_psl(t), h, n, reg, ae2ld, rc)) return 0;
  url_buf_init(&uni, sk->mem, su, sizeof su, (size_t)-1);
  *rc = url_domain_to_unicode(reg->s, *ae2ld, &uni);
  if (!*rc) *rc = dec_targets_skeleton(t, uni.ptr, uni.len, sk);
  url_buf_free(&uni);
  return !*rc;
}

/* Whether target ti is a brand: an engaged target (Chromium's
   GetBrandNamesFromEngagedSites), or one whose e2LD is a hard-coded brand
   (kBrandNamesForCSQ: Chromium checks no other top domain's name). */
static int is_brand(const dec_targets *t, long ti) {
  const dec_keywords *b = &dec_targets_lists(t)->brands;
  url_str reg;
  size_t e2ld;
  if (dec_targets_engaged(t, ti)) return 1;
  if (!b->v) b = &dec_chromium_brands;
  dec_targets_reg(t, ti, &reg, &e2ld);
  for (size_t k = 0; k < b->n; k++)
    if (strlen(b->v[k]) == e2ld && !memcmp(b->v[k], reg.s, e2ld)) return 1;
  return 0;
}

/* IsComboSquatting for a brand at [b, b + bn) of s (its first
   occurrence): a keyword elsewhere in s, neither inside the other. */
static int with_keyword(const dec_keywords *kw, const char *s, size_t n,
                        size_t b, size_t bn) {
  for (size_t k = 0; k < kw->n; k++) {
    const char *w = kw->v[k];
    size_t wn = strlen(w);
    long at = find(s, n, w, wn);
    if (at < 0) continue;
    if (holds(s + b, bn, w, wn) || holds(w, wn, s + b, bn)) continue;
    size_t a = (size_t)at;
    if ((a > b && a < b + bn) || (b > a && b < a + wn)) continue; /* overlap */
    return 1;
  }
  return 0;
}

long dec_combo_squatting(const dec_targets *t, const char *h, size_t n,
                         int *rc) {
  const dec_keywords *kw = &dec_targets_lists(t)->keywords;
  char ss[256];
  url_buf sk;
  url_str reg;
  size_t ae2ld;
  long found = -1;
  if (!kw->v) kw = &dec_chromium_keywords;
  url_buf_init(&sk, dec_policy_mem(dec_targets_policy(t)), ss, sizeof ss,
               (size_t)-1);
  if (!name_skeleton(t, h, n, &reg, &ae2ld, &sk, rc) || sk.len > 255) goto done;
  /* no keyword, no combo: the common case costs a few scans */
  size_t k = 0;
  while (k < kw->n && !holds(sk.ptr, sk.len, kw->v[k], strlen(kw->v[k]))) k++;
  if (k == kw->n) goto done;
  /* brands: the substrings of MIN_BRAND bytes or more, shorter than s
     and no longer than the longest brand (a bounded number of lookups
     from each start) */
  size_t longest = dec_targets_max_brand(t);
  for (size_t b = 0; found < 0 && b + MIN_BRAND <= sk.len; b++) {
    for (size_t e = b + MIN_BRAND;
         found < 0 && e <= sk.len && e - b <= longest; e++) {
      if (e - b == sk.len) continue;
      long ti = dec_targets_brand(t, sk.ptr + b, e - b);
      if (ti < 0 || find(sk.ptr, sk.len, sk.ptr + b, e - b) != (long)b ||
          !is_brand(t, ti))
        continue;
      if (with_keyword(kw, sk.ptr, sk.len, b, e - b))
        found = dec_targets_prefer(t, ti, reg, ae2ld);
    }
  }
done:
  url_buf_free(&sk);
  return found;
}

long dec_brand_in_subdomain(const dec_targets *t, const char *h, size_t n,
                            size_t *at, size_t *at_len, int *rc) {
  char ss[256], sn[256];
  url_buf sk, own;
  url_str reg;
  size_t ae2ld;
  long found = -1;
  const url_allocator *mem = dec_policy_mem(dec_targets_policy(t));
  if (!dec_etld1(dec_targets_psl(t), h, n, &reg, &ae2ld, rc)) return -1;
  size_t end = (size_t)(reg.s - h);
  if (end < MIN_BRAND + 1) return -1;
  url_buf_init(&sk, mem, ss, sizeof ss, (size_t)-1);
  url_buf_init(&own, mem, sn, sizeof sn, (size_t)-1);
  /* the tokens of the subdomain part, each a whole label or hyphen part */
  for (size_t i = 0; found < 0 && !*rc && i < end;) {
    size_t e = dec_token_end(h, end, i);
    /* a whole label or a hyphen part alike: the brands are curated (a top
       site's name alone is a common word too often: archive, blogs) */
    if (e - i >= MIN_BRAND && e - i <= 63) {
      url_buf uni;
      char su[256];
      url_buf_init(&uni, mem, su, sizeof su, (size_t)-1);
      sk.len = 0;
      *rc = url_domain_to_unicode(h + i, e - i, &uni);
      if (!*rc) *rc = dec_targets_skeleton(t, uni.ptr, uni.len, &sk);
      url_buf_free(&uni);
      long ti = *rc ? -1 : dec_targets_brand(t, sk.ptr, sk.len);
      if (ti >= 0 && is_brand(t, ti)) {
        /* not the brand's own name on another registry (paypal.paypal.de) */
        if (!own.len) {
          url_buf_init(&uni, mem, su, sizeof su, (size_t)-1);
          *rc = url_domain_to_unicode(reg.s, ae2ld, &uni);
          if (!*rc) *rc = dec_targets_skeleton(t, uni.ptr, uni.len, &own);
          url_buf_free(&uni);
        }
        if (!(own.len == sk.len && !memcmp(own.ptr, sk.ptr, sk.len))) {
          found = dec_targets_prefer(t, ti, reg, ae2ld);
          *at = i;
          *at_len = e - i;
        }
      }
    }
    i = e + 1;
  }
  url_buf_free(&sk);
  url_buf_free(&own);
  return found;
}
