/*
** Pattern strings (URL Pattern Standard §2): the tokenizer, the pattern
** parser that turns a pattern string into a part list, and the two
** serializations of a part list: a regular expression with its name list,
** and the normalized pattern string.  Positions are byte offsets into
** valid UTF-8, which the Standard's code point indexes map to one to one.
*/
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "utf8.h"

/* ------------------------------------------------------------ tokenizer */

/* https://urlpattern.spec.whatwg.org/#tokenizer */
typedef struct tokenizer {
  const char *in;
  size_t n;
  int lenient;
  url_buf *tokens;
  size_t index, next;
  uint32_t cp;
  char *err;
  size_t errn;
} tokenizer;

/* https://urlpattern.spec.whatwg.org/#get-the-next-code-point */
static void get_next(tokenizer *t) {
  t->cp = url_utf8_next((const unsigned char *)t->in, t->n, &t->next);
}

/* https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point */
static void seek_next(tokenizer *t, size_t index) {
  t->next = index;
  get_next(t);
}

/* https://urlpattern.spec.whatwg.org/#add-a-token */
static void add_token(tokenizer *t, pat_token_type type, size_t next_pos,
                      size_t value_pos, size_t value_len) {
  pat_token tok = {type, t->index, value_pos, value_len};
  url_buf_append(t->tokens, (const char *)&tok, sizeof tok);
  t->index = next_pos;
}

/* https://urlpattern.spec.whatwg.org/#add-a-token-with-default-length */
static void add_token_len(tokenizer *t, pat_token_type type, size_t next_pos,
                          size_t value_pos) {
  add_token(t, type, next_pos, value_pos, next_pos - value_pos);
}

/* https://urlpattern.spec.whatwg.org/#add-a-token-with-default-position-and-length */
static void add_token_default(tokenizer *t, pat_token_type type) {
  add_token_len(t, type, t->next, t->index);
}

/* https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error: -1
   (strict, with a message) or 0 (lenient: an invalid-char token). */
static int token_error(tokenizer *t, size_t next_pos, size_t value_pos,
                       const char *what) {
  if (!t->lenient) {
    snprintf(t->err, t->errn, "%s at offset %zu", what, t->index);
    return -1;
  }
  add_token_len(t, TOK_INVALID_CHAR, next_pos, value_pos);
  return 0;
}

/* https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point */
static int is_name_code_point(uint32_t c, int first) {
  return first ? pat_is_id_start(c) : pat_is_id_part(c);
}

/* The regexp group at "(" (t->index); returns -1 on a strict error. */
static int tokenize_regexp(tokenizer *t) {
  size_t depth = 1, pos = t->next, start = pos;
  const char *bad = NULL;
  while (pos < t->n) {
    seek_next(t, pos);
    if (t->cp >= 0x80) {
      bad = "non-ASCII code point in a regular expression group";
      break;
    }
    if (pos == start && t->cp == '?') {
      bad = "a regular expression group cannot start with '?'";
      break;
    }
    if (t->cp == '\\') {
      if (pos == t->n - 1) {
        bad = "unterminated escape in a regular expression group";
        break;
      }
      get_next(t);
      if (t->cp >= 0x80) {
        bad = "non-ASCII code point in a regular expression group";
        break;
      }
      pos = t->next;
      continue;
    }
    if (t->cp == ')') {
      if (--depth == 0) {
        pos = t->next;
        break;
      }
    } else if (t->cp == '(') {
      depth++;
      if (pos == t->n - 1) {
        bad = "unbalanced regular expression group";
        break;
      }
      size_t temp = t->next;
      get_next(t);
      if (t->cp != '?') {
        bad = "capturing groups are not allowed inside a regular expression group";
        break;
      }
      t->next = temp;
    }
    pos = t->next;
  }
  if (bad) return token_error(t, start, t->index, bad);
  if (depth != 0)
    return token_error(t, start, t->index, "unbalanced regular expression group");
  size_t len = pos - start - 1;
  if (len == 0)
    return token_error(t, start, t->index, "empty regular expression group");
  add_token(t, TOK_REGEXP, pos, start, len);
  return 0;
}

