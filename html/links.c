/*
** The links of a document: a walk over the tokenizer's tokens with the
** parts of tree construction (§13.2.6) that decide what is a link, one
** row per URL.  No DOM: what the walk keeps is the count of open
** <template> elements and a stack of the open svg/math elements.
**
**   - After an HTML start tag the tokenizer switches as the tree builder
**     makes it: title, textarea to RCDATA; style, xmp, iframe, noembed,
**     noframes to RAWTEXT; script to script data; plaintext to PLAINTEXT.
**     noscript does not switch: scripting is disabled (a crawler runs no
**     scripts, so the links in <noscript> are links).
**   - <template> contents are a separate, inert document fragment: no rows
**     come from them, and a <base> there is not the document's.
**   - Inside <svg> and <math> (foreign content) elements are not HTML: no
**     rows, no state switches, <![CDATA[ opens a CDATA section; an HTML
**     "breakout" start tag (<p>, <img>, ...) closes the foreign elements,
**     and integration points (foreignObject, desc, title; mi, mo, mn, ms,
**     mtext, annotation-xml with an HTML encoding) hold HTML.
**   The insertion modes are not modelled otherwise: an element is where its
**   start tag is, which is all a link needs.
*/
#include <string.h>

#include "links.h"
#include "parse.h"
#include "sniff.h"

const char *const html_link_kind_names[3] = {"navigation", "resource",
                                             "citation"};

enum { NS_SVG = 1, NS_MATH = 2 };
#define MAX_END_SEARCH 64 /* an end tag looks this far down the stack */

/* The tags the walk knows, by name. */
enum tag_id {
  T_OTHER, T_A, T_AREA, T_LINK, T_IMG, T_SOURCE, T_SCRIPT, T_IFRAME, T_FRAME,
  T_EMBED, T_OBJECT, T_VIDEO, T_AUDIO, T_TRACK, T_FORM, T_BUTTON, T_INPUT,
  T_BLOCKQUOTE, T_Q, T_DEL, T_INS, T_META, T_HTML, T_BODY, T_BASE,
  T_TEMPLATE, T_SVG, T_MATH, T_TITLE, T_TEXTAREA, T_STYLE, T_XMP, T_NOEMBED,
  T_NOFRAMES, T_PLAINTEXT, T_COUNT
};
static const char *const tag_names[T_COUNT] = {
  "", "a", "area", "link", "img", "source", "script", "iframe", "frame",
  "embed", "object", "video", "audio", "track", "form", "button", "input",
  "blockquote", "q", "del", "ins", "meta", "html", "body", "base",
  "template", "svg", "math", "title", "textarea", "style", "xmp", "noembed",
  "noframes", "plaintext"};

/* The tag's id: a scan of the names of the same first letter and length
   (at most four), so a start tag costs a few byte compares. */
static int tag_id(const char *s, size_t n) {
  if (n == 0 || n > 10) return T_OTHER;
  for (int i = 1; i < T_COUNT; i++)
    if (tag_names[i][0] == s[0] && strncmp(tag_names[i], s, n) == 0 &&
        tag_names[i][n] == 0) /* (read only when the name is that long) */
      return i;
  return T_OTHER;
}

/* How an attribute's value holds its URLs. */
enum { V_URL, V_SRCSET, V_PING, V_ACTION, V_REFRESH };

