/*
** The HTML Standard's tokenizer (§13.2.5), one function per named state.
** Each state function reads from p (t->end at the end of the input, which
** stands for the EOF character), sets t->state when it switches, and returns
** where the next state reads: past what it consumed, or p itself to
** "reconsume in" the next state.  Runs of plain characters (data, attribute
** values, comments) are taken in bulk, with memchr or a class table.
**
** The input stream's preprocessing (§13.2.3.5, "normalize newlines") is done
** here: CR counts as whitespace where LF does, and text copied into a token
** has CR LF and CR turned into LF (put_run, consume).
*/
#include <string.h>

#include "charref.h"
#include "hash.h"
#include "tokenizer_internal.h"
#include "utf8.h"

#define BUF_MAX ((size_t)1 << 40)
#define ATTR_LINEAR 16 /* duplicate attributes: linear scan up to this many */

/* Bytes that end a run of plain characters, one bit per state family. */
enum { R_DATA = 1, R_RCDATA = 2, R_RAW = 4, R_DQ = 8, R_SQ = 16,
       R_UNQ = 32, R_COMMENT = 64, R_BOGUS = 128, R_PLAIN = 256 };

/* The class table as a constant: the bytes each run stops at. */
#define S(c, m) [c] = (m)
static const uint16_t run_stop[256] = {
  S(0, R_DATA | R_RCDATA | R_RAW | R_DQ | R_SQ | R_UNQ | R_COMMENT | R_BOGUS |
         R_PLAIN),
  S('<', R_DATA | R_RCDATA | R_RAW | R_UNQ | R_COMMENT),
  S('&', R_DATA | R_RCDATA | R_DQ | R_SQ | R_UNQ),
  S('"', R_DQ | R_UNQ),
  S('\'', R_SQ | R_UNQ),
  S('>', R_UNQ | R_BOGUS),
  S('=', R_UNQ),
  S('`', R_UNQ),
  S(' ', R_UNQ),
  S('\t', R_UNQ),
  S('\n', R_UNQ),
  S('\f', R_UNQ),
  S('\r', R_UNQ),
  S('-', R_COMMENT),
};
#undef S

/* The end of the run of bytes from p that are not stops of `cls`. */
static P run_end(P p, P end, int cls) {
  while (end - p >= 4) {
    if (run_stop[p[0]] & cls) return p;
    if (run_stop[p[1]] & cls) return p + 1;
    if (run_stop[p[2]] & cls) return p + 2;
    if (run_stop[p[3]] & cls) return p + 3;
    p += 4;
  }
  while (p < end && !(run_stop[*p] & cls)) p++;
  return p;
}

/* ---- Buffers ---- */

/* Appends s[0..n) with CR LF and CR as LF (§13.2.3.5).  A run never ends
   between a CR and its LF: no run stops at LF without stopping at CR. */
static void put_run(url_buf *b, P s, size_t n) {
  P end = s + n;
  for (;;) {
    P cr = memchr(s, '\r', (size_t)(end - s));
    if (!cr) {
      url_buf_append(b, (const char *)s, (size_t)(end - s));
      return;
    }
    url_buf_append(b, (const char *)s, (size_t)(cr - s));
    url_buf_putc(b, '\n');
    s = cr + 1;
    if (s < end && *s == '\n') s++;
  }
}

/* ---- Emitting ---- */

static int fail(T *t, int rc) {
  t->rc = rc;
  t->done = 1;
  return rc;
}

static void text_mark(T *t, P p) {
  if (t->text.len == 0) t->text_off = (size_t)(p - t->start);
}
static void text_run(T *t, P s, size_t n) {
  if (!t->want_text || n == 0) return;
  text_mark(t, s);
  put_run(&t->text, s, n);
}
static void text_putc(T *t, P at, char c) {
  if (!t->want_text) return;
  text_mark(t, at);
  url_buf_putc(&t->text, c);
}
static void text_fffd(T *t, P at) {
  if (!t->want_text) return;
  text_mark(t, at);
  put_fffd(&t->text);
}

static int call(T *t, const html_token *tok) {
  int rc = t->emit(t->ctx, t, tok);
  if (rc == HTML_PAUSE) {
    t->paused = 1; /* html_tokenize returns once this state is done */
    return 0;
  }
  if (rc) fail(t, rc);
  return rc;
}

/* Emits the pending characters as one token. */
static int flush_text(T *t) {
  if (t->text.len == 0) return 0;
  if (t->text.err) return fail(t, t->text.err);
  html_token tok;
  memset(&tok, 0, sizeof tok);
  tok.type = HTML_CHARACTER;
  tok.offset = t->text_off;
  tok.data = t->text.ptr;
  tok.len = t->text.len;
  t->text.len = 0;
  return call(t, &tok);
}

P html_tok_emit_eof(T *t) {
  if (flush_text(t) == 0) {
    html_token tok;
    memset(&tok, 0, sizeof tok);
    tok.type = HTML_EOF;
    tok.offset = (size_t)(t->end - t->start);
    call(t, &tok);
  }
  t->done = 1;
  return t->end;
}

/* ---- Tags and attributes ---- */

void html_tok_new_token(T *t, int type, P at) {
  t->type = type;
  t->mark = at;
  t->self_closing = 0;
  t->name.len = 0;
  t->buf.len = 0;
  t->nattrs = 0;
  t->cur_dup = 0;
}

/* Ends the attribute being read: a duplicate is removed from the token. */
static void finish_attr(T *t) {
  if (t->nattrs == 0) return;
  html_attr *a = &t->attrs[t->nattrs - 1];
  if (t->cur_dup) {
    url_buf_truncate(&t->buf, a->name_off);
    t->nattrs--;
    t->cur_dup = 0;
    return;
  }
  a->value_len = t->buf.len - a->value_off;
}

/* "Start a new attribute in the current tag token." */
static void new_attr(T *t) {
  finish_attr(t);
  if (t->nattrs == t->attrs_cap) {
    size_t cap = t->attrs_cap ? t->attrs_cap * 2 : 16;
    html_attr *a = t->mem->resize(t->attrs, cap * sizeof *a);
    if (!a) {
      t->buf.err = URL_NOMEM; /* sticky: reported at the next emit */
      return;
    }
    t->attrs = a;
    t->attrs_cap = cap;
  }
  html_attr *a = &t->attrs[t->nattrs++];
  a->name_off = t->buf.len;
  a->name_len = 0;
  a->value_off = t->buf.len;
  a->value_len = 0;
}

