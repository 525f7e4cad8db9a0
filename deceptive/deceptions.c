/*
** The reasons of url_deceptions (deceptions.h), each over the parsed URL
** and, where a reader's view differs from the parser's, the input as
** written.
*/
#include "deceptions.h"

#include <string.h>

#include "combo.h"
#include "embedding.h"

#include "idna.h"
#include "status.h"
#include "uri.h"
#include "utf8.h"

static const char *const reason_names[DEC_R_COUNT] = {
    "credentials",     "ipv4-numeric-form", "parser-differential",
    "embedded-domain", "mapped-host",       "idn-unsafe",
    "lookalike",       "combo-squatting",   "brand-in-subdomain"};

static const char *const reason_descriptions[DEC_R_COUNT] = {
    "the URL has a username or password: what comes before '@' reads as a "
    "host but is not the one visited",
    "the host is an IPv4 address written other than as four decimal "
    "numbers (a single number, hexadecimal, octal or fewer parts)",
    "a parser following RFC 3986 (the Appendix B regular expression most "
    "libraries use, or the strict grammar) finds another host, or none",
    "the host starts with a domain of its own (a registrable domain ending "
    "before the host's registrable domain begins), which readers take for "
    "the host",
    "the host as written is not the host the parser makes of it (beyond "
    "case): full-width letters, other dots, percent-encoding, ignored "
    "characters",
    "Chromium would show this host in Punycode: a label fails its IDN "
    "spoof checks",
    "the host's skeleton (UTS #39 confusables) is a target's, or the name "
    "before its registry has a target's skeleton on another registry, is "
    "one edit or one swap of neighbours from it, or writes digits for its "
    "letters; the host is neither that target nor under it",
    "the host's registrable domain joins a target's brand to a word "
    "phishing uses (login, account, secure, ...)",
    "a label of the host's subdomain part is a target's brand, on a "
    "registrable domain that is not the brand's"};

const char *dec_reason_name(int r) {
  return r >= 0 && r < DEC_R_COUNT ? reason_names[r] : "";
}

const char *dec_reason_description(int r) {
  return r >= 0 && r < DEC_R_COUNT ? reason_descriptions[r] : "";
}

/* ------------------------------------------------------------- findings */

/* Starts a finding; its detail is what is appended to f->text next. */
static dec_finding *finding(dec_findings *f, int reason, const char *part) {
  dec_finding *x = &f->v[f->n++];
  x->reason = (unsigned char)reason;
  x->part = part;
  x->detail_off = f->text.len;
  x->detail_len = 0;
  x->has_looks = 0;
  x->looks_off = x->looks_len = 0;
  return x;
}

static void end_detail(dec_findings *f, dec_finding *x) {
  x->detail_len = f->text.len - x->detail_off;
}

static void looks_like(dec_findings *f, dec_finding *x, const char *s,
                       size_t n) {
  x->looks_off = f->text.len;
  url_buf_append(&f->text, s, n);
  x->looks_len = n;
  x->has_looks = 1;
}

static url_str hostname(const url *u) {
  return (url_str){u->href.ptr + u->host_start, u->host_end - u->host_start};
}

static int is_ldh(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '-' || c == '.';
}

/* ----------------------------------------------- the host as written */

static int is_c0_space(unsigned char c) { return c <= 0x20; }
static int is_tab_nl(char c) { return c == '\t' || c == '\n' || c == '\r'; }

/*
** The host as the URL Standard's parser reads it from s (tabs and
** newlines kept, so that they show): after the scheme's ':' and, for a
** special scheme, any run of '/' and '\', or "//" otherwise; to the first
** '/', '?', '#' (or '\'); after the last '@'; before a ':' outside
** brackets.  0 when s has no authority.
*/
static int written_host(const char *s, size_t n, int special, url_str *h) {
  size_t a = 0, i;
  while (a < n && is_c0_space((unsigned char)s[a])) a++;
  while (n > a && is_c0_space((unsigned char)s[n - 1])) n--;
  for (i = a; i < n && s[i] != ':'; i++)
    if (!is_ldh(s[i]) && s[i] != '+' && !is_tab_nl(s[i])) return 0;
  if (i == n) return 0;
  i++;
  if (special) {
    while (i < n && (s[i] == '/' || s[i] == '\\' || is_tab_nl(s[i]))) i++;
  } else {
    size_t slashes = 0;
    while (i < n && (s[i] == '/' || is_tab_nl(s[i])))
      slashes += s[i++] == '/';
    if (slashes < 2) return 0;
  }
  size_t start = i, at = SIZE_MAX;
  for (; i < n; i++) {
    char c = s[i];
    if (c == '/' || c == '?' || c == '#' || (special && c == '\\')) break;
    if (c == '@') at = i;
  }
  size_t end = i;
  if (at != SIZE_MAX) start = at + 1;
  int bracket = 0;
  for (i = start; i < end; i++) {
    if (s[i] == '[') bracket = 1;
    if (s[i] == ']') bracket = 0;
    if (s[i] == ':' && !bracket) break;
  }
  h->s = s + start;
  h->n = i - start;
  return 1;
}

