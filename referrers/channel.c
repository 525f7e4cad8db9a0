/*
** GA4's default channel group ("[GA4] Default channel group", Google
** Analytics Help): the first of its rules, in its order, that a session's
** source, medium and campaign meet.  Every comparison is case-insensitive.
** The source categories (search, social, video, shopping sites) come from
** the referrer lists (ref_source_cats), not from Google's own list.
**
**   SELECT url_channel('https://shop.example/?utm_source=google&utm_medium=cpc');
**   -- Paid Search
*/
#include <string.h>

#include "referrer.h"
#include "urlencoded.h"

static int lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* A lowercase ASCII word with its length, known when compiled. */
#define W(x) ((url_str){x, sizeof x - 1})
#define WI(x) {x, sizeof x - 1}

/* s equals the lowercase ASCII word w, case-insensitively. */
static int is(url_str s, url_str w) {
  if (s.n != w.n) return 0;
  for (size_t i = 0; i < w.n; i++)
    if (lower((unsigned char)s.s[i]) != (unsigned char)w.s[i]) return 0;
  return 1;
}

/* s is one of the n words ws. */
static int is_one(url_str s, const url_str *ws, size_t n) {
  for (size_t k = 0; k < n; k++)
    if (s.n == ws[k].n && is(s, ws[k])) return 1;
  return 0;
}
#define IS_ONE(s, ws) is_one(s, ws, sizeof ws / sizeof ws[0])

/* The offset of the first occurrence of w in s (case-insensitive) at or
   after `from`, or -1. */
static long find(url_str s, url_str w, size_t from) {
  if (w.n == 0 || s.n < w.n) return w.n == 0 ? (long)from : -1;
  unsigned char c0 = (unsigned char)w.s[0];
  for (size_t i = from; i + w.n <= s.n; i++) {
    if (lower((unsigned char)s.s[i]) != c0) continue;
    size_t k = 1;
    while (k < w.n && lower((unsigned char)s.s[i + k]) == (unsigned char)w.s[k]) k++;
    if (k == w.n) return (long)i;
  }
  return -1;
}

static int has(url_str s, url_str w) { return find(s, w, 0) >= 0; }

static int starts(url_str s, url_str w) {
  return s.n >= w.n && is((url_str){s.s, w.n}, w);
}

static int ends(url_str s, url_str w) {
  return s.n >= w.n && is((url_str){s.s + s.n - w.n, w.n}, w);
}

/* P: medium matches ^(.*cp.*|ppc|retargeting|paid.*)$ */
static int paid_medium(url_str m) {
  return has(m, W("cp")) || is(m, W("ppc")) || is(m, W("retargeting")) ||
         starts(m, W("paid"));
}

/* SHOP: campaign matches ^(.*(([^a-df-z]|^)shop|shopping).*)$ : "shopping"
   anywhere, or "shop" at the start or after a character that is not a
   letter a-d or f-z (so after 'e', a digit, '-', ...). */
static int shop_campaign(url_str c) {
  if (has(c, W("shopping"))) return 1;
  for (long i = find(c, W("shop"), 0); i >= 0; i = find(c, W("shop"), (size_t)i + 1)) {
    if (i == 0) return 1;
    int p = lower((unsigned char)c.s[i - 1]);
    if (!(p >= 'a' && p <= 'z' && p != 'e')) return 1;
  }
  return 0;
}

const char *ref_channel(const ref_session *ss) {
  static const url_str display[] = {WI("display"), WI("banner"), WI("expandable"),
                                    WI("interstitial"), WI("cpm")};
  static const url_str social[] = {WI("social"),        WI("social-network"),
                                   WI("social-media"),  WI("sm"),
                                   WI("social network"), WI("social media")};
  static const url_str referral[] = {WI("referral"), WI("app"), WI("link")};
  static const url_str email[] = {WI("email"), WI("e-mail"), WI("e_mail"), WI("e mail")};
  url_str source = ss->source, medium = ss->medium, campaign = ss->campaign;
  int cats = ss->cats;
  int P = paid_medium(medium), SHOP = shop_campaign(campaign);
  int shopping = (cats & REF_CAT_SHOPPING) != 0, search = (cats & REF_CAT_SEARCH) != 0;
  int soc = (cats & REF_CAT_SOCIAL) != 0, video = (cats & REF_CAT_VIDEO) != 0;

  if (is(source, W("(direct)")) && (is(medium, W("(not set)")) || is(medium, W("(none)"))))
    return "Direct";
  if (has(campaign, W("cross-network"))) return "Cross-network";
  if ((shopping || SHOP) && P) return "Paid Shopping";
  if (search && P) return "Paid Search";
  if (soc && P) return "Paid Social";
  if (video && P) return "Paid Video";
  if (IS_ONE(medium, display)) return "Display";
  if (P) return "Paid Other";
  if (shopping || SHOP) return "Organic Shopping";
  if (soc || IS_ONE(medium, social)) return "Organic Social";
  if (video || has(medium, W("video"))) return "Organic Video";
  if (search || is(medium, W("organic"))) return "Organic Search";
  if (IS_ONE(medium, referral)) return "Referral";
  if (IS_ONE(source, email) || IS_ONE(medium, email)) return "Email";
  if (is(medium, W("affiliate"))) return "Affiliates";
  if (is(medium, W("audio"))) return "Audio";
  if (is(source, W("sms")) || is(medium, W("sms"))) return "SMS";
  if (ends(medium, W("push")) || has(medium, W("mobile")) ||
      has(medium, W("notification")) || is(source, W("firebase")))
    return "Mobile Push Notifications";
  return "Unassigned";
}