int pat_tokenize(const char *in, size_t n, int lenient, url_buf *tokens,
                 char *err, size_t errn) {
  tokenizer t = {in, n, lenient, tokens, 0, 0, 0, err, errn};
  int rc = 0;
  while (rc == 0 && t.index < n) {
    seek_next(&t, t.index);
    switch (t.cp) {
      case '*': add_token_default(&t, TOK_ASTERISK); break;
      case '+':
      case '?': add_token_default(&t, TOK_OTHER_MODIFIER); break;
      case '\\': {
        if (t.index == n - 1) {
          rc = token_error(&t, t.next, t.index, "a pattern cannot end with '\\'");
          break;
        }
        size_t escaped = t.next;
        get_next(&t);
        add_token_len(&t, TOK_ESCAPED_CHAR, t.next, escaped);
        break;
      }
      case '{': add_token_default(&t, TOK_OPEN); break;
      case '}': add_token_default(&t, TOK_CLOSE); break;
      case ':': {
        size_t pos = t.next, start = pos;
        while (pos < n) {
          seek_next(&t, pos);
          if (!is_name_code_point(t.cp, pos == start)) break;
          pos = t.next;
        }
        if (pos <= start) {
          rc = token_error(&t, start, t.index, "':' without a group name");
          break;
        }
        add_token_len(&t, TOK_NAME, pos, start);
        break;
      }
      case '(': rc = tokenize_regexp(&t); break;
      default: add_token_default(&t, TOK_CHAR);
    }
  }
  if (rc < 0) return URL_FAILURE;
  add_token_len(&t, TOK_END, t.index, t.index);
  return tokens->err;
}

/* -------------------------------------------------------------- parser */

void pat_parts_init(pat_parts *pp, const url_allocator *mem) {
  url_buf_init(&pp->parts, mem, NULL, 0, (size_t)1 << 30);
  url_buf_init(&pp->store, mem, NULL, 0, (size_t)1 << 30);
}

void pat_parts_free(pat_parts *pp) {
  url_buf_free(&pp->parts);
  url_buf_free(&pp->store);
}

/* https://urlpattern.spec.whatwg.org/#pattern-parser */
typedef struct pparser {
  const char *in;
  const pat_token *tokens;
  size_t ntokens, index;
  pat_encoder enc;
  pat_parts *pp;
  char sw[8]; /* segment wildcard regexp */
  size_t sw_n;
  url_buf pending; /* pending fixed value */
  char pending_st[128];
  unsigned next_numeric_name;
  /* the names of the parts so far (a part is a capturing group: at most
     PAT_MAX_GROUPS, so the duplicate check is bounded) */
  pat_ref names[PAT_MAX_GROUPS];
  unsigned nnames;
  char *err;
  size_t errn;
  int rc;
} pparser;

static pat_ref store_put(pat_parts *pp, const char *s, size_t n) {
  pat_ref r = {pp->store.len, n};
  url_buf_append(&pp->store, s, n);
  return r;
}

/* r's bytes; a store that never grew has no pointer (an empty slice then:
   no offset may be added to NULL). */
static const char *ref_ptr(const pat_parts *pp, pat_ref r) {
  return pp->store.ptr ? pp->store.ptr + r.off : "";
}

static int ref_eq(const pat_parts *pp, pat_ref r, const char *s, size_t n) {
  return r.len == n && (n == 0 || !memcmp(ref_ptr(pp, r), s, n));
}

/* https://urlpattern.spec.whatwg.org/#try-to-consume-a-token */
static const pat_token *try_consume(pparser *p, pat_token_type type) {
  const pat_token *t = &p->tokens[p->index];
  if (t->type != type) return NULL;
  p->index++;
  return t;
}

/* https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token */
static const pat_token *try_consume_modifier(pparser *p) {
  const pat_token *t = try_consume(p, TOK_OTHER_MODIFIER);
  return t ? t : try_consume(p, TOK_ASTERISK);
}

/* https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token */
static const pat_token *try_consume_regexp_or_wildcard(pparser *p,
                                                       const pat_token *name) {
  const pat_token *t = try_consume(p, TOK_REGEXP);
  if (!name && !t) t = try_consume(p, TOK_ASTERISK);
  return t;
}

static const char *const token_names[] = {
    "'{'", "'}'", "a regular expression group", "a named group", "a character",
    "an escaped character", "a modifier", "'*'", "the end", "an invalid character"};

/* https://urlpattern.spec.whatwg.org/#consume-a-required-token */
static int consume_required(pparser *p, pat_token_type type) {
  const pat_token *t = &p->tokens[p->index];
  if (try_consume(p, type)) return 0;
  snprintf(p->err, p->errn, "expected %s, found %s at offset %zu",
           token_names[type], token_names[t->type], t->index);
  p->rc = URL_FAILURE;
  return -1;
}