/* ------------------------------------------------------------ reasons */

/* credentials: a username or password.  looks_like: the userinfo's
   leading run of letters, digits, hyphens and dots, when it has a dot. */
static void credentials(const url *u, dec_findings *f) {
  if (u->username_end == u->username_start &&
      u->password_end == u->password_start)
    return;
  dec_finding *x = finding(f, DEC_R_CREDENTIALS, "userinfo");
  const char *p = u->href.ptr + u->username_start;
  size_t un = u->username_end - u->username_start;
  url_buf_append(&f->text, p, un);
  if (u->password_end > u->password_start) {
    url_buf_putc(&f->text, ':');
    url_buf_append(&f->text, u->href.ptr + u->password_start,
                   u->password_end - u->password_start);
  }
  end_detail(f, x);
  size_t k = 0;
  while (k < un && is_ldh(p[k])) k++;
  if (k && memchr(p, '.', k)) looks_like(f, x, p, k);
}

/* ipv4-numeric-form: an IPv4 host not written as its serialization. */
static void ipv4_numeric_form(const url *u, url_str w, dec_findings *f) {
  if (u->host_type != URL_HOST_IPV4) return;
  if (url_is_valid_ipv4_string(w.s, w.n)) return;
  dec_finding *x = finding(f, DEC_R_IPV4_NUMERIC_FORM, "host");
  url_buf_append(&f->text, w.s, w.n);
  end_detail(f, x);
  url_str h = hostname(u);
  looks_like(f, x, h.s, h.n);
}

/* A host as the URL Standard's host parser makes it, compared with u's:
   1 when they differ (a host that does not parse differs). */
static int host_differs(const url *u, const char *h, size_t n, url_buf *tmp) {
  url_host_type t;
  url_str uh = hostname(u);
  tmp->len = 0;
  if (url_host_parse(h, n, u->scheme_type == URL_SCHEME_OTHER, tmp, &t) !=
      URL_OK)
    return 1;
  return tmp->len != uh.n || memcmp(tmp->ptr, uh.s, uh.n) != 0;
}

/*
** RFC 3986 Appendix B: ^(([^:/?#]+):)?(//([^/?#]*))?...; the host is the
** authority after its last '@', without a ":port" (an IP-literal keeps its
** brackets).  0 when there is no authority.
*/
static int appendix_b_host(const char *s, size_t n, url_str *h) {
  size_t i = 0;
  while (i < n && s[i] != ':' && s[i] != '/' && s[i] != '?' && s[i] != '#')
    i++;
  i = i < n && s[i] == ':' && i > 0 ? i + 1 : 0;
  if (!(i + 1 < n && s[i] == '/' && s[i + 1] == '/')) return 0;
  size_t start = i + 2, end = start;
  while (end < n && s[end] != '/' && s[end] != '?' && s[end] != '#') end++;
  for (size_t k = start; k < end; k++)
    if (s[k] == '@') start = k + 1;
  size_t e = start;
  if (e < end && s[e] == '[') {
    while (e < end && s[e] != ']') e++;
    if (e < end) e++;
  } else {
    while (e < end && s[e] != ':') e++;
  }
  h->s = s + start;
  h->n = e - start;
  return 1;
}

/* A reading's host for a detail: itself, "empty host" or "no host". */
static void host_text(url_buf *b, int has, url_str h) {
  if (!has) url_buf_puts(b, "no host");
  else if (!h.n) url_buf_puts(b, "empty host");
  else url_buf_append(b, h.s, h.n);
}