static uint32_t name_hash(const char *s, size_t n) {
  return url_fnv32(URL_FNV32_BASIS, s, n);
}

static int same_name(T *t, const html_attr *a, const char *s, size_t n) {
  return a->name_len == n && memcmp(t->buf.ptr + a->name_off, s, n) == 0;
}

/* Looks attribute i's name up in the hash table, inserting it if absent;
   returns 1 if an earlier attribute has it. */
static int hash_seen(T *t, size_t i) {
  const html_attr *a = &t->attrs[i];
  const char *s = t->buf.ptr + a->name_off;
  size_t mask = t->hash_cap - 1;
  for (size_t k = name_hash(s, a->name_len) & mask;; k = (k + 1) & mask) {
    uint32_t v = t->hash[k];
    if (v == 0) {
      t->hash[k] = (uint32_t)i + 1;
      return 0;
    }
    if (same_name(t, &t->attrs[v - 1], s, a->name_len)) return 1;
  }
}

/* A table of at least twice the attributes, holding attributes 0..n-1. */
static int hash_build(T *t, size_t n) {
  size_t cap = 64;
  while (cap < 2 * (n + 1)) cap *= 2;
  if (cap > t->hash_cap) {
    uint32_t *h = t->mem->resize(t->hash, cap * sizeof *h);
    if (!h) return URL_NOMEM;
    t->hash = h;
    t->hash_cap = cap;
  }
  memset(t->hash, 0, t->hash_cap * sizeof *t->hash);
  for (size_t i = 0; i < n; i++) hash_seen(t, i);
  return 0;
}

/* "When the user agent leaves the attribute name state ... the complete
   attribute's name must be compared to the other attributes on the same
   token; if there is already an attribute on the token with the exact same
   name, then this is a duplicate-attribute parse error and the new attribute
   must be removed from the token."  A linear scan for the first few, then a
   hash table (rebuilt as the tag's attributes double): linear in all. */
static void end_attr_name(T *t) {
  if (t->nattrs == 0 || t->buf.err) return;
  size_t i = t->nattrs - 1;
  html_attr *a = &t->attrs[i];
  a->name_len = t->buf.len - a->name_off;
  a->value_off = t->buf.len;
  const char *s = t->buf.ptr + a->name_off;
  if (i < ATTR_LINEAR) {
    for (size_t j = 0; j < i; j++)
      if (same_name(t, &t->attrs[j], s, a->name_len)) {
        t->cur_dup = 1;
        return;
      }
    return;
  }
  if (i == ATTR_LINEAR || 2 * (i + 1) > t->hash_cap) {
    if (hash_build(t, i) != 0) {
      t->buf.err = URL_NOMEM;
      return;
    }
  }
  t->cur_dup = hash_seen(t, i);
}

static int appropriate_end_tag(T *t) {
  return t->type == HTML_END_TAG && t->name.len == t->last_start.len &&
         memcmp(t->name.ptr, t->last_start.ptr, t->name.len) == 0;
}

/* Emits the current tag token. */
static void emit_tag(T *t) {
  finish_attr(t);
  if (flush_text(t)) return;
  if (t->name.err || t->buf.err) {
    fail(t, t->name.err ? t->name.err : t->buf.err);
    return;
  }
  html_token tok;
  memset(&tok, 0, sizeof tok);
  tok.type = t->type;
  tok.offset = (size_t)(t->mark - t->start);
  tok.name = t->name.ptr;
  tok.name_len = t->name.len;
  if (t->type == HTML_START_TAG) {
    for (size_t i = 0; i < t->nattrs; i++) {
      html_attr *a = &t->attrs[i];
      a->name = t->buf.ptr + a->name_off;
      a->value = t->buf.ptr + a->value_off;
    }
    tok.attrs = t->attrs;
    tok.nattrs = t->nattrs;
    tok.self_closing = t->self_closing;
    t->last_start.len = 0;
    url_buf_append(&t->last_start, t->name.ptr, t->name.len);
  }
  t->state = NULL; /* the callback may set it; else the data state */
  call(t, &tok);
}

static void emit_comment(T *t) {
  if (flush_text(t)) return;
  if (t->buf.err) {
    fail(t, t->buf.err);
    return;
  }
  html_token tok;
  memset(&tok, 0, sizeof tok);
  tok.type = HTML_COMMENT;
  tok.offset = (size_t)(t->mark - t->start);
  tok.data = t->buf.ptr;
  tok.len = t->buf.len;
  call(t, &tok);
}

void html_tok_emit_doctype(T *t) {
  if (flush_text(t)) return;
  if (t->buf.err || t->name.err) {
    fail(t, t->buf.err ? t->buf.err : t->name.err);
    return;
  }
  html_token tok;
  memset(&tok, 0, sizeof tok);
  tok.type = HTML_DOCTYPE;
  tok.offset = (size_t)(t->mark - t->start);
  tok.name = t->name_missing ? NULL : t->name.ptr ? t->name.ptr : "";
  tok.name_len = t->name.len;
  tok.public_id = t->public_missing ? NULL : t->buf.ptr + t->public_off;
  tok.public_len = t->public_len;
  tok.system_id = t->system_missing ? NULL : t->buf.ptr + t->system_off;
  tok.system_len = t->system_len;
  tok.force_quirks = t->force_quirks;
  call(t, &tok);
}

/* ---- State declarations ---- */