/* The value of the first tuple of the page's query named name, decoded,
   appended to b: 1 if there is one (its offset and length in *at, *n). */
static int utm(url_str q, const char *name, url_buf *b, size_t *at, size_t *n) {
  *at = b->len;
  *n = 0;
  if (!q.s || url_sp_get_in(q.s, q.n, name, strlen(name), b) != URL_OK) return 0;
  *n = b->len - *at;
  return 1;
}

/* The string s as a slice (s NULL: none). */
static url_str str(const char *s) { return (url_str){s, s ? strlen(s) : 0}; }

/* The categories of a referrer classified as i: a video or shopping host
   (own_lists.tsv) is that, whatever its medium (GA4's video and shopping
   rules come before social and search; YouTube is a social network in
   Matomo's list); otherwise the classification's own: a search is a search
   source, a social network a social one, anything else none (a host of a
   search engine that gave no search, such as news.google.com/articles/x,
   is a referral, as url_referrer calls it a website). */
static int referrer_cats(const ref_info *i) {
  int c = i->cats & (REF_CAT_VIDEO | REF_CAT_SHOPPING);
  if (c) return c;
  return i->medium == REF_M_SEARCH ? REF_CAT_SEARCH
         : i->medium == REF_M_SOCIAL ? REF_CAT_SOCIAL : 0;
}

int ref_session_of(const url *page, const url *r, const url_psl_list *psl,
                   const url_allocator *mem, url_buf *b, ref_session *s) {
  static const char direct[] = "(direct)", none[] = "(none)", not_set[] = "(not set)";
  static const char *const names[] = {"utm_source", "utm_medium", "utm_campaign",
                                      "utm_term", "utm_content"};
  memset(s, 0, sizeof *s);
  url_str q = page ? url_query(page) : (url_str){NULL, 0};
  size_t at[6], n[6];
  int got[6];
  for (int k = 0; k < 5; k++) got[k] = utm(q, names[k], b, &at[k], &n[k]);
  /* auto-tagging: the first click id of the list the page has */
  int click = -1;
  at[5] = n[5] = 0;
  got[5] = 0;
  for (size_t k = 0; k < ref_n_clickids && q.s && click < 0; k++) {
    const char *name = ref_str(ref_clickids[k].name);
    if (utm(q, name, b, &at[5], &n[5])) click = (int)k;
  }
  got[5] = click >= 0;
  if (b->err) return b->err;
  /* the buffer may have moved while it grew: slices from here */
  url_str v[6];
  for (int k = 0; k < 6; k++) v[k] = got[k] ? (url_str){b->ptr + at[k], n[k]} : (url_str){NULL, 0};
  s->campaign = v[2];
  s->term = v[3];
  s->content = v[4];
  s->click_id = v[5];
  s->click_kind = click >= 0 ? ref_str(ref_clickids[click].name) : NULL;
  if (got[0] || got[1] || (got[2] && click < 0)) {
    /* manual tagging: any of source, medium or campaign (a campaign alone
       is tagged traffic too, not Direct: it reaches Cross-network) */
    s->source = got[0] ? v[0] : str(not_set);
    s->medium = got[1] ? v[1] : str(not_set);
    s->cats = ref_source_cats(s->source.s, s->source.n);
    return URL_OK;
  }
  if (click >= 0) {
    s->source = str(ref_str(ref_clickids[click].source));
    s->medium = str(ref_str(ref_clickids[click].medium));
    s->cats = ref_source_cats(s->source.s, s->source.n);
    return URL_OK;
  }
  s->source = str(direct);
  s->medium = str(none);
  if (!r) return URL_OK;
  /* the referrer, classified as url_referrer classifies it; its keyword
     goes to b after the page's parameters */
  size_t term_at = b->len;
  int rc = ref_classify(r, page, psl, mem, b, &s->ref);
  if (rc != URL_OK) return rc;
  static const char *const media[] = {NULL,    "organic", "referral", "referral",
                                      "email", "cpc",     NULL,       "referral"};
  const ref_info *i = &s->ref;
  if (i->medium == REF_M_NONE || i->medium == REF_M_INTERNAL) return URL_OK;
  s->medium = str(media[i->medium]);
  s->source = i->source ? str(i->source) : i->host;
  s->cats = referrer_cats(i);
  if (i->has_term) s->term = (url_str){b->ptr + term_at, b->len - term_at};
  /* slices into b made before ref_classify may have moved with it */
  for (int k = 2; k < 6; k++)
    if (got[k]) v[k] = (url_str){b->ptr + at[k], n[k]};
  s->campaign = v[2];
  s->content = v[4];
  s->click_id = v[5];
  if (!i->has_term) s->term = v[3];
  return URL_OK;
}
