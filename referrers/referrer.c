/*
** A referrer classified by the lists (referrer_tables.c): Matomo's rules for
** search engines (plugins/Referrers/SearchEngine.php's behaviour, read, not
** copied: exact host, then the "lossy" host with {} for a country part; a
** keyword parameter, a regex, or a hidden-keyword path), suffix matching of
** hosts for social networks, AI assistants, webmail and ad clicks.
**
**   SELECT medium, source, term FROM url_referrer(
**     'https://www.google.co.uk/search?q=caf%C3%A9+au+lait');
**   -- search | Google | café au lait
*/
#include <string.h>

#include "encoding.h"
#include "hash.h"
#include "percent.h"
#include "referrer.h"
#include "regex.h"
#include "urlencoded.h"
#include "utf8.h"

/* --------------------------------------------------------------- lookup */

const ref_entry *ref_find(const char *s, size_t n) {
  if (n == 0 || n > ref_key_max) return NULL;
  uint32_t h = url_fnv32(URL_FNV32_BASIS, s, n); /* as the generator hashes */
  for (uint32_t i = h & ref_slot_mask;; i = (i + 1) & ref_slot_mask) {
    uint16_t v = ref_slots[i];
    if (!v) return NULL;
    const ref_entry *e = &ref_entries[v - 1];
    if (e->n == n && memcmp(ref_str(e->key), s, n) == 0) return e;
  }
}

/* Looks up a[0..an) followed by b[0..bn) (a key of at most ref_key_max
   bytes, so a short stack copy). */
static const ref_entry *find2(const char *a, size_t an, const char *b,
                              size_t bn) {
  char k[256];
  if (an + bn > ref_key_max || an + bn > sizeof k) return NULL;
  memcpy(k, a, an);
  memcpy(k + an, b, bn);
  return ref_find(k, an + bn);
}

const char *ref_medium_name(int m) {
  static const char *const names[] = {NULL,    "search", "social",   "ai",
                                      "email", "paid",   "internal", "website"};
  return m > 0 && m <= REF_M_WEBSITE ? names[m] : NULL;
}

/* A two-letter country code (the PSL's two-letter top-level rules). */
static int is_country(const char *s, size_t n) {
  if (n != 2) return 0;
  unsigned a = (unsigned char)s[0] - 'a', b = (unsigned char)s[1] - 'a';
  return a < 26 && b < 26 && (ref_country_bits[a] >> b & 1);
}

/*
** Matomo's lossy form of a host (UrlHelper::getLossyUrl's four
** replacements, each as PCRE's global replace does it):
**   1. ^(w+[0-9]*|search)\.          -> ''
**   2. (^|\.)m\.                      -> $1
**   3. (\.(com|org|net|co|it|edu))?\.CC$  -> .{}
**   4. (^|\.)CC\.                     -> $1{}.
** h[0..n) to out (room for n + 3 bytes); returns the length.  (Declared
** in referrer.h for the tests.)
*/
size_t ref_lossy_host(const char *h, size_t n, char *out) {
  size_t i = 0, w = 0;
  /* 1 */
  if (n > 7 && memcmp(h, "search.", 7) == 0) {
    i = 7;
  } else if (n && h[0] == 'w') {
    size_t j = 1;
    while (j < n && h[j] == 'w') j++;
    while (j < n && h[j] >= '0' && h[j] <= '9') j++;
    if (j < n && h[j] == '.') i = j + 1;
  }
  /* 2, label by label: a match consumes the dot after "m", so the label
     after it cannot match */
  int can = 1;
  while (i < n) {
    const char *d = memchr(h + i, '.', n - i);
    size_t end = d ? (size_t)(d - h) : n;
    if (can && d && end - i == 1 && h[i] == 'm') {
      i = end + 1;
      can = 0;
      continue;
    }
    size_t k = end - i + (d != NULL);
    memcpy(out + w, h + i, k);
    w += k;
    i += k;
    can = 1;
  }
  /* 3: the last label a country code, maybe after com, org, ... */
  size_t dot = w;
  while (dot > 0 && out[dot - 1] != '.') dot--;
  if (dot > 0 && is_country(out + dot, w - dot)) {
    size_t cut = dot - 1; /* the '.' before the code */
    size_t d2 = cut;
    while (d2 > 0 && out[d2 - 1] != '.') d2--;
    static const char *const sld[] = {"com", "org", "net", "co", "it", "edu"};
    if (d2 > 0)
      for (int k = 0; k < 6; k++)
        if (cut - d2 == strlen(sld[k]) && memcmp(out + d2, sld[k], cut - d2) == 0)
          cut = d2 - 1;
    memcpy(out + cut, ".{}", 3);
    w = cut + 3;
  }
  /* 4: a country label followed by a dot, anywhere, in place ("{}" is as
     long as the code); a match consumes its dot, as in 2 */
  can = 1;
  for (size_t r = 0; r + 2 < w;) {
    const char *d = memchr(out + r, '.', w - r);
    if (!d) break;
    size_t end = (size_t)(d - out);
    if (can && end - r == 2 && is_country(out + r, 2)) {
      out[r] = '{';
      out[r + 1] = '}';
      can = 0;
    } else {
      can = 1;
    }
    r = end + 1;
  }
  return w;
}