STATE(st_rcdata);
STATE(st_rawtext);
STATE(st_script);
STATE(st_plaintext);
STATE(st_tag_open);
STATE(st_end_tag_open);
STATE(st_tag_name);
STATE(st_rcdata_lt);
STATE(st_rcdata_end_open);
STATE(st_rcdata_end_name);
STATE(st_rawtext_lt);
STATE(st_rawtext_end_open);
STATE(st_rawtext_end_name);
STATE(st_script_lt);
STATE(st_script_end_open);
STATE(st_script_end_name);
STATE(st_script_esc_start);
STATE(st_script_esc_start_dash);
STATE(st_script_esc);
STATE(st_script_esc_dash);
STATE(st_script_esc_dash_dash);
STATE(st_script_esc_lt);
STATE(st_script_esc_end_open);
STATE(st_script_esc_end_name);
STATE(st_script_dbl_start);
STATE(st_script_dbl);
STATE(st_script_dbl_dash);
STATE(st_script_dbl_dash_dash);
STATE(st_script_dbl_lt);
STATE(st_script_dbl_end);
STATE(st_before_attr_name);
STATE(st_attr_name);
STATE(st_after_attr_name);
STATE(st_before_attr_value);
STATE(st_attr_value_dq);
STATE(st_attr_value_sq);
STATE(st_attr_value_unq);
STATE(st_after_attr_value);
STATE(st_self_closing);
STATE(st_bogus_comment);
STATE(st_markup_decl);
STATE(st_comment_start);
STATE(st_comment_start_dash);
STATE(st_comment);
STATE(st_comment_lt);
STATE(st_comment_lt_bang);
STATE(st_comment_lt_bang_dash);
STATE(st_comment_lt_bang_dash_dash);
STATE(st_comment_end_dash);
STATE(st_comment_end);
STATE(st_comment_end_bang);
STATE(st_cdata);
STATE(st_cdata_bracket);
STATE(st_cdata_end);
STATE(st_char_ref);
STATE(st_named_ref);
STATE(st_ambiguous_amp);
STATE(st_numeric_ref);
STATE(st_hex_ref_start);
STATE(st_dec_ref_start);
STATE(st_hex_ref);
STATE(st_dec_ref);
STATE(st_numeric_ref_end);


/* ---- Text states (§13.2.5.1-5) ---- */

/* Starts a character reference returning to `ret` (the '&' is at p). */
static P start_ref(T *t, P p, html_state_fn ret) {
  t->return_state = ret;
  t->ref_start = p;
  SWITCH(st_char_ref);
  return p + 1;
}

/* The text states' shared loop: a run up to a stop of `cls`, then the stop:
   '<' to lt, '&' to a reference (if cls stops at it), NUL as nul_fffd says
   (U+FFFD, or itself in the data state). */
static P text_state(T *t, P p, int cls, html_state_fn self, html_state_fn lt,
                    int nul_fffd) {
  for (;;) {
    P q;
    if (!t->want_text) {
      /* Without text only '<' matters (references and NULs make text). */
      q = lt ? memchr(p, '<', (size_t)(t->end - p)) : NULL;
      if (!q) q = t->end;
    } else {
      q = run_end(p, t->end, cls);
      text_run(t, p, (size_t)(q - p));
    }
    p = q;
    if (EOF_AT(p)) return html_tok_emit_eof(t);
    int c = *p;
    if (c == '<' && lt) {
      t->mark = p;
      SWITCH(lt);
      return p + 1;
    }
    if (c == '&') return start_ref(t, p, self);
    /* U+0000 */
    if (nul_fffd) text_fffd(t, p);
    else text_putc(t, p, 0);
    p++;
  }
}

/* 13.2.5.1 Data state */
P html_tok_st_data(T *t, P p) {
  return text_state(t, p, R_DATA, html_tok_st_data, st_tag_open, 0);
}
/* 13.2.5.2 RCDATA state */
STATE(st_rcdata) {
  return text_state(t, p, R_RCDATA, st_rcdata, st_rcdata_lt, 1);
}
/* 13.2.5.3 RAWTEXT state */
STATE(st_rawtext) {
  return text_state(t, p, R_RAW, st_rawtext, st_rawtext_lt, 1);
}
/* 13.2.5.4 Script data state */
STATE(st_script) {
  return text_state(t, p, R_RAW, st_script, st_script_lt, 1);
}
/* 13.2.5.5 PLAINTEXT state */
STATE(st_plaintext) {
  return text_state(t, p, R_PLAIN, st_plaintext, NULL, 1);
}

/* ---- Tags (§13.2.5.6-8) ---- */

/* 13.2.5.6 Tag open state */
STATE(st_tag_open) {
  if (EOF_AT(p)) {
    /* "This is an eof-before-tag-name parse error. Emit a U+003C
       LESS-THAN SIGN character token and an end-of-file token." */
    text_putc(t, t->mark, '<');
    return html_tok_emit_eof(t);
  }
  int c = *p;
  if (c == '!') {
    SWITCH(st_markup_decl);
    return p + 1;
  }
  if (c == '/') {
    SWITCH(st_end_tag_open);
    return p + 1;
  }
  if (is_alpha(c)) {
    /* "Create a new start tag token, set its tag name to the empty string.
       Reconsume in the tag name state." */
    html_tok_new_token(t, HTML_START_TAG, t->mark);
    SWITCH(st_tag_name);
    return p;
  }
  if (c == '?') {
    /* "Create a comment token whose data is the empty string. Reconsume in
       the bogus comment state." */
    html_tok_new_token(t, HTML_COMMENT, t->mark);
    SWITCH(st_bogus_comment);
    return p;
  }
  /* "Emit a U+003C LESS-THAN SIGN character token. Reconsume in the data
     state." */
  text_putc(t, t->mark, '<');
  SWITCH(html_tok_st_data);
  return p;
}

/* 13.2.5.7 End tag open state */
STATE(st_end_tag_open) {
  if (EOF_AT(p)) {
    text_putc(t, t->mark, '<');
    text_putc(t, t->mark + 1, '/');
    return html_tok_emit_eof(t);
  }
  int c = *p;
  if (is_alpha(c)) {
    html_tok_new_token(t, HTML_END_TAG, t->mark);
    SWITCH(st_tag_name);
    return p;
  }
  if (c == '>') {
    /* missing-end-tag-name: nothing is emitted. */
    SWITCH(html_tok_st_data);
    return p + 1;
  }
  html_tok_new_token(t, HTML_COMMENT, t->mark);
  SWITCH(st_bogus_comment);
  return p;
}

/* The state after a tag is emitted: the data state unless the callback
   switched (emit_tag clears t->state first). */