/* parser-differential: the Appendix B split, then the strict RFC 3986 /
   RFC 3987 grammar where it accepts the string. */
static int parser_differential(const url *u, const char *s, size_t n,
                               dec_findings *f) {
  url_buf tmp;
  char st[256];
  url_str bh, strict = {NULL, 0};
  int has_b, has_strict = 0, strict_ok, rc;
  uri_parts p;
  if (u->host_type == URL_HOST_NONE || u->scheme_type == URL_SCHEME_FILE)
    return URL_OK;
  url_buf_init(&tmp, f->text.mem, st, sizeof st, (size_t)-1);
  has_b = appendix_b_host(s, n, &bh);
  strict_ok = uri_parse(s, n, URI_RULE_IRI, &p);
  if (strict_ok && uri_has_authority(&p)) {
    has_strict = 1;
    strict.s = uri_at(s, &p, URI_HOST);
    strict.n = p.c[URI_HOST].len;
  }
  int b_diff = !has_b || host_differs(u, bh.s, bh.n, &tmp);
  int s_diff = strict_ok && (!has_strict || host_differs(u, strict.s, strict.n,
                                                         &tmp));
  if (b_diff || s_diff) {
    dec_finding *x = finding(f, DEC_R_PARSER_DIFFERENTIAL, "host");
    url_str first = {NULL, 0};
    int have_first = 0;
    if (b_diff) {
      url_buf_puts(&f->text, "rfc3986-appendix-b: ");
      host_text(&f->text, has_b, bh);
      if (has_b && bh.n) first = bh, have_first = 1;
    }
    if (s_diff) {
      if (b_diff) url_buf_puts(&f->text, "; ");
      url_buf_puts(&f->text, "rfc3986: ");
      host_text(&f->text, has_strict, strict);
      if (!have_first && has_strict && strict.n) first = strict, have_first = 1;
    }
    end_detail(f, x);
    if (have_first) looks_like(f, x, first.s, first.n);
  }
  rc = tmp.err;
  url_buf_free(&tmp);
  return rc;
}

/* Whether a public suffix reads as one on its own: two labels or more
   (co.uk, com.au), or one of the original generic TLDs and info, biz.  A
   single label that is a country code or a newer TLD ("us", "app", "dev",
   "static") is a subdomain name far more often than a domain's end. */
static int reads_as_suffix(url_str suffix) {
  static const char *const gtlds[] = {"com", "net", "org", "edu", "gov",
                                      "mil", "int", "info", "biz"};
  if (memchr(suffix.s, '.', suffix.n)) return 1;
  for (size_t i = 0; i < sizeof gtlds / sizeof *gtlds; i++)
    if (strlen(gtlds[i]) == suffix.n && !memcmp(gtlds[i], suffix.s, suffix.n))
      return 1;
  return 0;
}

/* The registrable domain of h[0..k) when its public suffix reads as one
   (reads_as_suffix), else {NULL, 0}. */
static url_str leading_domain(const url_psl_list *psl, const char *h, size_t k,
                              int *rc) {
  url_str suf = {NULL, 0}, reg = {NULL, 0}, none = {NULL, 0};
  *rc = url_psl_host_parts(psl, h, k, URL_HOST_DOMAIN, &suf, &reg);
  if (*rc || !reg.s || !suf.s || !reads_as_suffix(suf)) return none;
  return reg;
}

/* embedded-domain: a leading part of the host (its text up to a
   character other than a letter, digit, hyphen or dot, or its first two to
   five labels) that holds a registrable domain (leading_domain) and ends
   before the host's own registrable domain begins.  detail: that part;
   looks_like: its registrable domain. */
