/*
** The links of a document: a walk over the tokenizer's tokens with the
** parts of tree construction (§13.2.6) that decide what is a link, one
** row per URL.  No DOM: what the walk keeps is the stack of open elements
** (each element's namespace and name, and the indices of the nearest
** elements below that end the Standard's walks down it: scopes, special
** elements), a table of the topmost open element of each name, and a few
** flags.  So every tag costs a constant number of steps plus the elements
** it pops.
**
**   - After an HTML start tag the tokenizer switches as the tree builder
**     makes it: title, textarea to RCDATA; style, xmp, iframe, noembed,
**     noframes to RAWTEXT; script to script data; plaintext to PLAINTEXT.
**     noscript does not switch: scripting is disabled (a crawler runs no
**     scripts, so the links in <noscript> are links).
**   - <template> contents are a separate, inert document fragment: no rows
**     come from them, and a <base> there is not the document's.
**     </template> closes the template whatever is open in it.
**   - Inside <svg> and <math> (foreign content) elements are not HTML: no
**     rows, no state switches, <![CDATA[ opens a CDATA section; an HTML
**     "breakout" start tag (<p>, <img>, ...) closes the foreign elements,
**     and integration points (foreignObject, desc, title; mi, mo, mn, ms,
**     mtext, annotation-xml with an HTML encoding) hold HTML.  An end tag
**     there closes the foreign element of its name, or goes by the HTML
**     rules, which close an open HTML element (and the foreign ones above
**     it) if it is in scope.
**   - The HTML end tags close what "in body" closes: in scope, in table
**     scope, up to a special element, the adoption agency; start tags
**     close an open p, li, dd/dt, a, nobr, button, option, table cell or
**     row as the Standard does.
**   - Elements the tree builder drops give no rows: a form in a form (the
**     form element pointer), table parts outside a table, frame outside a
**     frameset, the attributes of a second html or body start tag that the
**     element already has, a body that a frameset replaces (frameset-ok,
**     decided by a first walk with the text, only for a document that has
**     "<frameset"), and in a frameset document everything after
**     <frameset> but frames.
**   Not modelled: the list of active formatting elements (the clones of
**   <a> that reconstructing it makes), foster parenting (which moves
**   elements but drops none), the "in select" rules.
*/
#include <string.h>

#include "hash.h"
#include "links.h"
#include "parse.h"
#include "sniff.h"

const char html_link_kind_names[3][11] = {"navigation", "resource",
                                          "citation"};


/* The tags the walk knows, by name. */
enum tag_id {
  T_OTHER, T_A, T_AREA, T_LINK, T_IMG, T_SOURCE, T_SCRIPT, T_IFRAME, T_FRAME,
  T_EMBED, T_OBJECT, T_VIDEO, T_AUDIO, T_TRACK, T_FORM, T_BUTTON, T_INPUT,
  T_BLOCKQUOTE, T_Q, T_DEL, T_INS, T_META, T_HTML, T_BODY, T_BASE,
  T_TABLE, T_TR, T_TD, T_TH, T_TBODY, T_THEAD, T_TFOOT,
  /* (the tags with link attributes end here) */
  T_TEMPLATE, T_SVG, T_MATH, T_TITLE, T_TEXTAREA, T_STYLE, T_XMP, T_NOEMBED,
  T_NOFRAMES, T_PLAINTEXT, T_HEAD, T_BR, T_P, T_LI, T_DD, T_DT, T_NOBR,
  T_OPTION, T_OPTGROUP, T_FRAMESET
};

/* What the tree builder does with an HTML element (§13.2.6.4.7 "in body"
   and §13.2.4.2 "the stack of open elements"). */
enum {
  E_SPECIAL = 1 << 0,   /* the "special" category */
  E_SCOPE = 1 << 1,     /* ends "has an element in scope" */
  E_BUTTON = 1 << 2,    /* ... in button scope too */
  E_LIST = 1 << 3,      /* ... in list item scope too (ol, ul) */
  E_TSCOPE = 1 << 4,    /* ends "in table scope" (table, template) */
  E_ADP = 1 << 5,       /* address, div, p: the li and dd walks pass them */
  E_PCLOSE = 1 << 6,    /* its start tag closes a p in button scope */
  E_VOID = 1 << 7,      /* popped at once (never on the stack) */
  E_FORMAT = 1 << 8,    /* a formatting element (the adoption agency) */
  E_SCOPED = 1 << 9,    /* its end tag closes it only if in scope */
  E_NOT_OK = 1 << 10,   /* its start tag sets frameset-ok to "not ok" */
  E_TPART = 1 << 11,    /* a table part: ignored outside a table */
  E_HEADING = 1 << 12,  /* h1-h6: one name for end tags */
  E_HEADISH = 1 << 13   /* before <body>: goes in the head */
};
#define BLOCK (E_SPECIAL | E_PCLOSE | E_SCOPED)

