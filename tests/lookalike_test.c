/*
** deceptive/'s lookalike rules (lookalike.h, embedding.h, combo.h) against
** Chromium's own unit tests, restated as this project's cases
** (components/lookalikes/core/lookalike_url_util_unittest.cc, chromium at
** f24a8e13): IsEditDistanceAtMostOne, EditDistanceExcludesCommon-
** FalsePositives, CharacterSwapExcludesCommonFalsePositives,
** HasOneCharacterSwap and IsComboSquatting with its test lists of brands
** and keywords; and the rules Chromium applies around them: one edit counts
** only from an engaged target, skeletons only for IDN hosts, a host on a
** target's registrable domain is its own, the target embedding's bound.
** Target embedding's own cases (TargetEmbeddingTest) are in
** sql-tests/deceptive.sql.
*/
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "chromium.h"
#include "combo.h"
#include "embedding.h"
#include "lookalike.h"
#include "mem_libc.h"
#include "psl.h"
#include "status.h"

#define S(x) x, strlen(x)

/* IsEditDistanceAtMostOne's cases (wide strings there, UTF-8 here). */
static void edit_distance(void) {
  static const struct {
    const char *a, *b;
    int want;
  } c[] = {
      {"", "", 1},       {"a", "a", 1},     {"a", "", 1},      {"", "a", 1},
      {"", "ab", 0},     {"ab", "", 0},     {"ab", "a", 1},    {"a", "ab", 1},
      {"ab", "b", 1},    {"b", "ab", 1},    {"ab", "ab", 1},   {"a", "abc", 0},
      {"abc", "a", 0},   {"aba", "ab", 1},  {"ba", "aba", 1},  {"abc", "ac", 1},
      {"ac", "abc", 1},  {"xbc", "ybc", 1}, {"axc", "ayc", 1}, {"abx", "aby", 1},
      {"é", "", 1},      {"", "é", 1},      {"tést", "test", 1},
      {"test", "tést", 1},                  {"tés", "test", 0},
      {"test", "tés", 0},                   {"google.com", "gooogle.com", 1},
      {"gogle.com", "google.com", 1},       {"googlé.com", "google.com", 1},
      {"google.com", "googlé.com", 1},      {"google.com", "goooglé.com", 0},
  };
  for (size_t k = 0; k < sizeof c / sizeof *c; k++)
    if (!check(dec_edit_at_most_one(S(c[k].a), S(c[k].b)) == c[k].want))
      printf("FAIL IsEditDistanceAtMostOne(%s, %s)\n", c[k].a, c[k].b);
}

/* HasOneCharacterSwap's cases. */
static void one_swap(void) {
  static const struct {
    const char *a, *b;
    int want;
  } c[] = {
      {"", "", 0},           {"", "a", 0},          {"", "ab", 0},
      {"a", "ab", 0},        {"a", "ba", 0},        {"abc.com", "abc.com", 0},
      {"abc.com", "abcd.com", 0},                   {"domain.com", "nomaid.com", 0},
      {"abba", "baab", 0},   {"ab", "ba", 1},       {"abba", "baba", 1},
      {"abaaa", "baaaa", 1}, {"abcaa", "bacaa", 1}, {"aaaab", "aaaba", 1},
      {"aacab", "aacba", 1}, {"aabaa", "abaaa", 1}, {"aabcc", "abacc", 1},
      {"aabaa", "aaaba", 1}, {"ccbaa", "ccaba", 1}, {"domain.com", "doamin.com", 1},
      {"gmail.com", "gmailc.om", 1},                {"gmailc.om", "gmail.com", 1},
  };
  for (size_t k = 0; k < sizeof c / sizeof *c; k++)
    if (!check(dec_one_swap(S(c[k].a), S(c[k].b)) == c[k].want))
      printf("FAIL HasOneCharacterSwap(%s, %s)\n", c[k].a, c[k].b);
}

/* EditDistanceExcludesCommonFalsePositives' cases, and this project's
   difference only in digits. */