/* The URL-valued attributes, by tag (the README lists them). */
static const struct link_attr {
  unsigned char tag;
  unsigned char how;
  unsigned char kind;
  unsigned char len; /* of name */
  const char *name;
} link_attrs[] = {
  {T_A, V_URL, HTML_LINK_NAVIGATION, 4, "href"},
  {T_A, V_PING, HTML_LINK_RESOURCE, 4, "ping"},
  {T_AREA, V_URL, HTML_LINK_NAVIGATION, 4, "href"},
  {T_AREA, V_PING, HTML_LINK_RESOURCE, 4, "ping"},
  {T_LINK, V_URL, HTML_LINK_NAVIGATION, 4, "href"}, /* kind by rel */
  {T_LINK, V_SRCSET, HTML_LINK_RESOURCE, 11, "imagesrcset"},
  {T_IMG, V_URL, HTML_LINK_RESOURCE, 3, "src"},
  {T_IMG, V_SRCSET, HTML_LINK_RESOURCE, 6, "srcset"},
  {T_SOURCE, V_URL, HTML_LINK_RESOURCE, 3, "src"},
  {T_SOURCE, V_SRCSET, HTML_LINK_RESOURCE, 6, "srcset"},
  {T_SCRIPT, V_URL, HTML_LINK_RESOURCE, 3, "src"},
  {T_IFRAME, V_URL, HTML_LINK_RESOURCE, 3, "src"},
  {T_FRAME, V_URL, HTML_LINK_RESOURCE, 3, "src"},
  {T_EMBED, V_URL, HTML_LINK_RESOURCE, 3, "src"},
  {T_OBJECT, V_URL, HTML_LINK_RESOURCE, 4, "data"},
  {T_VIDEO, V_URL, HTML_LINK_RESOURCE, 3, "src"},
  {T_VIDEO, V_URL, HTML_LINK_RESOURCE, 6, "poster"},
  {T_AUDIO, V_URL, HTML_LINK_RESOURCE, 3, "src"},
  {T_TRACK, V_URL, HTML_LINK_RESOURCE, 3, "src"},
  {T_FORM, V_ACTION, HTML_LINK_NAVIGATION, 6, "action"},
  {T_BUTTON, V_ACTION, HTML_LINK_NAVIGATION, 10, "formaction"},
  {T_INPUT, V_ACTION, HTML_LINK_NAVIGATION, 10, "formaction"},
  {T_INPUT, V_URL, HTML_LINK_RESOURCE, 3, "src"},
  {T_BLOCKQUOTE, V_URL, HTML_LINK_CITATION, 4, "cite"},
  {T_Q, V_URL, HTML_LINK_CITATION, 4, "cite"},
  {T_DEL, V_URL, HTML_LINK_CITATION, 4, "cite"},
  {T_INS, V_URL, HTML_LINK_CITATION, 4, "cite"},
  {T_META, V_REFRESH, HTML_LINK_NAVIGATION, 7, "content"},
  {T_HTML, V_URL, HTML_LINK_RESOURCE, 8, "manifest"},
  {T_BODY, V_URL, HTML_LINK_RESOURCE, 10, "background"},
};
#define N_LINK_ATTRS (sizeof link_attrs / sizeof link_attrs[0])

/* The first entry of each tag in link_attrs (N_LINK_ATTRS if none): a
   binary search, the table being sorted by tag. */
static size_t first_attr(int tag) {
  size_t lo = 0, hi = N_LINK_ATTRS;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (link_attrs[mid].tag < tag) lo = mid + 1;
    else hi = mid;
  }
  return lo < N_LINK_ATTRS && link_attrs[lo].tag == tag ? lo : N_LINK_ATTRS;
}

static int ascii_ws(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

static int eq_ci(const char *s, size_t n, const char *lit) {
  size_t m = strlen(lit);
  if (n != m) return 0;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
    if (c != lit[i]) return 0;
  }
  return 1;
}

static const html_attr *find_attr(const html_token *k, const char *name) {
  size_t n = strlen(name);
  for (size_t i = 0; i < k->nattrs; i++)
    if (k->attrs[i].name_len == n && memcmp(k->attrs[i].name, name, n) == 0)
      return &k->attrs[i];
  return NULL;
}

/* A link rel that fetches a subresource rather than naming a page: any of
   these keywords makes a <link href> a resource. */
static int rel_is_resource(const char *s, size_t n) {
  static const char *const words[] = {
    "stylesheet", "icon", "preload", "modulepreload", "prefetch",
    "dns-prefetch", "preconnect", "manifest", "apple-touch-icon",
    "apple-touch-icon-precomposed", "mask-icon", "shortcut", "prerender",
    "pingback", "compression-dictionary", "expect"};
  size_t i = 0;
  while (i < n) {
    while (i < n && ascii_ws(s[i])) i++;
    size_t j = i;
    while (j < n && !ascii_ws(s[j])) j++;
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
      if (j > i && eq_ci(s + i, j - i, words[w])) return 1;
    i = j;
  }
  return 0;
}