/* The HTML elements the walk knows, sorted by name. */
static const struct elem {
  char name[11]; /* in the entry, not pointed to: no relocation at load */
  unsigned char len, id;
  unsigned short bits;
} elems[] = {
#define EL(name, id, bits) {name, sizeof name - 1, id, bits}
  EL("a", T_A, E_FORMAT),
  EL("address", T_OTHER, BLOCK | E_ADP),
  EL("applet", T_OTHER, E_SPECIAL | E_SCOPE | E_SCOPED | E_NOT_OK),
  EL("area", T_AREA, E_SPECIAL | E_VOID | E_NOT_OK),
  EL("article", T_OTHER, BLOCK),
  EL("aside", T_OTHER, BLOCK),
  EL("audio", T_AUDIO, 0),
  EL("b", T_OTHER, E_FORMAT),
  EL("base", T_BASE, E_SPECIAL | E_VOID | E_HEADISH),
  EL("basefont", T_OTHER, E_SPECIAL | E_VOID | E_HEADISH),
  EL("bgsound", T_OTHER, E_SPECIAL | E_VOID | E_HEADISH),
  EL("big", T_OTHER, E_FORMAT),
  EL("blockquote", T_BLOCKQUOTE, BLOCK),
  EL("body", T_BODY, E_SPECIAL),
  EL("br", T_BR, E_SPECIAL | E_VOID | E_NOT_OK),
  EL("button", T_BUTTON, E_SPECIAL | E_BUTTON | E_SCOPED | E_NOT_OK),
  EL("caption", T_OTHER, E_SPECIAL | E_SCOPE | E_TPART),
  EL("center", T_OTHER, BLOCK),
  EL("code", T_OTHER, E_FORMAT),
  EL("col", T_OTHER, E_SPECIAL | E_VOID | E_TPART),
  EL("colgroup", T_OTHER, E_SPECIAL | E_TPART),
  EL("dd", T_DD, BLOCK | E_NOT_OK),
  EL("del", T_DEL, 0),
  EL("details", T_OTHER, BLOCK),
  EL("dialog", T_OTHER, E_PCLOSE | E_SCOPED),
  EL("dir", T_OTHER, BLOCK),
  EL("div", T_OTHER, BLOCK | E_ADP),
  EL("dl", T_OTHER, BLOCK),
  EL("dt", T_DT, BLOCK | E_NOT_OK),
  EL("em", T_OTHER, E_FORMAT),
  EL("embed", T_EMBED, E_SPECIAL | E_VOID | E_NOT_OK),
  EL("fieldset", T_OTHER, BLOCK),
  EL("figcaption", T_OTHER, BLOCK),
  EL("figure", T_OTHER, BLOCK),
  EL("font", T_OTHER, E_FORMAT),
  EL("footer", T_OTHER, BLOCK),
  EL("form", T_FORM, E_SPECIAL | E_PCLOSE),
  EL("frame", T_FRAME, E_SPECIAL | E_VOID),
  EL("frameset", T_FRAMESET, E_SPECIAL),
  EL("h1", T_OTHER, BLOCK | E_HEADING),
  EL("h2", T_OTHER, BLOCK | E_HEADING),
  EL("h3", T_OTHER, BLOCK | E_HEADING),
  EL("h4", T_OTHER, BLOCK | E_HEADING),
  EL("h5", T_OTHER, BLOCK | E_HEADING),
  EL("h6", T_OTHER, BLOCK | E_HEADING),
  EL("head", T_HEAD, E_SPECIAL | E_HEADISH),
  EL("header", T_OTHER, BLOCK),
  EL("hgroup", T_OTHER, BLOCK),
  EL("hr", T_OTHER, E_SPECIAL | E_VOID | E_PCLOSE | E_NOT_OK),
  EL("html", T_HTML, E_SPECIAL | E_HEADISH),
  EL("i", T_OTHER, E_FORMAT),
  EL("iframe", T_IFRAME, E_SPECIAL | E_NOT_OK),
  EL("img", T_IMG, E_SPECIAL | E_VOID | E_NOT_OK),
  EL("input", T_INPUT, E_SPECIAL | E_VOID | E_NOT_OK),
  EL("ins", T_INS, 0),
  EL("keygen", T_OTHER, E_SPECIAL | E_VOID | E_NOT_OK),
  EL("li", T_LI, BLOCK | E_NOT_OK),
  EL("link", T_LINK, E_SPECIAL | E_VOID | E_HEADISH),
  EL("listing", T_OTHER, BLOCK | E_NOT_OK),
  EL("main", T_OTHER, BLOCK),
  EL("marquee", T_OTHER, E_SPECIAL | E_SCOPE | E_SCOPED | E_NOT_OK),
  EL("math", T_MATH, 0),
  EL("menu", T_OTHER, BLOCK),
  EL("meta", T_META, E_SPECIAL | E_VOID | E_HEADISH),
  EL("nav", T_OTHER, BLOCK),
  EL("nobr", T_NOBR, E_FORMAT),
  EL("noembed", T_NOEMBED, E_SPECIAL),
  EL("noframes", T_NOFRAMES, E_SPECIAL | E_HEADISH),
  EL("noscript", T_OTHER, E_SPECIAL | E_HEADISH),
  EL("object", T_OBJECT, E_SPECIAL | E_SCOPE | E_SCOPED | E_NOT_OK),
  EL("ol", T_OTHER, BLOCK | E_LIST),
  EL("optgroup", T_OPTGROUP, 0),
  EL("option", T_OPTION, 0),
  EL("p", T_P, E_SPECIAL | E_PCLOSE | E_ADP),
  EL("param", T_OTHER, E_SPECIAL | E_VOID),
  EL("plaintext", T_PLAINTEXT, E_SPECIAL | E_PCLOSE),
  EL("pre", T_OTHER, BLOCK | E_NOT_OK),
  EL("q", T_Q, 0),
  EL("s", T_OTHER, E_FORMAT),
  EL("script", T_SCRIPT, E_SPECIAL | E_HEADISH),
  EL("search", T_OTHER, BLOCK),
  EL("section", T_OTHER, BLOCK),
  EL("select", T_OTHER, E_SPECIAL | E_NOT_OK),
  EL("small", T_OTHER, E_FORMAT),
  EL("source", T_SOURCE, E_SPECIAL | E_VOID),
  EL("strike", T_OTHER, E_FORMAT),
  EL("strong", T_OTHER, E_FORMAT),
  EL("style", T_STYLE, E_SPECIAL | E_HEADISH),
  EL("summary", T_OTHER, BLOCK),
  EL("svg", T_SVG, 0),
  EL("table", T_TABLE, E_SPECIAL | E_SCOPE | E_TSCOPE | E_PCLOSE | E_NOT_OK),
  EL("tbody", T_TBODY, E_SPECIAL | E_TPART),
  EL("td", T_TD, E_SPECIAL | E_SCOPE | E_TPART),
  EL("template", T_TEMPLATE, E_SPECIAL | E_SCOPE | E_TSCOPE | E_HEADISH),
  EL("textarea", T_TEXTAREA, E_SPECIAL | E_NOT_OK),
  EL("tfoot", T_TFOOT, E_SPECIAL | E_TPART),
  EL("th", T_TH, E_SPECIAL | E_SCOPE | E_TPART),
  EL("thead", T_THEAD, E_SPECIAL | E_TPART),
  EL("title", T_TITLE, E_SPECIAL | E_HEADISH),
  EL("tr", T_TR, E_SPECIAL | E_TPART),
  EL("track", T_TRACK, E_SPECIAL | E_VOID),
  EL("tt", T_OTHER, E_FORMAT),
  EL("u", T_OTHER, E_FORMAT),
  EL("ul", T_OTHER, BLOCK | E_LIST),
  EL("video", T_VIDEO, 0),
  EL("wbr", T_OTHER, E_SPECIAL | E_VOID | E_NOT_OK),
  EL("xmp", T_XMP, E_SPECIAL | E_PCLOSE | E_NOT_OK),
};
#undef EL
#define N_ELEMS (sizeof elems / sizeof elems[0])
static const struct elem other_elem = {"", 0, T_OTHER, 0};