/* https://urlpattern.spec.whatwg.org/#consume-text into out */
static void consume_text(pparser *p, url_buf *out) {
  for (;;) {
    const pat_token *t = try_consume(p, TOK_CHAR);
    if (!t) t = try_consume(p, TOK_ESCAPED_CHAR);
    if (!t) break;
    url_buf_append(out, p->in + t->voff, t->vlen);
  }
}

/* Runs the encoding callback on s[0..n) into the store. */
static pat_ref encode(pparser *p, const char *s, size_t n) {
  size_t off = p->pp->store.len;
  if (n && p->rc == URL_OK) {
    int rc = p->enc(s, n, &p->pp->store);
    if (rc == URL_FAILURE)
      snprintf(p->err, p->errn, "'%.*s' does not canonicalize",
               pat_quote_len(s, n), s);
    p->rc = rc != URL_OK ? rc : p->pp->store.err;
  }
  pat_ref r = {off, p->pp->store.len - off};
  return r;
}

static void append_part(pparser *p, const pat_part *part) {
  url_buf_append(&p->pp->parts, (const char *)part, sizeof *part);
}

/* https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value */
static void maybe_add_pending(pparser *p) {
  if (p->pending.len == 0) return;
  pat_part part = {PART_FIXED, MOD_NONE, {0, 0}, {0, 0}, {0, 0}, {0, 0}};
  part.value = encode(p, p->pending.ptr, p->pending.len);
  p->pending.len = 0;
  append_part(p, &part);
}

/* https://urlpattern.spec.whatwg.org/#is-a-duplicate-name: the names of
   the parts that are not fixed text. */
static int is_duplicate_name(const pparser *p, const char *name, size_t n) {
  for (unsigned i = 0; i < p->nnames; i++)
    if (ref_eq(p->pp, p->names[i], name, n)) return 1;
  return 0;
}

/* Whether https://urlpattern.spec.whatwg.org/#escape-a-regexp-string
   escapes c. */
static int is_regexp_special(char c) {
  return c && strchr(".+*?^${}()[]|/\\", c);
}

/* https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp:
   "[^" escaped delimiter "]+?" into out; its length. */
static size_t segment_wildcard(const pat_options *o, char out[8]) {
  size_t k = 0;
  out[k++] = '[';
  out[k++] = '^';
  if (o->delimiter) {
    if (is_regexp_special(o->delimiter)) out[k++] = '\\';
    out[k++] = o->delimiter;
  }
  memcpy(out + k, "]+?", 3);
  return k + 3;
}

/* https://urlpattern.spec.whatwg.org/#add-a-part */
static void add_part(pparser *p, const char *prefix, size_t prefix_n,
                     const pat_token *name, const pat_token *regexp,
                     const char *suffix, size_t suffix_n,
                     const pat_token *modifier_token) {
  pat_modifier modifier = MOD_NONE;
  if (modifier_token) {
    char c = p->in[modifier_token->voff];
    modifier = c == '?' ? MOD_OPTIONAL : c == '*' ? MOD_ZERO_OR_MORE
                                                   : MOD_ONE_OR_MORE;
  }
  if (!name && !regexp && modifier == MOD_NONE) {
    /* a "{foo}" grouping: joins the pending fixed text */
    url_buf_append(&p->pending, prefix, prefix_n);
    return;
  }
  maybe_add_pending(p);
  if (!name && !regexp) {
    /* a "{foo}?" grouping: fixed text with a modifier */
    if (prefix_n == 0) return;
    pat_part part = {PART_FIXED, modifier, {0, 0}, {0, 0}, {0, 0}, {0, 0}};
    part.value = encode(p, prefix, prefix_n);
    append_part(p, &part);
    return;
  }
  const char *rv;
  size_t rv_n;
  if (!regexp) {
    rv = p->sw;
    rv_n = p->sw_n;
  } else if (regexp->type == TOK_ASTERISK) {
    rv = ".*";
    rv_n = 2;
  } else {
    rv = p->in + regexp->voff;
    rv_n = regexp->vlen;
  }
  pat_part part = {PART_REGEXP, modifier, {0, 0}, {0, 0}, {0, 0}, {0, 0}};
  if (rv_n == p->sw_n && !memcmp(rv, p->sw, p->sw_n)) {
    part.type = PART_SEGMENT;
    rv_n = 0;
  } else if (rv_n == 2 && !memcmp(rv, ".*", 2)) {
    part.type = PART_FULL;
    rv_n = 0;
  }
  part.value = store_put(p->pp, rv, rv_n);
  char num[24];
  const char *nm = num;
  size_t nm_n;
  if (name) {
    nm = p->in + name->voff;
    nm_n = name->vlen;
  } else {
    nm_n = (size_t)snprintf(num, sizeof num, "%u", p->next_numeric_name++);
  }
  if (is_duplicate_name(p, nm, nm_n)) {
    snprintf(p->err, p->errn, "duplicate group name '%.*s'", pat_quote_len(nm, nm_n), nm);
    p->rc = URL_FAILURE;
    return;
  }
  if (p->nnames == PAT_MAX_GROUPS) {
    snprintf(p->err, p->errn, "too many groups (at most %d)", PAT_MAX_GROUPS);
    p->rc = URL_FAILURE;
    return;
  }
  part.name = store_put(p->pp, nm, nm_n);
  p->names[p->nnames++] = part.name;
  part.prefix = encode(p, prefix, prefix_n);
  part.suffix = encode(p, suffix, suffix_n);
  append_part(p, &part);
}