static P after_tag(T *t, P p) {
  emit_tag(t);
  if (!t->state) SWITCH(html_tok_st_data);
  return p;
}

/* 13.2.5.8 Tag name state */
STATE(st_tag_name) {
  for (;;) {
    if (EOF_AT(p)) return html_tok_emit_eof(t); /* eof-in-tag */
    int c = *p++;
    if (is_ws(c)) {
      SWITCH(st_before_attr_name);
      return p;
    }
    if (c == '/') {
      SWITCH(st_self_closing);
      return p;
    }
    if (c == '>') return after_tag(t, p);
    if (c == 0) put_fffd(&t->name);
    else url_buf_putc(&t->name, lower(c));
  }
}

/* ---- RCDATA, RAWTEXT, script data end tags (§13.2.5.9-17) ---- */

/* The "less-than sign" states of RCDATA and RAWTEXT: '/' starts an end tag
   (the temporary buffer is the input from t->mark + 2). */
static P text_lt(T *t, P p, html_state_fn end_open, html_state_fn text) {
  if (!EOF_AT(p) && *p == '/') {
    SWITCH(end_open);
    return p + 1;
  }
  text_putc(t, t->mark, '<');
  SWITCH(text);
  return p;
}

static P text_end_open(T *t, P p, html_state_fn end_name, html_state_fn text) {
  if (!EOF_AT(p) && is_alpha(*p)) {
    html_tok_new_token(t, HTML_END_TAG, t->mark);
    SWITCH(end_name);
    return p;
  }
  text_run(t, t->mark, 2); /* "</" */
  SWITCH(text);
  return p;
}

/* The end tag name states: the tag ends here only if it is an appropriate
   end tag; otherwise "emit a U+003C LESS-THAN SIGN character token, a
   U+002F SOLIDUS character token, and a character token for each of the
   characters in the temporary buffer (in the order they were added to the
   buffer). Reconsume in the ... state": that is the input from the '<'. */
static P text_end_name(T *t, P p, html_state_fn text) {
  for (;;) {
    int c = EOF_AT(p) ? -1 : *p;
    if (is_alpha(c)) {
      url_buf_putc(&t->name, lower(c));
      p++;
      continue;
    }
    if (appropriate_end_tag(t)) {
      if (is_ws(c)) {
        SWITCH(st_before_attr_name);
        return p + 1;
      }
      if (c == '/') {
        SWITCH(st_self_closing);
        return p + 1;
      }
      if (c == '>') return after_tag(t, p + 1);
    }
    text_run(t, t->mark, (size_t)(p - t->mark));
    SWITCH(text);
    return p;
  }
}

STATE(st_rcdata_lt) { return text_lt(t, p, st_rcdata_end_open, st_rcdata); }
STATE(st_rcdata_end_open) {
  return text_end_open(t, p, st_rcdata_end_name, st_rcdata);
}
STATE(st_rcdata_end_name) { return text_end_name(t, p, st_rcdata); }
STATE(st_rawtext_lt) { return text_lt(t, p, st_rawtext_end_open, st_rawtext); }
STATE(st_rawtext_end_open) {
  return text_end_open(t, p, st_rawtext_end_name, st_rawtext);
}
STATE(st_rawtext_end_name) { return text_end_name(t, p, st_rawtext); }

/* 13.2.5.15 Script data less-than sign state */
STATE(st_script_lt) {
  if (!EOF_AT(p) && *p == '/') {
    SWITCH(st_script_end_open);
    return p + 1;
  }
  if (!EOF_AT(p) && *p == '!') {
    /* "Switch to the script data escape start state. Emit a U+003C
       LESS-THAN SIGN character token and a U+0021 EXCLAMATION MARK
       character token." */
    text_run(t, t->mark, 2);
    SWITCH(st_script_esc_start);
    return p + 1;
  }
  text_putc(t, t->mark, '<');
  SWITCH(st_script);
  return p;
}
STATE(st_script_end_open) {
  return text_end_open(t, p, st_script_end_name, st_script);
}
STATE(st_script_end_name) { return text_end_name(t, p, st_script); }

/* ---- Script data escaped states (§13.2.5.18-31) ---- */

/* 13.2.5.18 Script data escape start state */
STATE(st_script_esc_start) {
  if (!EOF_AT(p) && *p == '-') {
    text_putc(t, p, '-');
    SWITCH(st_script_esc_start_dash);
    return p + 1;
  }
  SWITCH(st_script);
  return p;
}

/* 13.2.5.19 Script data escape start dash state */
STATE(st_script_esc_start_dash) {
  if (!EOF_AT(p) && *p == '-') {
    text_putc(t, p, '-');
    SWITCH(st_script_esc_dash_dash);
    return p + 1;
  }
  SWITCH(st_script);
  return p;
}

/* The escaped and double escaped states' common steps for '-', '<', NUL,
   EOF and anything else; `dash` is the state for '-', `lt` for '<', `self`
   the state for other characters.  double_lt: a double escaped '<' is
   emitted at once. */
static P escaped_char(T *t, P p, html_state_fn dash, html_state_fn lt,
                      html_state_fn self, int double_lt) {
  /* eof-in-script-html-comment-like-text */
  if (EOF_AT(p)) return html_tok_emit_eof(t);
  P at = p;
  int c = consume(t, &p);
  if (c == '-') {
    text_putc(t, at, '-');
    SWITCH(dash);
  } else if (c == '<') {
    t->mark = at;
    if (double_lt) text_putc(t, at, '<');
    SWITCH(lt);
  } else if (c == 0) {
    text_fffd(t, at);
    SWITCH(self);
  } else {
    text_putc(t, at, (char)c);
    SWITCH(self);
  }
  return p;
}

/* The dash dash states: '>' ends the escape ("Switch to the script data
   state. Emit a U+003E GREATER-THAN SIGN character token."); the rest as
   escaped_char, '-' staying in this state. */
static P escaped_dash_dash(T *t, P p, html_state_fn self, html_state_fn lt,
                           html_state_fn text, int double_lt) {
  if (!EOF_AT(p) && *p == '>') {
    text_putc(t, p, '>');
    SWITCH(st_script);
    return p + 1;
  }
  return escaped_char(t, p, self, lt, text, double_lt);
}

