/*
** What html/tokenizer.c and the files holding some of its states share:
** internal to the tokenizer, not part of its API (that is tokenizer.h).
** A state is a function P name(T *t, P p) (tokenizer.c's header comment
** says what it reads and returns); the ones another file switches to are
** declared here with the html_tok_ prefix, with the helpers they call.
*/
#ifndef HTML_TOKENIZER_INTERNAL_H
#define HTML_TOKENIZER_INTERNAL_H

#include <string.h>

#include "tokenizer.h"
#include "url_buf.h"

typedef html_tokenizer T;
typedef const unsigned char *P;

/* ---- Character classes ---- */

static inline int is_ws(int c) {
  return c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == '\r';
}
static inline int is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static inline int is_alpha(int c) {
  return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}
static inline int is_digit(int c) { return c >= '0' && c <= '9'; }
static inline int is_alnum(int c) { return is_alpha(c) || is_digit(c); }
static inline int is_hex(int c) {
  return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}
static inline char lower(int c) { return (char)(is_upper(c) ? c + 32 : c); }

/* ---- Reading ---- */

/* Consumes the character at p (p < t->end) as the preprocessed stream has
   it: CR LF and CR read as LF.  Returns the byte; *pp moves past it. */
static inline int consume(T *t, P *pp) {
  P p = *pp;
  int c = *p++;
  if (c == '\r') {
    c = '\n';
    if (p < t->end && *p == '\n') p++;
  }
  *pp = p;
  return c;
}

static inline void put_fffd(url_buf *b) {
  url_buf_append(b, "\xEF\xBF\xBD", 3);
}

/* ---- Shared by the state files (tokenizer.c, tokenizer_doctype.c) ---- */

#define STATE(name) static P name(T *t, P p)
#define SWITCH(s) (t->state = (s))
#define EOF_AT(p) ((p) >= t->end)

/* 13.2.5.1 Data state */
P html_tok_st_data(T *t, P p);
/* 13.2.5.53 DOCTYPE state (tokenizer_doctype.c) */
P html_tok_st_doctype(T *t, P p);

/* Starts a token of `type` at `at`: no name, attributes or data. */
void html_tok_new_token(T *t, int type, P at);
/* Emits the pending characters and the end-of-file token; returns t->end. */
P html_tok_emit_eof(T *t);
/* Emits the current DOCTYPE token. */
void html_tok_emit_doctype(T *t);
/* Whether p..end starts with `word` (lowercase), ASCII case-insensitively. */
int html_tok_starts_ci(P p, P end, const char *word);

#endif /* HTML_TOKENIZER_INTERNAL_H */
