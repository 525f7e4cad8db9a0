/*
** uri/ against Debian's liburiparser (a test dependency only: tools/deps.sh's
** test group), the strictest RFC 3986 library packaged: which strings each
** accepts as a URI-reference, what each resolves (strictly, §5.2.2) and
** what each normalizes (§6.2.2) them to, over generated strings, generated
** references against a set of bases, and the real URLs of
** ../shared/data/.
**
** Every disagreement must fall in a known class, each one a place where
** uriparser departs from the RFC (our answers are held to the RFC by
** tests/uri_test.c): a class seen that is not listed, or a listed class no
** longer seen, fails.  The classes (docs/uri.md, "uriparser"):
**
**   ipv6-full      uriparser writes a resolved or normalized IPv6 literal
**                  as eight full groups ([::1] -> [0000:...:0001]); §5.3
**                  recomposes components as they are
**   host-from-nowhere  a path that starts "//" after dot-segment removal,
**                  with no authority, written as it is: foo:/a/..//x ->
**                  foo://x, where x now reads as a host
**   slash-dot-with-authority  "/." written before a "//" path even when
**                  an authority precedes it (http://a/.//): not the §5.3
**                  recomposition of §5.2.4's output (the same resource)
**   rootless-stays-rootless  a rootless path with ".." (g:h/.., foo:bar/../g)
**                  loses no leading "/" by uriparser (g:, foo:g), where
**                  §5.2.4's step C writes one (g:/, foo:/g)
**   dotdot-slash-dropped  "x/..//" removes the empty segment after ".."
**                  too (foo:bar/..// -> foo:/), where §5.2.4 keeps it
**   relative-dots  a relative-path reference normalized by §5.2.4 as if it
**                  were absolute ("." -> "", "a/../b" -> "/b"): what its
**                  dot-segments mean depends on the base it is resolved
**                  against, so uri_normalize keeps them
**   dots-kept      dot-segments left in place (after an empty authority:
**                  ///.. stays, where §6.2.2.3 gives ///)
**   escape-hex-lowercase  an escape's hex digits left lower-case (in a
**                  host after an empty scheme: //%aa), where §6.2.2.1
**                  upper-cases them everywhere
*/
#define _GNU_SOURCE /* memmem */
#include <ctype.h>
#include <stdio.h>
#include <strings.h>
#include <string.h>

#include <uriparser/Uri.h>

#include "check.h"
#include "mem_libc.h"
#include "shared_read.h"
#include "uri.h"

enum {
  C_IPV6_FULL,
  C_HOST_FROM_NOWHERE,
  C_SLASH_DOT_AUTHORITY,
  C_ROOTLESS_EMPTIED,
  C_DOTDOT_SLASH,
  C_RELATIVE_DOTS,
  C_DOTS_KEPT,
  C_HEX_CASE,
  C_OTHER,
  N_CLASSES
};
static const char *const class_names[N_CLASSES] = {
    "ipv6-full", "host-from-nowhere", "slash-dot-with-authority",
    "rootless-stays-rootless", "dotdot-slash-dropped", "relative-dots", "dots-kept",
    "escape-hex-lowercase", "unclassified"};
static long class_count[N_CLASSES];
static char class_example[N_CLASSES][2][300];

/* ------------------------------------------------------------- uriparser */

/* uriparser's text of u into out (cap bytes): its length, or -1. */
static int up_text(const UriUriA *u, char *out, int cap) {
  int w;
  if (uriToStringA(out, u, cap, &w) != URI_SUCCESS) return -1;
  return w - 1;
}

static int up_valid(const char *s, size_t n) {
  UriUriA u;
  const char *e;
  if (uriParseSingleUriExA(&u, s, s + n, &e) != URI_SUCCESS) return 0;
  uriFreeUriMembersA(&u);
  return 1;
}

