/*
** Brands with words: combo-squatting, re-stated from Chromium's
** components/lookalikes/core/lookalike_url_util.cc (IsComboSquatting), and
** a brand as a label of another registrable domain's subdomain.  A brand
** is a target's name before its registry (lookalike.h), compared by
** skeleton.
*/
#ifndef DEC_COMBO_H
#define DEC_COMBO_H

#include <stddef.h>

#include "lookalike.h"

/*
** combo-squatting: the skeleton of the name before the registry of the
** host h[0..n) (ASCII) holds a target's brand (of 5 characters or more;
** an engaged target's e2LD, or a target's that is a listed brand)
** and a popular keyword (dec_targets_keywords: Chromium's list unless the
** targets were made with another), apart, neither inside the other, and
** is not the brand alone (google-login.com, youtubesecure.com).  The
** target, or -1 (*rc: URL_OK or URL_NOMEM).
*/
long dec_combo_squatting(const dec_targets *t, const char *h, size_t n,
                         int *rc);

/*
** brand-in-subdomain: a label or hyphen-separated token of the part of h
** before its registrable domain whose skeleton is a target's brand (as
** combo-squatting takes them), when
** the registrable domain is not that brand's (paypal.account-verify.net,
** wellsfargo-auth.000webhostapp.com).  The target, or -1; *at, *at_len:
** the token in h.
*/
long dec_brand_in_subdomain(const dec_targets *t, const char *h, size_t n,
                            size_t *at, size_t *at_len, int *rc);

/* Chromium's popular keywords (kSkeletonsOfPopularKeywordsForCSQ) and
   hard-coded brands (kBrandNamesForCSQ). */
extern const dec_keywords dec_chromium_keywords;
extern const dec_keywords dec_chromium_brands;

#endif /* DEC_COMBO_H */