static int embedded_domain(const dec_context *cx, const url *u,
                           dec_findings *f) {
  url_str h = hostname(u), reg = {NULL, 0}, found = {NULL, 0};
  size_t part = 0;
  int rc;
  if (u->host_type != URL_HOST_DOMAIN && u->host_type != URL_HOST_OPAQUE)
    return URL_OK;
  if (cx->targets && u->host_type == URL_HOST_DOMAIN) {
    size_t at, len;
    int tail;
    long ti = dec_embedded_target(cx->targets, h.s, h.n, &at, &len, &tail,
                                  &rc);
    if (rc) return rc;
    /* a tail embedding (uni-hamburg.de, tu-berlin.de, www-google.com) is
       Chromium's Safety Tip, not its interstitial: on real URLs it names
       a city or a word far more often than a brand */
    if (ti >= 0 && !tail) {
      url_str listed;
      dec_targets_domain(cx->targets, ti, &listed);
      dec_finding *x = finding(f, DEC_R_EMBEDDED_DOMAIN, "host");
      url_buf_append(&f->text, h.s + at, len);
      end_detail(f, x);
      looks_like(f, x, listed.s, listed.n);
      return URL_OK;
    }
  }
  rc = url_psl_registrable_domain(cx->psl, h.s, h.n, URL_HOST_DOMAIN, &reg);
  if (rc != URL_OK && rc != URL_FAILURE) return rc;
  /* a host that is itself a public suffix (service.gov.uk) has no
     registrable domain to end before: it holds none of its own */
  if (!reg.s) return URL_OK;
  size_t limit = (size_t)(reg.s - h.s);
  size_t cut = 0;
  while (cut < h.n && is_ldh(h.s[cut])) cut++;
  if (cut < h.n && cut > 0 && cut <= limit) {
    size_t k = cut;
    while (k > 0 && h.s[k - 1] == '.') k--;
    if (k) found = leading_domain(cx->psl, h.s, k, &rc), part = k;
    if (rc) return rc;
  }
  /* the first two labels, three, ... up to five, while they end before
     reg (a reader looks at the start of a host, not its middle) */
  for (size_t k = 0, dots = 0; !found.s && k < limit && dots < 5; k++) {
    if (h.s[k] != '.') continue;
    if (++dots < 2) continue;
    found = leading_domain(cx->psl, h.s, k, &rc), part = k;
    if (rc) return rc;
  }
  if (!found.s) return URL_OK;
  /* a domain embedding itself (google.com.google.com: Chromium's
     IsEmbeddingItself) */
  if (found.n == reg.n && !memcmp(found.s, reg.s, reg.n)) return URL_OK;
  /* a target's own domain there was judged by the target search above
     (allowlisted, the host itself: google.com.google.com) */
  if (cx->targets && dec_domains_find(cx->policy,
                                      dec_targets_domains(cx->targets),
                                      found.s, found.n, &rc) >= 0)
    return rc;
  dec_finding *x = finding(f, DEC_R_EMBEDDED_DOMAIN, "host");
  url_buf_append(&f->text, h.s, part);
  end_detail(f, x);
  looks_like(f, x, found.s, found.n);
  return URL_OK;
}

/* Whether the written code point w is u beyond case: equal, or w changes
   when lowercased and IDNA maps it to u. */
static int same_but_case(const dec_props *pr, const url_allocator *mem,
                         uint32_t w, uint32_t u) {
  if (w == u) return 1;
  if (w < 0x80) return w >= 'A' && w <= 'Z' && w + 32 == u;
  if (!dec_changes_when_lowercased(pr, w)) return 0;
  char in[4], ob[16];
  url_buf one, out;
  url_buf_init(&one, mem, in, sizeof in, sizeof in);
  url_buf_put_utf8(&one, w);
  url_buf_init(&out, mem, ob, sizeof ob, sizeof ob);
  if (url_domain_to_unicode(one.ptr, one.len, &out) != URL_OK) return 0;
  size_t i = 0;
  return out.len && url_utf8_next((const unsigned char *)out.ptr, out.len,
                                  &i) == u && i == out.len;
}

/* mapped-host: the host as written, its xn-- labels decoded and in NFC,
   against the parsed host's Unicode form. */