/* ---------------------------------------------------- suffix matching */

/* The list entries a referrer's host falls under: the AI assistant, and
   the longest listed social network, webmail or ad-click host. */
typedef struct ref_hits {
  int ai;
  int medium, name; /* REF_M_SOCIAL, _EMAIL or _PAID and its name */
  int cats;         /* REF_CAT_* of the host and its parent domains */
} ref_hits;

static void take(ref_hits *t, const ref_entry *e) {
  if (!e) return;
  t->cats |= e->cats;
  if (t->ai < 0) t->ai = e->ai;
  if (t->medium) return;
  const int names[] = {e->social, e->email, e->paid};
  const int media[] = {REF_M_SOCIAL, REF_M_EMAIL, REF_M_PAID};
  for (int k = 0; k < 3 && !t->medium; k++)
    if (names[k] >= 0) {
      t->medium = media[k];
      t->name = names[k];
    }
}

/*
** Each suffix of the host at a label boundary, longest first (Matomo
** matches a list's host anywhere as whole labels; the longest listed one
** wins here), and for a host with listed paths (x.com/i/grok) the path
** prefixes at segment boundaries, longest first.
*/
static const ref_entry *suffix_hits(url_str host, url_str path, ref_hits *t) {
  const ref_entry *whole = NULL;
  t->ai = -1;
  t->medium = t->cats = 0;
  for (size_t i = 0; i < host.n;) {
    const ref_entry *e = ref_find(host.s + i, host.n - i);
    if (i == 0) whole = e;
    if (e && e->paths) {
      size_t end = path.n;
      while (end > 1) {
        if (end == path.n || path.s[end] == '/')
          take(t, find2(host.s + i, host.n - i, path.s, end));
        end--;
      }
    }
    take(t, e);
    const char *d = memchr(host.s + i, '.', host.n - i);
    /* no list names a bare top-level domain (the generator checks) */
    if (!d || !memchr(d + 1, '.', (size_t)(host.s + host.n - d - 1))) break;
    i = (size_t)(d - host.s) + 1;
  }
  return whole;
}

/* ------------------------------------------------------ search engines */

/*
** getEngineHostFromUrl: host + path, host, lossy + path, lossy, then the
** special cases (Google custom search, InfoSpace, Yahoo! country hosts).
** e is the host's entry (NULL: none).
*/
static const ref_engine *find_engine(const ref_entry *e, url_str host, url_str path,
                                     url_str query) {
  if (e && e->paths) {
    const ref_entry *p = find2(host.s, host.n, path.s, path.n);
    if (p && p->engine >= 0) return &ref_engines[p->engine];
  }
  if (e && e->engine >= 0) return &ref_engines[e->engine];
  char lossy[256 + 3];
  if (host.n <= 256) {
    size_t n = ref_lossy_host(host.s, host.n, lossy);
    e = ref_find(lossy, n);
    if (e && e->paths) {
      const ref_entry *p = find2(lossy, n, path.s, path.n);
      if (p && p->engine >= 0) return &ref_engines[p->engine];
    }
    if (e && e->engine >= 0) return &ref_engines[e->engine];
  }
  const char *special = NULL;
  static const char yi[] = ".images.search.yahoo.com", ys[] = ".search.yahoo.com";
  if (query.n >= 15 && memcmp(query.s, "cx=partner-pub-", 15) == 0)
    special = "google.com/cse";
  else if (path.n >= 28 && memcmp(path.s, "/pemonitorhosted/ws/results/", 28) == 0)
    special = "wsdsold.infospace.com";
  else if (host.n > sizeof yi - 1 &&
           memcmp(host.s + host.n - (sizeof yi - 1), yi, sizeof yi - 1) == 0)
    special = "images.search.yahoo.com";
  else if (host.n > sizeof ys - 1 &&
           memcmp(host.s + host.n - (sizeof ys - 1), ys, sizeof ys - 1) == 0)
    special = "search.yahoo.com";
  if (!special) return NULL;
  e = ref_find(special, strlen(special));
  return e && e->engine >= 0 ? &ref_engines[e->engine] : NULL;
}

