/*
** The links of a document (html/links.c, srcset.c, refresh.c):
**
**   - WPT's parse-a-srcset-attribute.html (../shared/wpt-html/): each
**     <img srcset data-expect> of the page itself, tokenized by our
**     tokenizer; the candidate a browser at 1x picks from our candidates
**     (the first of density 1, else the first) must be data-expect ('' if
**     none); data-resolve cases compare unresolved, as their expectation is
**     the whole attribute as one URL.
**   - WPT's meta refresh parsing.html: its table of {input, expected}
**     (failure [], or [time, url] with __filename__ for the document's URL).
**   - WPT's query-encoding expectations (resolve-url.js: every element's
**     URL attribute, <base href> and the scheme cases, in documents of
**     UTF-8, UTF-16BE/LE, windows-1252, windows-1251);
**   - the 130 real pages of ../shared/html/;
**   - unit cases of the walk: the rows of small documents (state switches,
**     template, foreign content, noscript, srcset, ping, refresh, form
**     action), and the <base> prescan.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "links.h"
#include "mem_libc.h"
#include "shared_read.h"
#include "sniff.h"
#include "parse.h"
#include "utf8.h"
#include "encoding.h"

#include <dirent.h>

/* ---- srcset ---- */

typedef struct pick {
  const char *url;
  size_t n;
  int have, have_1x;
} pick;

/* The candidate a 1x screen takes: the first whose density is 1 (no
   descriptor, or "1x" by value), else the first candidate. */
static int on_candidate(void *ctx, const char *u, size_t n, const char *d,
                        size_t dn) {
  pick *p = ctx;
  int is_1x = dn == 0 || (d[dn - 1] == 'x' && strtod(d, NULL) == 1.0);
  if (!p->have || (is_1x && !p->have_1x)) {
    p->url = u;
    p->n = n;
    p->have = 1;
    p->have_1x = is_1x;
  }
  return 0;
}

static int srcset_tests, srcset_passed;

static int on_img(void *ctx, html_tokenizer *t, const html_token *k) {
  (void)ctx;
  (void)t;
  if (k->type != HTML_START_TAG || k->name_len != 3 || memcmp(k->name, "img", 3))
    return 0;
  const html_attr *srcset = NULL, *expect = NULL;
  for (size_t i = 0; i < k->nattrs; i++) {
    if (strcmp(k->attrs[i].name, "srcset") == 0 || (k->attrs[i].name_len == 6 &&
        memcmp(k->attrs[i].name, "srcset", 6) == 0))
      srcset = &k->attrs[i];
    if (k->attrs[i].name_len == 11 && memcmp(k->attrs[i].name, "data-expect", 11) == 0)
      expect = &k->attrs[i];
  }
  if (!srcset || !expect) return 0;
  pick p = {0};
  html_srcset_parse(srcset->value, srcset->value_len, on_candidate, &p);
  srcset_tests++;
  size_t gn = p.have ? p.n : 0;
  if (check(gn == expect->value_len && memcmp(p.url ? p.url : "", expect->value, gn) == 0)) {
    srcset_passed++;
  } else {
    printf("FAIL srcset ");
    json_print_str(srcset->value, srcset->value_len);
    printf(": want ");
    json_print_str(expect->value, expect->value_len);
    printf(", got ");
    json_print_str(p.url, gn);
    printf("\n");
  }
  return 0;
}

static void srcset_wpt(void) {
  size_t n;
  char *s = shared_read_all("wpt-html/html/semantics/embedded-content/the-img-element/"
                            "srcset/parse-a-srcset-attribute.html", &n);
  html_tokenizer t;
  html_tokenizer_init(&t, &url_mem_libc, s, n, on_img, NULL);
  t.want_text = 0;
  check(html_tokenize(&t) == 0);
  html_tokenizer_free(&t);
  free(s);
  printf("WPT srcset parsing: %d of %d cases\n", srcset_passed, srcset_tests);
}

/* ---- meta refresh ---- */

/* Reads a JS string literal at s (quote at s[0]) into out; returns the
   position after it. */
static const char *js_string(const char *s, char *out, size_t *n) {
  char q = *s++;
  size_t k = 0;
  while (*s && *s != q) {
    char c = *s++;
    if (c == '\\') {
      c = *s++;
      c = c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c == 'f' ? '\f' : c;
    }
    out[k++] = c;
  }
  *n = k;
  return *s ? s + 1 : s;
}