/* 13.2.5.20 Script data escaped state */
STATE(st_script_esc) {
  /* Plain characters in bulk: the run stops at '<', NUL (and '-'). */
  P q = run_end(p, t->end, R_COMMENT);
  text_run(t, p, (size_t)(q - p));
  return escaped_char(t, q, st_script_esc_dash, st_script_esc_lt,
                      st_script_esc, 0);
}
/* 13.2.5.21 Script data escaped dash state */
STATE(st_script_esc_dash) {
  return escaped_char(t, p, st_script_esc_dash_dash, st_script_esc_lt,
                      st_script_esc, 0);
}
/* 13.2.5.22 Script data escaped dash dash state */
STATE(st_script_esc_dash_dash) {
  return escaped_dash_dash(t, p, st_script_esc_dash_dash, st_script_esc_lt,
                           st_script_esc, 0);
}

/* 13.2.5.23 Script data escaped less-than sign state */
STATE(st_script_esc_lt) {
  if (!EOF_AT(p) && *p == '/') {
    SWITCH(st_script_esc_end_open);
    return p + 1;
  }
  text_putc(t, t->mark, '<');
  if (!EOF_AT(p) && is_alpha(*p)) {
    /* "Set the temporary buffer to the empty string. Emit a U+003C
       LESS-THAN SIGN character token. Reconsume in the script data double
       escape start state." */
    t->temp_len = 0;
    SWITCH(st_script_dbl_start);
    return p;
  }
  SWITCH(st_script_esc);
  return p;
}
STATE(st_script_esc_end_open) {
  return text_end_open(t, p, st_script_esc_end_name, st_script_esc);
}
STATE(st_script_esc_end_name) { return text_end_name(t, p, st_script_esc); }

static void temp_put(T *t, int c) {
  if (t->temp_len < sizeof t->temp) t->temp[t->temp_len] = lower(c);
  t->temp_len++;
}
static int temp_is_script(T *t) {
  return t->temp_len == 6 && memcmp(t->temp, "script", 6) == 0;
}

/* The double escape start and end states: at whitespace, '/' or '>' the
   temporary buffer decides (`yes` if it is "script", else `no`); letters
   go to the buffer; anything else reconsumes in `other`. */
static P dbl_switch(T *t, P p, html_state_fn yes, html_state_fn no,
                    html_state_fn other) {
  if (EOF_AT(p)) {
    SWITCH(other);
    return p;
  }
  int c = *p;
  if (is_ws(c) || c == '/' || c == '>') {
    P at = p;
    c = consume(t, &p);
    text_putc(t, at, (char)c);
    SWITCH(temp_is_script(t) ? yes : no);
    return p;
  }
  if (is_alpha(c)) {
    temp_put(t, c);
    text_putc(t, p, (char)c);
    return p + 1;
  }
  SWITCH(other);
  return p;
}

/* 13.2.5.26 Script data double escape start state */
STATE(st_script_dbl_start) {
  return dbl_switch(t, p, st_script_dbl, st_script_esc, st_script_esc);
}
/* 13.2.5.27 Script data double escaped state */
STATE(st_script_dbl) {
  return escaped_char(t, p, st_script_dbl_dash, st_script_dbl_lt,
                      st_script_dbl, 1);
}
/* 13.2.5.28 Script data double escaped dash state */
STATE(st_script_dbl_dash) {
  return escaped_char(t, p, st_script_dbl_dash_dash, st_script_dbl_lt,
                      st_script_dbl, 1);
}
/* 13.2.5.29 Script data double escaped dash dash state */
STATE(st_script_dbl_dash_dash) {
  return escaped_dash_dash(t, p, st_script_dbl_dash_dash, st_script_dbl_lt,
                           st_script_dbl, 1);
}
/* 13.2.5.30 Script data double escaped less-than sign state */
STATE(st_script_dbl_lt) {
  if (!EOF_AT(p) && *p == '/') {
    text_putc(t, p, '/');
    t->temp_len = 0;
    SWITCH(st_script_dbl_end);
    return p + 1;
  }
  SWITCH(st_script_dbl);
  return p;
}
/* 13.2.5.31 Script data double escape end state */
STATE(st_script_dbl_end) {
  return dbl_switch(t, p, st_script_esc, st_script_dbl, st_script_dbl);
}

/* ---- Attributes (§13.2.5.32-40) ---- */

/* 13.2.5.32 Before attribute name state */
STATE(st_before_attr_name) {
  while (!EOF_AT(p) && is_ws(*p)) p++;
  if (EOF_AT(p) || *p == '/' || *p == '>') {
    SWITCH(st_after_attr_name);
    return p;
  }
  new_attr(t);
  if (*p == '=') {
    /* unexpected-equals-sign-before-attribute-name: "Start a new attribute
       in the current tag token. Set that attribute's name to the current
       input character, and its value to the empty string." */
    url_buf_putc(&t->buf, '=');
    SWITCH(st_attr_name);
    return p + 1;
  }
  SWITCH(st_attr_name);
  return p;
}

/* 13.2.5.33 Attribute name state */
STATE(st_attr_name) {
  for (;;) {
    int c = EOF_AT(p) ? -1 : *p;
    if (c < 0 || is_ws(c) || c == '/' || c == '>') {
      end_attr_name(t);
      SWITCH(st_after_attr_name);
      return p;
    }
    p++;
    if (c == '=') {
      end_attr_name(t);
      SWITCH(st_before_attr_value);
      return p;
    }
    if (c == 0) put_fffd(&t->buf);
    else url_buf_putc(&t->buf, lower(c));
  }
}

/* 13.2.5.34 After attribute name state */
STATE(st_after_attr_name) {
  while (!EOF_AT(p) && is_ws(*p)) p++;
  if (EOF_AT(p)) return html_tok_emit_eof(t); /* eof-in-tag */
  int c = *p;
  if (c == '/') {
    SWITCH(st_self_closing);
    return p + 1;
  }
  if (c == '=') {
    SWITCH(st_before_attr_value);
    return p + 1;
  }
  if (c == '>') return after_tag(t, p + 1);
  new_attr(t);
  SWITCH(st_attr_name);
  return p;
}