int pat_parse_pattern(const char *in, size_t n, const pat_options *o,
                      pat_encoder enc, pat_parts *out, char *err,
                      size_t errn) {
  url_buf tokens;
  pat_token tst[32];
  url_buf_init(&tokens, out->parts.mem, (char *)tst, sizeof tst, (size_t)1 << 30);
  int rc = pat_tokenize(in, n, 0, &tokens, err, errn);
  if (rc != URL_OK) {
    url_buf_free(&tokens);
    return rc;
  }
  pparser p = {.in = in, .tokens = (const pat_token *)(const void *)tokens.ptr,
               .ntokens = tokens.len / sizeof(pat_token), .enc = enc,
               .pp = out, .err = err, .errn = errn, .rc = URL_OK};
  p.sw_n = segment_wildcard(o, p.sw);
  url_buf_init(&p.pending, out->parts.mem, p.pending_st, sizeof p.pending_st,
               (size_t)1 << 30);
  url_buf text;
  char text_st[128];
  url_buf_init(&text, out->parts.mem, text_st, sizeof text_st, (size_t)1 << 30);
  while (p.rc == URL_OK && p.index < p.ntokens) {
    const pat_token *ch = try_consume(&p, TOK_CHAR);
    const pat_token *name = try_consume(&p, TOK_NAME);
    const pat_token *regexp = try_consume_regexp_or_wildcard(&p, name);
    if (name || regexp) {
      const char *prefix = "";
      size_t prefix_n = 0;
      if (ch) {
        prefix = in + ch->voff;
        prefix_n = ch->vlen;
      }
      if (prefix_n && !(prefix_n == 1 && *prefix == o->prefix && o->prefix)) {
        url_buf_append(&p.pending, prefix, prefix_n);
        prefix_n = 0;
      }
      maybe_add_pending(&p);
      const pat_token *modifier = try_consume_modifier(&p);
      add_part(&p, prefix, prefix_n, name, regexp, "", 0, modifier);
      continue;
    }
    const pat_token *fixed = ch ? ch : try_consume(&p, TOK_ESCAPED_CHAR);
    if (fixed) {
      url_buf_append(&p.pending, in + fixed->voff, fixed->vlen);
      continue;
    }
    if (try_consume(&p, TOK_OPEN)) {
      text.len = 0;
      consume_text(&p, &text);
      size_t prefix_n = text.len;
      name = try_consume(&p, TOK_NAME);
      regexp = try_consume_regexp_or_wildcard(&p, name);
      consume_text(&p, &text); /* the suffix follows the prefix in text */
      if (consume_required(&p, TOK_CLOSE) < 0) break;
      const pat_token *modifier = try_consume_modifier(&p);
      if (text.err) {
        p.rc = text.err;
        break;
      }
      add_part(&p, text.ptr, prefix_n, name, regexp, text.ptr + prefix_n,
               text.len - prefix_n, modifier);
      continue;
    }
    maybe_add_pending(&p);
    consume_required(&p, TOK_END);
  }
  rc = p.rc;
  if (rc == URL_OK) rc = p.pending.err | out->parts.err | out->store.err | text.err;
  url_buf_free(&p.pending);
  url_buf_free(&text);
  url_buf_free(&tokens);
  return rc;
}

/* ------------------------------------------------------ regular expression */