static void refresh_wpt(void) {
  size_t n;
  char *s = shared_read_all("wpt-html/html/semantics/document-metadata/the-meta-element/"
                            "pragma-directives/attr-meta-http-equiv-refresh/parsing.html", &n);
  int total = 0, ok = 0;
  for (char *p = strstr(s, "{input: "); p; p = strstr(p + 1, "{input: ")) {
    char in[256], want_url[256];
    size_t in_n, url_n = 0;
    const char *q = js_string(p + 8, in, &in_n);
    q = strstr(q, "expected: [");
    if (!q) break;
    q += 11;
    int want_ok = *q != ']';
    unsigned long want_time = 0;
    if (want_ok) {
      want_time = strtoul(q, NULL, 10);
      q = strchr(q, '\'');
      js_string(q, want_url, &url_n);
    }
    unsigned long time = 0;
    const char *u = NULL;
    size_t un = 0;
    int got = html_refresh_parse(in, in_n, &time, &u, &un);
    int doc = url_n == 12 && memcmp(want_url, "__filename__", 12) == 0;
    /* The expected URL is unresolved: the URL parser strips what it
       strips (tabs and newlines, C0 and space at the ends). */
    char norm[256];
    size_t nn = 0;
    for (size_t i = 0; u && i < un; i++)
      if (u[i] != '\t' && u[i] != '\n' && u[i] != '\r') norm[nn++] = u[i];
    while (nn && (unsigned char)norm[nn - 1] <= ' ') nn--;
    size_t lead = 0;
    while (lead < nn && (unsigned char)norm[lead] <= ' ') lead++;
    int pass = got == want_ok &&
               (!got || (time == want_time &&
                         (doc ? u == NULL
                              : (u && nn - lead == url_n &&
                                 memcmp(norm + lead, want_url, url_n) == 0))));
    total++;
    if (check(pass)) {
      ok++;
    } else {
      printf("FAIL refresh ");
      json_print_str(in, in_n);
      printf(": got %d %lu ", got, time);
      json_print_str(u, un);
      printf("\n");
    }
  }
  free(s);
  printf("WPT meta refresh parsing: %d of %d cases\n", ok, total);
}

/* ---- The walk ---- */

/* The rows of doc as "tag attribute raw [descriptor] (kind)" lines joined
   by '|'; raw "=doc" for the document's URL; a rel as "rel=...". */
static void rows(const char *doc, char *out, size_t cap) {
  html_links w;
  html_links_init(&w, &url_mem_libc, doc, strlen(doc));
  const html_link *l;
  size_t k = 0;
  out[0] = 0;
  int rc;
  while ((rc = html_links_next(&w, &l)) == 1) {
    k += (size_t)snprintf(out + k, cap - k, "%s%s %s %.*s", k ? "|" : "", l->tag,
                          l->attribute, (int)l->raw_len, l->raw);
    if (l->document_url) k += (size_t)snprintf(out + k, cap - k, "=doc");
    if (l->descriptor)
      k += (size_t)snprintf(out + k, cap - k, " [%.*s]", (int)l->descriptor_len,
                            l->descriptor);
    if (l->rel)
      k += (size_t)snprintf(out + k, cap - k, " rel=%.*s", (int)l->rel_len, l->rel);
    k += (size_t)snprintf(out + k, cap - k, " (%c)", html_link_kind_names[l->kind][0]);
  }
  if (rc < 0) snprintf(out + k, cap - k, "|error %d", rc);
  html_links_free(&w);
}

static void walk(const char *doc, const char *want) {
  char got[4096];
  rows(doc, got, sizeof got);
  if (!check(strcmp(got, want) == 0))
    printf("FAIL rows of %s\n  want: %s\n  got:  %s\n", doc, want, got);
}

static void base(const char *doc, const char *want) {
  url_buf b;
  char st[64];
  url_buf_init(&b, &url_mem_libc, st, sizeof st, 1 << 20);
  int rc = html_base_href(&url_mem_libc, doc, strlen(doc), &b);
  int ok = want ? rc == 1 && b.len == strlen(want) && memcmp(b.ptr, want, b.len) == 0
                : rc == 0;
  if (!check(ok))
    printf("FAIL base of %s: want %s, got %d %.*s\n", doc, want ? want : "(none)",
           rc, (int)b.len, b.ptr);
  url_buf_free(&b);
}