/* PHP's trim() set. */
static int is_trim(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0 || c == 0x0B;
}

/* The keyword in the engine's charsets (SearchEngine::convertCharset: one
   charset, that one; several, the first that fits the bytes: UTF-8 when
   they are valid UTF-8, a legacy one when it decodes them without error). */
static int decode_term(const ref_engine *eng, const unsigned char *s, size_t n,
                       url_buf *term) {
  size_t at = term->len;
  int first = URL_ENC_NONE;
  for (int k = 0; k < 3 && eng && eng->charsets[k]; k++) {
    const char *label = ref_str(eng->charsets[k]);
    int enc = url_encoding_get(label, strlen(label));
    if (enc == URL_ENC_NONE) continue;
    if (first == URL_ENC_NONE) first = enc;
    if (!eng->charsets[1]) break;
    if (enc == URL_ENC_UTF_8) {
      if (url_utf8_valid_prefix(s, n) == n) break;
      continue;
    }
    url_decode_bytes(term, enc, s, n);
    if (term->err) return term->err;
    int clean = 1; /* no U+FFFD: the bytes were text in enc */
    for (size_t i = at; i + 3 <= term->len && clean; i++)
      clean = memcmp(term->ptr + i, "\xEF\xBF\xBD", 3) != 0;
    if (clean) return URL_OK;
    url_buf_truncate(term, at);
  }
  return url_decode_bytes(term, first == URL_ENC_NONE ? URL_ENC_UTF_8 : first,
                          s, n);
}

/*
** urldecode() then trim(), then the charsets: raw[0..n) percent-decoded with
** '+' as space into a scratch buffer, trimmed, decoded into term.  Returns
** URL_OK with *got 1 when the keyword is not empty.
*/
static int keyword_from(const ref_engine *eng, const char *raw, size_t n,
                        url_buf *term, int *got) {
  char st[256];
  url_buf b;
  url_buf_init_like(&b, term, st, sizeof st, term->max);
  url_pct_decode(&b, raw, n, 1);
  int rc = b.err;
  const unsigned char *p = (const unsigned char *)b.ptr;
  size_t i = 0, j = b.len;
  while (i < j && is_trim(p[i])) i++;
  while (j > i && is_trim(p[j - 1])) j--;
  *got = 0;
  if (rc == URL_OK && j > i) {
    rc = decode_term(eng, p + i, j - i, term);
    *got = rc == URL_OK;
  }
  url_buf_free(&b);
  return rc;
}

/* Whether the raw name k, percent-decoded with '+' as space, is name. */
static int name_is(url_str k, const char *name, size_t nn) {
  size_t j = 0;
  for (size_t i = 0; i < k.n; i++, j++) {
    unsigned char c = (unsigned char)k.s[i];
    if (c == '+') c = ' ';
    else if (c == '%' && i + 2 < k.n && url_is_hex((unsigned char)k.s[i + 1]) &&
             url_is_hex((unsigned char)k.s[i + 2])) {
      c = (unsigned char)(url_hex_val((unsigned char)k.s[i + 1]) << 4 |
                          url_hex_val((unsigned char)k.s[i + 2]));
      i += 2;
    }
    if (j >= nn || (unsigned char)name[j] != c) return 0;
  }
  return j == nn;
}

