/*
** Removing query parameters by name (see strip_params.h), and the list of
** well-known tracking parameters behind "@tracking".
*/
#include "strip_params.h"

#include <string.h>

#include "urlencoded.h"

/*
** Sorted by strcmp.  Sources (README.md, "Tracking parameters"): the
** issue's own list (utm_*, fbclid, gclid, dclid, msclkid, mc_eid, yclid,
** igshid, _ga); Brave's query filter (brave-core
** components/query_filter/utils.cc, kSimpleQueryStringTrackers, the
** parameters it strips on every site); Firefox's query stripping list
** (privacy.query_stripping.strip_list as Mozilla ships it).
*/
const char url_tracking_params[][URL_TRACKING_PARAM_MAX] = {
    "__hsfp", "__hssc", "__hstc", "__s", "_bhlid", "_branch_match_id",
    "_branch_referrer", "_ga", "_gl", "_hsenc", "_kx", "_openstat",
    "at_recipient_id", "at_recipient_list", "bbeml", "bsft_clkid", "bsft_uid",
    "dclid", "et_rid", "fb_action_ids", "fb_comment_id", "fbclid", "gbraid",
    "gclid", "guce_referrer", "guce_referrer_sig", "hsCtaTracking", "igshid",
    "irclickid", "mc_eid", "ml_subscriber", "ml_subscriber_hash", "msclkid",
    "mtm_cid", "oft_c", "oft_ck", "oft_d", "oft_id", "oft_ids", "oft_k",
    "oft_lk", "oft_sk", "oly_anon_id", "oly_enc_id", "pk_cid", "rb_clickid",
    "s_cid", "srsltid", "ss_email_id", "twclid", "unicorn_click_id", "utm_*",
    "vero_conv", "vero_id", "vgo_ee", "wbraid", "wickedid", "yclid", "ymclid",
    "ysclid",
};
const size_t url_tracking_params_count =
    sizeof url_tracking_params / sizeof url_tracking_params[0];

int url_param_glob(const char *p, size_t pn, const char *name, size_t n) {
  size_t i = 0, j = 0, star = (size_t)-1, mark = 0;
  while (j < n) {
    if (i < pn && p[i] == '*') {
      star = i++;
      mark = j;
    } else if (i < pn && p[i] == name[j]) {
      i++, j++;
    } else if (star != (size_t)-1) {
      i = star + 1; /* let the last '*' take one more byte */
      j = ++mark;
    } else {
      return 0;
    }
  }
  while (i < pn && p[i] == '*') i++;
  return i == pn;
}

int url_param_is_tracking(const char *name, size_t n) {
  for (size_t k = 0; k < url_tracking_params_count; k++)
    if (url_param_glob(url_tracking_params[k], strlen(url_tracking_params[k]),
                       name, n))
      return 1;
  return 0;
}

int url_strip_params(url *out, const url *u, url_param_pred pred, void *ctx) {
  url_parts parts;
  url_get_parts(u, &parts);
  url_str q = parts.query;
  char st[512], nst[256];
  url_buf kept, name;
  url_buf_init_like(&kept, &out->href, st, sizeof st, out->href.max);
  url_buf_init_like(&name, &out->href, nst, sizeof nst, out->href.max);
  int removed = 0, rc = URL_OK;
  size_t parts_kept = 0, remain = 0; /* kept parts; kept non-empty parts */
  for (size_t i = 0; q.s && i <= q.n && rc == URL_OK;) {
    const char *amp = memchr(q.s + i, '&', q.n - i);
    size_t e = amp ? (size_t)(amp - q.s) : q.n;
    const char *part = q.s + i;
    size_t len = e - i;
    const char *eq = memchr(part, '=', len);
    size_t nl = eq ? (size_t)(eq - part) : len;
    const char *nm = part;
    if (memchr(nm, '%', nl) || memchr(nm, '+', nl)) { /* as URLSearchParams */
      name.len = 0;
      rc = url_sp_decode(&name, part, nl, 1);
      nm = name.ptr;
      nl = name.len;
    }
    if (rc == URL_OK && len > 0 && pred(ctx, nm, nl)) {
      removed = 1;
    } else {
      if (parts_kept++) url_buf_putc(&kept, '&');
      url_buf_append(&kept, part, len);
      remain += len > 0;
    }
    i = e + 1;
  }
  if (rc == URL_OK) rc = kept.err;
  if (rc == URL_OK) {
    if (removed) {
      parts.query.s = remain ? kept.ptr : NULL;
      parts.query.n = remain ? kept.len : 0;
    }
    rc = url_build(out, &parts);
  }
  url_buf_free(&kept);
  url_buf_free(&name);
  return rc;
}