/* uriparser's strict resolution of r against b: length, or -1. */
static int up_resolve(const char *b, size_t bn, const char *r, size_t rn,
                      char *out, int cap) {
  UriUriA bu, ru, t;
  const char *e;
  int n = -1;
  if (uriParseSingleUriExA(&bu, b, b + bn, &e) != URI_SUCCESS) return -1;
  if (uriParseSingleUriExA(&ru, r, r + rn, &e) == URI_SUCCESS) {
    if (uriAddBaseUriExA(&t, &ru, &bu, URI_RESOLVE_STRICTLY) == URI_SUCCESS) {
      n = up_text(&t, out, cap);
      uriFreeUriMembersA(&t);
    }
    uriFreeUriMembersA(&ru);
  }
  uriFreeUriMembersA(&bu);
  return n;
}

/* uriparser's syntax-based normalization of s: length, or -1. */
static int up_normalize(const char *s, size_t n, char *out, int cap) {
  UriUriA u;
  const char *e;
  int k = -1;
  if (uriParseSingleUriExA(&u, s, s + n, &e) != URI_SUCCESS) return -1;
  if (uriNormalizeSyntaxA(&u) == URI_SUCCESS) k = up_text(&u, out, cap);
  uriFreeUriMembersA(&u);
  return k;
}

/* ------------------------------------------------------------ classes */

static int span_is(const char *s, const uri_parts *p, uri_component c,
                   const char *t, size_t tn) {
  return uri_has(p, c) && p->c[c].len == tn && memcmp(s + p->c[c].off, t, tn) == 0;
}

/* Whether path p[0..n) has a complete "." or ".." segment. */
static int has_dot_segment(const char *p, size_t n) {
  size_t i = 0;
  while (i <= n) {
    size_t j = i;
    while (j < n && p[j] != '/') j++;
    size_t len = j - i;
    if ((len == 1 && p[i] == '.') || (len == 2 && p[i] == '.' && p[i + 1] == '.'))
      return 1;
    i = j + 1;
  }
  return 0;
}

/* Which class the disagreement ours a[0..an) / uriparser's b[0..bn) is. */
static int classify(const char *a, size_t an, const char *b, size_t bn) {
  uri_parts ap, bp;
  if (uri_parse(a, an, URI_RULE_URI_REFERENCE, &ap) && !uri_has_authority(&ap) &&
      ap.c[URI_PATH].len >= 4 && memcmp(a + ap.c[URI_PATH].off, "/.//", 4) == 0 &&
      bn >= ap.c[URI_PATH].off + 2 &&
      memcmp(b + ap.c[URI_PATH].off, "//", 2) == 0)
    return C_HOST_FROM_NOWHERE; /* (the result may not even be a URI) */
  if (an == bn && strncasecmp(a, b, an) == 0) {
    for (size_t i = 0; i + 2 < bn; i++)
      if (b[i] == '%' && (islower((unsigned char)b[i + 1]) || islower((unsigned char)b[i + 2])))
        return C_HEX_CASE;
  }
  if (!uri_parse(a, an, URI_RULE_URI_REFERENCE, &ap)) return C_OTHER;
  {
    const char *apath = a + ap.c[URI_PATH].off;
    size_t apn = ap.c[URI_PATH].len;
    if (!uri_has(&ap, URI_SCHEME) && !uri_has_authority(&ap) && apn > 0 &&
        apath[0] != '/' && has_dot_segment(apath, apn))
      return C_RELATIVE_DOTS;
  }
  if (!uri_parse(b, bn, URI_RULE_URI_REFERENCE, &bp)) return C_OTHER;
  const char *ah = a + ap.c[URI_HOST].off, *bh = b + bp.c[URI_HOST].off;
  if (ap.host_type == URI_HOST_IPV6 && bp.host_type == URI_HOST_IPV6 &&
      memmem(bh, bp.c[URI_HOST].len, "0000:", 5) && !memmem(ah, ap.c[URI_HOST].len, "0000:", 5))
    return C_IPV6_FULL;
  const char *apath = a + ap.c[URI_PATH].off, *bpath = b + bp.c[URI_PATH].off;
  size_t apn = ap.c[URI_PATH].len, bpn = bp.c[URI_PATH].len;
  if (!uri_has_authority(&ap) && uri_has_authority(&bp) && apn >= 3 &&
      memcmp(apath, "/.//", 4) == 0)
    return C_HOST_FROM_NOWHERE;
  if (uri_has_authority(&ap) && bpn == apn + 2 && memcmp(bpath, "/.", 2) == 0 &&
      memcmp(bpath + 2, apath, apn) == 0 && apn >= 2 && apath[0] == '/' && apath[1] == '/')
    return C_SLASH_DOT_AUTHORITY;
  if (!uri_has_authority(&ap) && !uri_has_authority(&bp) && apn == bpn + 1 &&
      apath[0] == '/' && memcmp(apath + 1, bpath, bpn) == 0)
    return C_ROOTLESS_EMPTIED;
  if (!uri_has_authority(&ap) && apn >= 4 && memcmp(apath, "/.//", 4) == 0 &&
      span_is(b, &bp, URI_PATH, apath + 3, apn - 3))
    return C_DOTDOT_SLASH;
  /* (ours: no dot-segment but the "/." before a "//" path) */
  size_t skip = apn >= 4 && memcmp(apath, "/.//", 4) == 0 ? 2 : 0;
  if (has_dot_segment(bpath, bpn) && !has_dot_segment(apath + skip, apn - skip))
    return C_DOTS_KEPT;
  return C_OTHER;
}