/* https://urlpattern.spec.whatwg.org/#escape-a-regexp-string */
static void escape_regexp(url_buf *out, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (is_regexp_special(s[i])) url_buf_putc(out, '\\');
    url_buf_putc(out, s[i]);
  }
}

/* https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string */
static const char *modifier_string(pat_modifier m) {
  return m == MOD_ZERO_OR_MORE ? "*" : m == MOD_OPTIONAL ? "?"
       : m == MOD_ONE_OR_MORE  ? "+" : "";
}

static const pat_part *parts_of(const pat_parts *pp, size_t *n) {
  *n = pp->parts.len / sizeof(pat_part);
  return (const pat_part *)(const void *)pp->parts.ptr;
}

void pat_generate_regexp(const pat_parts *pp, const pat_options *o,
                         url_buf *re, url_buf *names) {
  size_t n;
  const pat_part *parts = parts_of(pp, &n);
  char sw[8];
  size_t sw_n = segment_wildcard(o, sw);
  url_buf_putc(re, '^');
  for (size_t i = 0; i < n; i++) {
    const pat_part *part = &parts[i];
    const char *mod = modifier_string(part->modifier);
    const char *prefix = ref_ptr(pp, part->prefix), *suffix = ref_ptr(pp, part->suffix);
    if (part->type == PART_FIXED) {
      if (part->modifier == MOD_NONE) {
        escape_regexp(re, ref_ptr(pp, part->value), part->value.len);
      } else { /* (?:<fixed text>)<modifier> */
        url_buf_puts(re, "(?:");
        escape_regexp(re, ref_ptr(pp, part->value), part->value.len);
        url_buf_putc(re, ')');
        url_buf_puts(re, mod);
      }
      continue;
    }
    url_buf_append(names, (const char *)&part->name, sizeof part->name);
    const char *value = ref_ptr(pp, part->value);
    size_t value_n = part->value.len;
    if (part->type == PART_SEGMENT) {
      value = sw;
      value_n = sw_n;
    } else if (part->type == PART_FULL) {
      value = ".*";
      value_n = 2;
    }
    if (!part->prefix.len && !part->suffix.len) {
      if (part->type != PART_REGEXP && (part->modifier == MOD_ZERO_OR_MORE ||
                                        part->modifier == MOD_ONE_OR_MORE)) {
        /* ((?:[^d]+?)*) as ([^d]*), ((?:[^d]+?)+) as ([^d]+), ((?:.*)*)
           and ((?:.*)+) as (.*): the same strings, tried in the same order
           (longest first: the outer loop is greedy, the inner quantifier
           can only split the same run), the same group, where the
           Standard's form backtracks exponentially when nothing follows
           (issue 34) */
        url_buf_putc(re, '(');
        if (part->type == PART_SEGMENT) {
          url_buf_append(re, sw, sw_n - 2); /* "[^d]" */
          url_buf_putc(re, part->modifier == MOD_ZERO_OR_MORE ? '*' : '+');
        } else {
          url_buf_puts(re, ".*");
        }
        url_buf_putc(re, ')');
        continue;
      }
      if (part->modifier == MOD_NONE || part->modifier == MOD_OPTIONAL) {
        /* (<regexp value>)<modifier> */
        url_buf_putc(re, '(');
        url_buf_append(re, value, value_n);
        url_buf_putc(re, ')');
        url_buf_puts(re, mod);
      } else { /* ((?:<regexp value>)<modifier>) */
        url_buf_puts(re, "((?:");
        url_buf_append(re, value, value_n);
        url_buf_putc(re, ')');
        url_buf_puts(re, mod);
        url_buf_putc(re, ')');
      }
      continue;
    }
    if (part->modifier == MOD_NONE || part->modifier == MOD_OPTIONAL) {
      /* (?:<prefix>(<regexp value>)<suffix>)<modifier> */
      url_buf_puts(re, "(?:");
      escape_regexp(re, prefix, part->prefix.len);
      url_buf_putc(re, '(');
      url_buf_append(re, value, value_n);
      url_buf_putc(re, ')');
      escape_regexp(re, suffix, part->suffix.len);
      url_buf_putc(re, ')');
      url_buf_puts(re, mod);
      continue;
    }
    /* (?:<prefix>((?:<regexp value>)(?:<suffix><prefix>(?:<regexp value>))*)<suffix>)? */
    url_buf_puts(re, "(?:");
    escape_regexp(re, prefix, part->prefix.len);
    url_buf_puts(re, "((?:");
    url_buf_append(re, value, value_n);
    url_buf_puts(re, ")(?:");
    escape_regexp(re, suffix, part->suffix.len);
    escape_regexp(re, prefix, part->prefix.len);
    url_buf_puts(re, "(?:");
    url_buf_append(re, value, value_n);
    url_buf_puts(re, "))*)");
    escape_regexp(re, suffix, part->suffix.len);
    url_buf_putc(re, ')');
    if (part->modifier == MOD_ZERO_OR_MORE) url_buf_putc(re, '?');
  }
  url_buf_putc(re, '$');
}