/* The element of a (lowercase) tag name: a binary search. */
static const struct elem *elem_of(const char *s, size_t n) {
  size_t lo = 0, hi = N_ELEMS;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    const char *e = elems[mid].name;
    size_t m = elems[mid].len;
    int c = memcmp(s, e, n < m ? n : m);
    if (c == 0) c = n < m ? -1 : n > m;
    if (c == 0) return &elems[mid];
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  return &other_elem;
}

/* How an attribute's value holds its URLs. */
enum { V_URL, V_SRCSET, V_PING, V_ACTION, V_REFRESH };

/* The URL-valued attributes, by tag (the README lists them). */
static const struct link_attr {
  unsigned char tag;
  unsigned char how;
  unsigned char kind;
  unsigned char len; /* of name */
  char name[12];     /* in the entry: no relocation at load */
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
  {T_TABLE, V_URL, HTML_LINK_RESOURCE, 10, "background"},
  {T_TR, V_URL, HTML_LINK_RESOURCE, 10, "background"},
  {T_TD, V_URL, HTML_LINK_RESOURCE, 10, "background"},
  {T_TH, V_URL, HTML_LINK_RESOURCE, 10, "background"},
  {T_TBODY, V_URL, HTML_LINK_RESOURCE, 10, "background"},
  {T_THEAD, V_URL, HTML_LINK_RESOURCE, 10, "background"},
  {T_TFOOT, V_URL, HTML_LINK_RESOURCE, 10, "background"},
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
  static const char words[][29] = { /* arrays: no relocation at load */
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
static void tag_rows(html_links *w, const struct elem *e, const html_token *k) {
  int tag = e->id;
  size_t i = first_attr(tag);
  if (i == N_LINK_ATTRS) return;
  row_ctx c;
  memset(&c, 0, sizeof c);
  c.w = w;
  c.proto.tag = e->name;
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
    for (size_t x = i; x < N_LINK_ATTRS && link_attrs[x].tag == tag; x++) {
      const struct link_attr *la = &link_attrs[x];
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

/* ---- The stack of open elements ---- */

enum { NS_HTML = 0, NS_SVG = 1, NS_MATH = 2 };
enum { IP_HTML = 1, IP_TEXT = 2 };

/* An element's key: its namespace and name (h1-h6 one name, as their end
   tags close any of them). */
static inline uint64_t name_key(int ns, const char *s, size_t n) {
  uint64_t h = url_fnv64(URL_FNV64_BASIS ^ (uint64_t)ns, s, n);
  return h ? h : 1;
}

static uint64_t elem_key(const struct elem *e, const char *s, size_t n) {
  return e->bits & E_HEADING ? name_key(NS_HTML, "h1", 2) : name_key(NS_HTML, s, n);
}

/* The head slot of key (created if `add`), NULL if absent or out of
   memory (w->err). */
static uint32_t *name_head(html_links *w, uint64_t key, int add) {
  if (add && 2 * (w->names_n + 1) > w->names_cap) {
    size_t cap = w->names_cap ? 2 * w->names_cap : 64;
    html_name_head *t = w->tok.mem->resize(NULL, cap * sizeof *t);
    if (!t) {
      w->err = URL_NOMEM;
      return NULL;
    }
    memset(t, 0, cap * sizeof *t);
    for (size_t i = 0; i < w->names_cap; i++) {
      if (!w->names[i].key) continue;
      size_t j = (size_t)w->names[i].key & (cap - 1);
      while (t[j].key) j = (j + 1) & (cap - 1);
      t[j] = w->names[i];
    }
    if (w->names) w->tok.mem->release(w->names);
    w->names = t;
    w->names_cap = cap;
  }
  if (!w->names_cap) return NULL;
  size_t j = (size_t)key & (w->names_cap - 1);
  while (w->names[j].key && w->names[j].key != key) j = (j + 1) & (w->names_cap - 1);
  if (!w->names[j].key) {
    if (!add) return NULL;
    w->names[j].key = key;
    w->names_n++;
  }
  return &w->names[j].head;
}

/* The topmost open element of key: its index + 1, 0 if none. */
static inline uint32_t topmost(html_links *w, uint64_t key) {
  uint32_t *h = name_head(w, key, 0);
  return h ? *h : 0;
}

static html_open *current(html_links *w) {
  return w->depth ? &w->stack[w->depth - 1] : NULL;
}

/* Pushes an element; bits: E_* of an HTML element (the scopes of foreign
   elements are given by their integration points). */
static void push(html_links *w, int ns, uint64_t key, int id, int ip,
                 unsigned bits) {
  if (w->depth == w->stack_cap) {
    size_t cap = w->stack_cap ? w->stack_cap * 2 : 16;
    html_open *s = w->tok.mem->resize(w->stack, cap * sizeof *s);
    if (!s) {
      w->err = URL_NOMEM;
      return;
    }
    w->stack = s;
    w->stack_cap = cap;
  }
  if (w->depth >= UINT32_MAX - 1) return; /* (more than any input holds) */
  uint32_t *head = name_head(w, key, 1);
  if (!head) return;
  html_open *e = &w->stack[w->depth];
  static const html_open none;
  const html_open *b = w->depth ? e - 1 : &none;
  uint32_t me = (uint32_t)(w->depth + 1);
  /* "MathML mi, mo, mn, ms, mtext, annotation-xml; SVG foreignObject,
     desc, title" are special and end every scope but table scope. */
  if (ns != NS_HTML && ip) bits |= E_SPECIAL | E_SCOPE;
  e->key = key;
  e->same = *head;
  *head = me;
  e->ns = (unsigned char)ns;
  e->ip = (unsigned char)ip;
  e->id = (unsigned char)id;
  e->special = bits & E_SPECIAL ? me : b->special;
  e->scope = bits & E_SCOPE ? me : b->scope;
  e->bscope = bits & (E_SCOPE | E_BUTTON) ? me : b->bscope;
  e->lscope = bits & (E_SCOPE | E_LIST) ? me : b->lscope;
  e->tscope = bits & E_TSCOPE ? me : b->tscope;
  e->block = (bits & E_SPECIAL) && !(bits & E_ADP) ? me : b->block;
  e->html = ns == NS_HTML ? me : b->html;
  if (ns == NS_HTML && id == T_TEMPLATE) w->templates++;
  w->depth++;
}

/* Pops the element at index i (0-based) and all above it. */
static void pop_to(html_links *w, size_t i) {
  while (w->depth > i) {
    html_open *e = &w->stack[--w->depth];
    if (e->key) *name_head(w, e->key, 0) = e->same;
    if (e->ns == NS_HTML && e->id == T_TEMPLATE) w->templates--;
  }
}

/* The tokenizer's flag: "the adjusted current node is not an element in
   the HTML namespace" (<![CDATA[ opens a CDATA section). */
static void set_foreign(html_links *w) {
  w->tok.foreign = w->depth > 0 && w->stack[w->depth - 1].ns != NS_HTML;
}

/* ---- Foreign content ---- */

/* https://html.spec.whatwg.org/#parsing-main-inforeign: the start tags
   that break out of foreign content. */
static int breakout(const html_token *k) {
  static const char names[][11] = {
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

/* Whether a new foreign element of namespace ns is an integration point:
   IP_HTML (HTML integration point), IP_TEXT (MathML text integration
   point) or 0. */
static int integration_point(int ns, const html_token *k) {
  const char *s = k->name;
  size_t n = k->name_len;
  if (ns == NS_SVG)
    return eq_ci(s, n, "foreignobject") || eq_ci(s, n, "desc") ||
                   eq_ci(s, n, "title") ? IP_HTML : 0;
  if (eq_ci(s, n, "mi") || eq_ci(s, n, "mo") || eq_ci(s, n, "mn") ||
      eq_ci(s, n, "ms") || eq_ci(s, n, "mtext"))
    return IP_TEXT;
  if (eq_ci(s, n, "annotation-xml")) {
    const html_attr *e = find_attr(k, "encoding");
    return e && (eq_ci(e->value, e->value_len, "text/html") ||
                 eq_ci(e->value, e->value_len, "application/xhtml+xml"))
               ? IP_HTML : 0;
  }
  return 0;
}

static void push_foreign(html_links *w, int ns, const html_token *k) {
  int ip = integration_point(ns, k);
  /* annotation-xml ends scopes whatever its encoding */
  unsigned bits = !ip && ns == NS_MATH && eq_ci(k->name, k->name_len, "annotation-xml")
                      ? E_SPECIAL | E_SCOPE : 0;
  push(w, ns, name_key(ns, k->name, k->name_len), T_OTHER, ip, bits);
}

/* §13.2.6 tree construction dispatcher: whether a start tag while the
   current node is foreign goes by the HTML rules. */
static int start_is_html(const html_open *cur, const html_token *k) {
  if (cur->ip == IP_HTML) return 1;
  if (cur->ip == IP_TEXT)
    return !eq_ci(k->name, k->name_len, "mglyph") &&
           !eq_ci(k->name, k->name_len, "malignmark");
  /* "a MathML annotation-xml element and the token is a start tag whose
     tag name is "svg"" */
  return cur->ns == NS_MATH && k->name_len == 3 && memcmp(k->name, "svg", 3) == 0 &&
         cur->key == name_key(NS_MATH, "annotation-xml", 14);
}

/* Pops until the current node is an HTML element or an integration point
   (a breakout start tag; the end tags br, p). */
static void pop_foreign(html_links *w) {
  while (w->depth > 0 && w->stack[w->depth - 1].ns != NS_HTML &&
         !w->stack[w->depth - 1].ip)
    pop_to(w, w->depth - 1);
}

/* ---- HTML content ---- */

/* The tokenizer's switch after an HTML start tag (§13.2.6.4.4 ff.). */
static int switch_state(html_tokenizer *t, int tag) {
  switch (tag) {
  case T_TITLE:
  case T_TEXTAREA:
    html_tokenizer_set_state(t, HTML_STATE_RCDATA);
    return 1;
  case T_STYLE:
  case T_XMP:
  case T_IFRAME:
  case T_NOEMBED:
  case T_NOFRAMES:
    html_tokenizer_set_state(t, HTML_STATE_RAWTEXT);
    return 1;
  case T_SCRIPT:
    html_tokenizer_set_state(t, HTML_STATE_SCRIPT_DATA);
    return 1;
  case T_PLAINTEXT:
    html_tokenizer_set_state(t, HTML_STATE_PLAINTEXT);
    return 1;
  }
  return 0;
}

static inline uint32_t topmost_html(html_links *w, const char *name) {
  return topmost(w, name_key(NS_HTML, name, strlen(name)));
}

/* "close a p element" if one is in button scope. */
static void close_p(html_links *w) {
  uint32_t t = topmost_html(w, "p");
  if (t && t >= current(w)->bscope) pop_to(w, t - 1);
}

/* The adoption agency algorithm's effect on the stack, for the formatting
   element at index t - 1 (the topmost of its name, in scope): without a
   special element above it, it is popped with all above it; with one (the
   "furthest block"), it is removed, and its clone, which the algorithm's
   next round takes as the formatting element, is popped with what is
   above the last special element ("pop all the nodes ... up to and
   including formatting element"). */
static void adoption_agency(html_links *w, uint32_t t) {
  uint32_t special = current(w)->special;
  if (special < t) {
    pop_to(w, t - 1);
    return;
  }
  html_open *fe = &w->stack[t - 1];
  *name_head(w, fe->key, 0) = fe->same; /* (it is the topmost) */
  fe->key = 0;                          /* removed: no name */
  pop_to(w, special);
}

/* An end tag by the "in body" rules (the others' effects on the stack as
   far as they matter here): pops what the tree builder pops. */
static void html_end_tag(html_links *w, const html_token *k) {
  const struct elem *e = elem_of(k->name, k->name_len);
  if (e->id == T_HTML || e->id == T_BODY || e->id == T_HEAD || e->id == T_BR)
    return;
  uint32_t t = topmost(w, elem_key(e, k->name, k->name_len));
  if (e->id == T_TEMPLATE) {
    /* "If there is no template element on the stack of open elements, then
       this is a parse error; ignore the token. Otherwise ... Pop elements
       from the stack of open elements until a template element has been
       popped" */
    if (t) pop_to(w, t - 1);
    return;
  }
  if (e->id == T_FORM && !w->templates) {
    /* "Let node be the element that the form element pointer is set to ...
       Set the form element pointer to null. If node is null or ... not in
       scope, ignore the token.  ... Remove node from the stack": modelled
       when it is the current node after the implied end tags. */
    w->form_pointer = 0;
    if (!t || t < current(w)->scope) return;
    while (w->depth > t) {
      int id = current(w)->id;
      if (current(w)->ns != NS_HTML ||
          (id != T_P && id != T_LI && id != T_DD && id != T_DT &&
           id != T_OPTION && id != T_OPTGROUP))
        break;
      pop_to(w, w->depth - 1);
    }
    if (w->depth == t) pop_to(w, t - 1);
    return;
  }
  if (!t) return;
  const html_open *cur = current(w);
  uint32_t bound;
  if (e->bits & E_TPART || e->id == T_TABLE) bound = cur->tscope;
  else if (e->id == T_LI) bound = cur->lscope;
  else if (e->id == T_P) bound = cur->bscope;
  else if (e->bits & (E_SCOPED | E_FORMAT) || e->id == T_FORM) bound = cur->scope;
  else bound = cur->special; /* "any other end tag" */
  if (t < bound) return;
  if (e->bits & E_FORMAT) adoption_agency(w, t);
  else pop_to(w, t - 1);
}

/* The frameset prescan's bookkeeping of a start tag by the HTML rules;
   returns 1 when a <frameset> is inserted (a frameset document). */
static int frameset_start(html_links *w, const struct elem *e, const html_token *k) {
  if (w->templates) return 0;
  if (!w->in_body) {
    /* "in head" / "after head": head elements stay there; <frameset> is
       inserted; <body> or anything else makes the body. */
    if (e->id == T_FRAMESET) {
      w->body_from = (size_t)-1;
      return 1;
    }
    if (e->bits & E_HEADISH) return 0;
    w->in_body = 1;
    w->body_from = k->offset;
  }
  if (e->id == T_FRAMESET) return w->frameset_ok;
  if (e->bits & E_NOT_OK || e->id == T_BODY || e->id == T_TEMPLATE) {
    const html_attr *type = e->id == T_INPUT ? find_attr(k, "type") : NULL;
    if (!type || !eq_ci(type->value, type->value_len, "hidden")) w->frameset_ok = 0;
  }
  return 0;
}

/* The rows of the html (manifest) and body (background) start tags: their
   attributes are added to the one element if it lacks them ("for each
   attribute on the token, check to see if the attribute is already
   present"), so only the first counts; ignored in <template>. */
static int first_attr_of(html_links *w, int *seen, const html_token *k,
                         const char *name) {
  if (w->templates || *seen || !find_attr(k, name)) return 0;
  *seen = 1;
  return 1;
}

/* The rows and state switches of a start tag by the HTML rules. */
static int html_start_tag(html_links *w, const html_token *k) {
  const struct elem *e = elem_of(k->name, k->name_len);
  /* "A start tag whose tag name is "image": Parse error. Change the
     token's tag name to "img" and reprocess it. (Don't ask.)" */
  if (e->id == T_OTHER && k->name_len == 5 && memcmp(k->name, "image", 5) == 0)
    e = elem_of("img", 3);
  int tag = e->id;
  if (w->walk == HTML_WALK_FRAMESET && frameset_start(w, e, k)) {
    w->frameset_at = k->offset;
    return HTML_PAUSE;
  }
  if (k->offset == w->frameset_at) {
    /* The frameset replaces the body: "pop all the nodes from the bottom
       of the stack of open elements, from the current node up to, but not
       including, the root html element" */
    pop_to(w, 0);
    return 0;
  }
  int rows = 1;
  switch (tag) {
  case T_HTML:
    rows = first_attr_of(w, &w->seen_manifest, k, "manifest");
    break;
  case T_BODY:
    rows = first_attr_of(w, &w->seen_background, k, "background");
    break;
  case T_HEAD:
  case T_FRAME:    /* "in body": ignored; only a frameset holds frames */
  case T_FRAMESET: /* not a frameset document: ignored */
    return 0;
  case T_FORM:
    /* "If the form element pointer is not null, and there is no template
       element on the stack of open elements, then this is a parse error;
       ignore the token." */
    if (w->form_pointer && !w->templates) return 0;
    break;
  case T_LI:
  case T_DD:
  case T_DT: {
    /* The li (dd, dt) walk: close the nearest such element unless a
       special element but address, div, p is above it. */
    uint32_t t = tag == T_LI ? topmost_html(w, "li") : topmost_html(w, "dd");
    if (tag != T_LI) {
      uint32_t t2 = topmost_html(w, "dt");
      if (t2 > t) t = t2;
    }
    if (t && t >= current(w)->block) pop_to(w, t - 1);
    break;
  }
  case T_A:
  case T_NOBR:
  case T_BUTTON: {
    /* An open a (nobr, button) in scope is closed first. */
    uint32_t t = topmost(w, name_key(NS_HTML, k->name, k->name_len));
    if (!t || t < current(w)->scope) break;
    if (tag == T_BUTTON) pop_to(w, t - 1);
    else adoption_agency(w, t);
    break;
  }
  case T_OPTION:
  case T_OPTGROUP:
    if (w->depth && current(w)->ns == NS_HTML && current(w)->id == T_OPTION)
      pop_to(w, w->depth - 1);
    break;
  }
  if (e->bits & E_TPART) {
    /* Outside a table (or template) "in body" ignores them; inside, the
       open cells and rows close before a new one ("clear the stack back to
       a table (body, row) context"). */
    uint32_t tab = w->depth ? current(w)->tscope : 0;
    if (!tab) return 0;
    uint32_t keep = tab;
    if (tag == T_TR || tag == T_TD || tag == T_TH) {
      static const char sections[][6] = {"tbody", "thead", "tfoot"};
      for (int i = 0; i < 3; i++) {
        uint32_t s = topmost_html(w, sections[i]);
        if (s > keep) keep = s;
      }
    }
    if (tag == T_TD || tag == T_TH) {
      uint32_t r = topmost_html(w, "tr");
      if (r > keep) keep = r;
    }
    pop_to(w, keep);
  } else if (tag == T_TABLE && w->depth && current(w)->tscope &&
             current(w)->scope == current(w)->tscope &&
             w->stack[current(w)->tscope - 1].id == T_TABLE) {
    /* "in table": a table start tag closes the table it is in */
    pop_to(w, current(w)->tscope - 1);
  }
  if (e->bits & E_PCLOSE && w->depth) close_p(w);
  if (e->bits & E_HEADING && w->depth && current(w)->ns == NS_HTML &&
      current(w)->key == name_key(NS_HTML, "h1", 2))
    pop_to(w, w->depth - 1);
  if (tag == T_FORM && !w->templates) w->form_pointer = 1;

  /* Insert the element. */
  if (tag == T_SVG || tag == T_MATH) {
    if (!k->self_closing) push_foreign(w, tag == T_SVG ? NS_SVG : NS_MATH, k);
    set_foreign(w);
    return 0;
  }
  if (!(e->bits & E_VOID) && tag != T_HTML && tag != T_BODY)
    push(w, NS_HTML, elem_key(e, k->name, k->name_len), tag, 0, e->bits);
  if (w->err) return w->err;
  set_foreign(w);
  w->rawtext = switch_state(&w->tok, tag);
  if (w->walk == HTML_WALK_LATE_META) {
    /* The late <meta>: "if the element has a charset attribute, and
       getting an encoding from its value results in an encoding ... change
       the encoding"; else http-equiv=Content-Type with a content that
       names one.  (In <template> too: "in template" takes meta by the "in
       head" rules, which change the encoding.) */
    if (tag != T_META) return 0;
    const html_attr *cs = find_attr(k, "charset");
    int enc = cs ? url_encoding_get(cs->value, cs->value_len) : URL_ENC_NONE;
    const html_attr *he = find_attr(k, "http-equiv"), *ct = find_attr(k, "content");
    if (enc == URL_ENC_NONE && he && ct &&
        eq_ci(he->value, he->value_len, "content-type"))
      enc = html_meta_charset(ct->value, ct->value_len);
    if (enc == URL_ENC_NONE) return 0;
    w->meta_enc = enc;
    return HTML_PAUSE;
  }
  /* Inert: template contents; a body a frameset replaces. */
  if (w->templates > 0 || !rows || w->walk == HTML_WALK_FRAMESET) return 0;
  if (k->offset >= w->body_from && k->offset < w->frameset_at && tag != T_HTML)
    return 0; /* (the html element stays: its attributes are added) */
  if (w->walk == HTML_WALK_BASE || w->walk == HTML_WALK_LATE_META) {
    if (tag != T_BASE) return 0;
    const html_attr *href = find_attr(k, "href");
    if (!href) return 0;
    w->base = href->value;
    w->base_len = href->value_len;
    return HTML_PAUSE;
  }
  w->nrows = w->next = 0;
  tag_rows(w, e, k);
  if (w->err) return w->err;
  return w->nrows ? HTML_PAUSE : 0;
}

/* A token of a frameset document after its <frameset> ("in frameset",
   "after frameset"): only frame, noframes and html count. */
static int frameset_token(html_links *w, const html_token *k) {
  if (k->type != HTML_START_TAG) return 0;
  const struct elem *e = elem_of(k->name, k->name_len);
  if (e->id == T_NOFRAMES) switch_state(&w->tok, T_NOFRAMES);
  if (w->walk != HTML_WALK_LINKS) return 0;
  if (e->id == T_HTML ? !first_attr_of(w, &w->seen_manifest, k, "manifest")
                      : e->id != T_FRAME)
    return 0;
  w->nrows = w->next = 0;
  tag_rows(w, e, k);
  if (w->err) return w->err;
  return w->nrows ? HTML_PAUSE : 0;
}

/* The frameset prescan's characters: text in the body (not in an element
   whose contents are text) sets frameset-ok to "not ok"; before the body,
   it makes the body. */
static void frameset_text(html_links *w, const html_token *k) {
  if (w->rawtext || w->templates) return;
  for (size_t i = 0; i < k->len; i++) {
    char c = k->data[i];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\f' && c != '\r' && c != 0) {
      if (!w->in_body) {
        w->in_body = 1;
        w->body_from = k->offset;
      }
      w->frameset_ok = 0;
      return;
    }
  }
}

static int on_token(void *ctx, html_tokenizer *t, const html_token *k) {
  html_links *w = ctx;
  (void)t;
  if (w->err) return w->err;
  if (k->offset > w->frameset_at) return frameset_token(w, k);
  if (k->type == HTML_CHARACTER) {
    if (w->walk == HTML_WALK_FRAMESET) frameset_text(w, k);
    return 0;
  }
  if (k->type == HTML_START_TAG) {
    html_open *cur = current(w);
    if (cur && cur->ns != NS_HTML && !start_is_html(cur, k)) {
      if (!breakout(k)) {
        /* "Insert a foreign element for the token, with adjusted current
           node's namespace"; a self-closing one is popped at once. */
        if (!k->self_closing) push_foreign(w, cur->ns, k);
        set_foreign(w);
        return w->err;
      }
      /* "While the current node is not a MathML text integration point,
         an HTML integration point, or an element in the HTML namespace,
         pop elements from the stack of open elements." */
      pop_foreign(w);
    }
    return html_start_tag(w, k);
  }
  if (k->type != HTML_END_TAG) return 0;
  w->rawtext = 0;
  html_open *cur = current(w);
  if (w->walk == HTML_WALK_FRAMESET && !w->in_body && !w->templates &&
      (eq_ci(k->name, k->name_len, "body") || eq_ci(k->name, k->name_len, "html") ||
       eq_ci(k->name, k->name_len, "br"))) {
    /* "in head", "after head": these end tags make the body */
    w->in_body = 1;
    w->body_from = k->offset;
  }
  if (cur && cur->ns != NS_HTML) {
    if ((k->name_len == 2 && memcmp(k->name, "br", 2) == 0) ||
        (k->name_len == 1 && k->name[0] == 'p')) {
      /* "An end tag whose tag name is "br", "p": Parse error. While the
         current node is not a MathML text integration point, an HTML
         integration point, or an element in the HTML namespace, pop" and
         reprocess it by the HTML rules. */
      pop_foreign(w);
    } else {
      /* "Any other end tag": walk down from the current node while the
         elements are foreign; one of the token's name is popped with all
         above it; at the first HTML element, the token goes by the HTML
         rules (which may close that element and the foreign ones above). */
      uint32_t s = topmost(w, name_key(NS_SVG, k->name, k->name_len));
      uint32_t m = topmost(w, name_key(NS_MATH, k->name, k->name_len));
      if (m > s) s = m;
      if (s > cur->html) {
        pop_to(w, s - 1);
        set_foreign(w);
        return 0;
      }
    }
  }
  if (w->walk == HTML_WALK_FRAMESET && !w->templates && k->name_len == 2 &&
      memcmp(k->name, "br", 2) == 0)
    w->frameset_ok = 0; /* </br> is <br> */
  html_end_tag(w, k);
  set_foreign(w);
  return 0;
}

static void walk_init(html_links *w, const url_allocator *mem, const char *doc,
                      size_t n) {
  /* tok comes first; html_tokenizer_init sets it */
  memset((char *)w + sizeof w->tok, 0, sizeof *w - sizeof w->tok);
  html_tokenizer_init(&w->tok, mem, doc, n, on_token, w);
  w->tok.want_text = 0;
  w->frameset_ok = 1;
  w->body_from = w->frameset_at = (size_t)-1;
}

/* Whether '<' and the letters `w` (lowercase) occur in s[0..n), in any
   case: without them there is no such tag to look for. */
static int has_tag(const char *s, size_t n, const char *w) {
  const char *p = s, *end = s + n;
  size_t m = strlen(w);
  while ((p = memchr(p, '<', (size_t)(end - p))) != NULL) {
    p++;
    size_t i = 0;
    while (i < m && (size_t)(end - p) > i && (p[i] | 0x20) == w[i]) i++;
    if (i == m) return 1;
  }
  return 0;
}

/* Whether a <frameset> replaces the body, and from where (§13.2.6.4.7:
   "If the frameset-ok flag is set to "not ok", ignore the token ...
   remove the second element on the stack of open elements from its parent
   node"): a first walk, with the text (which decides frameset-ok), that
   stops at the <frameset> that is inserted.  Only for a document that
   has "<frameset". */
static void frameset_prescan(html_links *w) {
  const char *doc = (const char *)w->tok.start;
  size_t n = (size_t)(w->tok.end - w->tok.start);
  if (!has_tag(doc, n, "frameset")) return;
  html_links p;
  walk_init(&p, w->tok.mem, doc, n);
  p.walk = HTML_WALK_FRAMESET;
  p.tok.want_text = 1;
  int rc = html_tokenize(&p.tok);
  if (rc == HTML_PAUSE) {
    w->body_from = p.body_from;
    w->frameset_at = p.frameset_at;
  } else if (rc || p.err) {
    w->err = rc ? rc : p.err;
  }
  html_links_free(&p);
}

void html_links_init(html_links *w, const url_allocator *mem, const char *doc,
                     size_t n) {
  walk_init(w, mem, doc, n);
  frameset_prescan(w);
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
    if (w->err) return -w->err;
    if (rc) return -rc;
  }
}

void html_links_free(html_links *w) {
  html_tokenizer_free(&w->tok);
  if (w->rows) w->tok.mem->release(w->rows);
  if (w->stack) w->tok.mem->release(w->stack);
  if (w->names) w->tok.mem->release(w->names);
  w->rows = NULL;
  w->stack = NULL;
  w->names = NULL;
}

int html_encoding(const url_allocator *mem, const unsigned char *s, size_t n,
                  int transport, size_t *bom_len) {
  int tentative;
  int e = html_sniff(s, n, transport, bom_len, &tentative);
  if (!tentative || !has_tag((const char *)s, n, "meta")) return e;
  /* The tokenizer reads bytes: what it looks for here is ASCII, so the
     undecoded document serves (windows-1252 is ASCII-compatible). */
  html_links w;
  walk_init(&w, mem, (const char *)s, n);
  w.walk = HTML_WALK_LATE_META;
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
  walk_init(&w, mem, doc, n);
  w.walk = HTML_WALK_BASE;
  frameset_prescan(&w);
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