static void edit_false_positives(const url_psl_list *psl) {
  static const struct {
    const char *a, *b;
    int want;
  } c[] = {
      {"abcxd.com", "abcyd.com", 0},   {"abcxd.com", "abcxxd.com", 0},
      {"abcxxd.com", "abcxd.com", 0},  {"abcde.com", "abcde.net", 1},
      {"abcd1.com", "abcd2.com", 1},   {"abcde.com", "abcde1.com", 1},
      {"abcde1.com", "abcde.com", 1},  {"abcd11.com", "abcd21.com", 1},
      {"a.abcd1.com", "abcd2.com", 1}, {"abcx1.com", "abcy1.com", 0},
      {"abcd1.com", "abcde1.com", 0},  {"abcde1.com", "abcd1.com", 0},
      {"abcdx.com", "abcdy.com", 0},   {"xabcd.com", "yabcd.com", 1},
      {"xabcde.com", "abcde.com", 1},  {"abcde.com", "xabcde.com", 1},
      {"a.abcde.com", "xabcde.com", 1}, {"abcde.com", "axbcde.com", 0},
      {"axbcde.com", "abcde.com", 0},  {"axbcde.com", "aybcde.com", 0},
      {"-abcde.com", "abcde.com", 1},  {"ab-cde.com", "abcde.com", 1},
      {"abcde-.com", "abcde.com", 1},  {"abcde.com", "-abcde.com", 1},
      {"abcde.com", "ab-cde.com", 1},  {"abcde.com", "abcde-.com", 1},
      /* the project's: digits alone differ, anywhere */
      {"awsdns-43.com", "awsdns-34.com", 1},
  };
  for (size_t k = 0; k < sizeof c / sizeof *c; k++)
    if (!check(dec_edit_false_positive(psl, S(c[k].a), S(c[k].b)) ==
               c[k].want))
      printf("FAIL IsLikelyEditDistanceFalsePositive(%s, %s)\n", c[k].a,
             c[k].b);
}

static dec_targets *targets(const dec_policy *p, const url_psl_list *psl,
                            const dec_combo_lists *cl, const char *text) {
  dec_targets *t = NULL;
  if (!check(dec_targets_new(dec_policy_at(p, DEC_UNICODE16), psl, cl, S(text), &t) ==
             URL_OK))
    printf("FAIL dec_targets_new\n");
  return t;
}

/* The near match of host against t: the listed target, or "" for none,
   and how. */
static void near(const dec_targets *t, const char *host, const char *want,
                 int how) {
  size_t len;
  int got_how, rc;
  const char *m = dec_targets_near(t, S(host), &len, &got_how, &rc);
  int ok = rc == URL_OK && (*want ? m && len == strlen(want) &&
                                        !memcmp(m, want, len) &&
                                        got_how == how
                                  : !m);
  if (!check(ok))
    printf("FAIL near %s: %.*s (%d), want %s (%d)\n", host, m ? (int)len : 4,
           m ? m : "none", got_how, want, how);
}

/* CharacterSwapExcludesCommonFalsePositives, one edit from an engaged
   target only (Chromium's kEditDistance only records metrics; its
   kEditDistanceSiteEngagement shows a Safety Tip), skeletons only for IDN
   registrable domains, digits for letters. */