/* ---------------------------------------------------------- pattern string */

void pat_escape_pattern(url_buf *out, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (strchr("+*?:{}()\\", s[i]) && s[i]) url_buf_putc(out, '\\');
    url_buf_putc(out, s[i]);
  }
}

static uint32_t first_cp(const char *s, size_t n) {
  size_t i = 0;
  return url_utf8_next((const unsigned char *)s, n, &i);
}

static int is_digit_name(const pat_parts *pp, pat_ref name) {
  return name.len && ref_ptr(pp, name)[0] >= '0' && ref_ptr(pp, name)[0] <= '9';
}

void pat_generate_pattern(const pat_parts *pp, const pat_options *o,
                          url_buf *out) {
  size_t n;
  const pat_part *parts = parts_of(pp, &n);
  char sw[8];
  size_t sw_n = segment_wildcard(o, sw);
  for (size_t i = 0; i < n; i++) {
    const pat_part *part = &parts[i];
    const pat_part *prev = i > 0 ? &parts[i - 1] : NULL;
    const pat_part *next = i + 1 < n ? &parts[i + 1] : NULL;
    const char *mod = modifier_string(part->modifier);
    if (part->type == PART_FIXED) {
      if (part->modifier == MOD_NONE) {
        pat_escape_pattern(out, ref_ptr(pp, part->value), part->value.len);
        continue;
      }
      url_buf_putc(out, '{');
      pat_escape_pattern(out, ref_ptr(pp, part->value), part->value.len);
      url_buf_putc(out, '}');
      url_buf_puts(out, mod);
      continue;
    }
    int custom_name = !is_digit_name(pp, part->name);
    int needs_grouping =
        part->suffix.len ||
        (part->prefix.len &&
         !(part->prefix.len == 1 && o->prefix && ref_ptr(pp, part->prefix)[0] == o->prefix));
    if (!needs_grouping && custom_name && part->type == PART_SEGMENT &&
        part->modifier == MOD_NONE && next && !next->prefix.len &&
        !next->suffix.len) {
      if (next->type == PART_FIXED)
        needs_grouping = next->value.len &&
            is_name_code_point(first_cp(ref_ptr(pp, next->value), next->value.len), 0);
      else
        needs_grouping = is_digit_name(pp, next->name);
    }
    if (!needs_grouping && !part->prefix.len && prev && prev->type == PART_FIXED &&
        prev->value.len && o->prefix &&
        ref_ptr(pp, prev->value)[prev->value.len - 1] == o->prefix)
      needs_grouping = 1;
    if (needs_grouping) url_buf_putc(out, '{');
    pat_escape_pattern(out, ref_ptr(pp, part->prefix), part->prefix.len);
    if (custom_name) {
      url_buf_putc(out, ':');
      url_buf_append(out, ref_ptr(pp, part->name), part->name.len);
    }
    if (part->type == PART_REGEXP) {
      url_buf_putc(out, '(');
      url_buf_append(out, ref_ptr(pp, part->value), part->value.len);
      url_buf_putc(out, ')');
    } else if (part->type == PART_SEGMENT && !custom_name) {
      url_buf_putc(out, '(');
      url_buf_append(out, sw, sw_n);
      url_buf_putc(out, ')');
    } else if (part->type == PART_FULL) {
      if (!custom_name && (!prev || prev->type == PART_FIXED ||
                           prev->modifier != MOD_NONE || needs_grouping ||
                           part->prefix.len))
        url_buf_putc(out, '*');
      else
        url_buf_puts(out, "(.*)");
    }
    if (part->type == PART_SEGMENT && custom_name && part->suffix.len &&
        is_name_code_point(first_cp(ref_ptr(pp, part->suffix), part->suffix.len), 0))
      url_buf_putc(out, '\\');
    pat_escape_pattern(out, ref_ptr(pp, part->suffix), part->suffix.len);
    if (needs_grouping) url_buf_putc(out, '}');
    url_buf_puts(out, mod);
  }
}
