/*
** libFuzzer target: referrers/ (ref_classify, ref_session_of, ref_channel,
** ref_backlink, ref_source_cats) on a referrer and a landing page.
**
** The input is "referrer\npage" (no '\n': no page).  Oracles, each an
** abort(): a referrer with a host gets a medium, and one with no host none;
** a source for every list medium; a term only for a search, valid UTF-8;
** the same answer twice (no hidden state); a backlink starts with
** https://; the channel is one of GA4's 19 groups.
**
** tests/referrers_fuzz_test.c runs it over fuzz/referrers_corpus/ and
** pseudo-random inputs in make test; make fuzz runs it under libFuzzer.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_libc.h"
#include "parse.h"
#include "referrer.h"
#include "utf8.h"

static url_psl_list psl;
static int psl_open;

static void fail(const char *why, const uint8_t *d, size_t n) {
  fprintf(stderr, "referrers_fuzz: oracle: %s on %.*s\n", why, (int)(n > 300 ? 300 : n),
          (const char *)d);
  abort();
}

static int is_channel(const char *c) {
  static const char *const groups[] = {
      "Direct", "Cross-network", "Paid Shopping", "Paid Search", "Paid Social",
      "Paid Video", "Display", "Paid Other", "Organic Shopping", "Organic Social",
      "Organic Video", "Organic Search", "Referral", "Email", "Affiliates", "Audio",
      "SMS", "Mobile Push Notifications", "Unassigned"};
  for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
    if (!strcmp(c, groups[i])) return 1;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!psl_open) {
    if (url_psl_open_default(&psl, &url_mem_libc) != URL_OK) abort();
    psl_open = 1;
  }
  const uint8_t *nl = memchr(data, '\n', size);
  size_t rn = nl ? (size_t)(nl - data) : size;
  char rst[512], pst[512], tst[64], t2st[64], bst[64];
  url r, p;
  url_init(&r, &url_mem_libc, rst, sizeof rst, 1 << 24);
  url_init(&p, &url_mem_libc, pst, sizeof pst, 1 << 24);
  url_input ti, tp;
  url_input_init(&ti);
  url_input_init(&tp);
  int have_r = url_parse_input(&r, (const char *)data, rn, NULL, &ti, NULL) == URL_OK;
  int have_p = nl && url_parse_input(&p, (const char *)nl + 1, size - rn - 1, NULL, &tp,
                                     NULL) == URL_OK;
  url_input_free(&ti);
  url_input_free(&tp);
  if (have_r) {
    url_buf term, term2;
    url_buf_init(&term, &url_mem_libc, tst, sizeof tst, 1 << 24);
    url_buf_init(&term2, &url_mem_libc, t2st, sizeof t2st, 1 << 24);
    ref_info a, b;
    int rc = ref_classify(&r, have_p ? &p : NULL, &psl, &url_mem_libc, &term, &a);
    int rc2 = ref_classify(&r, have_p ? &p : NULL, &psl, &url_mem_libc, &term2, &b);
    if (rc != URL_OK || rc2 != URL_OK) fail("classify failed", data, size);
    if (a.medium != b.medium || a.source != b.source || a.has_term != b.has_term ||
        term.len != term2.len || memcmp(term.ptr, term2.ptr, term.len))
      fail("two answers", data, size);
    url_str h = url_hostname(&r);
    if ((a.medium == REF_M_NONE) != (!h.s || h.n == 0)) fail("medium vs host", data, size);
    if (a.medium != REF_M_NONE && !ref_medium_name(a.medium)) fail("medium name", data, size);
    if (a.medium >= REF_M_SEARCH && a.medium <= REF_M_PAID && !a.source)
      fail("no source", data, size);
    if (a.has_term && a.medium != REF_M_SEARCH) fail("term without search", data, size);
    if (a.has_term &&
        (size_t)url_utf8_valid_prefix((const unsigned char *)term.ptr, term.len) != term.len)
      fail("term not UTF-8", data, size);
    if (a.has_term) {
      url_buf bl;
      url_buf_init(&bl, &url_mem_libc, bst, sizeof bst, 1 << 24);
      if (ref_backlink(&a, term.ptr, term.len, &bl) == URL_OK &&
          (bl.len < 8 || memcmp(bl.ptr, "https://", 8)))
        fail("backlink", data, size);
      url_buf_free(&bl);
    }
    url_buf_free(&term);
    url_buf_free(&term2);
  }
  if (have_p) {
    url_buf b;
    url_buf_init(&b, &url_mem_libc, bst, sizeof bst, 1 << 24);
    ref_session s;
    if (ref_session_of(&p, have_r ? &r : NULL, &psl, &url_mem_libc, &b, &s) != URL_OK)
      fail("session failed", data, size);
    const char *ch = ref_channel(&s);
    if (!is_channel(ch)) fail("not a channel group", data, size);
    /* one classification: a session from a referrer that url_referrer
       calls a search is Organic Search, unless a video or shopping host */
    if (s.ref.medium == REF_M_SEARCH && !(s.cats & (REF_CAT_VIDEO | REF_CAT_SHOPPING)) &&
        strcmp(ch, "Organic Search"))
      fail("channel disagrees with the referrer's search", data, size);
    if (s.ref.medium == REF_M_WEBSITE && !s.cats && strcmp(ch, "Referral"))
      fail("channel disagrees with the referrer's website", data, size);
    url_buf_free(&b);
  }
  ref_source_cats((const char *)data, size);
  url_free(&r);
  url_free(&p);
  return 0;
}