/* 13.2.5.35 Before attribute value state */
STATE(st_before_attr_value) {
  while (!EOF_AT(p) && is_ws(*p)) p++;
  int c = EOF_AT(p) ? -1 : *p;
  if (c == '"') {
    SWITCH(st_attr_value_dq);
    return p + 1;
  }
  if (c == '\'') {
    SWITCH(st_attr_value_sq);
    return p + 1;
  }
  if (c == '>') return after_tag(t, p + 1); /* missing-attribute-value */
  SWITCH(st_attr_value_unq);
  return p;
}

/* 13.2.5.36-37 Attribute value (double-quoted, single-quoted) states */
static P quoted_value(T *t, P p, int quote, int cls, html_state_fn self) {
  for (;;) {
    P q = run_end(p, t->end, cls);
    put_run(&t->buf, p, (size_t)(q - p));
    p = q;
    if (EOF_AT(p)) return html_tok_emit_eof(t); /* eof-in-tag */
    int c = *p;
    if (c == quote) {
      SWITCH(st_after_attr_value);
      return p + 1;
    }
    if (c == '&') return start_ref(t, p, self);
    put_fffd(&t->buf); /* U+0000 */
    p++;
  }
}
STATE(st_attr_value_dq) { return quoted_value(t, p, '"', R_DQ, st_attr_value_dq); }
STATE(st_attr_value_sq) {
  return quoted_value(t, p, '\'', R_SQ, st_attr_value_sq);
}

/* 13.2.5.38 Attribute value (unquoted) state */
STATE(st_attr_value_unq) {
  for (;;) {
    P q = run_end(p, t->end, R_UNQ);
    url_buf_append(&t->buf, (const char *)p, (size_t)(q - p));
    p = q;
    if (EOF_AT(p)) return html_tok_emit_eof(t); /* eof-in-tag */
    int c = *p;
    if (is_ws(c)) {
      SWITCH(st_before_attr_name);
      return p + 1;
    }
    if (c == '&') return start_ref(t, p, st_attr_value_unq);
    if (c == '>') return after_tag(t, p + 1);
    if (c == 0) put_fffd(&t->buf);
    else url_buf_putc(&t->buf, (char)c); /* " ' < = `: parse errors */
    p++;
  }
}

/* 13.2.5.39 After attribute value (quoted) state */
STATE(st_after_attr_value) {
  if (EOF_AT(p)) return html_tok_emit_eof(t);
  int c = *p;
  if (is_ws(c)) {
    SWITCH(st_before_attr_name);
    return p + 1;
  }
  if (c == '/') {
    SWITCH(st_self_closing);
    return p + 1;
  }
  if (c == '>') return after_tag(t, p + 1);
  /* missing-whitespace-between-attributes */
  SWITCH(st_before_attr_name);
  return p;
}

/* 13.2.5.40 Self-closing start tag state */
STATE(st_self_closing) {
  if (EOF_AT(p)) return html_tok_emit_eof(t);
  if (*p == '>') {
    t->self_closing = 1;
    return after_tag(t, p + 1);
  }
  /* unexpected-solidus-in-tag */
  SWITCH(st_before_attr_name);
  return p;
}

/* ---- Comments (§13.2.5.41-52) ---- */

/* 13.2.5.41 Bogus comment state */
STATE(st_bogus_comment) {
  for (;;) {
    P q = run_end(p, t->end, R_BOGUS);
    put_run(&t->buf, p, (size_t)(q - p));
    p = q;
    if (EOF_AT(p)) {
      emit_comment(t);
      return html_tok_emit_eof(t);
    }
    if (*p == '>') {
      emit_comment(t);
      SWITCH(html_tok_st_data);
      return p + 1;
    }
    put_fffd(&t->buf); /* U+0000 */
    p++;
  }
}

int html_tok_starts_ci(P p, P end, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(end - p) < n) return 0;
  for (size_t i = 0; i < n; i++)
    if (lower(p[i]) != word[i]) return 0;
  return 1;
}

/* 13.2.5.42 Markup declaration open state */
STATE(st_markup_decl) {
  if (t->end - p >= 2 && p[0] == '-' && p[1] == '-') {
    html_tok_new_token(t, HTML_COMMENT, t->mark);
    SWITCH(st_comment_start);
    return p + 2;
  }
  if (html_tok_starts_ci(p, t->end, "doctype")) {
    SWITCH(html_tok_st_doctype);
    return p + 7;
  }
  if (t->end - p >= 7 && memcmp(p, "[CDATA[", 7) == 0) {
    /* "If there is an adjusted current node and it is not an element in the
       HTML namespace, then switch to the CDATA section state.  Otherwise,
       this is a cdata-in-html-content parse error. Create a comment token
       whose data is the "[CDATA[" string. Switch to the bogus comment
       state." */
    if (t->foreign) {
      SWITCH(st_cdata);
      return p + 7;
    }
    html_tok_new_token(t, HTML_COMMENT, t->mark);
    url_buf_append(&t->buf, "[CDATA[", 7);
    SWITCH(st_bogus_comment);
    return p + 7;
  }
  /* incorrectly-opened-comment */
  html_tok_new_token(t, HTML_COMMENT, t->mark);
  SWITCH(st_bogus_comment);
  return p;
}

/* 13.2.5.43 Comment start state */
STATE(st_comment_start) {
  if (!EOF_AT(p) && *p == '-') {
    SWITCH(st_comment_start_dash);
    return p + 1;
  }
  if (!EOF_AT(p) && *p == '>') {
    /* abrupt-closing-of-empty-comment */
    emit_comment(t);
    SWITCH(html_tok_st_data);
    return p + 1;
  }
  SWITCH(st_comment);
  return p;
}

/* 13.2.5.44 Comment start dash state */
STATE(st_comment_start_dash) {
  if (EOF_AT(p)) {
    emit_comment(t); /* eof-in-comment */
    return html_tok_emit_eof(t);
  }
  if (*p == '-') {
    SWITCH(st_comment_end);
    return p + 1;
  }
  if (*p == '>') {
    emit_comment(t); /* abrupt-closing-of-empty-comment */
    SWITCH(html_tok_st_data);
    return p + 1;
  }
  url_buf_putc(&t->buf, '-');
  SWITCH(st_comment);
  return p;
}

