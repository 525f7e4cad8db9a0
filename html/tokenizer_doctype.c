/*
** The HTML tokenizer's DOCTYPE states (§13.2.5.53-68), split from
** tokenizer.c (whose header comment says how a state reads and returns):
** a DOCTYPE token's name, public and system identifiers and force-quirks.
** Runs as a part of html_tokenize:
**
**   .load ./build/url
**   SELECT url FROM url_links('<!DOCTYPE html><a href=/x>', 'http://h/');
*/
#include <string.h>

#include "tokenizer_internal.h"

STATE(st_before_doctype_name);
STATE(st_doctype_name);
STATE(st_after_doctype_name);
STATE(st_after_public_kw);
STATE(st_before_public_id);
STATE(st_public_id_dq);
STATE(st_public_id_sq);
STATE(st_after_public_id);
STATE(st_between_ids);
STATE(st_after_system_kw);
STATE(st_before_system_id);
STATE(st_system_id_dq);
STATE(st_system_id_sq);
STATE(st_after_system_id);
STATE(st_bogus_doctype);

static void new_doctype(T *t) {
  html_tok_new_token(t, HTML_DOCTYPE, t->mark);
  t->name_missing = 1;
  t->public_missing = t->system_missing = 1;
  t->public_len = t->system_len = 0;
  t->force_quirks = 0;
}

/* Emits the DOCTYPE token, with its force-quirks flag set if quirks. */
static P doctype_done(T *t, P p, int quirks) {
  if (quirks) t->force_quirks = 1;
  html_tok_emit_doctype(t);
  if (EOF_AT(p)) return html_tok_emit_eof(t);
  SWITCH(html_tok_st_data);
  return p + 1; /* past the '>' */
}

/* 13.2.5.53 DOCTYPE state */
P html_tok_st_doctype(T *t, P p) {
  new_doctype(t);
  if (EOF_AT(p)) return doctype_done(t, p, 1);
  if (is_ws(*p)) p++;
  /* '>' and anything else reconsume (missing-whitespace-before-doctype-name) */
  SWITCH(st_before_doctype_name);
  return p;
}

/* 13.2.5.54 Before DOCTYPE name state */
STATE(st_before_doctype_name) {
  while (!EOF_AT(p) && is_ws(*p)) p++;
  if (EOF_AT(p)) return doctype_done(t, p, 1);
  if (*p == '>') return doctype_done(t, p, 1); /* missing-doctype-name */
  t->name_missing = 0;
  SWITCH(st_doctype_name);
  return p;
}

/* 13.2.5.55 DOCTYPE name state */
STATE(st_doctype_name) {
  for (;;) {
    if (EOF_AT(p)) return doctype_done(t, p, 1);
    int c = *p;
    if (is_ws(c)) {
      SWITCH(st_after_doctype_name);
      return p + 1;
    }
    if (c == '>') return doctype_done(t, p, 0);
    if (c == 0) put_fffd(&t->name);
    else url_buf_putc(&t->name, lower(c));
    p++;
  }
}

/* 13.2.5.56 After DOCTYPE name state */
STATE(st_after_doctype_name) {
  while (!EOF_AT(p) && is_ws(*p)) p++;
  if (EOF_AT(p)) return doctype_done(t, p, 1);
  if (*p == '>') return doctype_done(t, p, 0);
  if (html_tok_starts_ci(p, t->end, "public")) {
    SWITCH(st_after_public_kw);
    return p + 6;
  }
  if (html_tok_starts_ci(p, t->end, "system")) {
    SWITCH(st_after_system_kw);
    return p + 6;
  }
  /* invalid-character-sequence-after-doctype-name */
  t->force_quirks = 1;
  SWITCH(st_bogus_doctype);
  return p;
}

/* Starts the public or system identifier (the empty string, not missing)
   and switches to its quoted state. */
static P start_id(T *t, P p, int system) {
  int dq = *p == '"';
  if (system) {
    t->system_missing = 0;
    t->system_off = t->buf.len;
    t->system_len = 0;
    SWITCH(dq ? st_system_id_dq : st_system_id_sq);
  } else {
    t->public_missing = 0;
    t->public_off = t->buf.len;
    t->public_len = 0;
    SWITCH(dq ? st_public_id_dq : st_public_id_sq);
  }
  return p + 1;
}

/* The after-keyword and before-identifier states: whitespace (skipped, or
   switching to `ws_state`), a quote starts the identifier, '>' ends the
   token with force-quirks, anything else is bogus. */