/* Issue 34: the stack of open elements (end tags in foreign content,
   </template>) and the elements the tree builder drops or makes; each
   checked against Chromium's DOM. */
static void tree_cases(void) {
  /* an HTML end tag in foreign content closes the HTML element and the
     foreign ones above it */
  walk("<nav><a href=\"/\"><svg class=\"logo\"><path d=\"M0\"></a>"
       "<a href=\"/about\">About</a></nav>",
       "a href / (n)|a href /about (n)");
  walk("<div><svg></div><a href=/afterdiv>", "a href /afterdiv (n)");
  walk("<object><svg></object><a href=after>", "a href after (n)");
  walk("<h2><svg></h3><a href=h>", "a href h (n)"); /* any heading */
  walk("<b><i><svg><path></b><a href=b>", "a href b (n)");
  walk("<p><table><tr><td><svg></td><a href=x>", "a href x (n)");
  walk("<table><svg></table><a href=t>", "a href t (n)");
  /* ... unless that element is not open, or not in scope */
  walk("<div><svg><g></span><a href=no>", "");
  walk("<div><svg><foreignObject></div><a href=fo>", "a href fo (n)");
  walk("<svg><foreignObject><div></svg><a href=x>", "a href x (n)");
  /* a foreign end tag closes the foreign element of its name */
  walk("<svg><g></g><a href=no></svg><a href=yes>", "a href yes (n)");
  walk("<svg><desc><svg><a href=no></svg><a href=yes>", "a href yes (n)");
  /* the adoption agency: with a special element above the formatting
     element, what is above the last one is closed */
  walk("<a href=/1><div><svg></a><a href=/x>", "a href /1 (n)|a href /x (n)");
  /* </template> closes the template whatever is open in it */
  walk("<template><svg></template><p><a href=/lost1>", "a href /lost1 (n)");
  walk("<template><div><math><mi><b></template><a href=y>", "a href y (n)");
  /* MathML mglyph, malignmark in a text integration point are MathML */
  walk("<math><mtext><mglyph><a href=no></mglyph><a href=yes>", "a href yes (n)");
  walk("<math><mi><malignmark><a href=no></malignmark><img src=yes>",
       "img src yes (r)");
  /* the form element pointer: a form in a form is dropped, also after
     the first one's element is closed by another end tag */
  walk("<form action=a><form action=b></form><form action=c>",
       "form action a (n)|form action c (n)");
  walk("<div><form action=a></div><form action=b>", "form action a (n)");
  walk("<template><form action=a><form action=b></template>", "");
  /* frames exist only in a frameset, which replaces a body that has only
     elements that leave frameset-ok "ok" */
  walk("<frame src=f><a href=x>", "a href x (n)");
  walk("<frameset><template><frame src=f>", "frame src f (r)");
  walk("<frameset><frame src=f></frameset><a href=no><noframes><a href=no2>",
       "frame src f (r)");
  walk("<source src=s><track src=t><input type=hidden src=i><a href=a>"
       "<frameset><frame src=f>",
       "frame src f (r)");
  walk("<input src=i><frameset><frame src=f>", "input src i (r)");
  walk("<p>text<frameset><frame src=f>", "");
  walk("<a href=x><html manifest=m><frameset><frame src=f>",
       "html manifest m (r)|frame src f (r)");
  walk("<p></br><frameset><frame src=f>", "");
  walk("<head><link href=l></head><title>t</title><frameset><frame src=f>",
       "link href l (n)|frame src f (r)");
  walk("<math><frameset><input formaction=m>", ""); /* MathML elements */
  /* a second html or body start tag adds only attributes not yet there */
  walk("<body background=a><body background=b>", "body background a (r)");
  walk("<p><body background=b>", "body background b (r)");
  walk("<html manifest=a><html manifest=b>", "html manifest a (r)");
  walk("<template><body background=b><html manifest=m></template>", "");
  /* background on tables (Chromium fetches them); table parts exist only
     in a table */
  walk("<table background=t><thead background=h><tr background=r>"
       "<th background=c><td background=d><tbody background=b><tfoot background=f>",
       "table background t (r)|thead background h (r)|tr background r (r)|"
       "th background c (r)|td background d (r)|tbody background b (r)|"
       "tfoot background f (r)");
  walk("<td background=x><tr background=y><tbody background=z>", "");
  walk("<table><td><svg><foreignObject><td background=x><a href=y>",
       "td background x (r)|a href y (n)");
}