static void near_matches(const dec_policy *p, const url_psl_list *psl) {
  dec_targets *t = targets(p, psl, NULL,
                           "abcde.rs\nabced.com\n+facebook.com\n"
                           "+rakuten.co.jp\ngoogle.com\nuniswap.org\n"
                           "trezor.io\npaypal.com\nmicrosoft.com\n"
                           "+awsdns-34.com\n");
  if (!t) return;
  near(t, "abcde.sr", "", 0);            /* only the registry differs */
  near(t, "abcde.com", "abced.com", DEC_NEAR_SWAP);
  near(t, "faccebook.link", "facebook.com", DEC_NEAR_EDIT);
  near(t, "www.faccebook.com", "facebook.com", DEC_NEAR_EDIT);
  near(t, "rakuiten.co", "rakuten.co.jp", DEC_NEAR_EDIT);
  near(t, "gooogle.com", "", 0);         /* google.com is not engaged */
  near(t, "goolge.com", "google.com", DEC_NEAR_SWAP);
  near(t, "awsdns-43.com", "", 0);       /* digits are numbers here */
  near(t, "faceboo.org", "", 0);         /* short on another registry */
  near(t, "xn--unswap-q9a.com", "uniswap.org", DEC_NEAR_SKELETON); /* unıswap */
  near(t, "xn--trzor-7za.com", "trezor.io", DEC_NEAR_SKELETON);    /* trėzor */
  near(t, "paypa1.com", "paypal.com", DEC_NEAR_DIGITS);
  near(t, "micr0s0ft.net", "microsoft.com", DEC_NEAR_DIGITS);
  near(t, "faceb00k.com", "facebook.com", DEC_NEAR_DIGITS);
  near(t, "g00gle.com", "google.com", DEC_NEAR_DIGITS);
  near(t, "google.de", "", 0);           /* the target on another registry */
  near(t, "mail.google.com", "", 0);
  /* rn reads as m in a skeleton, but an ASCII name is not compared by it */
  near(t, "rnicrosoft.com", "", 0);
  int rc;
  check_named(dec_targets_own(t, S("mail.google.com"), &rc) && !rc,
              "own: a host under a target");
  check_named(!dec_targets_own(t, S("google.com.evil.example"), &rc),
              "own: another registrable domain");
  dec_targets_free(t);
}

/* IsComboSquatting's cases with its test lists: brands google, youtube,
   sample, example, vices (kBrandNames), keywords as skeletons
   (kPopularKeywords), engaged sites as "+" targets. */
static void combo_squatting(const dec_policy *p, const url_psl_list *psl) {
  static const char *const brands[] = {"google", "youtube", "sample",
                                       "example", "vices"};
  static const char *const keywords[] = {"online",   "login", "account",
                                         "arnple",   "services", "test",
                                         "security"};
  const dec_combo_lists cl = {{keywords, sizeof keywords / sizeof *keywords},
                              {brands, sizeof brands / sizeof *brands}};
  dec_targets *t = targets(p, psl, &cl,
                           "google.com\nyoutube.com\nsample.com\n"
                           "example.com\nvices.com\ngoogle.co.kr\n"
                           "+engagedsite.com\n+subdomain.google.com\n"
                           "+len.com\n+testcombo.org\n+highs.com\n");
  if (!t) return;
  static const struct {
    const char *host, *want;
  } c[] = {
      {"google.com", ""},
      {"youtube.ca", ""},
      {"login.google.com", ""},
      {"google-login.test", ""},
      {"google-online.com", "google.com"},
      {"google-login-online.com", "google.com"},
      {"one-sample-online.com", "sample.com"},
      {"www.example.test", ""},
      {"google-youtube-account.com", "google.com"},
      {"loginsample.com", "sample.com"},
      {"sample.com", ""},
      {"sample-ample.com", ""},
      {"accountexampleonline.com", "example.com"},
      {"oneyoutubelogin.com", "youtube.com"},
      {"online.google", ""},
      {"keyservices.com", ""},
      {"engagedsite-login.com", "engagedsite.com"},
      {"len-online.com", ""},
      {"xn--googl-login-fbb.com", "google.com"},       /* googlé-login */
      {"xn--engagedsit-online-ktb.com", "engagedsite.com"},
      {"xn--google-lgin-xeb.com", "google.com"},       /* google-lógin */
      {"xn--googl-youtub-account-f2bh.com", "google.com"},
      {"xn--nline-zta.xn--googl-fsa", ""},             /* ónline.googlé */
      {"xn--keyservics-j7a.com", ""},                  /* keyservicés */
      {"xn--lginsample-gbb.com", "sample.com"},        /* lóginsample */
      {"xn--loginsampl-k7a.com", "sample.com"},        /* loginsamplé */
      {"xn--ln-online-b4a.com", ""},                   /* lén-online */
      {"google-login.co.kr", "google.co.kr"},
      {"google-login.co.ir", "google.com"},
      {"testcomboonline.org", "testcombo.org"},
      {"highsecurity.com", ""},
  };
  for (size_t k = 0; k < sizeof c / sizeof *c; k++) {
    int rc;
    long ti = dec_combo_squatting(t, S(c[k].host), &rc);
    url_str listed = {"", 0};
    if (ti >= 0) dec_targets_listed(t, ti, &listed);
    if (!check(rc == URL_OK && listed.n == strlen(c[k].want) &&
               !memcmp(listed.s, c[k].want, listed.n)))
      printf("FAIL IsComboSquatting(%s): %.*s, want %s\n", c[k].host,
             (int)listed.n, listed.s, c[k].want);
  }
  dec_targets_free(t);
  /* Chromium's own lists: a target is a brand when it is one of its
     hard-coded brands or engaged; a word that is a top site is not */
  t = targets(p, psl, NULL, "paypal.com\nfocus.cn\n+example.org\n");
  if (!t) return;
  int rc;
  check_named(dec_combo_squatting(t, S("paypal-secure.net"), &rc) >= 0,
              "combo: a hard-coded brand");
  check_named(dec_combo_squatting(t, S("securityfocus.com"), &rc) < 0,
              "combo: a top site that is not a brand");
  check_named(dec_combo_squatting(t, S("example-login.net"), &rc) >= 0,
              "combo: an engaged target");
  size_t at, len;
  check_named(dec_brand_in_subdomain(t, S("paypal-verify.account.example.net"),
                                     &at, &len, &rc) >= 0 &&
                  at == 0 && len == 6,
              "brand-in-subdomain: a brand");
  check_named(dec_brand_in_subdomain(t, S("focus-group.example.net"), &at,
                                     &len, &rc) < 0,
              "brand-in-subdomain: not a brand");
  dec_targets_free(t);
}