static P before_id(T *t, P p, int system, html_state_fn ws_state) {
  if (ws_state && !EOF_AT(p) && is_ws(*p)) {
    SWITCH(ws_state);
    return p + 1;
  }
  while (!EOF_AT(p) && is_ws(*p)) p++;
  if (EOF_AT(p)) return doctype_done(t, p, 1);
  if (*p == '"' || *p == '\'') return start_id(t, p, system);
  if (*p == '>') return doctype_done(t, p, 1);
  t->force_quirks = 1; /* missing-quote-before-doctype-...-identifier */
  SWITCH(st_bogus_doctype);
  return p;
}

/* 13.2.5.57 After DOCTYPE public keyword state */
STATE(st_after_public_kw) { return before_id(t, p, 0, st_before_public_id); }
/* 13.2.5.58 Before DOCTYPE public identifier state */
STATE(st_before_public_id) { return before_id(t, p, 0, NULL); }
/* 13.2.5.63 After DOCTYPE system keyword state */
STATE(st_after_system_kw) { return before_id(t, p, 1, st_before_system_id); }
/* 13.2.5.64 Before DOCTYPE system identifier state */
STATE(st_before_system_id) { return before_id(t, p, 1, NULL); }

/* The quoted identifier states: up to the quote, then `after`. */
static P quoted_id(T *t, P p, int quote, int system, html_state_fn after) {
  for (;;) {
    if (EOF_AT(p)) break;
    int c = *p;
    if (c == quote) {
      SWITCH(after);
      p++;
      break;
    }
    if (c == '>') {
      /* abrupt-doctype-...-identifier */
      if (system) t->system_len = t->buf.len - t->system_off;
      else t->public_len = t->buf.len - t->public_off;
      return doctype_done(t, p, 1);
    }
    if (c == 0) {
      put_fffd(&t->buf);
      p++;
    } else {
      url_buf_putc(&t->buf, (char)consume(t, &p));
    }
  }
  if (system) t->system_len = t->buf.len - t->system_off;
  else t->public_len = t->buf.len - t->public_off;
  if (EOF_AT(p) && t->state != after) return doctype_done(t, p, 1);
  return p;
}

/* 13.2.5.59-60 DOCTYPE public identifier (double-, single-quoted) states */
STATE(st_public_id_dq) { return quoted_id(t, p, '"', 0, st_after_public_id); }
STATE(st_public_id_sq) { return quoted_id(t, p, '\'', 0, st_after_public_id); }
/* 13.2.5.65-66 DOCTYPE system identifier (double-, single-quoted) states */
STATE(st_system_id_dq) { return quoted_id(t, p, '"', 1, st_after_system_id); }
STATE(st_system_id_sq) { return quoted_id(t, p, '\'', 1, st_after_system_id); }

/* 13.2.5.61 After DOCTYPE public identifier state and 13.2.5.62 Between
   DOCTYPE public and system identifiers state. */
static P after_public(T *t, P p, int between) {
  if (!between && !EOF_AT(p) && is_ws(*p)) {
    SWITCH(st_between_ids);
    return p + 1;
  }
  while (!EOF_AT(p) && is_ws(*p)) p++;
  if (EOF_AT(p)) return doctype_done(t, p, 1);
  if (*p == '>') return doctype_done(t, p, 0);
  if (*p == '"' || *p == '\'') return start_id(t, p, 1);
  t->force_quirks = 1;
  SWITCH(st_bogus_doctype);
  return p;
}
STATE(st_after_public_id) { return after_public(t, p, 0); }
STATE(st_between_ids) { return after_public(t, p, 1); }

/* 13.2.5.67 After DOCTYPE system identifier state */
STATE(st_after_system_id) {
  while (!EOF_AT(p) && is_ws(*p)) p++;
  if (EOF_AT(p)) return doctype_done(t, p, 1);
  if (*p == '>') return doctype_done(t, p, 0);
  /* unexpected-character-after-doctype-system-identifier: "(This does not
     set the current DOCTYPE token's force-quirks flag to on.)" */
  SWITCH(st_bogus_doctype);
  return p;
}

/* 13.2.5.68 Bogus DOCTYPE state */
STATE(st_bogus_doctype) {
  P q = memchr(p, '>', (size_t)(t->end - p));
  return doctype_done(t, q ? q : t->end, 0);
}
