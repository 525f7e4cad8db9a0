/*
** The HTML Standard's tokenizer (https://html.spec.whatwg.org/#tokenization,
** §13.2.5): one function per named state, over the decoded document (valid
** UTF-8, the whole of it in memory), streaming tokens to a callback.  No
** DOM and no allocation per token: the token's name, attributes and data
** live in buffers the tokenizer reuses, valid until the callback returns.
**
** The input stream's preprocessing (§13.2.3.5: CR LF and lone CR become LF)
** is done as the states read, so offsets are those of the caller's text.
** Parse errors are not reported: nothing here needs them.
**
** The tree builder's part is the caller's: after a start tag it may switch
** the state (html_tokenizer_set_state: <title> to RCDATA, ...), and it keeps
** `foreign` ("the adjusted current node is not an element in the HTML
** namespace", which lets <![CDATA[ open a CDATA section) up to date.
*/
#ifndef HTML_TOKENIZER_H
#define HTML_TOKENIZER_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"

enum html_token_type {
  HTML_DOCTYPE,
  HTML_START_TAG,
  HTML_END_TAG,
  HTML_COMMENT,
  HTML_CHARACTER, /* a run of characters (only with want_text) */
  HTML_EOF
};

/* The states a caller may switch to (the tree builder's switches and the
   html5lib tests' initial states). */
enum html_initial_state {
  HTML_STATE_DATA,
  HTML_STATE_RCDATA,
  HTML_STATE_RAWTEXT,
  HTML_STATE_SCRIPT_DATA,
  HTML_STATE_PLAINTEXT,
  HTML_STATE_CDATA_SECTION
};

typedef struct html_attr {
  const char *name;  /* lowercase */
  size_t name_len;
  const char *value; /* after character references */
  size_t value_len;
  size_t name_off, value_off; /* in the tokenizer's buffer (internal) */
} html_attr;

typedef struct html_token {
  int type;
  size_t offset;          /* byte offset in the input where the token starts */
  const char *name;       /* tag name (lowercase); DOCTYPE name, NULL if missing */
  size_t name_len;
  const html_attr *attrs; /* start tags: duplicates already dropped */
  size_t nattrs;
  int self_closing;
  const char *data;       /* comment data; characters */
  size_t len;
  const char *public_id;  /* DOCTYPE: NULL if missing */
  size_t public_len;
  const char *system_id;
  size_t system_len;
  int force_quirks;
} html_token;

typedef struct html_tokenizer html_tokenizer;

/* Called for each token; returns 0 to go on, HTML_PAUSE to have
   html_tokenize return HTML_PAUSE once the token is done (the token's
   buffers stay as they are until it is called again, and it then goes on),
   anything else to stop the tokenizer, which then returns that value. */
#define HTML_PAUSE 100
typedef int (*html_emit_fn)(void *ctx, html_tokenizer *t, const html_token *tok);

typedef const unsigned char *(*html_state_fn)(html_tokenizer *t,
                                              const unsigned char *p);

struct html_tokenizer {
  /* Set by html_tokenizer_init; the caller may change the next three. */
  int want_text;   /* emit character tokens (the link extractor does not) */
  int foreign;     /* the adjusted current node is in a foreign namespace */
  html_emit_fn emit;
  void *ctx;

  /* Internal. */
  const unsigned char *start, *end;
  html_state_fn state, return_state;
  int done, rc, paused;
  const unsigned char *pos;       /* where a paused run goes on */
  const unsigned char *mark;      /* the '<' of the tag being read */
  const unsigned char *ref_start; /* the '&' of a character reference */
  uint32_t ref_code;
  char temp[8];                   /* script data's double escape: "script"? */
  size_t temp_len;
  int type;                       /* the token being built */
  int self_closing;
  url_buf text;                   /* pending characters */
  size_t text_off;
  url_buf name;                   /* tag or DOCTYPE name */
  url_buf last_start;             /* the last start tag's name */
  url_buf buf;                    /* attributes; comment data; DOCTYPE ids */
  html_attr *attrs;               /* the start tag's attributes */
  size_t nattrs, attrs_cap;
  int cur_dup;                    /* the attribute being read is a duplicate */
  uint32_t *hash;                 /* attribute index + 1 by name hash */
  size_t hash_cap;
  int name_missing, public_missing, system_missing, force_quirks;
  size_t public_off, public_len, system_off, system_len;
  const url_allocator *mem;
  char st_text[256], st_name[64], st_last[64], st_buf[512];
};

/* Prepares t to read s[0..n) (valid UTF-8) in the data state. */
void html_tokenizer_init(html_tokenizer *t, const url_allocator *mem,
                         const char *s, size_t n, html_emit_fn emit, void *ctx);

/* Switches the state (from the callback: takes effect at the next byte). */
void html_tokenizer_set_state(html_tokenizer *t, int state);

/* Sets "the tag name of the last start tag emitted" (html5lib's
   lastStartTag). */
void html_tokenizer_set_last_start(html_tokenizer *t, const char *s, size_t n);

/* Runs to the end of the input (the EOF token is emitted); returns 0, the
   callback's nonzero value, or a buffer's error (URL_NOMEM, URL_TOOBIG);
   HTML_PAUSE if the callback paused it (call again to go on). */
int html_tokenize(html_tokenizer *t);

void html_tokenizer_free(html_tokenizer *t);

#endif /* HTML_TOKENIZER_H */