/* ---- Rows ---- */

static html_link *new_row(html_links *w) {
  if (w->nrows == w->rows_cap) {
    size_t cap = w->rows_cap ? w->rows_cap * 2 : 8;
    html_link *r = w->tok.mem->resize(w->rows, cap * sizeof *r);
    if (!r) {
      w->err = URL_NOMEM;
      return NULL;
    }
    w->rows = r;
    w->rows_cap = cap;
  }
  html_link *r = &w->rows[w->nrows++];
  memset(r, 0, sizeof *r);
  return r;
}

/* The row template of the current attribute, for srcset's callback. */
typedef struct row_ctx {
  html_links *w;
  html_link proto;
} row_ctx;

static html_link *add_row(row_ctx *c, const char *raw, size_t n) {
  html_link *r = new_row(c->w);
  if (!r) return NULL;
  *r = c->proto;
  r->raw = raw;
  r->raw_len = n;
  return r;
}

static int srcset_row(void *ctx, const char *u, size_t n, const char *desc,
                      size_t dn) {
  html_link *r = add_row(ctx, u, n);
  if (!r) return 1;
  r->descriptor = desc;
  r->descriptor_len = dn;
  return 0;
}

/* The rows of one attribute of a start tag. */
static void attr_rows(row_ctx *c, const struct link_attr *la,
                      const html_attr *a, const html_token *k) {
  const char *v = a->value;
  size_t n = a->value_len;
  switch (la->how) {
  case V_URL:
    add_row(c, v, n);
    break;
  case V_SRCSET:
    html_srcset_parse(v, n, srcset_row, c);
    break;
  case V_PING:
    /* "the URLs ... split on ASCII whitespace" */
    for (size_t i = 0; i < n;) {
      while (i < n && ascii_ws(v[i])) i++;
      size_t j = i;
      while (j < n && !ascii_ws(v[j])) j++;
      if (j > i) add_row(c, v + i, j - i);
      i = j;
    }
    break;
  case V_ACTION: {
    /* "If action is the empty string, let action be the URL of the form
       document." */
    html_link *r = add_row(c, v, n);
    if (r && n == 0) r->document_url = 1;
    break;
  }
  case V_REFRESH: {
    const html_attr *he = find_attr(k, "http-equiv");
    if (!he || !eq_ci(he->value, he->value_len, "refresh")) break;
    unsigned long time;
    const char *u;
    size_t un;
    if (!html_refresh_parse(v, n, &time, &u, &un)) break;
    html_link *r = add_row(c, u ? u : "", u ? un : 0);
    if (r && !u) r->document_url = 1;
    break;
  }
  }
}

/* The rows of an HTML start tag in the document tree. */
static void tag_rows(html_links *w, int tag, const html_token *k) {
  size_t i = first_attr(tag);
  if (i == N_LINK_ATTRS) return;
  row_ctx c;
  memset(&c, 0, sizeof c);
  c.w = w;
  c.proto.tag = tag_names[tag];
  c.proto.offset = k->offset;
  if (tag == T_A || tag == T_AREA || tag == T_LINK) {
    const html_attr *rel = find_attr(k, "rel");
    if (rel) {
      c.proto.rel = rel->value;
      c.proto.rel_len = rel->value_len;
    }
  }
  /* In the order of the tag's attributes (document order). */
  for (size_t j = 0; j < k->nattrs; j++) {
    const html_attr *a = &k->attrs[j];
    for (size_t e = i; e < N_LINK_ATTRS && link_attrs[e].tag == tag; e++) {
      const struct link_attr *la = &link_attrs[e];
      if (a->name_len != la->len || memcmp(a->name, la->name, la->len) != 0)
        continue;
      c.proto.attribute = la->name;
      c.proto.kind = la->kind;
      if (tag == T_LINK && la->how == V_URL && c.proto.rel &&
          rel_is_resource(c.proto.rel, c.proto.rel_len))
        c.proto.kind = HTML_LINK_RESOURCE;
      attr_rows(&c, la, a, k);
    }
  }
}