/* Target embedding's bound: the last 128 tokens of a host are searched;
   within them the length of the host does not matter (Chromium's "The
   length of the url should not affect the outcome"). */
static void embedding_depth(const dec_policy *p, const url_psl_list *psl) {
  dec_targets *t = targets(p, psl, NULL, "google.com\n");
  if (!t) return;
  char h[1200];
  for (int tokens = 10; tokens <= 200; tokens += 190) {
    size_t n = 0;
    for (int k = 0; k < tokens; k++) n += (size_t)sprintf(h + n, "a-");
    n += (size_t)sprintf(h + n, "google.com-login.com");
    size_t at, len;
    int tail, rc;
    long ti = dec_embedded_target(t, h, n, &at, &len, &tail, &rc);
    if (!check(rc == URL_OK && ti >= 0 && len == 10 && !tail))
      printf("FAIL embedding after %d tokens\n", tokens);
    /* the target at the start, then the tokens: found within the bound */
    n = (size_t)sprintf(h, "google-com");
    for (int k = 0; k < tokens; k++) n += (size_t)sprintf(h + n, "-a");
    n += (size_t)sprintf(h + n, "-login.com");
    ti = dec_embedded_target(t, h, n, &at, &len, &tail, &rc);
    if (!check(rc == URL_OK && (tokens < 128 ? ti >= 0 : ti < 0)))
      printf("FAIL embedding before %d tokens\n", tokens);
  }
  dec_targets_free(t);
}

int main(void) {
  url_psl_list psl;
  dec_policy *p;
  if (url_psl_open_default(&psl, &url_mem_libc) != URL_OK ||
      dec_policy_new(&url_mem_libc, &p) != URL_OK) {
    check(0);
    return check_summary();
  }
  edit_distance();
  one_swap();
  edit_false_positives(&psl);
  near_matches(p, &psl);
  combo_squatting(p, &psl);
  embedding_depth(p, &psl);
  dec_policy_free(p);
  url_psl_close(&psl);
  return check_summary();
}