static void units(void) {
  walk("<a href=x rel=nofollow>a</a><img src=i.png srcset='a.png 1x, b.png 2x'>",
       "a href x rel=nofollow (n)|img src i.png (r)|img srcset a.png [1x] (r)|"
       "img srcset b.png [2x] (r)");
  walk("<a href='&amp;q=1&ampx=2'>", "a href &q=1&ampx=2 (n)");
  walk("<script><a href=no></script><a href=yes>", "a href yes (n)");
  walk("<style><a href=no></style><title><a href=no></title>"
       "<textarea><a href=no></textarea><xmp><a href=no></xmp>"
       "<iframe src=f><a href=no></iframe><noembed><a href=no></noembed>"
       "<noframes><a href=no></noframes><a href=yes>",
       "iframe src f (r)|a href yes (n)");
  walk("<noscript><a href=ns></noscript>", "a href ns (n)");
  walk("<template><a href=t><base href=/b></template><a href=yes>",
       "a href yes (n)");
  walk("<template><template></template><a href=t></template><a href=yes>",
       "a href yes (n)");
  walk("<svg><a href=s></a><style><a href=no2></style></svg><a href=yes>",
       "a href yes (n)"); /* an svg <style> holds markup, but SVG's */
  walk("<svg><![CDATA[<a href=no>]]></svg><a href=yes>", "a href yes (n)");
  walk("<math><mi><a href=m></a></mi></math>", "a href m (n)");
  walk("<svg><g><p><a href=out>", "a href out (n)");
  walk("<svg><foreignObject><a href=fo></a></foreignObject></svg>",
       "a href fo (n)");
  walk("<plaintext><a href=no>", "");
  walk("<image src=i.png>", "img src i.png (r)"); /* the tree builder's rename */
  walk("<svg><g></p><a href=out>", "a href out (n)");
  walk("<svg><g></br><img src=out>", "img src out (r)");
  walk("<a href=x ping='p1  p2\tp3'>", "a href x (n)|a ping p1 (r)|a ping p2 (r)|a ping p3 (r)");
  /* A form in a form is ignored (the form element pointer) */
  walk("<form action><button formaction=b></button><form action=f>",
       "form action =doc (n)|button formaction b (n)");
  walk("<meta http-equiv=Refresh content='5; URL=\"/next\"'><meta content='1;url=x'>",
       "meta content /next (n)");
  walk("<meta http-equiv=refresh content=3>", "meta content =doc (n)");
  walk("<link rel=stylesheet href=s.css><link rel=alternate href=alt>"
       "<link rel='preload' imagesrcset='a 100w, b 200w' href=p>",
       "link href s.css rel=stylesheet (r)|link href alt rel=alternate (n)|"
       "link imagesrcset a [100w] rel=preload (r)|link imagesrcset b [200w] rel=preload (r)|"
       "link href p rel=preload (r)");
  walk("<blockquote cite=c><q cite=q><del cite=d><ins cite=i>",
       "blockquote cite c (c)|q cite q (c)|del cite d (c)|ins cite i (c)");
  walk("<html manifest=m><body background=bg><video src=v poster=p><audio src=a>"
       "<track src=t><source src=s srcset='s2 2x'><embed src=e><object data=o>"
       "<input src=in formaction=fa>",
       "html manifest m (r)|body background bg (r)|video src v (r)|video poster p (r)|"
       "audio src a (r)|track src t (r)|source src s (r)|source srcset s2 [2x] (r)|"
       "embed src e (r)|object data o (r)|input src in (r)|"
       "input formaction fa (n)");
  walk("<frameset><frame src=fr></frameset>", "frame src fr (r)");
  walk("<a href=1 href=2 HREF=3>", "a href 1 (n)");
  walk("<a href='unterminated", "");
  walk("<!-- <a href=no> --><a href=yes><!-- unterminated <a href=no>",
       "a href yes (n)");

  tree_cases();

  base("<a href=x><base href='/b&amp;'>", "/b&");
  base("<template><svg></template><base href=after>", "after");
  base("<base><frameset><base href=no><frame>", NULL);
  base("<a><base href=dropped><frameset><frame>", NULL); /* in the body */
  base("<base href=head><frameset><frame>", "head");
  base("<head><base href=kept></head><frameset><frame>", "kept");
  base("<base target=_self><base href=second><base href=third>", "second");
  base("<template><base href=t></template><base href=real>", "real");
  base("<svg><base href=s></svg>", NULL);
  base("<script>'<base href=no>'</script>", NULL);
  base("<!-- <base href=no> -->", NULL);
  base("no tags at all", NULL);
}