/* ---- Foreign content ---- */

static unsigned hash_name(const char *s, size_t n) {
  unsigned h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

/* https://html.spec.whatwg.org/#parsing-main-inforeign: the start tags
   that break out of foreign content. */
static int breakout(const html_token *k) {
  static const char *const names[] = {
    "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div",
    "dl", "dt", "em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head",
    "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p",
    "pre", "ruby", "s", "small", "span", "strong", "strike", "sub", "sup",
    "table", "tt", "u", "ul", "var"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (k->name_len == strlen(names[i]) &&
        memcmp(k->name, names[i], k->name_len) == 0)
      return 1;
  /* "A start tag whose tag name is "font", if the token has any attributes
     named "color", "face", or "size"" */
  if (k->name_len == 4 && memcmp(k->name, "font", 4) == 0)
    return find_attr(k, "color") || find_attr(k, "face") || find_attr(k, "size");
  return 0;
}

/* Whether a new foreign element of namespace ns holds HTML. */
static int integration_point(int ns, const html_token *k) {
  const char *s = k->name;
  size_t n = k->name_len;
  if (ns == NS_SVG)
    return eq_ci(s, n, "foreignobject") || eq_ci(s, n, "desc") ||
           eq_ci(s, n, "title");
  if (eq_ci(s, n, "mi") || eq_ci(s, n, "mo") || eq_ci(s, n, "mn") ||
      eq_ci(s, n, "ms") || eq_ci(s, n, "mtext"))
    return 1;
  if (eq_ci(s, n, "annotation-xml")) {
    const html_attr *e = find_attr(k, "encoding");
    return e && (eq_ci(e->value, e->value_len, "text/html") ||
                 eq_ci(e->value, e->value_len, "application/xhtml+xml"));
  }
  return 0;
}

static void push_foreign(html_links *w, int ns, const html_token *k) {
  if (w->depth == w->stack_cap) {
    size_t cap = w->stack_cap ? w->stack_cap * 2 : 16;
    html_foreign *s = w->tok.mem->resize(w->stack, cap * sizeof *s);
    if (!s) {
      w->err = URL_NOMEM;
      return;
    }
    w->stack = s;
    w->stack_cap = cap;
  }
  html_foreign *f = &w->stack[w->depth++];
  f->hash = hash_name(k->name, k->name_len);
  f->len = (unsigned short)(k->name_len > 0xFFFF ? 0xFFFF : k->name_len);
  f->ns = (unsigned char)ns;
  f->html = (unsigned char)integration_point(ns, k);
}

/* The tokenizer's flag: the current node is foreign (not an integration
   point holding HTML). */
static void set_foreign(html_links *w) {
  w->tok.foreign = w->depth > 0 && !w->stack[w->depth - 1].html;
}

/* An end tag while foreign elements are open: "If node's tag name,
   converted to ASCII lowercase, is the same as the tag name of the token,
   pop elements from the stack of open elements until node has been
   popped" (looking a bounded way down). */
static void end_foreign(html_links *w, const html_token *k) {
  unsigned h = hash_name(k->name, k->name_len);
  for (size_t i = 0; i < w->depth && i < MAX_END_SEARCH; i++) {
    html_foreign *f = &w->stack[w->depth - 1 - i];
    if (f->hash == h && f->len == k->name_len) {
      w->depth -= i + 1;
      return;
    }
  }
}

/* ---- The walk ---- */

/* The tokenizer's switch after an HTML start tag (§13.2.6.4.4 ff.). */
static void switch_state(html_tokenizer *t, int tag) {
  switch (tag) {
  case T_TITLE:
  case T_TEXTAREA:
    html_tokenizer_set_state(t, HTML_STATE_RCDATA);
    break;
  case T_STYLE:
  case T_XMP:
  case T_IFRAME:
  case T_NOEMBED:
  case T_NOFRAMES:
    html_tokenizer_set_state(t, HTML_STATE_RAWTEXT);
    break;
  case T_SCRIPT:
    html_tokenizer_set_state(t, HTML_STATE_SCRIPT_DATA);
    break;
  case T_PLAINTEXT:
    html_tokenizer_set_state(t, HTML_STATE_PLAINTEXT);
    break;
  }
}

static int html_start_tag(html_links *w, const html_token *k) {
  int tag = tag_id(k->name, k->name_len);
  /* "A start tag whose tag name is "image": Parse error. Change the
     token's tag name to "img" and reprocess it. (Don't ask.)" */
  if (tag == T_OTHER && k->name_len == 5 && memcmp(k->name, "image", 5) == 0)
    tag = T_IMG;
  if (tag == T_SVG || tag == T_MATH) {
    if (!k->self_closing) push_foreign(w, tag == T_SVG ? NS_SVG : NS_MATH, k);
    set_foreign(w);
    return 0;
  }
  switch_state(&w->tok, tag);
  if (w->base_only == 2) {
    /* The late <meta>: "if the element has a charset attribute, and
       getting an encoding from its value results in an encoding ... change
       the encoding"; else http-equiv=Content-Type with a content that
       names one. */
    if (tag != T_META) return tag == T_TEMPLATE ? (w->template_depth++, 0) : 0;
    /* (in <template> too: "in template" takes meta by the "in head"
       rules, which change the encoding) */
    const html_attr *cs = find_attr(k, "charset");
    int e = cs ? url_encoding_get(cs->value, cs->value_len) : URL_ENC_NONE;
    const html_attr *he = find_attr(k, "http-equiv"), *ct = find_attr(k, "content");
    if (e == URL_ENC_NONE && he && ct &&
        eq_ci(he->value, he->value_len, "content-type"))
      e = html_meta_charset(ct->value, ct->value_len);
    if (e == URL_ENC_NONE) return 0;
    w->meta_enc = e;
    return HTML_PAUSE;
  }
  if (tag == T_TEMPLATE) {
    w->template_depth++;
    return 0;
  }
  if (w->template_depth > 0) return 0;
  if (w->base_only) {
    if (tag != T_BASE) return 0;
    const html_attr *href = find_attr(k, "href");
    if (!href) return 0;
    w->base = href->value;
    w->base_len = href->value_len;
    return HTML_PAUSE;
  }
  w->nrows = w->next = 0;
  tag_rows(w, tag, k);
  if (w->err) return w->err;
  return w->nrows ? HTML_PAUSE : 0;
}

static int on_token(void *ctx, html_tokenizer *t, const html_token *k) {
  html_links *w = ctx;
  if (k->type == HTML_START_TAG) {
    if (w->depth > 0 && !w->stack[w->depth - 1].html) {
      if (!breakout(k)) {
        /* "Insert a foreign element for the token, with adjusted current
           node's namespace"; a self-closing one is popped at once. */
        if (!k->self_closing) push_foreign(w, w->stack[w->depth - 1].ns, k);
        set_foreign(w);
        return 0;
      }
      /* "Pop an element from the stack of open elements, and then keep
         popping more elements from the stack of open elements until the
         current node is ... an HTML integration point, or an element in
         the HTML namespace." */
      while (w->depth > 0 && !w->stack[w->depth - 1].html) w->depth--;
      set_foreign(w);
    }
    return html_start_tag(w, k);
  }
  if (k->type == HTML_END_TAG) {
    if (w->depth > 0 && !w->stack[w->depth - 1].html &&
        ((k->name_len == 2 && memcmp(k->name, "br", 2) == 0) ||
         (k->name_len == 1 && k->name[0] == 'p'))) {
      /* "An end tag whose tag name is "br", "p": Parse error. Pop ... until
         the current node is ... an HTML integration point, or an element
         in the HTML namespace", then it is processed as HTML. */
      while (w->depth > 0 && !w->stack[w->depth - 1].html) w->depth--;
      set_foreign(w);
    } else if (w->depth > 0) {
      end_foreign(w, k);
      set_foreign(w);
    } else if (w->template_depth > 0 && k->name_len == 8 &&
               memcmp(k->name, "template", 8) == 0) {
      w->template_depth--;
    }
  }
  (void)t;
  return 0;
}

void html_links_init(html_links *w, const url_allocator *mem, const char *doc,
                     size_t n) {
  /* tok comes first; html_tokenizer_init sets it */
  memset((char *)w + sizeof w->tok, 0, sizeof *w - sizeof w->tok);
  html_tokenizer_init(&w->tok, mem, doc, n, on_token, w);
  w->tok.want_text = 0;
}

int html_links_next(html_links *w, const html_link **out) {
  for (;;) {
    if (w->next < w->nrows) {
      *out = &w->rows[w->next++];
      return 1;
    }
    if (w->finished) return 0;
    w->nrows = w->next = 0;
    int rc = html_tokenize(&w->tok);
    if (rc == HTML_PAUSE) continue;
    w->finished = 1;
    if (rc) return -rc;
    if (w->err) return -w->err;
  }
}

void html_links_free(html_links *w) {
  html_tokenizer_free(&w->tok);
  if (w->rows) w->tok.mem->release(w->rows);
  if (w->stack) w->tok.mem->release(w->stack);
  w->rows = NULL;
  w->stack = NULL;
}

/* Whether '<' and the four letters `w` (lowercase) occur in s[0..n), in
   any case: without them there is no such tag to look for. */
static int has_tag(const char *s, size_t n, const char *w) {
  const char *p = s, *end = s + n;
  while ((p = memchr(p, '<', (size_t)(end - p))) != NULL) {
    p++;
    if (end - p >= 4 && (p[0] | 0x20) == w[0] && (p[1] | 0x20) == w[1] &&
        (p[2] | 0x20) == w[2] && (p[3] | 0x20) == w[3])
      return 1;
  }
  return 0;
}

int html_encoding(const url_allocator *mem, const unsigned char *s, size_t n,
                  int transport, size_t *bom_len) {
  int tentative;
  int e = html_sniff(s, n, transport, bom_len, &tentative);
  if (!tentative || !has_tag((const char *)s, n, "meta")) return e;
  /* The tokenizer reads bytes: what it looks for here is ASCII, so the
     undecoded document serves (windows-1252 is ASCII-compatible). */
  html_links w;
  html_links_init(&w, mem, (const char *)s, n);
  w.base_only = 2;
  if (html_tokenize(&w.tok) == HTML_PAUSE) {
    /* §13.2.3.4 "changing the encoding": UTF-16 as UTF-8, x-user-defined
       as windows-1252. */
    e = w.meta_enc;
    if (e == URL_ENC_UTF_16BE || e == URL_ENC_UTF_16LE) e = URL_ENC_UTF_8;
    if (e == URL_ENC_X_USER_DEFINED) e = URL_ENC_WINDOWS_1252;
  }
  html_links_free(&w);
  return e;
}

int html_base_href(const url_allocator *mem, const char *doc, size_t n,
                   url_buf *out) {
  if (!has_tag(doc, n, "base")) return 0;
  html_links w;
  html_links_init(&w, mem, doc, n);
  w.base_only = 1;
  int rc = html_tokenize(&w.tok), found = 0;
  if (rc == HTML_PAUSE && w.base) {
    url_buf_append(out, w.base, w.base_len);
    found = out->err ? -out->err : 1;
  } else if (rc || w.err) {
    found = -(rc ? rc : w.err);
  }
  html_links_free(&w);
  return found;
}

int html_url_parse(url *out, const char *s, size_t n, const url *base,
                   int enc) {
  /* https://html.spec.whatwg.org/#encoding-parsing-a-url: "Let encoding be
     UTF-8. If environment is a Document object, then set encoding to
     environment's character encoding."  The URL parser takes the output
     encoding (https://encoding.spec.whatwg.org/#get-an-output-encoding:
     UTF-16 and replacement documents encode as UTF-8). */
  return url_parse_enc(out, s, n, base, url_encoding_output(enc));
}

int html_link_resolve(url *out, const html_link *l, const url *base,
                      const url *page, int enc) {
  if (l->document_url) {
    if (!page) return URL_FAILURE;
    url_str h = url_href(page);
    return url_parse(out, h.s, h.n, NULL);
  }
  return html_url_parse(out, l->raw, l->raw_len, base, enc);
}