static void disagree(const char *what, const char *in, size_t inn,
                     const char *a, size_t an, const char *b, int bn) {
  int c = bn < 0 ? C_OTHER : classify(a, an, b, (size_t)bn);
  if (c == C_OTHER && class_count[c] < 10)
    printf("unclassified: %s %.*s: ours %.*s, uriparser %.*s\n", what, (int)inn, in,
           (int)an, a, bn < 0 ? 6 : bn, bn < 0 ? "(none)" : b);
  if (class_count[c]++ < 2)
    snprintf(class_example[c][class_count[c] - 1], sizeof class_example[0][0],
             "%s %.*s: ours %.*s, uriparser %.*s", what, (int)inn, in, (int)an, a,
             bn < 0 ? 6 : bn, bn < 0 ? "(none)" : b);
}

/* ------------------------------------------------------------- the runs */

static long n_valid, n_resolve, n_normalize;
static long d_valid, d_resolve, d_normalize;

/* Both parsers on s as a URI-reference; then both normalizations. */
static void one_string(const char *s, size_t n) {
  uri_parts p;
  int ours = uri_parse(s, n, URI_RULE_URI_REFERENCE, &p);
  int theirs = up_valid(s, n);
  n_valid++;
  if (ours != theirs) {
    d_valid++;
    if (d_valid <= 5) printf("validity differs: %.*s ours %d uriparser %d\n",
                             (int)n, s, ours, theirs);
    check(0);
  }
  if (!ours || !theirs) return;
  char st[1024], b[2048];
  url_buf o;
  url_buf_init(&o, &url_mem_libc, st, sizeof st, (size_t)-1);
  uri_normalize(&o, s, &p, URI_NORM_SYNTAX);
  int bn = up_normalize(s, n, b, sizeof b);
  n_normalize++;
  if (bn != (int)o.len || memcmp(o.ptr, b, o.len) != 0) {
    d_normalize++;
    disagree("normalize", s, n, o.ptr, o.len, b, bn);
  }
  url_buf_free(&o);
}

static void one_resolution(const char *base, size_t bn, const char *ref,
                           size_t rn) {
  uri_parts bp, rp;
  if (!uri_parse(base, bn, URI_RULE_URI, &bp) ||
      !uri_parse(ref, rn, URI_RULE_URI_REFERENCE, &rp))
    return;
  char st[1024], b[2048];
  url_buf o;
  url_buf_init(&o, &url_mem_libc, st, sizeof st, (size_t)-1);
  uri_resolve(&o, base, &bp, ref, &rp);
  int k = up_resolve(base, bn, ref, rn, b, sizeof b);
  n_resolve++;
  if (k != (int)o.len || memcmp(o.ptr, b, o.len) != 0) {
    d_resolve++;
    char what[300];
    snprintf(what, sizeof what, "resolve %s +", base);
    disagree(what, ref, rn, o.ptr, o.len, b, k);
  }
  url_buf_free(&o);
}