/* The first tuple of s[0..n) whose name is name (names percent-decoded). */
static int find_param(url_str s, const char *name, size_t nn, url_str *value) {
  size_t pos = 0;
  url_str k, v;
  if (!s.s) return 0;
  while (url_sp_next_raw(s.s, s.n, &pos, &k, &v))
    if (name_is(k, name, nn)) {
      *value = v;
      return 1;
    }
  return 0;
}

/* Runs the regex src[0..n) on in[0..inn): URL_OK with group `group` in *m,
   URL_FAILURE (no match, or the group did not take part), or an error. */
static int regex_group(const char *src, size_t n, const char *in, size_t inn,
                       int group, const url_allocator *mem, url_str *m) {
  pat_regex *re;
  char err[8];
  int rc = pat_regex_compile(src, n, 0, mem, &re, err, sizeof err);
  if (rc != URL_OK) return rc; /* the tests compile every list regex */
  long st[64];
  size_t slots = pat_regex_slots(re);
  long *caps = slots <= 64 ? st : mem->alloc(slots * sizeof(long));
  if (!caps) {
    pat_regex_free(re);
    return URL_NOMEM;
  }
  rc = pat_regex_exec(re, in, inn, caps, 0);
  if (rc == URL_OK && group <= pat_regex_groups(re) && caps[2 * group] >= 0) {
    m->s = in + caps[2 * group];
    m->n = (size_t)(caps[2 * group + 1] - caps[2 * group]);
  } else if (rc == URL_OK) {
    rc = URL_FAILURE;
  }
  if (rc != URL_OK && rc != URL_NOMEM) rc = URL_FAILURE; /* step limit: none */
  if (caps != st) mem->release(caps);
  pat_regex_free(re);
  return rc;
}

/* Whether s holds the NUL-separated literals of seq[0..n) in order, apart:
   the leftmost occurrence of each after the last (enough for a yes/no). */
static int contains_seq(url_str s, const char *seq, size_t n) {
  size_t at = 0;
  for (size_t i = 0; i <= n;) {
    const char *z = memchr(seq + i, 0, n - i);
    size_t k = (z ? (size_t)(z - seq) : n) - i;
    size_t j = at;
    while (j + k <= s.n && memcmp(s.s + j, seq + i, k) != 0) j++;
    if (j + k > s.n) return 0;
    at = j + k;
    i += k + 1;
  }
  return 1;
}

/* Matomo's hidden-keyword paths, against path?query#fragment (s): a match
   makes a referrer without keyword a search. */
static int hidden_match(const ref_engine *eng, url_str s,
                        const url_allocator *mem, int *hit) {
  *hit = 0;
  for (unsigned k = 0; k < eng->n_hidden && !*hit; k++) {
    const ref_pattern *p = &ref_patterns[eng->hidden0 + k];
    switch (p->kind) {
      case REF_H_EXACT:
        *hit = s.n == p->n && memcmp(s.s, ref_str(p->text), p->n) == 0;
        break;
      case REF_H_EMPTY: /* /^$/: nothing after the host ("/" for http) */
        *hit = s.n == 0 || (s.n == 1 && s.s[0] == '/');
        break;
      case REF_H_ANY:
        *hit = 1;
        break;
      case REF_H_SEQ:
        *hit = contains_seq(s, ref_str(p->text), p->n);
        break;
      case REF_H_PREFIX:
        *hit = s.n >= p->n && memcmp(s.s, ref_str(p->text), p->n) == 0;
        break;
      case REF_H_REGEX: {
        url_str m;
        int rc = regex_group(ref_str(p->text), p->n, s.s, s.n, 0, mem, &m);
        if (rc == URL_NOMEM) return rc;
        *hit = rc == URL_OK;
        break;
      }
    }
  }
  return URL_OK;
}

/* path?query#fragment: the tail of href from the path on (an empty path
   may be a static "" outside href: then from the query or fragment on). */
static url_str path_to_end(const url *r) {
  url_str href = url_href(r);
  const char *end = href.s + href.n;
  url_str parts[3] = {url_pathname(r), url_search(r), url_hash(r)};
  for (int k = 0; k < 3; k++)
    if (parts[k].n && parts[k].s >= href.s && parts[k].s < end)
      return (url_str){parts[k].s, (size_t)(end - parts[k].s)};
  return (url_str){end, 0};
}