/* ---- The real pages of ../shared/html/ ---- */

/* Each page: encoding, decode, walk and base prescan run to the end; the
   totals are printed; a few pages are checked for what they hold: the
   declared-gb2312 page is read as GBK (what a browser does), the BOM pages
   as UTF-8, the <base> pages have their base. */
static void real_pages(void) {
  char dir[4096];
  shared_path(dir, sizeof dir, "html");
  DIR *d = opendir(dir);
  if (!check(d != NULL)) {
    printf("FAIL cannot read %s\n", dir);
    return;
  }
  printf("data: %s\n", dir);
  int pages = 0;
  size_t rows = 0, bytes = 0, bases = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t nl = strlen(e->d_name);
    if (nl < 6 || strcmp(e->d_name + nl - 5, ".html") != 0) continue;
    char rel[512];
    snprintf(rel, sizeof rel, "html/%s", e->d_name);
    char path[4096];
    FILE *f = fopen(shared_path(path, sizeof path, rel), "rb");
    if (!f) continue;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *s = malloc((size_t)len + 1);
    if (!s || fread(s, 1, (size_t)len, f) != (size_t)len) abort();
    fclose(f);
    size_t bom;
    int enc = html_encoding(&url_mem_libc, s, (size_t)len, URL_ENC_NONE, &bom);
    url_buf b, base;
    char st[64], bst[64];
    url_buf_init(&b, &url_mem_libc, st, sizeof st, (size_t)1 << 30);
    url_buf_init(&base, &url_mem_libc, bst, sizeof bst, (size_t)1 << 30);
    const char *text;
    size_t tl;
    int ok = html_decode(&b, enc, s, (size_t)len, bom, &text, &tl) == 0;
    html_links w;
    const html_link *l;
    int rc;
    size_t n = 0;
    html_links_init(&w, &url_mem_libc, text, tl);
    while ((rc = html_links_next(&w, &l)) == 1) n++;
    html_links_free(&w);
    int hb = html_base_href(&url_mem_libc, text, tl, &base);
    ok = ok && rc == 0 && hb >= 0;
    if (strcmp(e->d_name, "qq.html") == 0)
      ok = ok && enc == URL_ENC_GBK;
    if (strcmp(e->d_name, "la-nacion.html") == 0)
      ok = ok && enc == URL_ENC_UTF_8 && bom == 3;
    if (strcmp(e->d_name, "pixnet.html") == 0)
      ok = ok && hb == 1 && base.len == 46 &&
           memcmp(base.ptr, "http://stevenhgm.pixnet.net/blog/post/39926056", 46) == 0;
    if (strcmp(e->d_name, "wikipedia-4.html") == 0)
      ok = ok && hb == 1 && base.len == 1 && base.ptr[0] == '.';
    if (!check(ok)) printf("FAIL page %s (%s, %zu rows)\n", e->d_name, url_encoding_name(enc), n);
    pages++;
    rows += n;
    bytes += (size_t)len;
    bases += hb == 1;
    url_buf_free(&b);
    url_buf_free(&base);
    free(s);
  }
  closedir(d);
  printf("real pages: %d pages, %zu bytes, %zu rows, %zu with a <base href>\n",
         pages, bytes, rows, bases);
}

/* ---- WPT query encoding ---- */

/* html/infrastructure/urls/resolving-urls/query-encoding/resources/
   resolve-url.js: in a document of each encoding, "?q=\u00E5" resolves
   with the query in that encoding (expected_obj), for every element's URL
   attribute and through <base href>; the scheme tests: ftp, file, http,
   https in the document's encoding, the others (ws, wss, non-special) in
   UTF-8. */