static int mapped_host(const dec_context *cx, const url *u, url_str w,
                       dec_findings *f) {
  url_buf dec, nfc, uni;
  char sd[256], sn[256], su[256];
  int rc = URL_OK, differs = 0;
  if (u->host_type != URL_HOST_DOMAIN) return URL_OK;
  /* the common case: written as parsed but for ASCII case, no xn-- */
  url_str ph = hostname(u);
  if (w.n == ph.n && !url_has_xn_label(w.s, w.n)) {
    size_t i = 0;
    while (i < w.n && url_ascii_lower(w.s[i]) == ph.s[i]) i++;
    if (i == w.n) return URL_OK;
  }
  url_buf_init(&dec, f->text.mem, sd, sizeof sd, (size_t)-1);
  url_buf_init(&nfc, f->text.mem, sn, sizeof sn, (size_t)-1);
  url_buf_init(&uni, f->text.mem, su, sizeof su, (size_t)-1);
  for (size_t i = 0; rc == URL_OK && i <= w.n;) {
    size_t e = i;
    while (e < w.n && w.s[e] != '.') e++;
    if (e - i >= 4 && (w.s[i] | 0x20) == 'x' && (w.s[i + 1] | 0x20) == 'n' &&
        w.s[i + 2] == '-' && w.s[i + 3] == '-')
      rc = url_domain_to_unicode(w.s + i, e - i, &dec);
    else
      url_buf_append(&dec, w.s + i, e - i);
    if (e < w.n) url_buf_putc(&dec, '.');
    i = e + 1;
  }
  if (rc == URL_OK) rc = dec.err;
  if (rc == URL_OK) rc = url_unicode_normalize(dec.ptr, dec.len, 0, &nfc);
  url_str h = hostname(u);
  if (rc == URL_OK) rc = url_domain_to_unicode(h.s, h.n, &uni);
  if (rc == URL_OK) {
    const dec_props *pr = dec_policy_props(cx->policy);
    size_t a = 0, b = 0;
    while (!differs && a < nfc.len && b < uni.len) {
      uint32_t x = url_utf8_next((const unsigned char *)nfc.ptr, nfc.len, &a);
      uint32_t y = url_utf8_next((const unsigned char *)uni.ptr, uni.len, &b);
      if (!same_but_case(pr, f->text.mem, x, y)) differs = 1;
    }
    if (a < nfc.len || b < uni.len) differs = 1;
  }
  if (rc == URL_OK && differs) {
    dec_finding *x = finding(f, DEC_R_MAPPED_HOST, "host");
    url_buf_append(&f->text, w.s, w.n);
    end_detail(f, x);
    looks_like(f, x, uni.ptr, uni.len);
  }
  url_buf_free(&dec);
  url_buf_free(&nfc);
  url_buf_free(&uni);
  return rc;
}

/* idn-unsafe: the check Chromium's display policy fails, on which label
   (as written and in Unicode). */
static int idn_unsafe(const dec_context *cx, const url *u, dec_findings *f) {
  url_buf out, uni;
  char so[256], su[256];
  int rc;
  dec_verdict v;
  url_str h = hostname(u);
  if (u->host_type != URL_HOST_DOMAIN || !url_has_xn_label(h.s, h.n)) return URL_OK;
  url_buf_init(&out, f->text.mem, so, sizeof so, (size_t)-1);
  url_buf_init(&uni, f->text.mem, su, sizeof su, (size_t)-1);
  rc = dec_display_host(cx->policy, NULL, h.s, h.n, &out, &v);
  if (rc == URL_OK && v.check != DEC_SAFE) {
    dec_finding *x = finding(f, DEC_R_IDN_UNSAFE, "host");
    url_buf_puts(&f->text, dec_check_name(v.check));
    url_buf_puts(&f->text, ": ");
    url_buf_append(&f->text, h.s + v.at, v.len);
    rc = url_domain_to_unicode(h.s + v.at, v.len, &uni);
    if (rc == URL_OK) {
      url_buf_puts(&f->text, " (");
      url_buf_append(&f->text, uni.ptr, uni.len);
      url_buf_putc(&f->text, ')');
    }
    end_detail(f, x);
  }
  url_buf_free(&out);
  url_buf_free(&uni);
  return rc;
}

/* lookalike: the skeleton of a host with an IDN label is a target's
   (Chromium's top-domain rule), or its registrable domain is near a
   target's (dec_targets_near: Chromium's lookalike rules). */