/* Google's top bar menu names a vertical (SearchEngine.php). */
static const char *google_vertical(url_str query) {
  url_str v;
  if (!find_param(query, "tbm", 3, &v)) return NULL;
  if (v.n == 4 && !memcmp(v.s, "isch", 4)) return "Google Images";
  if (v.n == 3 && !memcmp(v.s, "vid", 3)) return "Google Video";
  if (v.n == 4 && !memcmp(v.s, "shop", 4)) return "Google Shopping";
  return NULL;
}

/*
** Google's advanced search (SearchEngine.php): the keyword split over
** as_q (all the words), as_oq (any of them: "a OR b"), as_epq (the exact
** phrase: in quotes) and as_eq (none of them: "-word"), joined in that
** order with spaces, then decoded as a keyword is.  Appends to term and
** sets *got when one of them is there and not empty.
*/
static int google_advanced(const ref_engine *eng, url_str query, url_str frag,
                           url_buf *term, int *got) {
  static const char *const names[] = {"as_q", "as_oq", "as_epq", "as_eq"};
  char st[256];
  url_buf raw;
  url_buf_init_like(&raw, term, st, sizeof st, term->max);
  *got = 0;
  for (int k = 0; k < 4; k++) {
    url_str v;
    if ((!find_param(query, names[k], strlen(names[k]), &v) &&
         !find_param(frag, names[k], strlen(names[k]), &v)) || v.n == 0)
      continue;
    if (raw.len) url_buf_putc(&raw, ' ');
    if (k == 2) url_buf_putc(&raw, '"');
    if (k == 3) url_buf_putc(&raw, '-');
    for (size_t i = 0; i < v.n; i++) { /* as_oq: a '+' between words is OR */
      if (k == 1 && v.s[i] == '+') url_buf_puts(&raw, " OR ");
      else url_buf_putc(&raw, v.s[i]);
    }
    if (k == 2) url_buf_putc(&raw, '"');
  }
  int rc = raw.err;
  if (rc == URL_OK && raw.len) rc = keyword_from(eng, raw.ptr, raw.len, term, got);
  url_buf_free(&raw);
  return rc;
}

/*
** extractInformationFromUrl: *is_search 1 for a search (with the keyword in
** term when there is one).  The query searched is the query then the
** fragment (Google's keywords were sometimes in the fragment).  Matomo's
** special cases of Google come first: a Google Images result page
** (/imgres?...&prev=/images%3Fq%3D...) has the search it came from in prev,
** whose query is searched instead; Google's advanced search has its keyword
** in the as_ parameters (google_advanced).
*/
static int search_keyword(const url *r, const ref_engine *eng,
                          const url_allocator *mem, url_buf *term,
                          int *is_search, int *has_term) {
  url_str query = url_query(r), frag = url_fragment(r);
  int rc = URL_OK, empty_param = 0;
  *is_search = *has_term = 0;
  const char *name = ref_name(eng->name);
  char st[256];
  url_buf prev; /* Google Images: prev, decoded */
  url_buf_init_like(&prev, term, st, sizeof st, term->max);
  url_str v;
  if (!strcmp(name, "Google Images") && find_param(query, "prev", 4, &v)) {
    url_pct_decode(&prev, v.s, v.n, 1);
    if ((rc = prev.err) != URL_OK) goto done;
    const char *q = prev.len ? memchr(prev.ptr, '?', prev.len) : NULL;
    query = q ? (url_str){q + 1, (size_t)(prev.ptr + prev.len - q - 1)} : (url_str){"", 0};
    frag = (url_str){"", 0};
  } else if (!strcmp(name, "Google")) {
    if ((rc = google_advanced(eng, query, frag, term, has_term)) != URL_OK || *has_term)
      goto done;
  }
  for (unsigned k = 0; k < eng->n_params; k++) {
    const ref_pattern *p = &ref_patterns[eng->param0 + k];
    if (p->kind == REF_P_REGEX) {
      url_str href = url_href(r);
      rc = regex_group(ref_str(p->text), p->n, href.s, href.n, 1, mem, &v);
      if (rc == URL_NOMEM) goto done;
      if (rc == URL_OK) {
        rc = keyword_from(eng, v.s, v.n, term, has_term);
        break; /* a regex that matches decides */
      }
      rc = URL_OK;
      continue;
    }
    if (!find_param(query, ref_str(p->text), p->n, &v) &&
        !find_param(frag, ref_str(p->text), p->n, &v))
      continue;
    rc = keyword_from(eng, v.s, v.n, term, has_term);
    if (rc != URL_OK || *has_term) break;
    empty_param = 1; /* "no keyword provided": still a search */
    break;
  }
done:
  url_buf_free(&prev);
  if (rc != URL_OK) return rc;
  if (*has_term || empty_param) {
    *is_search = 1;
    return URL_OK;
  }
  return hidden_match(eng, path_to_end(r), mem, is_search);
}