/* 13.2.5.45 Comment state */
STATE(st_comment) {
  for (;;) {
    P q = run_end(p, t->end, R_COMMENT);
    put_run(&t->buf, p, (size_t)(q - p));
    p = q;
    if (EOF_AT(p)) {
      emit_comment(t); /* eof-in-comment */
      return html_tok_emit_eof(t);
    }
    int c = *p++;
    if (c == '<') {
      url_buf_putc(&t->buf, '<');
      SWITCH(st_comment_lt);
      return p;
    }
    if (c == '-') {
      SWITCH(st_comment_end_dash);
      return p;
    }
    put_fffd(&t->buf); /* U+0000 */
  }
}

/* 13.2.5.46 Comment less-than sign state */
STATE(st_comment_lt) {
  while (!EOF_AT(p) && *p == '<') {
    url_buf_putc(&t->buf, '<');
    p++;
  }
  if (!EOF_AT(p) && *p == '!') {
    url_buf_putc(&t->buf, '!');
    SWITCH(st_comment_lt_bang);
    return p + 1;
  }
  SWITCH(st_comment);
  return p;
}

/* 13.2.5.47 Comment less-than sign bang state */
STATE(st_comment_lt_bang) {
  if (!EOF_AT(p) && *p == '-') {
    SWITCH(st_comment_lt_bang_dash);
    return p + 1;
  }
  SWITCH(st_comment);
  return p;
}

/* 13.2.5.48 Comment less-than sign bang dash state */
STATE(st_comment_lt_bang_dash) {
  if (!EOF_AT(p) && *p == '-') {
    SWITCH(st_comment_lt_bang_dash_dash);
    return p + 1;
  }
  SWITCH(st_comment_end_dash);
  return p;
}

/* 13.2.5.49 Comment less-than sign bang dash dash state: '>' and EOF
   reconsume in the comment end state; anything else too (nested-comment). */
STATE(st_comment_lt_bang_dash_dash) {
  SWITCH(st_comment_end);
  return p;
}

/* 13.2.5.50 Comment end dash state */
STATE(st_comment_end_dash) {
  if (EOF_AT(p)) {
    emit_comment(t);
    return html_tok_emit_eof(t);
  }
  if (*p == '-') {
    SWITCH(st_comment_end);
    return p + 1;
  }
  url_buf_putc(&t->buf, '-');
  SWITCH(st_comment);
  return p;
}

/* 13.2.5.51 Comment end state */
STATE(st_comment_end) {
  for (;;) {
    if (EOF_AT(p)) {
      emit_comment(t);
      return html_tok_emit_eof(t);
    }
    int c = *p;
    if (c == '>') {
      emit_comment(t);
      SWITCH(html_tok_st_data);
      return p + 1;
    }
    if (c == '!') {
      SWITCH(st_comment_end_bang);
      return p + 1;
    }
    if (c != '-') break;
    url_buf_putc(&t->buf, '-');
    p++;
  }
  url_buf_append(&t->buf, "--", 2);
  SWITCH(st_comment);
  return p;
}

/* 13.2.5.52 Comment end bang state */
STATE(st_comment_end_bang) {
  if (EOF_AT(p)) {
    emit_comment(t);
    return html_tok_emit_eof(t);
  }
  if (*p == '-') {
    url_buf_append(&t->buf, "--!", 3);
    SWITCH(st_comment_end_dash);
    return p + 1;
  }
  if (*p == '>') {
    emit_comment(t); /* incorrectly-closed-comment */
    SWITCH(html_tok_st_data);
    return p + 1;
  }
  url_buf_append(&t->buf, "--!", 3);
  SWITCH(st_comment);
  return p;
}

/* ---- CDATA sections (§13.2.5.69-71) ---- */

/* 13.2.5.69 CDATA section state */
STATE(st_cdata) {
  P q = memchr(p, ']', (size_t)(t->end - p));
  if (!q) q = t->end;
  text_run(t, p, (size_t)(q - p)); /* NUL too is emitted as it is */
  if (EOF_AT(q)) return html_tok_emit_eof(t); /* eof-in-cdata */
  SWITCH(st_cdata_bracket);
  return q + 1;
}

/* 13.2.5.70 CDATA section bracket state */
STATE(st_cdata_bracket) {
  if (!EOF_AT(p) && *p == ']') {
    SWITCH(st_cdata_end);
    return p + 1;
  }
  text_putc(t, p - 1, ']');
  SWITCH(st_cdata);
  return p;
}

/* 13.2.5.71 CDATA section end state */
STATE(st_cdata_end) {
  if (!EOF_AT(p) && *p == ']') {
    text_putc(t, p, ']');
    return p + 1;
  }
  if (!EOF_AT(p) && *p == '>') {
    SWITCH(html_tok_st_data);
    return p + 1;
  }
  text_putc(t, p, ']');
  text_putc(t, p, ']');
  SWITCH(st_cdata);
  return p;
}

/* ---- Character references (§13.2.5.72-80) ---- */

static int in_attr(T *t) {
  return t->return_state == st_attr_value_dq ||
         t->return_state == st_attr_value_sq ||
         t->return_state == st_attr_value_unq;
}

/* "Flush code points consumed as a character reference": s[0..n) to the
   current attribute's value or as character tokens. */
static void flush_span(T *t, P s, size_t n) {
  if (in_attr(t)) url_buf_append(&t->buf, (const char *)s, n);
  else text_run(t, s, n);
}
static void flush_cp(T *t, uint32_t cp) {
  if (in_attr(t)) {
    url_buf_put_utf8(&t->buf, cp);
  } else if (t->want_text) {
    text_mark(t, t->ref_start);
    url_buf_put_utf8(&t->text, cp);
  }
}

/* 13.2.5.72 Character reference state */
STATE(st_char_ref) {
  if (!EOF_AT(p) && is_alnum(*p)) {
    SWITCH(st_named_ref);
    return p;
  }
  if (!EOF_AT(p) && *p == '#') {
    SWITCH(st_numeric_ref);
    return p + 1;
  }
  flush_span(t, t->ref_start, 1);
  SWITCH(t->return_state);
  return p;
}

