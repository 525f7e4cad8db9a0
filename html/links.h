/*
** The URLs of a document (links.c): the tokenizer with as much of tree
** construction as changes what is a link (the tokenizer's state switches,
** the stack of open elements: inert <template> contents, svg/math foreign
** content, the elements the tree builder drops), streaming one row
** per URL-valued attribute, srcset candidate, ping URL and meta refresh.
** Also the document's first <base href> in tree order, and the parsers of
** srcset (srcset.c) and of a refresh's content (refresh.c).
**
** Rows are not resolved here: ext/links.c parses each raw value against
** the document base URL.  Strings point into the tokenizer's buffers and
** stay valid until the next call of html_links_next.
*/
#ifndef HTML_LINKS_H
#define HTML_LINKS_H

#include <stddef.h>
#include <stdint.h>

#include "tokenizer.h"

enum html_link_kind {
  HTML_LINK_NAVIGATION, /* a, area, form, meta refresh, link rel=alternate... */
  HTML_LINK_RESOURCE,   /* img, script, stylesheet, iframe, media... */
  HTML_LINK_CITATION    /* blockquote, q, del, ins cite */
};

/* The names of the kinds, as the SQL column shows them. */
extern const char html_link_kind_names[3][11];

typedef struct html_link {
  const char *raw;        /* the URL as written (after character references) */
  size_t raw_len;
  const char *tag;        /* element and attribute names (static strings) */
  const char *attribute;
  const char *rel;        /* a, area, link: the rel attribute; NULL if none */
  size_t rel_len;
  const char *descriptor; /* srcset: the candidate's descriptors; NULL if none */
  size_t descriptor_len;
  int kind;
  int document_url;       /* the URL is the document's (an empty form action,
                             a refresh without a URL), not raw resolved */
  size_t offset;          /* byte offset of the tag in the document */
} html_link;

/* An element on the walk's stack of open elements.  The indices (index +
   1; 0: none) of the nearest elements below that end the Standard's walks
   down the stack are kept per entry, so no tag scans the stack. */
typedef struct html_open {
  uint64_t key;        /* the namespace and the (lowercase) name; 0: removed
                          from the stack by the adoption agency */
  uint32_t same;       /* the next element below with the same key */
  uint32_t special;    /* the nearest "special" element at or below */
  uint32_t scope;      /* ... that ends "has an element in scope" */
  uint32_t bscope;     /* ... in button scope */
  uint32_t lscope;     /* ... in list item scope */
  uint32_t tscope;     /* ... in table scope (table, template) */
  uint32_t block;      /* ... special but address, div, p (the li walk) */
  uint32_t html;       /* the nearest HTML element */
  unsigned char ns;    /* 0 HTML, 1 SVG, 2 MathML */
  unsigned char ip;    /* integration point: 1 HTML, 2 MathML text */
  unsigned char id;    /* the walk's tag id (HTML elements) */
} html_open;

/* The topmost open element of a key: an open-addressing table. */
typedef struct html_name_head {
  uint64_t key;
  uint32_t head;       /* index + 1 in the stack; 0: none open */
} html_name_head;

/* Which walk an html_links runs: every link, or a prescan that only looks
   for one thing (and reports no rows). */
typedef enum html_walk {
  HTML_WALK_LINKS,     /* every link (html_links_next) */
  HTML_WALK_BASE,      /* the <base> prescan (html_base_href) */
  HTML_WALK_LATE_META, /* the late <meta charset> */
  HTML_WALK_FRAMESET   /* the frameset prescan */
} html_walk;

typedef struct html_links {
  html_tokenizer tok;
  html_walk walk;
  int templates;             /* open HTML <template>s: contents inert */
  html_open *stack;          /* the stack of open elements (no html, head,
                                body: they are below it) */
  size_t depth, stack_cap;
  html_name_head *names;
  size_t names_n, names_cap;
  html_link *rows;           /* the rows of the current tag */
  size_t nrows, next, rows_cap;
  int finished, err;
  int form_pointer;          /* the form element pointer is set */
  int seen_manifest, seen_background; /* the html, body attributes set */
  int in_body, frameset_ok, rawtext; /* the frameset prescan's state */
  size_t body_from, frameset_at; /* a <frameset> replaces the body made at
                                    body_from (SIZE_MAX: none) */
  int meta_enc;              /* HTML_WALK_LATE_META: the <meta>'s encoding */
  const char *base;          /* HTML_WALK_BASE: the href found, or NULL */
  size_t base_len;
} html_links;

/* Starts reading the links of doc[0..n) (valid UTF-8; must outlive w). */
void html_links_init(html_links *w, const url_allocator *mem, const char *doc,
                     size_t n);

/* The next row in *out: returns 1, or 0 at the end, or an error
   (URL_NOMEM, URL_TOOBIG) as a negative number. */
int html_links_next(html_links *w, const html_link **out);

void html_links_free(html_links *w);

/*
** The first base element with an href attribute in tree order (not in
** <template> contents nor foreign content): its value (after character
** references) is copied to out and 1 returned; 0 if there is none;
** negative on error.  A first pass that tokenizes only if "<base" (in any
** case) occurs in the document at all.
*/
int html_base_href(const url_allocator *mem, const char *doc, size_t n,
                   url_buf *out);

/*
** A row's URL as the DOM's IDL attribute gives it: raw parsed against
** `base` (the document base URL; NULL: none) with the document's encoding
** `enc` for the query (https://html.spec.whatwg.org/#encoding-parsing-a-url);
** a row with document_url set is `page` itself.  Returns URL_OK,
** URL_FAILURE (no URL) or out's error.
*/
struct url;
int html_link_resolve(struct url *out, const html_link *l,
                      const struct url *base, const struct url *page, int enc);

/* The encoding-parsing of s[0..n) (valid UTF-8) against base (NULL: none)
   for a document in `enc`, as html_link_resolve and the frozen base URL
   use it. */
int html_url_parse(struct url *out, const char *s, size_t n,
                   const struct url *base, int enc);


/*
** The document's encoding: html_sniff (BOM, `transport`, the <meta>
** prescan of the first 1024 bytes), and when that leaves the confidence
** tentative, the first <meta> with a charset that the tree builder meets
** later (§13.2.3.4: "change the encoding", which reparses), else
** windows-1252.  *bom_len: the BOM's length.
*/
int html_encoding(const url_allocator *mem, const unsigned char *s, size_t n,
                  int transport, size_t *bom_len);

/*
** https://html.spec.whatwg.org/#parse-a-srcset-attribute: calls fn for each
** image candidate string that the descriptor parser accepts, with its URL
** and its descriptors (the text from the first to the last; len 0 if none).
** Stops early if fn returns nonzero, and returns that value.
*/
typedef int (*html_srcset_fn)(void *ctx, const char *url, size_t url_len,
                              const char *desc, size_t desc_len);
int html_srcset_parse(const char *s, size_t n, html_srcset_fn fn, void *ctx);

/*
** The shared declarative refresh steps
** (https://html.spec.whatwg.org/#shared-declarative-refresh-steps) up to the
** URL's parse: returns 0 if the content is not a refresh; else 1, with
** *time the delay (saturated) and *url, *url_len the URL string to parse
** (*url NULL: the document's URL).
*/
int html_refresh_parse(const char *s, size_t n, unsigned long *time,
                       const char **url, size_t *url_len);

#endif /* HTML_LINKS_H */