static const char *const qe_schemes[] = {
  "ftp://example.invalid/?x=", "file:///?x=", "http://example.invalid/?x=",
  "https://example.invalid/?x="};
static const char *const qe_schemes_utf8[] = {
  "ws://example.invalid/?x=", "wss://example.invalid/?x=", "gopher://example.invalid/?x=",
  "mailto:example@invalid?x=", "data:text/plain;charset=ENC,?x=", "javascript:\"?x=",
  "ftps://example.invalid/?x=", "httpbogus://example.invalid/?x=", "bitcoin:foo?x=",
  "geo:foo?x=", "im:foo?x=", "irc:foo?x=", "ircs:foo?x=", "magnet:foo?x=", "mms:foo?x=",
  "news:foo?x=", "nntp:foo?x=", "sip:foo?x=", "sms:foo?x=", "smsto:foo?x=", "ssh:foo?x=",
  "tel:foo?x=", "urn:foo?x=", "webcal:foo?x=", "wtai:foo?x=", "xmpp:foo?x=", "web+http:foo?x="};

/* The document's bytes in enc: UTF-16 by hand (BMP text), legacy through
   the encoder (html mode: unmappable as &#N;, as a page would be saved). */
static void encode_doc(url_buf *out, int enc, const char *s) {
  if (enc == URL_ENC_UTF_16BE || enc == URL_ENC_UTF_16LE) {
    size_t i = 0, n = strlen(s);
    while (i < n) {
      uint32_t cp = url_utf8_next((const unsigned char *)s, n, &i);
      char b[2] = {(char)(cp >> 8), (char)(cp & 0xFF)};
      if (enc == URL_ENC_UTF_16LE) {
        char t = b[0];
        b[0] = b[1];
        b[1] = t;
      }
      url_buf_append(out, b, 2);
    }
    return;
  }
  if (enc == URL_ENC_UTF_8) url_buf_puts(out, s);
  else url_encode_text(out, enc, s, strlen(s), URL_ENC_HTML);
}