/* 13.2.5.73 Named character reference state */
STATE(st_named_ref) {
  const html_entity *e = html_entity_longest(p, (size_t)(t->end - p));
  if (!e) {
    flush_span(t, t->ref_start, 1);
    SWITCH(st_ambiguous_amp);
    return p;
  }
  P after = p + e->len;
  /* "If the character reference was consumed as part of an attribute, and
     the last character matched is not a U+003B SEMICOLON character (;),
     and the next input character is either a U+003D EQUALS SIGN character
     (=) or an ASCII alphanumeric, then, for historical reasons, flush code
     points consumed as a character reference and switch to the return
     state." */
  if (in_attr(t) && after[-1] != ';' && after < t->end &&
      (*after == '=' || is_alnum(*after))) {
    flush_span(t, t->ref_start, (size_t)(after - t->ref_start));
    SWITCH(t->return_state);
    return after;
  }
  flush_cp(t, e->cp1);
  if (e->cp2) flush_cp(t, e->cp2);
  SWITCH(t->return_state);
  return after;
}

/* 13.2.5.74 Ambiguous ampersand state */
STATE(st_ambiguous_amp) {
  P q = p;
  while (q < t->end && is_alnum(*q)) q++;
  flush_span(t, p, (size_t)(q - p));
  /* ';' is an unknown-named-character-reference parse error; either way
     "reconsume in the return state". */
  SWITCH(t->return_state);
  return q;
}

/* 13.2.5.75 Numeric character reference state */
STATE(st_numeric_ref) {
  t->ref_code = 0;
  if (!EOF_AT(p) && (*p == 'x' || *p == 'X')) {
    SWITCH(st_hex_ref_start);
    return p + 1;
  }
  SWITCH(st_dec_ref_start);
  return p;
}

/* 13.2.5.76-77 Hexadecimal and decimal character reference start states:
   without a digit, absence-of-digits-in-numeric-character-reference:
   "flush code points consumed as a character reference. Reconsume in the
   return state." */
STATE(st_hex_ref_start) {
  if (!EOF_AT(p) && is_hex(*p)) {
    SWITCH(st_hex_ref);
    return p;
  }
  flush_span(t, t->ref_start, (size_t)(p - t->ref_start));
  SWITCH(t->return_state);
  return p;
}
STATE(st_dec_ref_start) {
  if (!EOF_AT(p) && is_digit(*p)) {
    SWITCH(st_dec_ref);
    return p;
  }
  flush_span(t, t->ref_start, (size_t)(p - t->ref_start));
  SWITCH(t->return_state);
  return p;
}

/* Adds a digit; the code saturates above 0x10FFFF (it only has to stay
   out of range). */
static void ref_digit(T *t, uint32_t base, uint32_t d) {
  if (t->ref_code <= 0x10FFFF) t->ref_code = t->ref_code * base + d;
}

/* 13.2.5.78 Hexadecimal character reference state */
STATE(st_hex_ref) {
  while (!EOF_AT(p) && is_hex(*p)) {
    int c = *p++;
    ref_digit(t, 16, is_digit(c) ? (uint32_t)(c - '0')
                                 : (uint32_t)((c | 0x20) - 'a' + 10));
  }
  if (!EOF_AT(p) && *p == ';') p++; /* else missing-semicolon-after-... */
  SWITCH(st_numeric_ref_end);
  return p;
}

/* 13.2.5.79 Decimal character reference state */
STATE(st_dec_ref) {
  while (!EOF_AT(p) && is_digit(*p)) ref_digit(t, 10, (uint32_t)(*p++ - '0'));
  if (!EOF_AT(p) && *p == ';') p++;
  SWITCH(st_numeric_ref_end);
  return p;
}

/* 13.2.5.80 Numeric character reference end state: "Set the temporary
   buffer to the empty string. Append a code point equal to the character
   reference code to the temporary buffer. Flush code points consumed as a
   character reference. Switch to the return state." */
STATE(st_numeric_ref_end) {
  flush_cp(t, html_numeric_ref(t->ref_code));
  SWITCH(t->return_state);
  return p;
}

/* ---- Driver ---- */

void html_tokenizer_init(T *t, const url_allocator *mem, const char *s,
                         size_t n, html_emit_fn emit, void *ctx) {
  memset(t, 0, offsetof(T, st_text));
  t->mem = mem;
  t->emit = emit;
  t->ctx = ctx;
  t->want_text = 1;
  t->start = (P)s;
  t->end = (P)s + n;
  t->pos = t->start;
  t->state = html_tok_st_data;
  url_buf_init(&t->text, mem, t->st_text, sizeof t->st_text, BUF_MAX);
  url_buf_init(&t->name, mem, t->st_name, sizeof t->st_name, BUF_MAX);
  url_buf_init(&t->last_start, mem, t->st_last, sizeof t->st_last, BUF_MAX);
  url_buf_init(&t->buf, mem, t->st_buf, sizeof t->st_buf, BUF_MAX);
}

void html_tokenizer_set_state(T *t, int state) {
  static const html_state_fn fns[] = {html_tok_st_data, st_rcdata,
                                      st_rawtext,       st_script,
                                      st_plaintext,     st_cdata};
  if (state >= 0 && state < (int)(sizeof fns / sizeof fns[0]))
    t->state = fns[state];
}

void html_tokenizer_set_last_start(T *t, const char *s, size_t n) {
  t->last_start.len = 0;
  url_buf_append(&t->last_start, s, n);
}

int html_tokenize(T *t) {
  P p = t->pos;
  while (!t->done) {
    p = t->state(t, p);
    if (t->paused) {
      t->paused = 0;
      t->pos = p;
      return HTML_PAUSE;
    }
  }
  return t->rc;
}

void html_tokenizer_free(T *t) {
  url_buf_free(&t->text);
  url_buf_free(&t->name);
  url_buf_free(&t->last_start);
  url_buf_free(&t->buf);
  if (t->attrs) t->mem->release(t->attrs);
  if (t->hash) t->mem->release(t->hash);
  t->attrs = NULL;
  t->hash = NULL;
}