/* ------------------------------------------------------- classification */

int ref_classify(const url *r, const url *page, const url_psl_list *psl,
                 const url_allocator *mem, url_buf *term, ref_info *o) {
  memset(o, 0, sizeof *o);
  url_str host = url_hostname(r);
  o->host = host;
  if (!host.s || host.n == 0) return URL_OK; /* REF_M_NONE */
  if (page) {
    url_str ph = url_hostname(page);
    int same = 0;
    if (ph.s && ph.n) {
      int rc = url_psl_hosts_schemelessly_same_site(
          psl, host.s, host.n, r->host_type, ph.s, ph.n, page->host_type, &same);
      if (rc != URL_OK) return rc;
    }
    if (same) {
      o->medium = REF_M_INTERNAL;
      return URL_OK;
    }
  }
  url_str path = url_pathname(r);
  ref_hits t;
  const ref_entry *whole = suffix_hits(host, path, &t);
  o->cats = t.cats;
  if (t.ai >= 0) {
    o->medium = REF_M_AI;
    o->source = ref_name(t.ai);
    return URL_OK;
  }
  url_str query = url_query(r);
  const ref_engine *eng = find_engine(whole, host, path, query);
  if (eng) {
    int is_search, has_term;
    int rc = search_keyword(r, eng, mem, term, &is_search, &has_term);
    if (rc != URL_OK) return rc;
    if (is_search) {
      o->medium = REF_M_SEARCH;
      o->source = ref_name(eng->name);
      o->engine = eng;
      o->has_term = has_term;
      if (!strcmp(o->source, "Google")) {
        const char *v = google_vertical(query);
        if (v) o->source = v;
      }
      return URL_OK;
    }
  }
  if (t.medium) {
    o->medium = t.medium;
    o->source = ref_name(t.name);
    return URL_OK;
  }
  o->medium = REF_M_WEBSITE;
  return URL_OK;
}

int ref_backlink(const ref_info *i, const char *term, size_t n, url_buf *out) {
  const char *b = i->engine ? ref_str(i->engine->backlink) : "";
  if (!*b) return URL_FAILURE;
  url_buf_puts(out, "https://");
  url_buf_append(out, i->host.s, i->host.n);
  url_buf_putc(out, '/');
  if (*b == '/') b++;
  const char *k = strstr(b, "{k}");
  if (!k) {
    url_buf_puts(out, b);
  } else {
    url_buf_append(out, b, (size_t)(k - b));
    url_pct_encode(out, term, n, &URL_SET_COMPONENT, 0);
    url_buf_puts(out, k + 3);
  }
  return out->err;
}

int ref_source_cats(const char *s, size_t n) {
  char low[256];
  if (n > sizeof low) return 0;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    low[i] = c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
  }
  int cats = 0;
  for (size_t i = 0; i < n;) {
    const ref_entry *e = ref_find(low + i, n - i);
    if (e) cats |= e->cats;
    const char *d = memchr(low + i, '.', n - i);
    if (!d) break;
    i = (size_t)(d - low) + 1;
  }
  char lossy[256 + 3];
  size_t ln = ref_lossy_host(low, n, lossy);
  const ref_entry *e = ref_find(lossy, ln);
  if (e) cats |= e->cats;
  return cats;
}