static int lookalike(const dec_context *cx, const url *u, dec_findings *f) {
  url_buf uni;
  char su[256];
  int rc, how = DEC_NEAR_NONE;
  size_t len;
  if (!cx->targets || u->host_type != URL_HOST_DOMAIN) return URL_OK;
  url_str h = hostname(u);
  url_buf_init(&uni, f->text.mem, su, sizeof su, (size_t)-1);
  rc = url_domain_to_unicode(h.s, h.n, &uni);
  if (rc == URL_OK) {
    /* skeletons only for a host with an IDN label: an ASCII host's
       skeleton differs only by rn/m, 0/o, 1/l (Chromium's
       has_idn_component); digits for letters are read below */
    const char *t = !url_has_xn_label(h.s, h.n)
                        ? NULL
                        : dec_domains_match(cx->policy,
                                            dec_targets_domains(cx->targets),
                                            uni.ptr, uni.len, &len, &rc);
    if (!t && rc == URL_OK)
      t = dec_targets_near(cx->targets, h.s, h.n, &len, &how, &rc);
    if (t) {
      dec_finding *x = finding(f, DEC_R_LOOKALIKE, "host");
      url_buf_append(&f->text, uni.ptr, uni.len);
      url_buf_puts(&f->text,
                   how == DEC_NEAR_EDIT       ? " (one edit)"
                   : how == DEC_NEAR_SWAP     ? " (two characters swapped)"
                   : how == DEC_NEAR_DIGITS   ? " (digits for letters)"
                   : how == DEC_NEAR_SKELETON ? " (same name, another registry)"
                                              : " (same skeleton)");
      end_detail(f, x);
      looks_like(f, x, t, len);
    }
  }
  url_buf_free(&uni);
  return rc;
}

/* combo-squatting and brand-in-subdomain (combo.h): the host's token, or
   its registrable domain, and the target whose brand it holds. */
static int brands(const dec_context *cx, const url *u, dec_findings *f) {
  int rc = URL_OK;
  size_t at = 0, len = 0;
  url_str h = hostname(u), listed;
  if (!cx->targets || u->host_type != URL_HOST_DOMAIN) return URL_OK;
  long ti = dec_combo_squatting(cx->targets, h.s, h.n, &rc);
  if (ti >= 0) {
    url_str reg;
    size_t e2ld;
    dec_finding *x = finding(f, DEC_R_COMBO_SQUATTING, "host");
    if (dec_etld1(cx->psl, h.s, h.n, &reg, &e2ld, &rc))
      url_buf_append(&f->text, reg.s, reg.n);
    end_detail(f, x);
    dec_targets_listed(cx->targets, ti, &listed);
    looks_like(f, x, listed.s, listed.n);
  }
  if (rc) return rc;
  /* a brand's label in a target's embedded domain (paypal.com.evil.net)
     is that embedding, told once */
  for (size_t k = 0; k < f->n; k++)
    if (f->v[k].reason == DEC_R_EMBEDDED_DOMAIN) return URL_OK;
  ti = dec_brand_in_subdomain(cx->targets, h.s, h.n, &at, &len, &rc);
  if (ti >= 0) {
    dec_finding *x = finding(f, DEC_R_BRAND_IN_SUBDOMAIN, "host");
    url_buf_append(&f->text, h.s + at, len);
    end_detail(f, x);
    dec_targets_listed(cx->targets, ti, &listed);
    looks_like(f, x, listed.s, listed.n);
  }
  return rc;
}

int dec_deceptions(const dec_context *cx, const char *s, size_t n,
                   const url *u, dec_findings *f) {
  url_str w = {NULL, 0};
  int rc = URL_OK, has_w;
  dec_context own = *cx;
  f->n = 0;
  f->text.len = 0;
  /* Chromium warns on no site of its own lists (IsTopDomain, the engaged
     sites): a host on a target's registrable domain is read as without
     targets */
  if (cx->targets && u->host_type == URL_HOST_DOMAIN) {
    url_str h = hostname(u);
    if (dec_targets_own(cx->targets, h.s, h.n, &rc)) own.targets = NULL;
    if (rc) return rc;
    cx = &own;
  }
  has_w = u->host_type != URL_HOST_NONE &&
          written_host(s, n, u->scheme_type != URL_SCHEME_OTHER, &w);
  credentials(u, f);
  if (has_w) ipv4_numeric_form(u, w, f);
  if (rc == URL_OK) rc = parser_differential(u, s, n, f);
  if (rc == URL_OK) rc = embedded_domain(cx, u, f);
  if (rc == URL_OK && has_w) rc = mapped_host(cx, u, w, f);
  if (rc == URL_OK) rc = idn_unsafe(cx, u, f);
  if (rc == URL_OK) rc = lookalike(cx, u, f);
  if (rc == URL_OK) rc = brands(cx, u, f);
  if (rc == URL_OK) rc = f->text.err;
  return rc;
}