static void query_encoding(void) {
  static const struct { const char *label, *want; } encs[] = {
    {"utf-8", "%C3%A5"}, {"utf-16be", "%C3%A5"}, {"utf-16le", "%C3%A5"},
    {"windows-1252", "%E5"}, {"windows-1251", "%26%23229%3B"}};
  int total = 0, ok = 0;
  for (size_t e = 0; e < sizeof encs / sizeof encs[0]; e++) {
    int enc = url_encoding_get(encs[e].label, strlen(encs[e].label));
    char doc[8192];
    size_t k = 0;
#define Q "resources/resource.py?q=\xC3\xA5&amp;type=x"
    k += (size_t)snprintf(doc + k, sizeof doc - k,
        "<html manifest='" Q "'><body background='" Q "'><a href='" Q "'></a>"
        "<area href='" Q "'><link rel=stylesheet href='" Q "'><img src='" Q "'>"
        "<iframe src='" Q "'></iframe><frame src='" Q "'><embed src='" Q "'>"
        "<object data='" Q "'></object><video src='" Q "' poster='" Q "'></video>"
        "<audio src='" Q "'><track src='" Q "'></audio><source src='" Q "'>"
        "<script src='" Q "'></script><form action='" Q "'><button formaction='" Q "'>"
        "<input formaction='" Q "' src='" Q "'><blockquote cite='" Q "'>"
        "<q cite='" Q "'><del cite='" Q "'><ins cite='" Q "'>"
        "<img srcset='" Q " 2x'><a ping='" Q "'>"
        "<meta http-equiv=refresh content='0; url=" Q "'>");
    for (size_t i = 0; i < sizeof qe_schemes / sizeof qe_schemes[0]; i++)
      k += (size_t)snprintf(doc + k, sizeof doc - k, "<a href='%s\xC3\xA5'>", qe_schemes[i]);
    for (size_t i = 0; i < sizeof qe_schemes_utf8 / sizeof qe_schemes_utf8[0]; i++)
      k += (size_t)snprintf(doc + k, sizeof doc - k, "<a href='%s\xC3\xA5'>", qe_schemes_utf8[i]);
    url_buf bytes;
    char st[64];
    url_buf_init(&bytes, &url_mem_libc, st, sizeof st, 1 << 20);
    encode_doc(&bytes, enc, doc);
    size_t bom;
    int got_enc = html_encoding(&url_mem_libc, (const unsigned char *)bytes.ptr, bytes.len,
                                enc, &bom);
    check_named(got_enc == enc, "query encoding: the transport encoding is used");
    url_buf dec;
    char dst[64];
    url_buf_init(&dec, &url_mem_libc, dst, sizeof dst, 1 << 20);
    const char *text;
    size_t tl;
    check(html_decode(&dec, enc, (const unsigned char *)bytes.ptr, bytes.len, bom, &text, &tl) == 0);
    url page;
    char pst[256];
    url_init(&page, &url_mem_libc, pst, sizeof pst, 1 << 20);
    url_parse(&page, "http://example.com/dir/page.html", 32, NULL);
    html_links w;
    const html_link *l;
    html_links_init(&w, &url_mem_libc, text, tl);
    /* The rows that expect UTF-8 whatever the document's encoding are the
       last ones: the UTF-8 schemes. */
    size_t row = 0;
    while (html_links_next(&w, &l) == 1) row++;
    html_links_free(&w);
    size_t utf8_from = row - sizeof qe_schemes_utf8 / sizeof qe_schemes_utf8[0];
    html_links_init(&w, &url_mem_libc, text, tl);
    row = 0;
    while (html_links_next(&w, &l) == 1) {
      url u;
      char ust[256];
      url_init(&u, &url_mem_libc, ust, sizeof ust, 1 << 20);
      int rc = html_link_resolve(&u, l, &page, &page, enc);
      const char *want = row < utf8_from ? encs[e].want : "%C3%A5";
      url_str h = url_href(&u);
      char hs[512];
      snprintf(hs, sizeof hs, "%.*s", rc == URL_OK ? (int)h.n : 0, rc == URL_OK ? h.s : "");
      int pass = rc == URL_OK && strstr(hs, want) != NULL;
      total++;
      if (check(pass))
        ok++;
      else
        printf("FAIL query encoding %s: %s %s -> %s (want %s)\n", encs[e].label, l->tag,
               l->attribute, hs, want);
      url_free(&u);
      row++;
    }
    html_links_free(&w);
    /* <base href> with the query: the document base URL's query too. */
    {
      char bdoc[256];
      snprintf(bdoc, sizeof bdoc, "<base href='resources/resource.py?q=\xC3\xA5'><a href>");
      url_buf bb, bt;
      char bst[64], btt[64];
      url_buf_init(&bb, &url_mem_libc, bst, sizeof bst, 1 << 20);
      url_buf_init(&bt, &url_mem_libc, btt, sizeof btt, 1 << 20);
      encode_doc(&bb, enc, bdoc);
      const char *bx;
      size_t bxl;
      html_decode(&bt, enc, (const unsigned char *)bb.ptr, bb.len, 0, &bx, &bxl);
      url_buf href;
      char hst[64];
      url_buf_init(&href, &url_mem_libc, hst, sizeof hst, 1 << 20);
      html_base_href(&url_mem_libc, bx, bxl, &href);
      url base;
      char bs2[256];
      url_init(&base, &url_mem_libc, bs2, sizeof bs2, 1 << 20);
      int rc = html_url_parse(&base, href.ptr, href.len, &page, enc);
      url_str h = url_href(&base);
      char hs[512];
      snprintf(hs, sizeof hs, "%.*s", rc == URL_OK ? (int)h.n : 0, rc == URL_OK ? h.s : "");
      total++;
      if (check(rc == URL_OK && strstr(hs, encs[e].want) != NULL))
        ok++;
      else
        printf("FAIL query encoding %s: <base href> -> %s\n", encs[e].label, hs);
      url_free(&base);
      url_buf_free(&href);
      url_buf_free(&bb);
      url_buf_free(&bt);
    }
    url_free(&page);
    url_buf_free(&dec);
    url_buf_free(&bytes);
  }
  printf("WPT query encoding: %d of %d cases\n", ok, total);
}

int main(void) {
  query_encoding();
  real_pages();
  srcset_wpt();
  refresh_wpt();
  units();
  return check_summary();
}