static const char *const pieces[] = {
    "", "a", ":", "/", "//", "?", "#", "[", "]", "@", "%", "%4", "%41", "%2e",
    ".", "..", "1", "v1.x", "::1", "1.2.3.4", "%zz", " ", "\"", "{", "|", "\\",
    "^", "`", "\xc3\xbc", "-", "+", "!", "x:", "[::1]", "[v1.x]", ":80", "0",
    "256", "H"};
#define N_PIECES (sizeof pieces / sizeof *pieces)

static const char *const bases[] = {
    "http://a/b/c/d;p?q", "http://a", "foo:bar", "foo:/", "foo:/a/b/", "foo:a/b",
    "http://u@a:8/x/y/z?q#f", "file:///c:/x/y", "urn:a:b", "http://a/b//c/",
    "HTTP://A/%7e/", "http://[::1]/a"};
static const char *const refs[] = {
    "", "g", "..", ".", "/", "//", "?y", "#s", "g:h", "a:b", "x/", "%2e", "./",
    "../", "/g", "//h", ";x", "@", "?", "#", "%7E", "//[::1]", "H"};

int main(void) {
  char s[256];
  /* every string of four pieces */
  for (size_t i = 0; i < N_PIECES; i++)
    for (size_t j = 0; j < N_PIECES; j++)
      for (size_t k = 0; k < N_PIECES; k++)
        for (size_t l = 0; l < N_PIECES; l++) {
          int n = snprintf(s, sizeof s, "%s%s%s%s", pieces[i], pieces[j],
                           pieces[k], pieces[l]);
          one_string(s, (size_t)n);
        }
  /* references of three pieces against each base, and base + reference
     as one string */
  for (size_t bi = 0; bi < sizeof bases / sizeof *bases; bi++)
    for (size_t i = 0; i < sizeof refs / sizeof *refs; i++)
      for (size_t j = 0; j < sizeof refs / sizeof *refs; j++)
        for (size_t k = 0; k < sizeof refs / sizeof *refs; k++) {
          int n = snprintf(s, sizeof s, "%s%s%s", refs[i], refs[j], refs[k]);
          one_resolution(bases[bi], strlen(bases[bi]), s, (size_t)n);
          char t[512];
          int m = snprintf(t, sizeof t, "%s%s", bases[bi], s);
          one_string(t, (size_t)m);
        }
  /* real URLs: each, and each against the one before it */
  const char *files[] = {"data/kasztp.txt", "data/userbait.txt"};
  for (int f = 0; f < 2; f++) {
    size_t n;
    char *text = shared_read_all(files[f], &n);
    const char *prev = NULL;
    size_t prevn = 0;
    for (char *p = text; p < text + n;) {
      char *e = memchr(p, '\n', (size_t)(text + n - p));
      if (!e) e = text + n;
      size_t len = (size_t)(e - p);
      one_string(p, len);
      if (prev) one_resolution(prev, prevn, p, len);
      prev = p;
      prevn = len;
      p = e + 1;
    }
    free(text);
  }
  printf("uriparser %s: validity differs on %ld of %ld strings; resolution on "
         "%ld of %ld; normalization on %ld of %ld\n",
         URI_VER_ANSI, d_valid, n_valid, d_resolve, n_resolve, d_normalize,
         n_normalize);
  for (int c = 0; c < N_CLASSES; c++) {
    printf("  %-26s %7ld", class_names[c], class_count[c]);
    for (int k = 0; k < 2 && k < class_count[c]; k++)
      printf("%s  e.g. %s", k ? "\n  " "                                  " : "",
             class_example[c][k]);
    printf("\n");
    /* every listed class is still seen (the list is current); nothing
       else is */
    if (c == C_OTHER) check_named(class_count[c] == 0, "an unclassified disagreement");
    else check_named(class_count[c] > 0, class_names[c]);
  }
  return check_summary();
}
